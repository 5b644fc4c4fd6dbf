import CommandCodec
import ReplayCore

/// Replays a recorded session against an engine build: the recording's script is played again
/// (its `script` markers, selectors resolved anew, since ids may differ) the way the recording
/// was made (its ``RecordingSettings``: clock, redaction, named secrets), the new run is recorded,
/// and the two runs are compared: the UI state after every record, the platform's own events, and
/// the engine's command stream. On the wall clock, where no two runs have the same records or
/// times, the states are compared at each script step and at the end, moments within a
/// tolerance, and the engine's commands in order with batch boundaries aside (docs/WIRE.md §10).
public enum EngineReplay {
  /// How to run the new build.
  public struct Options: Sendable {
    public var engine: [String]
    public var environment: [String: String] = [:]
    public var transport = WireTransport.stdio
    public var limits = WireSession.Limits()
    /// Paths the comparison leaves out (the diff's `--ignore`).
    public var ignoring = DiffIgnoreRules()
    /// Milliseconds by which moments may differ between runs on the wall clock.
    public var tolerance: Double = 500
    /// A secrets file (`NAME=value` lines): its path and text.
    public var secretsFile: (path: String, text: String)?
    /// Compare against a recording that itself ended in a failure, expecting the new run to end
    /// the same way, instead of refusing it as a baseline.
    public var acceptFailedRecordings = false
    /// The widget schema of the recordings' custom widgets (`--widgets`); nil: each recording's
    /// header names its own, found beside it (docs/WIDGETS.md §6.1).
    public var widgets: WidgetSchema?

    public init(engine: [String]) {
      self.engine = engine
    }
  }

  /// How one recording fared.
  public struct Result: Sendable {
    public enum Status: String, Sendable {
      case passed, failed, error
    }

    public var trace: String
    public var status: Status
    /// What happened, for people (empty when passed).
    public var message: String
    /// The state comparison, when both runs could be compared.
    public var report: DiffReport?
    /// The first engine record (its index in each run) where the command streams differ.
    public var commandStreamDifference: (recorded: Int, new: Int)?
    /// The new run's recording ("" when there is none).
    public var newRecording: String
    public var seconds: Double
    /// Whether this result is a recording written (record modes), not a comparison.
    public var recorded = false
    /// The engine's own words when its run failed (``Recorder/Outcome/engineSaid``): its crash
    /// message, or the start of its error output when it failed before its first record.
    public var engineSaid = ""
    /// A possible cause of a failure, said after it on a line of its own (``StandInHint``); ""
    /// when there is none. Not part of ``message``: the failure stays what differed.
    public var hint = ""
    /// How the engine's run went, when there was one: it wrote records, or it failed before its
    /// first (``Recorder/Outcome/failedBeforeFirstRecord``: nothing is compared then).
    public var engineAnswered = false
    public var engineFailedEarly = false
    /// Whether the runs differ while the new run itself ended well, so that recording anew
    /// (`--record failed`) would accept the change; a new run that failed is never a baseline.
    public var acceptable = false

    public init(trace: String, status: Status, message: String, report: DiffReport? = nil, commandStreamDifference: (recorded: Int, new: Int)? = nil, newRecording: String, seconds: Double) {
      self.trace = trace
      self.status = status
      self.message = message
      self.report = report
      self.commandStreamDifference = commandStreamDifference
      self.newRecording = newRecording
      self.seconds = seconds
    }
  }

  /// The recorder's configuration that plays `session`'s script again, made the way it was.
  /// - Throws: ``SecretStore/Failure`` when a named secret the script types has no value (one
  ///   the recording only names, untyped, is not asked for).
  public static func configuration(replaying session: RecordedSession, named path: String, into output: String, options: Options) throws(SecretStore.Failure) -> Recorder.Configuration {
    var configuration = Recorder.Configuration(engine: options.engine, script: session.script, output: output, format: TraceFormat(pathExtensionOf: output) ?? .jsonLines)
    configuration.environment = options.environment
    configuration.limits = options.limits
    configuration.limits.settle = session.settings.settle
    configuration.clock = session.settings.clock
    configuration.transport = options.transport
    configuration.viewport = session.header.viewport
    configuration.preferences = session.header.preferences
    configuration.redaction = session.settings.redaction
    configuration.widgets = session.widgets ?? options.widgets
    // The values of the secrets the script types are needed; the others the recording names
    // (known to the session that made it, never typed) are scrubbed when a value is at hand.
    let typed = session.script.secretNames
    configuration.redaction.secrets = try SecretStore.load(
      typed, purpose: "the recording \(path)", fileText: options.secretsFile?.text, filePath: options.secretsFile?.path,
      optional: session.settings.secretNames.filter { !typed.contains($0) })
    configuration.listedSecretNames = session.settings.secretNames
    configuration.scriptLines = session.settings.scriptLines
    return configuration
  }

