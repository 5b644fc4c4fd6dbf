import ArgumentParser
import CommandCodec
import Foundation
import Replay
import Studio

struct StudioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "studio",
    abstract: "Drive a live engine from a browser page, and record the session and its script (docs/STUDIO.md).",
    discussion: """
      Starts the engine as record does, plays the platform with the reference model, and serves \
      a page on 127.0.0.1 at a port the system picks. Once the engine's first screen is there, \
      prints the page's address, with a random token that every request must carry (others get \
      403), on standard output:

        cmdtool studio --out login.jsonl -- .build/debug/example-engine

      The page draws the model's state as a wireframe and redraws it after each action and \
      whenever the engine sends on its own. A click on a button, switch or checkbox taps it; a \
      text field takes the whole text on Enter or when it loses focus; a password field offers \
      a named secret (its value from CMDTOOL_SECRET_NAME or --secrets FILE, never shown or \
      written); an open dialog or action sheet, a picker and a scroll layout get a panel; Back, \
      markers and the clock (a step, the next timer, run at wall speed) are buttons. Each action \
      is the step a script holds, {"t":1500,"tap":"button \\"Log in\\""}, 500 virtual ms after \
      the state before, shown live on the page.

      The scrubber under the header travels back through the session so far: the state after \
      each record, with what it changed, as cmdtool view shows a trace. While the page shows the \
      past it says so and acting is off; the session goes on, and Live returns.

      Save writes the recording so far and its script and goes on: the script so far is played \
      again against a fresh instance of the engine, as record --script plays it, and saved when \
      that recording begins with the live session's every byte (else nothing is written, and \
      the page says where they part). On the virtual clock only; --clock wall records in real \
      time (the page's clock controls are then off, and only the end saves), with --settle as \
      record's.

      "Save and end" on the page, or Ctrl-C (SIGTERM, SIGHUP), ends the session: the engine's \
      input is closed, it exits, and with --out the recording is written as record writes it \
      (atomically: OUT is replaced only when the session succeeds), and its script beside it \
      (rec.jsonl gives rec.script.jsonl), which record --script plays again. Exit status as \
      record's, except that Ctrl-C here is the session's end, as at the end of a script (0), \
      where record exits 130.
      """
  )

  @Option(name: .long, help: "The recording to write (.jsonl or .cmdtrace). Without it nothing is kept.")
  var out: String?

  @Option(name: .long, help: "virtual (deterministic, needs sync echoes; the page moves it) or wall (real time, for engines that cannot echo sync markers), as record's.")
  var clock: SessionClock = .virtual

  @Option(name: .long, help: "With --clock wall: milliseconds of quiet from the engine that count as settled.")
  var settle: Double = 200

  @OptionGroup var engineOptions: EngineOptions

  @OptionGroup var secretsOptions: SecretsOptions

  @OptionGroup var recordingOptions: RecordingOptions

  @Option(name: .long, help: ArgumentHelp("The platform's screen, in points: WIDTHxHEIGHT or WIDTHxHEIGHT@SCALE (default 375x667@2).", valueName: "size"))
  var viewport: String?

  @Argument(parsing: .postTerminator, help: "The engine command and its arguments, after --.")
  var engine: [String] = []

  func validate() throws {
    if engine.isEmpty { throw ValidationError("give the engine command after --, e.g. cmdtool studio -- ./my-engine") }
    if let out, TraceFormat(pathExtensionOf: out) == nil { throw ValidationError("cannot tell the format of \"\(out)\": name it .jsonl or .cmdtrace") }
    if !(settle >= 0) { throw ValidationError("--settle must be a number of milliseconds ≥ 0") }
    if let viewport, Record.parseViewport(viewport) == nil { throw ValidationError("--viewport \(viewport) is not a size: use WIDTHxHEIGHT or WIDTHxHEIGHT@SCALE, e.g. 390x844@3") }
    if let out { try OutputConflict.refuse(["--out": out, "the script": StudioScript.path(besideRecording: out)], inputs: [secretsOptions.secrets, recordingOptions.widgets]) }
    // Found before the engine starts: a session nobody can save is no session to start.
    if let out {
      let folder = URL(fileURLWithPath: out).deletingLastPathComponent().path
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw ValidationError("--out \(out): the folder \(folder) does not exist (cmdtool writes the recording and its script there)")
      }
    }
  }

  func run() throws {
    // A scratch folder of the session's own, removed at the end: the recording without --out,
    // and the runs a save before the end plays again.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cmdtool-studio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = out ?? scratch.appendingPathComponent("studio.jsonl").path
    var configuration = Recorder.Configuration(engine: engine, script: EventScript(), output: path, format: TraceFormat(pathExtensionOf: path)!)
    if let viewport { configuration.viewport = Record.parseViewport(viewport) }
    configuration.clock = clock
    configuration.limits = engineOptions.limits
    configuration.limits.settle = settle
    configuration.transport = engineOptions.transport
    configuration.inputs = [secretsOptions.secrets, recordingOptions.widgets].compactMap { $0 }
    // Every secret with a value is one the page can type, and the recording scrubs them all.
    configuration.redaction.secrets = try secretsOptions.load([], everyKnown: true)
    try recordingOptions.apply(to: &configuration)
    let title = URL(fileURLWithPath: engine[0]).lastPathComponent
    let scriptPath = out.map(StudioScript.path(besideRecording:))
    let result = try StudioRun.run(configuration, title: title, scriptPath: scriptPath, scratch: scratch.path) { address in
      let output = StandardOutput()
      output.writeLine(address)
      output.flush()
      printError("open \(address) in a browser (Ctrl-C or the page's \"Save and end\" ends the session)")
    }
    // An engine that could not start is a setup error: its message is the one to read.
    if !result.outcome.couldNotStart { printError("the page played \(result.steps.count) step\(result.steps.count == 1 ? "" : "s")") }
    if let error = result.scriptError {
      printError("the script could not be written: \(error)")
    } else if let written = result.scriptPath {
      printError("wrote the session's script (\(result.steps.count) step\(result.steps.count == 1 ? "" : "s")) to \(written)")
    }
    try Record.report(result.outcome, out: out ?? "(no --out: not kept)", engine: engine)
    if result.scriptError != nil { throw ExitCode(1) }
  }
}
