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
        cmdtool replay traces/login.jsonl --events        what the platform sent on its own

      --at takes a record (#N, as `cmdtool show` numbers them), a time (12.5s, 1500ms, 2m) or end. \
      The same trace always gives byte-identical output.

      Protocol violations do not stop the replay (the model does what a platform would do); \
      `cmdtool check` lists them. With --strict the replay stops after the first one and exits 1.

      With --engine, the traces are recordings (`cmdtool record`) to replay against a new build \
      of the engine: each recording's script is played again, the new run is recorded and \
      compared with the recorded one (the UI state after every record, the platform's own \
      events, the engine's commands). Directories stand for every trace in them.

        cmdtool replay --engine '.build/debug/example-engine' recordings/ --ci --junit report.xml

      --ci never records: a missing recording fails. --rerecord (or CMDTOOL_RERECORD=1) records \
      the sessions anew on purpose, from their own scripts (or NAME.script.jsonl beside a missing \
      one).

      Exit status: 0 fine, 1 stopped by --strict or a run that differs, 2 unreadable input.
      """
  )

  @Argument(help: "The trace to replay (.jsonl or .cmdtrace; - for standard input), or with --engine the recordings (files or directories).")
  var traces: [String]

  var trace: String { traces[0] }

  @Option(name: .long, help: "Replay recordings against this engine command (run with sh -c) and compare the runs.")
  var engine: String?

  @Flag(name: .long, help: "With --engine: never record; a missing recording is a failure.")
  var ci = false

  @Flag(name: .long, help: "With --engine: record the sessions anew instead of comparing (also CMDTOOL_RERECORD=1).")
  var rerecord = false

  @Option(name: .long, help: "With --engine: write a JUnit XML report here.")
  var junit: String?

  @Option(name: .long, help: "With --engine: write a JSON report here.")
  var report: String?

  @Option(name: .long, help: "With --engine: keep the new recordings in this directory (default: a temporary one).")
  var keep: String?

  @Option(name: .long, help: "With --engine: seconds to wait for the engine at each step.")
  var timeout: Double = 10

  @Option(name: .long, help: ArgumentHelp("With --engine: where the engine's records travel: stdio, unix:PATH or tcp:PORT (see `cmdtool record --help`).", valueName: "transport"))
  var listen: String = "stdio"

  @Option(name: .long, help: "Where to stop: #N (after record N), a time (12.5s, 1500ms), or end.")
  var at: String = "end"

  @Option(name: .long, help: "text: an indented tree; json: the canonical state snapshot.")
  var format: ShowFormat = .text

  @Flag(name: .long, help: "Print the events the platform sent on its own (timers, image requests, drawer visibility, toast expiry) instead of the state.")
  var events = false

  @Flag(name: .long, help: "Stop at the first protocol violation and exit 1.")
  var strict = false

  @OptionGroup var color: ColorOptions

  func validate() throws {
    if engine == nil && traces.count != 1 {
      throw ValidationError("replay one trace at a time (several only with --engine)")
    }
    if engine == nil && (ci || rerecord || junit != nil || report != nil || keep != nil || listen != "stdio") {
      throw ValidationError("--ci, --rerecord, --junit, --report, --keep and --listen go with --engine")
    }
    if WireTransport(parsing: listen) == nil {
      throw ValidationError("--listen \(listen) is not a transport: use stdio, unix:PATH or tcp:PORT")
    }
    if ReplayPoint(parsing: at) == nil {
      throw ValidationError("--at \(at) is not a point: use #N for a record, a time such as 12.5s or 1500ms, or end")
    }
  }

  func run() throws {
    if let engine {
      return try EngineReplayRun(engine: engine, traces: traces, ci: ci, rerecord: rerecord, junit: junit, report: report, keep: keep, timeout: timeout, transport: WireTransport(parsing: listen)!).run()
    }
    let point = ReplayPoint(parsing: at)!
    let result: Replayer.Result
    do {
      let reader = try TraceFileReader(path: trace)
      let progress = ProgressReporter(reading: reader, verb: "replaying")
      defer { progress.finish() }
      result = try Replayer.replay(reader, to: point, strict: strict)
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
    } else if format == .json {
      output.write(bytes: StateSnapshotWriter.snapshot(of: result.state))
    } else {
      output.write(StateTreeRenderer.render(result.state))
    }
    if let stop = result.stoppedAt {
      output.flush()
      printError("stopped by --strict at \(stop)")
      throw ExitCode(1)
    }
    let errors = result.model.errorCount
    if errors > 0 && format == .text && !events {
      output.flush()
      printError("\(errors) protocol violation\(errors == 1 ? "" : "s") (see `cmdtool check \(trace)`)")
    }
  }

  private func printEvents(_ model: ReferenceModel, to output: StandardOutput) {
    switch format {
    case .text:
      for emission in model.emissions { output.writeLine(PlatformEmissionFormatter.line(for: emission)) }
    case .json:
      for emission in model.emissions { output.write(bytes: PlatformEmissionFormatter.jsonLine(for: emission)) }
    }
  }
}
