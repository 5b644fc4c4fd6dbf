import CommandCodec
import ReplayCore

/// Records a session against a live engine (docs/WIRE.md): plays the platform (``ScriptRunner``),
/// drives the engine with a script, and writes everything that crosses the wire, in both
/// directions and with times, to a trace file, record by record.
///
/// The file is flushed once everything one read from the engine brought is handled, after every
/// record sent to the engine, and before every wait, so if the engine or the recorder dies, every
/// whole record received before that is in the file and readable. The file is a temporary of its
/// own (``AtomicFile``) until the session ends; it replaces `OUT` only when the session succeeds
/// (``Configuration/replacing``), else it is kept as `OUT.partial`, so a failed run never replaces
/// a good recording.
public final class Recorder: ScriptRunnerDelegate {
  public struct Configuration: Sendable {
    public var engine: [String]
    /// Variables added to the engine's environment.
    public var environment: [String: String] = [:]
    public var script: EventScript
    public var output: String
    public var format: TraceFormat
    public var clock: SessionClock = .virtual
    public var limits = WireSession.Limits()
    public var viewport: Viewport? = Viewport(width: 375, height: 667, scale: 2)
    /// The preferences the platform has stored when the session starts.
    public var preferences: [String: String] = [:]
    /// What the recording hides, named secrets (with their values) included.
    public var redaction = Redaction()
    /// How the engine's records travel: its stdio, or a socket it connects to (docs/WIRE.md §1).
    public var transport = WireTransport.stdio
    /// Put the recording in place of `OUT` only when the session succeeds (else it is kept as
    /// `OUT.partial`); false puts it at `OUT` either way, for scratch recordings.
    public var replacing = true
    /// The files the run reads (the script, a schema): the output must not be one of them.
    public var inputs: [String] = []
    /// Start the recording with its settings (a `session` marker); off only to mirror a recording
    /// made before the marker existed, so that a replay lines up with it record for record.
    public var recordsSettings = true
    /// The widget schema of the engine's custom widgets (docs/WIDGETS.md §6): the engine's output
    /// is read with it, the platform's model knows its widgets, the recording's header names it
    /// and a binary recording carries its commands by their codes. Nil: built-in commands only.
    public var widgets: WidgetSchema?
    /// Secret names the session marker lists besides the script's and those with a value: a
    /// replay lists its recording's names (so that its new run is written the same) while it
    /// asks only for the values of the secrets its script types.
    public var listedSecretNames: [String] = []
    /// Where the script's steps are in its file, kept in the session marker: `record --script`
    /// gives its file's, a replay its recording's, the studio the lines its script is saved with.
    public var scriptLines = RecordingSettings.ScriptLines()

    public init(engine: [String], script: EventScript, output: String, format: TraceFormat) {
      self.engine = engine
      self.script = script
      self.output = output
      self.format = format
    }

    /// The settings the recording keeps about itself (its first record).
    public var settings: RecordingSettings {
      var settings = RecordingSettings()
      settings.clock = clock
      settings.settle = limits.settle
      settings.passwords = redaction.passwords
      settings.redactRules = redaction.rules
      // The script's, and those of steps from elsewhere (a fuzzer shrinking a script, a studio
      // session): a replay needs the values of all it may type. Sorted by name, whatever order
      // they are typed in: a session written before its steps are known (`cmdtool studio`) names
      // them as `record --script` of its script does (docs/WIRE.md §7).
      settings.scriptLines = scriptLines
      settings.secretNames = Set(script.secretNames).union(redaction.secrets.values.keys).union(listedSecretNames).sorted()
      return settings
    }
  }

  /// How a recording ended.
  public struct Outcome: Sendable {
    public var recordsWritten = 0
    public var commandsReceived = 0
    /// The engine's name from its header.
    public var engineName: String?
    public var exit: PeerExit?
    /// Why the session stopped early, if it did; the recording holds everything before it.
    public var stop: SessionStop?
    public var stderrTail = ""
    /// The engine's own words about how the session ended (``PeerWords``): its crash message,
    /// the start of its error output when it failed before its first record, else its last
    /// lines; secrets scrubbed. Reports show them before anything cmdtool concluded.
    public var engineSaid = ""
    /// Records the engine wrote (sync echoes aside; its header is no record).
    public var recordsReceived = 0
    /// Whether the engine could not be started at all (no such program, not executable).
    public var couldNotStart = false
    /// Things the user should know that did not stop the session (a password typed in clear).
    public var warnings: [String] = []
    /// Where the recording is: the output when it was put in place, else `OUT.partial`; while
    /// the session runs, the writer's temporary.
    public var path = ""
    /// Whether the recording took the output's place.
    public var committed = false
    /// When it did not, what became of the output (``AtomicFile/targetReport()``): `OUT is
    /// unchanged`, `OUT was not written`, or that another process wrote it meanwhile.
    public var target = ""

