import CommandCodec
import ReplayCore
import ReplayLive

/// Fixed steps played with a ``FailureCheck`` between them: how a failing script is run again
/// (to shrink it, or to reproduce it) so that a broken rule or invariant is found as it was.
public final class CheckedSteps: StepSource {
  private let steps: [EventScript.Step]
  private let check: FailureCheck
  private var next = 0
  private var diagnosticsSeen = 0
  /// The rule or invariant failure found, if one was.
  public private(set) var failure: FuzzFailure?

  /// The last step handed to the runner.
  public var lastPlayed: EventScript.Step? { next > 0 ? steps[next - 1] : nil }

  public init(_ steps: [EventScript.Step], check: FailureCheck) {
    self.steps = steps
    self.check = check
  }

  public func nextStep(in state: UIState, at time: Double, runner: ScriptRunner) throws(SessionStop) -> EventScript.Step? {
    let place = lastPlayed?.place ?? "at the start"
    if let found = check.failure(in: runner.model, seen: &diagnosticsSeen, place: place) {
      failure = found
      try runner.note(TraceRecord(time: time, .marker(label: "fuzz-failure", detail: found.description + ": " + found.detail)))
      return nil
    }
    guard next < steps.count else { return nil }
    defer { next += 1 }
    return steps[next]
  }
}
