import ArgumentParser
import Foundation
import CommandCodec
import Replay

struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Convert a trace between JSON Lines and binary.",
    discussion: """
      The input format is detected from its first byte. The output format comes from the output's \
      extension (.jsonl or .cmdtrace) or from --to. Conversion keeps every record and field; a binary \
      trace written by cmdtool comes back byte for byte after binary → JSON → binary (one an engine \
      wrote with its own numbering is re-encoded with cmdtool's code table). Event numbers that JSON \
      cannot hold (NaN, infinities) stop a conversion to JSON with an error.

        cmdtool convert traces/login.jsonl /tmp/login.cmdtrace
        cmdtool convert /tmp/login.cmdtrace - --to json | head

      The output is written to OUT.partial and replaces OUT only when the whole input converted: \
      a failed conversion never truncates a good file. If the input is cut off or invalid part \
      way, OUT is left as it was, every whole record before that point is in OUT.partial, the \
      error is reported with its place, and the exit status is 2.
      """
  )

  @Argument(help: "The trace to read (.jsonl or .cmdtrace; detected from content). Use - for standard input.")
  var input: String

  @Argument(help: "The file to write. Use - for standard output (then --to is required).")
  var output: String

  @Option(name: .long, help: "The output format: json or binary. Default: from the output's extension.")
  var to: TraceFormat?

  @OptionGroup var widgetOptions: WidgetOptions

  func validate() throws {
    if to == nil && TraceFormat(pathExtensionOf: output) == nil {
      throw ValidationError("cannot tell the output format from \"\(output)\": name it .jsonl or .cmdtrace, or pass --to json|binary")
    }
    if input == output && input != "-" {
      throw ValidationError("the output would overwrite the input; write to another file")
    }
  }

  func run() throws {
    let widgets = try widgetOptions.load()
    let format = to ?? TraceFormat(pathExtensionOf: output)!
    let reader: TraceFileReader
    let writer: TraceFileWriter
    do {
      reader = try TraceFileReader(path: input, widgets: widgets)
      let header = try reader.readHeader()
      writer = try TraceFileWriter(path: output, format: format, header: header, replacing: true, widgets: reader.widgets)
    } catch {
      throw error.reported()
    }
    let progress = ProgressReporter(reading: reader, verb: "converting", streamingToStandardOutput: output == "-")
    let (converted, failure) = copyRecords(from: reader, to: writer)
    progress.finish()
    if let failure {
      let partial = writer.abandon()
      printError("\(failure)")
      let kept = output == "-" ? "" : FileManager.default.fileExists(atPath: output) ? "; \(output) is unchanged" : "; \(output) was not written"
      printError("wrote the \(converted) whole record\(converted == 1 ? "" : "s") before the error to \(partial)\(kept)")
      throw ExitStatus.badInput
    }
    do {
      try writer.commit()
    } catch {
      throw error.reported()
    }
  }

  /// Copies records until the end or the first error; returns how many were written.
  private func copyRecords(from reader: TraceFileReader, to writer: TraceFileWriter) -> (Int, TraceFileError?) {
    var converted = 0
    do {
      while let record = try reader.next() {
        try writer.write(record)
        converted += 1
      }
      return (converted, nil)
    } catch {
      return (converted, error)
    }
  }
}
