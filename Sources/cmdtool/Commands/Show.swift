import ArgumentParser
import CommandCodec
import Replay

struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print a trace, one readable line per record.",
    discussion: """
      Each line shows the record's index, its time in seconds since the session started, its \
      direction and what it holds:

        #0        0.000s  →  CREATE_APPLICATION child=1 text="Login"
        #3.1      0.020s  →  SET_STYLE id=5 ACTIVE color="#ff0000"
        #7        1.500s  ←  ValueEvent → 5 text="alice"

      → is the engine sending commands, ← the platform sending an event or a modal result, · a \
      marker. A batch of several commands (one sendCommands call) shows one line per command, \
      numbered record.position. The first line describes the trace's header.

      --format json prints the canonical JSON Lines form instead (the same as `cmdtool convert \
      TRACE - --to json`), which is handy for grep and jq.

      A trace that turns invalid part way is printed up to the last whole record; the error goes to \
      standard error with the line or byte where it was found, and the exit status is 2.
      """
  )

  @Argument(help: "The trace to print (.jsonl or .cmdtrace; the format is detected). Use - for standard input.")
  var trace: String

  @Option(name: .long, help: "text: one readable line per record; json: canonical JSON Lines.")
  var format: ShowFormat = .text

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    let widgets = try widgetOptions.load()
    let output = StandardOutput()
    defer { output.flush() }
    do {
      let reader = try TraceFileReader(path: trace, widgets: widgets)
      let header = try reader.readHeader()
      switch format {
      case .text:
        output.writeLine(TraceRecordFormatter.describe(header, format: reader.format, headerless: reader.isHeaderless))
        var index = 0
        while let record = try reader.next() {
          for line in TraceRecordFormatter.lines(for: record, index: index) { output.writeLine(line) }
          index += 1
        }
      case .json:
        var encoder = TraceEncoder(format: .jsonLines)
        var bytes: [UInt8] = []
        if !reader.isHeaderless {
          try encodeOrFail { () throws(CodecError) in try encoder.encodeHeader(header, into: &bytes) }
        }
        while let record = try reader.next() {
          try encodeOrFail { () throws(CodecError) in try encoder.encode(record, into: &bytes) }
          if bytes.count >= 1 << 16 {
            output.write(bytes: bytes)
            bytes.removeAll(keepingCapacity: true)
          }
        }
        output.write(bytes: bytes)
      }
    } catch let error as TraceFileError {
      output.flush()
      throw error.reported()
    } catch {
      output.flush()
      throw error
    }
  }

  private func encodeOrFail(_ body: () throws(CodecError) -> Void) throws {
    do {
      try body()
    } catch {
      throw TraceFileError.unwritable(path: "standard output", record: nil, error)
    }
  }
}
