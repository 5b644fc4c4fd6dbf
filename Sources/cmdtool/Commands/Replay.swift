import ArgumentParser
import CommandCodec
import Replay

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a trace through the reference model and print the UI state it produces.",
    discussion: """
      The reference model plays the platform: it builds the element tree, switches views, keeps \
      styles, lists, images, dialogs, toasts, timers and preferences, exactly as docs/PROTOCOL.md \
      says, on a virtual clock (toasts expire and timers fire without any waiting).

        cmdtool replay traces/login.jsonl                 the state at the end
        cmdtool replay traces/login.jsonl --at 7s         the state 7 seconds in
        cmdtool replay traces/login.jsonl --at '#12'      the state after record 12
        cmdtool replay traces/login.jsonl --format json   the canonical snapshot (docs/STATE_FORMAT.md)
        cmdtool replay traces/login.jsonl --at 6.5s --format svg > login.svg
                                                          a wireframe of the screen (docs/WIREFRAME.md)
        cmdtool replay traces/login.jsonl --events        what the platform sent on its own

      --at takes a record (#N, as `cmdtool show` numbers them), a time (12.5s, 1500ms, 2m) or end. \
      The same trace always gives byte-identical output.

      --format svg draws the screen as a standalone SVG wireframe at the trace header's viewport \
      (390×844 when the header has none): the active view, the open drawer, dialogs and action \
      sheets, toasts; every element a group with data-id="ID". --hidden draws hidden elements \
      too, dimmed. --out FILE writes the output to FILE (replaced whole) instead of standard \
      output.

      Protocol violations do not stop the replay (the model does what a platform would do); \
      `cmdtool check` lists them. With --strict the replay stops after the first one and exits 1.

      With --engine, the traces are recordings (`cmdtool record`) to replay against a new build \
      of the engine: each recording's script is played again the way it was recorded (its \
      clock, redaction and named secrets), the new run is recorded and compared with the \
      recorded one (the UI state after every record, the platform's own events, the engine's \
      commands; on the wall clock, the states at every script step and at the end, within \
      --tolerance). Directories stand for every recording in them, and for the recording of \
      each NAME.script.jsonl in them that has none yet (--record decides what becomes of it). \
      No recording at all is an error (exit 2) unless --allow-empty; so is an engine that fails \
      before its first record the first time it runs (it cannot start: its own words are \
      shown, nothing is compared). A recording of custom widgets is \
      read, and its script played, with the schema its header names, found beside it (or the \
      one --widgets gives; docs/WIDGETS.md).

        cmdtool replay --engine '.build/debug/example-engine' recordings/ --record never --junit report.xml
        cmdtool replay --engine '.build/debug/example-engine' recordings/ --html-report pages

      --html-report DIR writes, for each recording that fails, DIR/NAME.html: the recorded and \
      the new run drawn as wireframes side by side at the first divergence and at the end, the \
      changed elements outlined, the difference as text (a static page that loads nothing; \
      docs/WIREFRAME.md); and DIR/index.html, every recording with its verdict, linking the \
      pages. The output names each page and the index.

      A run that fails ends with how to accept the change, when the new runs themselves ended \
      well: the same command with --record failed. An --ignore pattern that matched nothing in \
      any comparison is a warning on standard error.

      --record says when recordings are written: never (a missing one fails: CI), missing (the \
      default: record the missing ones from NAME.script.jsonl), failed (record anew the ones \
      that fail), all (record every one anew). CMDTOOL_RECORD=MODE sets it too; with CI set in \
      the environment the default is never. A recording is replaced only by a run that \
      succeeded, and one that itself ended in a failure is not a baseline unless \
      --accept-failed-recordings says so. --ci and --rerecord are the older names of --record \
      never and --record all.

      Exit status: 0 fine, 1 stopped by --strict or a run that differs, 2 unreadable input \
      (with --engine also: nothing to replay, an engine that cannot start), 128+N stopped by \
      signal N (the reports say the run was interrupted).
      """
  )

  @Argument(help: "The trace to replay (.jsonl or .cmdtrace; - for standard input), or with --engine the recordings (files or directories).")
  var traces: [String]

  var trace: String { traces[0] }

  @Option(name: .long, help: "Replay recordings against this engine command (run with sh -c) and compare the runs.")
  var engine: String?

  @Option(name: .long, help: "With --engine: when recordings are written: never, missing (default; never when CI is set), failed or all. Also CMDTOOL_RECORD.")
  var record: RecordMode?

  @Flag(name: .long, help: "With --engine: the same as --record never.")
  var ci = false

  @Flag(name: .long, help: "With --engine: the same as --record all (also CMDTOOL_RERECORD=1).")
  var rerecord = false

  @Flag(name: .long, help: "With --engine: compare against recordings that themselves ended in a failure (a crash, an error), expecting the new run to end the same way.")
  var acceptFailedRecordings = false

  @Option(name: .long, help: "With --engine: milliseconds by which moments may differ between runs recorded on the wall clock: a toast's, a timer's start, the times of the platform's events (docs/WIRE.md §10).")
  var tolerance: Double = 500

  @Option(name: .long, help: "With --engine: write a JUnit XML report here.")
  var junit: String?

  @Option(name: .long, help: "With --engine: write a JSON report here.")
  var report: String?

  @Option(name: .long, help: ArgumentHelp("With --engine: write a page per failing recording here (created if missing), DIR/NAME.html: both runs drawn side by side at the first divergence and at the end.", valueName: "dir"))
  var htmlReport: String?

  @Flag(name: .long, help: "With --engine: pass when there is no recording to replay (an empty folder); without it, that is an error, exit status 2.")
  var allowEmpty = false

  @Option(name: .long, help: "With --engine: keep the new recordings in this directory (default: a temporary one, removed unless a run failed).")
  var keep: String?

  @OptionGroup(title: "With --engine") var engineOptions: EngineOptions

  @OptionGroup(title: "With --engine") var ignoreOptions: IgnoreOptions

  @OptionGroup(title: "With --engine") var secretsOptions: SecretsOptions

  // Unconditional: `--at -1s` is a (bad) value, not a missing value followed by an option -1s.
  @Option(name: .long, parsing: .unconditional, help: "Where to stop: #N (after record N), a time (12.5s, 1500ms), or end.")
  var at: String = "end"

  @Option(name: .long, help: "text: an indented tree; json: the canonical state snapshot; svg: a wireframe of the screen (docs/WIREFRAME.md).")
  var format: ReplayFormat = .text

  @Flag(name: .long, help: "With --format svg: draw hidden elements too, dimmed.")
  var hidden = false

  @Option(name: .long, help: "Write the state (text, json or svg) to this file, replaced whole, instead of standard output.")
  var out: String?

  @Flag(name: .long, help: "Print the events the platform sent on its own (timers, image requests, drawer visibility, toast expiry) instead of the state.")
  var events = false

  @Flag(name: .long, help: "Stop at the first protocol violation and exit 1.")
  var strict = false

  @OptionGroup var color: ColorOptions

  func validate() throws {
    // ArgumentParser validates before it reports an unknown option, and in `replay t.jsonl
    // --formt json` the unknown option's value is a second trace: leave the option to it ("did
    // you mean '--format'?", as in other subcommands).
    if engine == nil && traces.count != 1 && !ArgumentSlips.hasUnknownOption(in: Array(CommandLine.arguments.dropFirst(2)), of: Self.self, root: CmdTool.self) {
      throw ValidationError("replay one trace at a time (several only with --engine)")
    }
    let engineOnly = ci || rerecord || record != nil || acceptFailedRecordings || allowEmpty || junit != nil || report != nil || htmlReport != nil || keep != nil
      || engineOptions.listen != "stdio" || !ignoreOptions.ignore.isEmpty || ignoreOptions.ignoreFile != nil || secretsOptions.secrets != nil
    if engine == nil && engineOnly {
      throw ValidationError("--record, --ci, --rerecord, --accept-failed-recordings, --allow-empty, --junit, --report, --html-report, --keep, --listen, --ignore and --secrets go with --engine")
    }
    if !(tolerance >= 0) { throw ValidationError("--tolerance must be a number of milliseconds ≥ 0") }
    if hidden && format != .svg { throw ValidationError("--hidden goes with --format svg") }
    if events && format == .svg { throw ValidationError("--events prints text or json, not svg") }
    if out != nil && (engine != nil || events) { throw ValidationError("--out writes the state; it does not go with --engine or --events") }
    try OutputConflict.refuse(["--out": out, "--junit": junit, "--report": report, "--html-report": htmlReport.map { $0 + "/" + ReplayIndexPage.fileName }], inputs: traces + [widgetOptions.widgets, secretsOptions.secrets])
    try refuseKeepingInTheRecordingsFolder()
    do {
      _ = try ReplayPoint.parse(at)
    } catch {
      throw ValidationError("--at \(error)")
    }
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    let widgets = try widgetOptions.load()
    if let engine { return try runAgainst(engine: engine, widgets: widgets) }
    let point = ReplayPoint(parsing: at)!
    let result: Replayer.Result
    do {
      let reader = try TraceFileReader(path: trace, widgets: widgets)
      let progress = ProgressReporter(reading: reader, verb: "replaying")
      defer { progress.finish() }
      // The platform's own events only when printed: a long gap of a fast timer costs no memory.
      result = try Replayer.replay(reader, to: point, strict: strict, options: .init(recordEmissions: events, layout: WidgetFrameProbe()))
    } catch let failure as Replayer.Failure {
      printError(failure.description)
      throw ExitStatus.badInput
    } catch let error as TraceFileError {
      throw error.reported()
    }
    let output = StandardOutput()
    defer { output.flush() }
    if events {
      printEvents(result.model, to: output)
    } else {
      let bytes = stateOutput(result)
      if let out {
        do {
          try AtomicFile.write(bytes, to: out, inputs: traces)
        } catch {
          printError(error.description)
          throw ExitStatus.badInput
        }
      } else {
        output.write(bytes: bytes)
      }
    }
    if let stop = result.stoppedAt {
      output.flush()
      printError("stopped by --strict at \(stop)")
      throw ExitCode(1)
    }
    let errors = result.model.errorCount
    if errors > 0 && format == .text && !events && out == nil {
      output.flush()
      printError("\(errors) protocol violation\(errors == 1 ? "" : "s") (see `cmdtool check \(trace)`)")
    }
  }

  /// The state as `--format` asks: the tree, the snapshot, or the wireframe.
  private func stateOutput(_ result: Replayer.Result) -> [UInt8] {
    switch format {
    case .text:
      return Array(StateTreeRenderer.render(result.state).utf8)
    case .json:
      return StateSnapshotWriter.snapshot(of: result.state)
    case .svg:
      let wireframe = WireframeLayout.layout(result.state, viewport: WireframeLayout.viewport(result.header.viewport), options: WireframeOptions(showsHidden: hidden))
      return Array(WireframeSVG.render(wireframe).utf8)
    }
  }

  private func printEvents(_ model: ReferenceModel, to output: StandardOutput) {
    switch format {
    case .text, .svg:
      for emission in model.emissions { output.writeLine(PlatformEmissionFormatter.line(for: emission)) }
    case .json:
      for emission in model.emissions { output.write(bytes: PlatformEmissionFormatter.jsonLine(for: emission)) }
    }
  }
}

extension RecordMode: ExpressibleByArgument {}
