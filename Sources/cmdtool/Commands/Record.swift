import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Record a session against a live engine, playing the platform.",
    discussion: """
      Starts the engine, plays the platform with the reference model, drives the engine with an \
      event script, and records everything that crosses the wire, both ways, with times \
      (docs/WIRE.md describes what the engine must do).

        cmdtool record --out session.jsonl --script traces/example.script.jsonl -- .build/debug/example-engine

      The script is JSON Lines of timed steps, elements named by id or by a selector on what is \
      on screen (ids change between engine builds); a selector must name exactly one element a \
      user can reach (not one under an open dialog):

        {"t":1500,"type":"textField \\"User name\\"","text":"alice"}
        {"t":1800,"type":"textField \\"Password\\"","secret":"PASSWORD"}
        {"t":2000,"tap":"button \\"Log in\\""}
        {"t":3000,"choose":"dialog","option":1}
        {"t":3500,"back":true}

      --clock virtual (the default) moves time only between steps, so the same engine and script \
      give the same recording; --clock wall uses real time for engines that cannot echo sync \
      markers. Text typed into password fields (and whatever --redact names) is recorded as a \
      stand-in (redacted-…), the same for the same text. A named secret ("secret":"PASSWORD", \
      its value from CMDTOOL_SECRET_PASSWORD or --secrets FILE) reaches the engine but never \
      the recording, which holds <secret:PASSWORD>; a replay types the value again.

      The recording is written to a temporary of its own beside OUT (OUT.partial-XXXXXXXXXXXX) \
      and replaces OUT only when the session succeeds: a failed run (the engine crashed, hung or \
      exited non-zero; a script step found nothing; Ctrl-C; a full disk) leaves OUT as it was, \
      keeps its recording as OUT.partial and says so. Every record reaches the file before \
      cmdtool waits for anything after it, so if the engine or cmdtool dies, it holds everything \
      received before (a cmdtool killed with SIGKILL leaves it under the temporary's name). OUT \
      must not be the script or another file the session reads. On SIGINT, SIGTERM or SIGHUP \
      cmdtool stops the engine and everything it started (SIGTERM, then SIGKILL after --grace), \
      records how, and exits 130, 143 or 129.

      An engine with custom widgets (a pie chart its platform adds) is recorded with their \
      schema: --widgets FILE reads its commands, names the schema in the recording's header and \
      lets the script tap them by kind and label (docs/WIDGETS.md):

        cmdtool record --widgets traces/widgets/chart.widgets.json --out chart.jsonl --script traces/widgets/example-chart.script.jsonl -- .build/debug/example-engine --widgets traces/widgets/chart.widgets.json

      For engines that cannot give up stdio, --listen unix:PATH or --listen tcp:PORT carries the \
      same bytes over a socket (on 127.0.0.1 for TCP); the engine finds the address in \
      CMDTOOL_WIRE and sends the token of CMDTOOL_WIRE_TOKEN and a newline first, which keeps \
      out any other process that connects (docs/WIRE.md §1):

        cmdtool record --listen tcp:0 --out session.jsonl -- ./my-engine

      Exit status: 0 the session ran and the engine exited with 0; 1 the engine failed (exit \
      status, crash, no answer) or the script could not go on; 2 unreadable input (the script, \
      or what the engine wrote); 128+N stopped by signal N.
      """
  )

  @Option(name: .long, help: "The recording to write (.jsonl or .cmdtrace).")
  var out: String

  @Option(name: .long, help: "The event script (JSON Lines). Without one the engine is started, settled and stopped.")
  var script: String?

  @Option(name: .long, help: "virtual (deterministic, needs sync echoes) or wall.")
  var clock: SessionClock = .virtual

  @Option(name: .long, help: "With --clock wall: milliseconds of quiet from the engine that count as settled.")
  var settle: Double = 200

  @OptionGroup var engineOptions: EngineOptions

  @OptionGroup var secretsOptions: SecretsOptions

  @OptionGroup var recordingOptions: RecordingOptions

  @Option(name: .long, help: ArgumentHelp("The platform's screen, in points: WIDTHxHEIGHT or WIDTHxHEIGHT@SCALE (default 375x667@2). The engine reads it in cmdtool's header.", valueName: "size"))
  var viewport: String?

  /// `390x844` or `390x844@3`; nil when malformed.
  static func parseViewport(_ text: String) -> Viewport? {
    let parts = text.split(separator: "@", maxSplits: 1)
    let size = parts[0].split(separator: "x")
    guard size.count == 2, let width = Int32(size[0]), let height = Int32(size[1]), width > 0, height > 0 else { return nil }
    var scale = 0.0
    if parts.count == 2 {
      guard let value = Double(parts[1]), value.isFinite, value > 0 else { return nil }
      scale = value
    }
    return Viewport(width: width, height: height, scale: scale)
  }

  @Argument(parsing: .postTerminator, help: "The engine command and its arguments, after --.")
  var engine: [String] = []

  func validate() throws {
    if engine.isEmpty { throw ValidationError("give the engine command after --, e.g. cmdtool record --out s.jsonl -- ./my-engine") }
    if TraceFormat(pathExtensionOf: out) == nil { throw ValidationError("cannot tell the format of \"\(out)\": name it .jsonl or .cmdtrace") }
    if let viewport, Self.parseViewport(viewport) == nil { throw ValidationError("--viewport \(viewport) is not a size: use WIDTHxHEIGHT or WIDTHxHEIGHT@SCALE, e.g. 390x844@3") }
    if !(settle >= 0) { throw ValidationError("--settle must be a number of milliseconds ≥ 0") }
    try OutputConflict.refuse(["--out": out], inputs: inputs)
  }

  /// The files the session reads, which --out must not be.
  private var inputs: [String?] { [script, recordingOptions.widgets, secretsOptions.secrets] }

  func run() throws {
    var steps = EventScript()
    if let script {
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
        printError("\(script): cannot read the script")
        throw ExitStatus.badInput
      }
      do {
        steps = try EventScript(parsing: text, file: script)
      } catch {
        printError("\(script): \(error)")
        throw ExitStatus.badInput
      }
    }
    var configuration = Recorder.Configuration(engine: engine, script: steps, output: out, format: TraceFormat(pathExtensionOf: out)!)
    configuration.inputs = inputs.compactMap { $0 }
    // Its steps' lines in the file, for a replay's messages to name (comments count).
    configuration.scriptLines = RecordingSettings.ScriptLines(of: steps)
    configuration.clock = clock
    if let viewport { configuration.viewport = Self.parseViewport(viewport) }
    configuration.limits = engineOptions.limits
    configuration.limits.settle = settle
    configuration.transport = engineOptions.transport
    configuration.redaction.secrets = try secretsOptions.load(steps.secretNames, everyKnown: true)
    try recordingOptions.apply(to: &configuration)
    SignalTrap.install()
    // Held in a local for the whole run: the recorder is its runner's (weak) delegate.
    let recorder = Recorder(configuration)
    let outcome = withExtendedLifetime(recorder) { recorder.run() }
    try Self.report(outcome, out: out, engine: engine)
  }

  /// Says how a recording went (on standard error) and throws the exit status of a failed one:
  /// `record`'s words, and `studio`'s.
  static func report(_ outcome: Recorder.Outcome, out: String, engine: [String]) throws {
    for warning in outcome.warnings { printError("warning: " + warning) }
    let engineName = outcome.engineName ?? engine[0]
    let summary = "recorded \(outcome.recordsWritten) records (\(outcome.commandsReceived) commands from \(engineName))"
    guard let problem = outcome.problem else {
      printError(summary + " to \(out)")
      return
    }
    // The engine's own words first (its usage message, its crash message), then what cmdtool saw.
    printError(problem)
    if !outcome.engineSaid.isEmpty { printError(PeerWords.quoted(outcome.engineSaid, by: "the engine")) }
    let place = outcome.path.isEmpty ? "; nothing was written" : " to \(outcome.path); \(outcome.target)"
    printError(summary + place + (outcome.exit.map { "; the engine ended with \($0.phrase)" } ?? ""))
    if let signal = outcome.interruption { throw ExitCode(SignalTrap.exitStatus(for: signal)) }
    throw outcome.problemIsBadInput ? ExitStatus.badInput : ExitCode(1)
  }
}

extension SessionClock: ExpressibleByArgument {}
