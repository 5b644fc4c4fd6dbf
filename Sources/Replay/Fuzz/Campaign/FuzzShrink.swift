import CommandCodec
import ReplayCore
import ReplayLive

/// Shrinks a script someone already has (a long session that crashes the engine, a recording's
/// script) to the smallest one that fails the same way, as a campaign shrinks what it finds.
public enum FuzzShrink {
  /// The script stopped before its end without the engine failing (a selector matched nothing, a
  /// step would run the clock past its limit): it neither fails nor passes, so there is nothing to
  /// shrink and no verdict to give.
  public struct Unplayable: Error, Sendable, CustomStringConvertible {
    /// Why the script stopped: the script runner's message, naming the step.
    public var description: String
  }

  /// Plays `script` against the target; when it fails, shrinks it and keeps the result in
  /// `output` as a campaign would (`failures/SLUG/`).
  ///
  /// - Parameter seconds: how long shrinking may take.
  /// - Returns: the failure kept, or nil when the script does not fail (or a signal stopped its
  ///   first run: ``SignalTrap/caught`` says so).
  /// - Throws: ``FuzzCampaign/SetupError`` when the engine fails before its first record (no step
  ///   played: nothing to shrink), or when the output folder cannot be written.
  public static func shrink(_ script: EventScript, target: FuzzTarget, output folder: String, seconds: Double) throws -> FuzzCampaign.Found? {
    let output = FuzzOutput(folder: folder)
    try output.prepare()
    defer { output.cleanUp() }
    let steps = FailureShrinker.renumbered(script.steps)
    let original = output.work("original.jsonl")
    let session = target.replay(steps, recordingTo: original)
    if session.outcome.interruption != nil { return nil }
    if let failure = session.outcome.startFailure {
      throw FuzzCampaign.SetupError(description: target.secrets.scrub(failure), engineSaid: target.secrets.scrub(session.outcome.engineSaid))
    }
    guard let failure = session.failure else {
      // "Does not fail" only for a script that was played to its end.
      if session.outcome.stop?.kind == .scriptFailed { throw Unplayable(description: session.outcome.problem ?? "the script stopped before its end") }
      return nil
    }
    let shrinker = FailureShrinker(target: target, kind: failure.kind, scratch: output.work("shrink.jsonl"), budget: seconds)
    let minimal = shrinker.shrink(steps, failure: failure, recordedIn: original)
    return try output.keep(minimal, originalSteps: steps.count, run: -1, target: target)
  }
}
