import CommandCodec
import Foundation
import ReplayCore
import ReplayLive

/// Shrinks a failing run to a minimal script that fails *the same way* (the same
/// ``FuzzFailure/Kind``: the same exit status or signal, the same rule, the same invariant),
/// re-running the engine for every candidate: delta debugging over the steps, then simpler
/// values in what remains (shorter typed texts, earlier times).
struct FailureShrinker {
  let target: FuzzTarget
  let kind: FuzzFailure.Kind
  /// Where candidates are recorded (overwritten each time).
  let scratch: String
  /// Seconds the shrinking may take; when they run out the best script so far is kept.
  let budget: Double

  /// What shrinking gave.
  struct Result {
    var steps: [EventScript.Step]
    /// The failure as the minimal script shows it.
    var failure: FuzzFailure
    /// Engine runs it took.
    var runs: Int
    var seconds: Double
    /// Whether the budget ran out first.
    var exhausted: Bool
    /// Whether a signal stopped the shrinking: the steps are the smallest that failed the same
    /// way before it, merely smaller than the original (perhaps the original).
    var interrupted: Bool
    /// The recording of `steps`' run.
    var recording: String
  }

  /// Why shrinking stops before its end: the budget ran out, or a signal came.
  private struct Stop: Error {}

  /// Shrinks `steps`, whose run failed with `failure` and was recorded in `original`.
  func shrink(_ steps: [EventScript.Step], failure: FuzzFailure, recordedIn original: String) -> Result {
    let start = Monotonic.now()
    let deadline = start + budget * 1000
    var runs = 0
    // The smallest candidate that failed the same way so far, and its recording: what is kept
    // when the budget runs out or a signal comes.
    var best = steps
    let bestCopy = scratch + ".best"
    var bestRecording = original
    func failsTheSameWay(_ candidate: [EventScript.Step]) throws -> Bool {
      // No candidate runs after a signal (its run would be cut short), nor past the deadline; the
      // search stops there rather than trying every candidate in vain.
      guard Monotonic.now() < deadline, SignalTrap.caught == nil else { throw Stop() }
      runs += 1
      let session = target.replay(Self.renumbered(candidate), recordingTo: scratch)
      if session.outcome.interruption != nil { throw Stop() }
      guard session.failure?.kind == kind else { return false }
      best = candidate
      if let bytes = try? FileDescriptor.readWholeFile(at: scratch), (try? AtomicFile.write(bytes, to: bestCopy)) != nil { bestRecording = bestCopy }
      return true
    }
    var exhausted = false
    do {
      try shrink(steps, failsTheSameWay, exhausted: &exhausted)
    } catch {
      exhausted = SignalTrap.caught == nil
    }
    // The failure as the final script shows it (its place may be an earlier step than at first).
    let final = Self.renumbered(best)
    let seconds = { (Monotonic.now() - start) / 1000 }
    if SignalTrap.caught != nil {
      return Result(steps: final, failure: failure, runs: runs, seconds: seconds(), exhausted: false, interrupted: true, recording: bestRecording)
    }
    let session = target.replay(final, recordingTo: scratch)
    runs += 1
    let shown = session.failure.flatMap { $0.kind == kind ? $0 : nil }
    return Result(
      steps: final, failure: shown ?? failure, runs: runs, seconds: seconds(), exhausted: exhausted,
      interrupted: session.outcome.interruption != nil, recording: shown == nil ? bestRecording : scratch)
  }

  /// The search: each candidate that fails the same way becomes the best so far (in the
  /// predicate), so a search stopped by ``Stop`` has lost nothing.
  private func shrink(_ steps: [EventScript.Step], _ failsTheSameWay: ([EventScript.Step]) throws -> Bool, exhausted: inout Bool) throws {
    let minimal = try DeltaDebugging.minimize(steps, fails: failsTheSameWay)
    exhausted = minimal.exhausted
    var current = minimal.items
    // ddmin's result is 1-minimal; steps that only matter together (open a dialog and close it,
    // go back and log in again) go in runs: try removing every run of 2 to 4 adjacent steps.
    var removedSome = true
    while removedSome {
      removedSome = false
      windows: for size in 2...4 where size < current.count {
        for start in 0...(current.count - size) {
          var candidate = current
          candidate.removeSubrange(start..<(start + size))
          if try failsTheSameWay(candidate) {
            current = candidate
            removedSome = true
            break windows
          }
        }
      }
    }
    // Simpler values, one step at a time: a typed text emptied, else halved while the failure
    // stays the same.
    for index in current.indices {
      guard case .type(let selector, var text) = current[index].action, !text.isEmpty else { continue }
      var candidates = [""]
      while let shorter = candidates.popLast() {
        var candidate = current
        candidate[index] = Self.retyped(candidate[index], selector: selector, text: shorter)
        if try failsTheSameWay(candidate) {
          current = candidate
          text = shorter
        }
        if text.count > 1 && (shorter.isEmpty ? true : shorter == text) { candidates.append(String(text.prefix(text.count / 2))) }
      }
    }
    // Earlier times: every step 100 ms after the one before, waits kept as long as they were.
    let compressed = Self.compressedTimes(current)
    if compressed.map(\.time) != current.map(\.time) { _ = try failsTheSameWay(compressed) }
  }

  /// The steps with lines 1…n and sources that say their times.
  static func renumbered(_ steps: [EventScript.Step]) -> [EventScript.Step] {
    steps.enumerated().map { index, step in
      EventScript.Step(time: step.time, action: step.action, source: source(of: step, at: step.time), line: index + 1)
    }
  }

  /// `step`'s source with `t` set to `time`.
  static func source(of step: EventScript.Step, at time: Double) -> String {
    guard case .object(var members)? = try? JSONValue.parse(step.source) else { return step.source }
    members["t"] = .number(time)
    return JSONValue.object(members).canonicalText
  }

  /// A typing step with another text.
  static func retyped(_ step: EventScript.Step, selector: ElementSelector, text: String) -> EventScript.Step {
    var members: [String: JSONValue] = ["t": .number(step.time), "type": .string(selector.description), "text": .string(text)]
    if case .object(let original)? = try? JSONValue.parse(step.source), let target = original["type"] { members["type"] = target }
    return EventScript.Step(time: step.time, action: .type(selector, text: text), source: JSONValue.object(members).canonicalText, line: step.line)
  }

  /// The steps 100 ms apart, waits (markers "wait") keeping the pause before them.
  static func compressedTimes(_ steps: [EventScript.Step]) -> [EventScript.Step] {
    var time: Double = 0
    var previous: Double = 0
    return steps.map { step in
      let pause = step.time - previous
      previous = step.time
      if case .marker("wait") = step.action { time += pause } else { time += 100 }
      return EventScript.Step(time: time, action: step.action, source: source(of: step, at: time), line: step.line)
    }
  }
}
