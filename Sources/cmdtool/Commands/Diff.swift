import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show what differs between two runs, and where it started.",
    discussion: """
      A and B are traces (replayed through the reference model) or state snapshots (from \
      `cmdtool replay --format json`). The states are compared element by element, by id: \
      elements added or removed (with their subtrees), moved (new parent or new place among \
      siblings), and changed properties, plus the active view, history, drawer, dialogs, toasts, \
      timers, preferences and requests. Each line shows a path, the old and the new value:

        ~ frameView 8 › linearLayout 9 › text 10 · text: "Hello, alice" → "Hello, bob"

      With two traces, both are replayed in lockstep and the report starts at the first record \
      after which the states differ, with the records just before it; then the difference at the \
      end, and what the platforms sent on their own (timer ticks, image requests...) if that \
      differs. --align time steps both runs by time instead of by record number.

        cmdtool diff traces/login.jsonl other-run.jsonl
        cmdtool diff before.json after.json --format json
        cmdtool diff a.jsonl b.jsonl --ignore '* › text 42 · text' --ignore '* · styles.*.font-size'
        cmdtool diff a.jsonl b.jsonl --patch      an RFC 6902 JSON Patch from A's state to B's
        cmdtool diff a.jsonl b.jsonl --html diff.html
                                                  also a page: both screens side by side

      --html FILE writes a static page (no script, nothing loaded) with the two runs drawn as \
      wireframes side by side at the first divergence and at the end (a snapshot: the one \
      comparison), the changed elements outlined on both, and the difference as text below \
      (docs/WIREFRAME.md). The report is printed as without it; the exit status is the same.

      --ignore takes a pattern over the paths as printed, * for any run of characters (repeat it, \
      or list patterns in a file with --ignore-file, one per line, # for comments). A pattern \
      that left nothing out is a warning on standard error (a typo leaves the difference in).

      Exit status: 0 no difference (and nothing printed), 1 differences, 2 unreadable input.
      """
  )

  @Argument(help: "The first run: a trace (.jsonl, .cmdtrace) or a state snapshot (.json).")
  var a: String

  @Argument(help: "The second run, likewise.")
  var b: String

  // Unconditional: `--at -1s` is a (bad) value, not a missing value followed by an option -1s.
  @Option(name: .long, parsing: .unconditional, help: "Compare the states at this point of both traces: #N, a time (12.5s, 1500ms), or end.")
  var at: String = "end"

  @Option(name: .long, help: "How traces are stepped together: record (record #i with #i), time, or steps (at each script step: recordings on the wall clock).")
  var align: RunComparison.Alignment = .record

  @OptionGroup var ignoreOptions: IgnoreOptions

  @Option(name: .long, help: "text: for people (colored on a terminal); json: the schema of docs/DIFF_FORMAT.md.")
  var format: ShowFormat = .text

  @Flag(name: .long, help: "Print an RFC 6902 JSON Patch that turns A's state snapshot into B's, instead of the report.")
  var patch = false

  @Option(name: .long, help: ArgumentHelp("Also write a page with both runs drawn side by side at the first divergence and at the end, the changed elements outlined (replaced whole).", valueName: "file"))
  var html: String?

  @OptionGroup var color: ColorOptions

  func validate() throws {
    try OutputConflict.refuse(["--html": html], inputs: [a, b, widgetOptions.widgets])
    do {
      _ = try ReplayPoint.parse(at)
    } catch {
      throw ValidationError("--at \(error)")
    }
    if align == .steps && (a == "-" || b == "-") {
      throw ValidationError("--align steps reads each trace twice (once to find where the runs can be compared): give files, not -")
    }
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    let widgets = try widgetOptions.load()
    let rules = try ignoreOptions.rules()
    let report: DiffReport
    do {
      let inputs = (try DiffInput.open(a, widgets: widgets), try DiffInput.open(b, widgets: widgets))
      if widgets == nil, case .snapshot(let stateA) = inputs.0, case .snapshot(let stateB) = inputs.1,
        [stateA, stateB].contains(where: { state in state.elements.values.contains { $0.widget != nil } })
      {
        // Snapshots do not name their schema: without it a value's type is a guess, and `false`
        // and `0` differ (docs/DIFF_FORMAT.md §3).
        printError("warning: values of custom widgets compared as text: give --widgets SCHEMA to compare them by type")
      }
      report = try DiffReport(inputs.0, inputs.1, names: (a, b), alignment: align, to: ReplayPoint(parsing: at)!, ignoring: rules)
    } catch let failure as DiffInput.Failure {
      printError(failure.description)
      throw ExitStatus.badInput
    } catch let failure as Replayer.Failure {
      printError(failure.description)
      throw ExitStatus.badInput
    }
    if let html {
      let page = VisualDiffPage(report: report, endLabel: at == "end" ? "end" : "at \(at)")
      do {
        try AtomicFile.write(Array(page.html.utf8), to: html, inputs: [a, b])
      } catch {
        printError(error.description)
        throw ExitStatus.badInput
      }
    }
    for warning in DiffReport.ignoreWarnings([report]) { printError("warning: " + warning) }
    let output = StandardOutput()
    defer { output.flush() }
    if patch {
      let text = (try? JSONPatch.between(StateSnapshotWriter.snapshot(of: report.stateA), StateSnapshotWriter.snapshot(of: report.stateB))) ?? "[]\n"
      output.write(text)
    } else if format == .json {
      output.write(bytes: report.renderJSON())
    } else {
      output.write(report.renderText(color.palette))
    }
    if !report.isEqual {
      output.flush()
      throw ExitCode(1)
    }
  }
}

extension RunComparison.Alignment: ExpressibleByArgument {}
