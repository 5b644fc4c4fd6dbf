import ArgumentParser
import CommandCodec
import Replay
import Studio

struct View: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a trace as one self-contained HTML page: records, scrubbers, the wireframe at every step.",
    discussion: """
      The page opens in any browser, offline: the records as a list (→ engine to platform, ← \
      platform to engine, · markers), a scrubber over records and one over virtual time, and at \
      the selected record the wireframe of the screen (docs/WIREFRAME.md) with what changed \
      since the state before outlined, the element tree, the diff, and what the platform did on \
      its own (timer ticks, image requests, toast expiry).

        cmdtool view traces/login.jsonl --out login.html

      Keys (shown on the page with a legend): ← → or j k move a record, PgUp PgDn fifty, Home \
      End the ends, / the search box (records by their text, elements by kind, id and text), \
      Enter or n the next match. The list scrolls through every record and follows the \
      selection. The address keeps #record=N; editing it, or #t=6500, navigates. A trace longer \
      than --max-frames records keeps the states of evenly spaced records (the list still shows \
      every record). Everything shown comes from the trace and is escaped; the page loads \
      nothing and runs only its own script.

      On success it says on standard error what it wrote: the file, its size and the records.

      --serve, instead of writing a page, serves one on 127.0.0.1 at a port the system picks, \
      for traces too long for one file: the trace is replayed once, keeping time-travel \
      keyframes, and the page asks for records and for the exact state at each record as it \
      shows them. It prints the page's address, with a random token every request must carry \
      (others get 403), on standard output; Ctrl-C (or SIGTERM, SIGHUP) ends it.

        cmdtool view long.cmdtrace --serve

      Exit status: 0 written (or served until a signal), 2 the trace cannot be read (nothing is \
      written), 64 bad usage.
      """
  )

  @Argument(help: "The trace (.jsonl or .cmdtrace).")
  var trace: String

  @Option(name: .long, help: ArgumentHelp("The HTML file to write (replaced whole, only when done).", valueName: "file"))
  var out: String?

  @Flag(name: .long, help: "Serve the page on 127.0.0.1 (records and states on demand) instead of writing it; Ctrl-C ends.")
  var serve = false

  @Option(name: .long, help: "The most states the page keeps; a longer trace keeps evenly spaced ones.")
  var maxFrames: Int = TraceViewerPage.defaultMaxFrames

  @Flag(name: .long, help: "Draw hidden elements too, dimmed.")
  var hidden = false

  func validate() throws {
    if maxFrames < 1 { throw ValidationError("--max-frames must be at least 1") }
    if serve {
      if out != nil { throw ValidationError("--serve serves the page instead of writing it: give --out or --serve, not both") }
      if trace == "-" { throw ValidationError("--serve reads the trace again as the page asks: give a file, not standard input") }
      return
    }
    guard let out else { throw ValidationError("give --out FILE.html to write the page, or --serve to serve it") }
    try OutputConflict.refuse(["--out": out], inputs: [trace, widgetOptions.widgets])
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    let widgets = try widgetOptions.load()
    guard let out else { return try serve(widgets: widgets) }
    let header: TraceHeader
    let schema: WidgetSchema?
    var records: [TraceRecord] = []
    do {
      let reader = try TraceFileReader(path: trace, widgets: widgets)
      header = try reader.readHeader()
      schema = reader.widgets
      while let record = try reader.next() { records.append(record) }
    } catch {
      throw error.reported()
    }
    let name = trace.split(separator: "/").last.map(String.init) ?? trace
    let page: String
    do {
      page = try TraceViewerPage.html(title: name, header: header, records: records, maxFrames: maxFrames, showsHidden: hidden, widgets: schema)
    } catch {
      printError("\(trace): \(error)")
      throw ExitStatus.badInput
    }
    let bytes = Array(page.utf8)
    do {
      try AtomicFile.write(bytes, to: out, inputs: [trace])
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
    // Say what was written, as record does: a silent success leaves people looking for the file.
    let spacing = max(1, (records.count + maxFrames - 1) / maxFrames)
    let sampling = spacing > 1 ? ", a state every \(spacing) records (--max-frames \(maxFrames))" : ""
    printError("wrote \(out) (\(ProgressLine.compact(bytes.count, bytes: true))): \(records.count) record\(records.count == 1 ? "" : "s") of \(trace)\(sampling); open it in a browser")
  }

  /// `--serve`: one replay keeping keyframes, then the page served until a signal.
  private func serve(widgets: WidgetSchema?) throws {
    let source: TraceViewerSource
    do {
      source = try TraceViewerSource(path: trace, title: trace.split(separator: "/").last.map(String.init) ?? trace, showsHidden: hidden, widgets: widgets)
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
    let signal = try TraceViewerServer.serve(source) { address in
      let output = StandardOutput()
      output.writeLine(address)
      output.flush()
      printError("serving \(source.count) record\(source.count == 1 ? "" : "s") of \(trace): open \(address) in a browser (Ctrl-C ends)")
    }
    printError("stopped serving \(trace) (signal \(signal))")
  }
}
