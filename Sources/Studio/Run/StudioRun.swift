import CommandCodec
import ReplayCore
import ReplayLive

/// A studio session from start to end: the engine started and recorded by ``Recorder`` (as
/// `cmdtool record` does), its screens served to the page by a ``StudioServer``, the page's
/// actions played as script steps by ``StudioSteps``, and the script written beside the
/// recording. The server stops when the session does.
public enum StudioRun {
  /// How a session went.
  public struct Result {
    public var outcome: Recorder.Outcome
    /// The steps the page played.
    public var steps: [EventScript.Step]
    /// Where the script was written (`OUT`'s, or its `.partial` when the recording failed), nil
    /// when none was asked for.
    public var scriptPath: String?
    /// Why the script could not be written, if it could not.
    public var scriptError: IOError?
  }

  /// Runs the session until the engine ends, the page ends it or a signal does.
  ///
  /// - Parameters:
  ///   - configuration: the recording's, as `record` builds it (its script is not used; its
  ///     redaction's secrets are those the page can type).
  ///   - scriptPath: where the session's script goes, nil for nowhere (and then nothing is saved
  ///     before the end either).
  ///   - scratch: a folder of the session's own, for the recordings a save plays again.
  ///   - announce: called with the page's address once the engine's first screen is there.
  /// - Throws: the server's error when it cannot listen on 127.0.0.1.
  public static func run(_ configuration: Recorder.Configuration, title: String, scriptPath: String?, scratch: String, announce: @escaping (String) -> Void) throws -> Result {
    var configuration = configuration
    // The steps' lines in the script file as it is saved, for a replay's messages to name.
    configuration.scriptLines = RecordingSettings.ScriptLines(first: StudioScript.firstStepLine)
    SignalTrap.install()
    let secrets = configuration.redaction.secrets
    let history = StudioHistory(title: title, widgets: configuration.widgets)
    let refusal = StudioSave.refusal(out: scriptPath == nil ? nil : configuration.output, clock: configuration.clock)
    let hub = StudioHub(secretNames: Set(secrets.values.keys), saveRefusal: refusal, wallClock: configuration.clock == .wall)
    let server = try StudioServer(hub: hub, title: title) { query in
      let answer = history.answer(query)
      return (answer.status, answer.contentType, answer.body)
    }
    defer { server.stop() }
    let script = StudioScript(wallSettle: configuration.clock == .wall ? configuration.limits.settle : nil)
    let steps = StudioSteps(hub: hub, viewport: configuration.viewport, script: script, secrets: secrets) { _ in announce(server.address) }
    steps.redaction = configuration.redaction
    let recorder = Recorder(configuration)
    recorder.onWrite = { script.note($0) }
    steps.recording = {
      // Whole on disk before the page is told: its time travel reads that far.
      try? recorder.flushRecording()
      guard let (path, records) = recorder.recordingSoFar else { return 0 }
      history.note(path: path, records: records)
      return records
    }
    if let scriptPath, refusal == nil {
      steps.saver = StudioSave(configuration: configuration, out: configuration.output, scriptPath: scriptPath, scratch: scratch, script: script, live: recorder)
    }
    var outcome = withExtendedLifetime(recorder) { recorder.run(steps: steps) }
    if !outcome.committed, let saver = steps.saver, saver.saves > 0 {
      // The end did not replace it, but a save before did: say so, not that another process did.
      outcome.target = "\(configuration.output) holds the session's last save before the end"
    }
    var result = Result(outcome: outcome, steps: steps.steps)
    // An engine that never started played nothing: there is no script to keep (docs/STUDIO.md).
    if let scriptPath, !outcome.couldNotStart {
      do {
        result.scriptPath = try script.save(to: scriptPath, committed: outcome.committed, engine: configuration.engine, secrets: secrets, inputs: configuration.inputs)
      } catch {
        result.scriptError = error
      }
    }
    hub.finish(secrets.scrub(ending(result, out: scriptPath == nil ? nil : configuration.output)))
    return result
  }

  /// How the session ended, in words for the page's last frame: where it was saved, or what went
  /// wrong (cmdtool's words, the engine's, how it exited) and where what was kept is.
  static func ending(_ result: Result, out: String?) -> String {
    let outcome = result.outcome
    let script = result.scriptPath.map { " and its script to \($0)" } ?? ""
    let scriptError = result.scriptError.map { "; the script could not be written: \($0)" } ?? ""
    guard let problem = outcome.problem else {
      guard let out else { return "the session ended; nothing was kept (start cmdtool studio with --out FILE to keep it)" }
      return (outcome.committed ? "the session ended: saved the recording to \(out)" + script : "the session ended: \(outcome.target)") + scriptError
    }
    var words = "the session ended: \(problem)"
    if !outcome.engineSaid.isEmpty { words += "; the engine said: \(TerminalText.escaped(outcome.engineSaid, keepingNewlines: true))" }
    if let exit = outcome.exit, !problem.contains(exit.phrase) { words += "; the engine ended with \(exit.phrase)" }
    if out != nil, !outcome.path.isEmpty { words += "; the recording so far is in \(outcome.path)" + (result.scriptPath.map { " and its script in \($0)" } ?? "") }
    return words + scriptError
  }
}
