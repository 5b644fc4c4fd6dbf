import CommandCodec
import ReplayCore
import ReplayLive

/// The engine under fuzzing, and how one session against it goes: the same wire, transports,
/// limits and clock as `cmdtool record`, with the failures a fuzzer looks for on top.
public struct FuzzTarget: Sendable {
  public var engine: [String]
  public var environment: [String: String] = [:]
  public var transport = WireTransport.stdio
  public var limits = WireSession.Limits()
  public var clock: SessionClock = .virtual
  /// The rules and invariants that count as failures.
  public var check = FailureCheck()
  /// The widget schema of the engine's custom widgets: their commands are read, modelled and
  /// recorded with it, and the monkey taps them (docs/WIDGETS.md §6.5). Nil: built-ins only.
  public var widgets: WidgetSchema?
  /// The file `widgets` came from, for the reproduction lines of failures.
  public var widgetsFile: String?
  /// The values of the named secrets the steps type, and of every other secret known (the
  /// engine may be given one on its command line; docs/WIRE.md §7, docs/FUZZING.md): the engine
  /// gets them, the recordings, saved scripts, failures and reproduction lines hold their
  /// placeholders.
  public var secrets = SecretStore()
  /// The secrets file they came from, if one did, for the reproduction lines.
  public var secretsFile: String?

  public init(engine: [String]) {
    self.engine = engine
  }

  /// How one session went.
  struct Session {
    var outcome: Recorder.Outcome
    /// The failure it showed, if any.
    var failure: FuzzFailure?
  }

  /// Plays `source`'s steps against a fresh engine, recording into `output`.
  ///
  /// - Parameter found: the failure the step source itself found (a broken rule or invariant),
  ///   read once the session is over.
  func session(_ source: some StepSource, recordingTo output: String, found: () -> FuzzFailure?, lastStep: () -> EventScript.Step?) -> Session {
    var configuration = Recorder.Configuration(engine: engine, script: EventScript(), output: output, format: TraceFormat(pathExtensionOf: output) ?? .jsonLines)
    configuration.environment = environment
    configuration.transport = transport
    configuration.limits = limits
    configuration.clock = clock
    configuration.widgets = widgets
    configuration.redaction.secrets = secrets
    // The fuzzer keeps every run's recording as written, also when the session failed: the
    // failure is the point. Nothing is replaced, so no partial file is needed.
    configuration.replacing = false
    // Held in a local for the whole run: the recorder is its runner's (weak) delegate.
    let recorder = Recorder(configuration)
    let outcome = withExtendedLifetime(recorder) { recorder.run(steps: source) }
    let place = lastStep()?.place ?? "at the start"
    // Every failure leaves here scrubbed: it is printed, saved and named after.
    if let kind = FuzzFailure.kind(of: outcome) {
      return Session(outcome: outcome, failure: FuzzFailure(kind: kind, place: place, detail: outcome.problem ?? "", engineSaid: outcome.engineSaid).scrubbed(by: secrets))
    }
    return Session(outcome: outcome, failure: found()?.scrubbed(by: secrets))
  }

  /// Plays fixed steps, checking rules and invariants between them (to shrink or reproduce).
  func replay(_ steps: [EventScript.Step], recordingTo output: String) -> Session {
    let source = CheckedSteps(steps, check: check)
    return session(source, recordingTo: output, found: { source.failure }, lastStep: { source.lastPlayed })
  }
}
