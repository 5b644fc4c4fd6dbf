import CommandCodec
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
  }

  func shrink(_ steps: [EventScript.Step], failure: FuzzFailure) -> Result {
    let start = Monotonic.now()
    let deadline = start + budget * 1000
    var runs = 0
    func failsTheSameWay(_ candidate: [EventScript.Step]) -> Bool {
      guard Monotonic.now() < deadline else { return false }
      runs += 1
      return target.replay(Self.renumbered(candidate), recordingTo: scratch).failure?.kind == kind
    }
    // ddmin keeps the smallest candidate that failed; past the deadline nothing more fails.
    let minimal = DeltaDebugging.minimize(steps, fails: failsTheSameWay)
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
          if failsTheSameWay(candidate) {
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
        if failsTheSameWay(candidate) {
          current = candidate
          text = shorter
        }
        if text.count > 1 && (shorter.isEmpty ? true : shorter == text) { candidates.append(String(text.prefix(text.count / 2))) }
      }
    }
    // Earlier times: every step 100 ms after the one before, waits kept as long as they were.
    let compressed = Self.compressedTimes(current)
    if compressed.map(\.time) != current.map(\.time) && failsTheSameWay(compressed) { current = compressed }
    // The failure as the final script shows it (its place may be an earlier step than at first).
    let final = Self.renumbered(current)
    let session = target.replay(final, recordingTo: scratch)
    runs += 1
    let failure = session.failure.flatMap { $0.kind == kind ? $0 : nil } ?? failure
    return Result(steps: final, failure: failure, runs: runs, seconds: (Monotonic.now() - start) / 1000, exhausted: Monotonic.now() >= deadline || minimal.exhausted)
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