    public init() {}

    /// What went wrong, if anything.
    public var problem: String? {
      if let stop { return stop.message }
      if let exit, !exit.succeeded { return "the engine ended with \(exit.phrase)" }
      return nil
    }

    public var succeeded: Bool { problem == nil && exit != nil }

    /// Whether the engine failed before writing its first record: it could not be started,
    /// exited (a usage message, a missing library, `sh: …: not found`), closed its output, hung
    /// or wrote garbage before any record. Nothing a script or a fuzzer did can have caused it:
    /// the first time it happens it is a setup error, not a finding (docs/WIRE.md §8).
    public var failedBeforeFirstRecord: Bool {
      guard !succeeded, interruption == nil, stop?.kind != .scriptFailed else { return false }
      return couldNotStart || recordsReceived == 0
    }

    /// For a session that failed before the engine's first record, what happened in one line:
    /// `cannot start ./engin: No such file or directory`, `the engine ended with exit status 64
    /// before its first record`, `the engine did not answer within 10 s: …`.
    public var startFailure: String? {
      guard failedBeforeFirstRecord else { return nil }
      if let exit, !exit.succeeded, stop == nil || stop?.kind == .ended || stop?.kind == .cutOff {
        return "the engine ended with \(exit.phrase) before its first record"
      }
      return problem ?? "the engine failed before its first record"
    }

    /// Whether the problem is the input's fault (an unreadable engine stream): exit status 2.
    /// Output cut off by an engine that then died is the engine's failure.
    public var problemIsBadInput: Bool {
      switch stop?.kind {
      case .unreadable?: return true
      case .cutOff?: return exit?.succeeded ?? true
      default: return false
      }
    }

    /// The signal that interrupted the session, if one did.
    public var interruption: Int32? {
      if case .interrupted(let signal)? = stop?.kind { return signal }
      return nil
    }
  }

  private let configuration: Configuration
  private var runner: ScriptRunner?
  private var writer: TraceFileWriter?
  private var redaction: Redaction
  private var outcome = Outcome()
  /// Where the warning about `unsettled` markers is, and how many were recorded; the first one's.
  private var unsettled: (index: Int, count: Int)?
  private var firstUnsettled = ""
  /// Called with each record as it is written, redacted as the file holds it: the studio shows
  /// the session's script from the `script` markers, never a value the recording hides.
  public var onWrite: ((TraceRecord) -> Void)?

  public init(_ configuration: Configuration) {
    self.configuration = configuration
    redaction = configuration.redaction
  }

  /// Runs the session with the configuration's script to its end (or the first problem) and
  /// returns how it went.
  public func run() -> Outcome {
    run(steps: ScriptSteps(configuration.script))
  }

  /// Runs the session with steps from `source` (a script, or a generator) to its end (or the
  /// first problem) and returns how it went.
  public func run(steps source: some StepSource) -> Outcome {
    let process: PeerProcess
    do {
      // The engine gets a secret's value by being typed it, never from the variable cmdtool read.
      process = try PeerProcess(command: configuration.engine, environment: configuration.environment, transport: configuration.transport)
    } catch {
      outcome.stop = SessionStop(.other, error.description)
      outcome.couldNotStart = true
      return outcome
    }
    let header = TraceHeader(viewport: configuration.viewport, preferences: configuration.preferences)
    let session = WireSession(process: process, limits: configuration.limits, widgets: configuration.widgets)
    let runner = ScriptRunner(session: session, clock: configuration.clock, header: header)
    runner.delegate = self
    let secrets = configuration.redaction.secrets
    runner.secret = { secrets.values[$0] }
    self.runner = runner
    do {
      let what = configuration.transport == .stdio ? "the engine's header" : "the engine to connect to \(WireTransport.environmentVariable) and send its header"
      try runner.start(platformHeader: { [configuration] engineHeader in
        TraceHeader(creator: "cmdtool record", viewport: configuration.viewport, preferences: configuration.preferences)
      }, waitingFor: what)
      while let step = try source.nextStep(in: runner.model.state, at: runner.currentTime, runner: runner) {
        try runner.perform(step)
      }
      finish(runner, stop: nil)
    } catch {
      finish(runner, stop: error)
    }
    return outcome
  }

