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

      The output is written to a temporary of its own beside OUT and replaces OUT only when the \
      whole input converted: a failed conversion never truncates a good file. If the input is cut \
      off or invalid part way (or the disk fills up, or Ctrl-C), OUT is left as it was, every \
      whole record before that point is in OUT.partial, the error is reported with its place, and \
      the exit status is 2 (130 for Ctrl-C). OUT must not be the input under any name; converting \
      a failed recording's OUT.partial to OUT is fine (its kept output is then the temporary).
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
    try OutputConflict.refuse(["OUTPUT": output], inputs: [input, widgetOptions.widgets])
  }

  func run() throws {
    let widgets = try widgetOptions.load()
    let format = to ?? TraceFormat(pathExtensionOf: output)!
    let reader: TraceFileReader
    let writer: TraceFileWriter
    do {
      reader = try TraceFileReader(path: input, widgets: widgets)
      let header = try reader.readHeader()
      writer = try TraceFileWriter(path: output, format: format, header: header, inputs: [input], widgets: reader.widgets)
    } catch {
      throw error.reported()
    }
    // Ctrl-C keeps what was converted, as any failure does (a pipe on standard input may block
    // a read: there the signal ends cmdtool as usual).
    if input != "-" { SignalTrap.install() }
    let progress = ProgressReporter(reading: reader, verb: "converting", streamingToStandardOutput: output == "-")
    let failure = copyRecords(from: reader, to: writer)
    progress.finish()
    if let failure { throw writer.abandoned(after: failure) }
    do {
      try writer.commit()
    } catch {
      throw writer.abandoned(after: .failed(error))
    }
  }

  /// Copies records until the end, the first error or a signal.
  private func copyRecords(from reader: TraceFileReader, to writer: TraceFileWriter) -> TraceFileWriter.Stop? {
    do {
      while let record = try reader.next() {
        if let signal = SignalTrap.caught { return .interrupted(signal) }
        try writer.write(record)
      }
      return nil
    } catch {
      return .failed(error)
    }
  }
}
