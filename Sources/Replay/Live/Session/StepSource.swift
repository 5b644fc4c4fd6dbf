import ReplayCore

/// Where a live session's steps come from: a script played as written, or a generator that
/// chooses each step from what is on screen (the fuzzer's monkey).
///
/// The runner asks for one step at a time, after the previous one has been played and the peer
/// has settled, so a source sees the platform's state each step leads to.
public protocol StepSource: AnyObject {
  /// The next step to play, given the platform's state and time now; nil ends the session.
  /// - Throws: ``SessionStop`` to end the session as a failure (an invariant that broke).
  func nextStep(in state: UIState, at time: Double, runner: ScriptRunner) throws(SessionStop) -> EventScript.Step?
}

/// An ``EventScript``'s steps, in order.
public final class ScriptSteps: StepSource {
  private let steps: [EventScript.Step]
  private var next = 0

  public init(_ script: EventScript) {
    steps = script.steps
  }

  public func nextStep(in state: UIState, at time: Double, runner: ScriptRunner) throws(SessionStop) -> EventScript.Step? {
    guard next < steps.count else { return nil }
    defer { next += 1 }
    return steps[next]
  }
}
