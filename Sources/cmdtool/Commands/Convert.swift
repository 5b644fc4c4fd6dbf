import ArgumentParser
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

      If the input is cut off or invalid part way, every whole record before that point is still \
      written to the output, the error is reported with its place, and the exit status is 2.
      """
  )

  @Argument(help: "The trace to read (.jsonl or .cmdtrace; detected from content). Use - for standard input.")
  var input: String

  @Argument(help: "The file to write. Use - for standard output (then --to is required).")
  var output: String

  @Option(name: .long, help: "The output format: json or binary. Default: from the output's extension.")
  var to: TraceFormat?

  func validate() throws {
    if to == nil && TraceFormat(pathExtensionOf: output) == nil {
      throw ValidationError("cannot tell the output format from \"\(output)\": name it .jsonl or .cmdtrace, or pass --to json|binary")
    }
    if input == output && input != "-" {
      throw ValidationError("the output would overwrite the input; write to another file")
    }
  }

  func run() throws {
    let format = to ?? TraceFormat(pathExtensionOf: output)!
    let reader: TraceFileReader
    let writer: TraceFileWriter
    do {
      reader = try TraceFileReader(path: input)
      writer = try TraceFileWriter(path: output, format: format, header: try reader.readHeader())
    } catch {
      throw error.reported()
    }
    let progress = ProgressReporter(reading: reader, verb: "converting", streamingToStandardOutput: output == "-")
    let (converted, failure) = copyRecords(from: reader, to: writer)
    progress.finish()
    let closeFailure: TraceFileError?
    do {
      try writer.close()
      closeFailure = nil
    } catch {
      closeFailure = error
    }
    if let failure {
      printError("\(failure)")
      printError("wrote the \(converted) whole record\(converted == 1 ? "" : "s") before the error to \(output)")
      throw ExitStatus.badInput
    }
    if let closeFailure { throw closeFailure.reported() }
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