  /// Replays `recording` against the engine, writing the new run to `newRecording`.
  public static func run(recording: String, newRecording: String, options: Options) -> Result {
    let start = Monotonic.now()
    func result(_ status: Result.Status, _ message: String, newRecording: String = "") -> Result {
      Result(trace: recording, status: status, message: message, newRecording: newRecording, seconds: (Monotonic.now() - start) / 1000)
    }
    let session: RecordedSession
    do {
      session = try RecordedSession.read(recording, widgets: options.widgets)
    } catch {
      return result(.error, error.description)
    }
    if let failure = session.failure, !options.acceptFailedRecordings {
      return result(.failed, "the recording itself ended in a failure (\(failure)), so it is not a baseline: record it again (--record all), or compare against it anyway with --accept-failed-recordings")
    }
    let configuration: Recorder.Configuration
    do {
      configuration = try self.configuration(replaying: session, named: recording, into: newRecording, options: options)
    } catch {
      return result(.error, error.description)
    }
    var recorderConfiguration = configuration
    recorderConfiguration.replacing = false
    // --keep naming the recording's own folder must not put the new run in its place.
    recorderConfiguration.inputs = [recording]
    recorderConfiguration.recordsSettings = session.hasSettingsMarker
    // Held in a local for the whole run: the recorder is its runner's (weak) delegate.
    let recorder = Recorder(recorderConfiguration)
    let outcome = withExtendedLifetime(recorder) { recorder.run() }
    var problems: [String] = []
    if outcome.interruption != nil {
      return result(.error, "the new run: \(outcome.problem ?? "interrupted")", newRecording: newRecording)
    }
    // An engine that never wrote a record has nothing to compare: its own words say why, and a
    // diff against an empty run would only bury them.
    if let failure = outcome.startFailure, !endsAlike(outcome, session, options) {
      var early = result(.error, "the new run: \(failure)", newRecording: newRecording)
      early.engineSaid = outcome.engineSaid
      early.engineFailedEarly = true
      return early
    }
    let endsAsRecorded = endsAlike(outcome, session, options)
    if let problem = outcome.problem, !endsAsRecorded { problems.append("the new run: \(problem)") }
    if options.acceptFailedRecordings, session.failure != nil, outcome.problem == nil, !endsAsRecorded {
      // A healthy build plays only the steps the failed recording reached, and their states
      // match: the ending is the one thing that tells it from a build that fails the same way.
      let recorded = session.ending.map { "\($0.label) (\($0.exit))" } ?? "no engine-exit marker"
      problems.append("the new run's ending differs: the recording ended with \(recorded), the new run with engine-exit (\(outcome.exit?.description ?? "no exit"))")
    }
    let wall = session.settings.clock == .wall
    // Both runs are read with the recording's schema: the new run is not beside the recording.
    let widgets = configuration.widgets
    let report: DiffReport
    do {
      report = try DiffReport(try DiffInput.open(recording, widgets: widgets), try DiffInput.open(newRecording, widgets: widgets), names: (recording, newRecording), alignment: wall ? .steps : .record, ignoring: options.ignoring, timeTolerance: wall ? options.tolerance : 0)
    } catch let failure as DiffInput.Failure {
      return result(.error, (problems + [failure.description]).joined(separator: "; "), newRecording: newRecording)
    } catch {
      return result(.error, (problems + ["\(error)"]).joined(separator: "; "), newRecording: newRecording)
    }
    let streams = (try? CommandStreams.firstDifference(recording, newRecording, wallClock: wall, ignoring: options.ignoring, widgets: widgets)) ?? nil
    if let divergence = report.divergence {
      let place = wall ? "at the script step that follows" : "after"
      problems.append("the runs differ \(place) \(DiffReport.place(divergence.recordA, divergence.timeA)) of the recording and \(DiffReport.place(divergence.recordB, divergence.timeB)) of the new run" + (divergence.diff.changes.first.map { ": \(StateDiff.line(for: $0, .plain, 120))" } ?? ""))
    } else if let events = report.events, !events.isEmpty {
      problems.append("the platform events differ after the first \(events.commonPrefix)")
    }
    if let streams, report.divergence == nil {
      problems.append("the engine's commands differ at record #\(streams.recorded) of the recording (#\(streams.new) of the new run)")
    }
    let status: Result.Status = problems.isEmpty ? .passed : (outcome.problemIsBadInput ? .error : .failed)
    var final = result(status, problems.joined(separator: "; "), newRecording: newRecording)
    if status == .failed, let hint = StandInHint.hint(for: session.script, failingAt: report.divergence?.timeA) { final.hint = hint }
    final.acceptable = status == .failed && outcome.succeeded
    final.report = report
    final.commandStreamDifference = streams
    final.engineAnswered = outcome.recordsReceived > 0
    if status != .passed && outcome.problem != nil { final.engineSaid = outcome.engineSaid }
    return final
  }

  /// Whether the new run ended the way an accepted failed recording did (the same last marker
  /// and exit), which is then no problem of the new run.
  private static func endsAlike(_ outcome: Recorder.Outcome, _ session: RecordedSession, _ options: Options) -> Bool {
    guard options.acceptFailedRecordings, session.failure != nil, let ending = session.ending else { return false }
    let label = outcome.stop?.markerLabel ?? "engine-exit"
    return label == ending.label && outcome.exit?.description == ending.exit
  }
}
