import ReplayLive

/// What stops a run of cases (a conformance run, a platform fuzzing campaign) after one of them:
/// a signal caught while it ran, whose result then says how cmdtool stopped the testee rather than
/// what the testee did (it is not reported); or a testee that failed the handshake before any
/// case's testee completed one: it cannot run at all, a setup error that every case would show.
public struct CaseRunGate: Sendable {
  public enum Stop: Sendable {
    case interrupted(signal: Int32)
    case setupError
  }

  private var handshook = false

  public init() {}

  /// Whether the run stops after `result`, and why.
  public mutating func stop(after result: CaseResult) -> Stop? {
    if let signal = SignalTrap.caught { return .interrupted(signal: signal) }
    if result.handshakeFailed && !handshook { return .setupError }
    handshook = handshook || result.testee != nil
    return nil
  }
}