  /// The recording so far, for whoever shows the live session (`cmdtool studio`'s time travel
  /// and saves): the file being written (a temporary until the end) and its records; whole on
  /// disk after ``flushRecording()``. Nil before the engine's header.
  public var recordingSoFar: (path: String, records: Int)? {
    writer.map { ($0.writtenPath, $0.recordCount) }
  }

  /// Hands every record written so far to the file.
  public func flushRecording() throws(SessionStop) {
    do {
      try writer?.flush()
    } catch {
      throw SessionStop(.other, error.description)
    }
  }

  // MARK: - Writing

  /// Opens the recording once the engine's header is known (or at the end, if it never came).
  private func openWriter() throws(SessionStop) {
    guard writer == nil, let runner else { return }
    let engineHeader = runner.session.peerHeader
    outcome.engineName = engineHeader?.creator
    var header = TraceHeader(numbering: engineHeader?.numbering, viewport: configuration.viewport, preferences: configuration.preferences, widgets: configuration.widgets?.reference)
    header.creator = "cmdtool record" + (outcome.engineName.map { " of \($0)" } ?? "")
    if configuration.clock == .wall { header.created = Timestamp.now() }
    do {
      // Flushed before every wait: one write(2) per read of the engine's output (docs/WIRE.md §9).
      let writer = try TraceFileWriter(path: configuration.output, format: configuration.format, header: header, flush: .buffered, replacing: configuration.replacing, inputs: configuration.inputs, widgets: configuration.widgets)
      self.writer = writer
      outcome.path = writer.writtenPath
      if configuration.recordsSettings { try writer.write(configuration.settings.marker) }
    } catch {
      throw SessionStop(.other, error.description)
    }
  }

  public func runner(_ runner: ScriptRunner, observed record: TraceRecord, before state: UIState) throws(SessionStop) {
    try openWriter()
    guard let writer else { return }
    // The runner notes each step with a `script` marker just before playing it.
    if case .marker("script", _) = record.body, let step = runner.currentStep { warnAboutClearPasswords(step, in: state) }
    if case .marker(ScriptRunner.unsettledMarker, let detail) = record.body { warnAboutUnsettled(detail) }
    let written = redaction.redact(record, in: state)
    do {
      try writer.write(written)
    } catch {
      throw SessionStop(.other, error.description)
    }
    onWrite?(written)
  }

  public func runnerWillWait(_ runner: ScriptRunner) throws(SessionStop) {
    do {
      try writer?.flush()
    } catch {
      throw SessionStop(.other, error.description)
    }
  }

  /// A step played before the engine was quiet (wall clock): said once, with a count after it.
  private func warnAboutUnsettled(_ detail: String) {
    let warning = detail + " (a label it changes more often than --settle? give a shorter --max-wait to go on sooner, or a shorter --settle)"
    if let (index, count) = unsettled {
      unsettled = (index, count + 1)
      outcome.warnings[index] = firstUnsettled + "; and \(count) more time\(count == 1 ? "" : "s") after it (\"unsettled\" markers)"
    } else {
      unsettled = (outcome.warnings.count, 1)
      firstUnsettled = warning
      outcome.warnings.append(warning)
    }
  }

  /// Engines that never forward the password flag (Sometrik's `TextField::create` drops it) get
  /// passwords typed in clear: say so when a field that looks like one is not hidden.
  private func warnAboutClearPasswords(_ step: EventScript.Step, in state: UIState) {
    guard case .type(let selector, let text) = step.action,
      !text.isEmpty, let id = selector.resolve(in: state), !redaction.hidesTyping(into: id, in: state),
      Redaction.hasPasswordClues(id, in: state, besides: [selector.description])
    else { return }
    let path = state.path(of: id)
    // Described by its hint, never its text: that is the password typed before (a named secret's
    // value, issue #23). Secrets and hidden values are scrubbed from the rest (the selector).
    outcome.warnings.append(redaction.redacting(
      "script line \(step.line) types into \(ElementSelector.describe(id, in: state, showingText: false)), which looks like a password field but was not created as one (flags 1 or 16): the text is recorded in clear. Hide it with --redact 'path:\(path)', or type a named secret ({\"type\":…,\"secret\":\"PASSWORD\"} with CMDTOOL_SECRET_PASSWORD set)."))
  }

  // MARK: - End

  private func finish(_ runner: ScriptRunner, stop: SessionStop?) {
    try? openWriter()
    var stop = stop
    let session = runner.session
    let process = session.process
    if stop == nil || stop?.letsPeerFinish == true {
      // The engine is closed in like at the end of the script, and read to its end; it gets
      // --timeout to exit, so its own status is recorded, not SIGTERM's.
      process.closeInput()
      if let problem = session.drainToEnd(timeout: configuration.limits.timeout) { stop = problem }
    }
    if let signal = SignalTrap.caught, stop?.markerLabel != "interrupted" {
      stop = SessionStop(.interrupted(signal: signal), "interrupted by \(SignalTrap.name(of: signal) ?? "signal \(signal)") while the engine was finishing")
    }
    let exit: PeerExit
    if stop == nil || stop?.letsPeerFinish == true {
      exit = process.waitForExit(timeout: configuration.limits.timeout, grace: configuration.limits.grace)
      // An engine that outlives the end of its input until cmdtool stops it is a failure of its
      // own: its exit status (SIGTERM's) would blame the stop.
      if stop == nil && process.wasStopped {
        stop = SessionStop(.lingered, "the engine did not exit within \(Format.seconds(configuration.limits.timeout)) after its input ended (--timeout): cmdtool stopped it")
      }
    } else {
      exit = process.stop(grace: configuration.limits.grace)
    }
    outcome.exit = exit
    // What the outcome tells goes on to terminals, CI logs and --junit/--report files: an engine
    // that echoes a named secret (in its stderr, in a record the decoder quotes) must not carry
    // the value there, as the recording never does.
    let secrets = configuration.redaction.secrets
    let stderr = process.stderr
    outcome.stderrTail = secrets.scrub(stderr.tailText)
    outcome.commandsReceived = runner.commandsReceived
    outcome.recordsReceived = session.recordsReceived
    outcome.stop = stop.map { SessionStop($0.kind, secrets.scrub($0.message)) }
    let ending: PeerWords.Ending = outcome.failedBeforeFirstRecord ? .beforeFirstRecord : outcome.succeeded ? .succeeded : .failed
    outcome.engineSaid = secrets.scrub(stderr.words(ending))
    let time = runner.currentTime
    if let stop {
      var detail = stop.message
      if case .interrupted = stop.kind { detail += "; the engine was stopped and ended with \(exit.phrase)" }
      try? writer?.write(redaction.redact(TraceRecord(time: time, .marker(label: stop.markerLabel, detail: detail)), in: runner.model.state))
    }
    // The engine's own words, not the raw tail: a Swift crash report ends with registers and
    // images, and the cause of a failed start is at the beginning. The status is cmdtool's words,
    // which a replay reads back ("status 0"): only the engine's words are redacted, so that a
    // secret or a hidden value "status" cannot rewrite them.
    var detail = exit.description
    if !outcome.engineSaid.isEmpty {
      let said = outcome.engineSaid
      detail += "; stderr: " + redaction.redacting(ending == .succeeded || stderr.crashMessage == nil && ending == .failed ? String(said.suffix(1000)) : String(said.prefix(1000)))
    }
    try? writer?.write(TraceRecord(time: time, .marker(label: "engine-exit", detail: detail)))
    guard let writer else { return }
    if outcome.succeeded {
      do {
        try writer.commit()
        outcome.committed = true
        outcome.path = configuration.output
      } catch {
        outcome.stop = SessionStop(.other, error.description)
        outcome.path = writer.abandon()
      }
    } else {
      outcome.path = writer.abandon()
    }
    // What is on disk, not what was handed to the writer: a full disk keeps fewer.
    outcome.recordsWritten = writer.recordsInFile
    if !outcome.committed { outcome.target = writer.targetReport() }
  }
}
