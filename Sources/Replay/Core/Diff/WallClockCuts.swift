import CommandCodec

/// Where two runs on the wall clock are compared (docs/WIRE.md §10): at each script step and at
/// the end, each run's state is taken at a point where both engines have had the same inputs
/// (steps, and the ticks of the platform's timers) and have answered them, so that a tick that
/// lands just before a step in one run and just after it in the other makes no difference.
///
/// The point for a step is just before its `script` marker, unless the engines have not had the
/// same inputs there, or the last one is a tick that the next input followed within the
/// recording's settle time (its answer may still have been on its way): then it is the latest
/// point before that where they have, never before the previous point. What a point moves over is
/// compared at a later one, where both runs have had it. The end is after the last record, or
/// likewise before a tick that one engine got and the other never did (its session ended first),
/// and the steps after it. When the runs had no same inputs since the previous point (a timer one
/// run has and the other has not), or one played steps the other did not, they are compared just
/// before the step, or at their ends, where the difference shows. Moments are compared within the
/// tolerance wherever the states are (a timer's start, a toast's expiry), so a timer whose ticks
/// come at other times differs however the points fall.
public struct WallClockCuts: Sendable {
  /// A place in both runs: the records each has applied.
  public struct Point: Sendable, Equatable {
    public var a: Int
    public var b: Int
  }

  /// For each step either run played, then the end: the records each run applies before it.
  public private(set) var points: [Point] = []

  /// The points of the recordings at `pathA` and `pathB`, read with `widgets` (nil: the schema
  /// each header names, found beside it).
  public init(_ pathA: String, _ pathB: String, widgets: WidgetSchema? = nil) throws(Replayer.Failure) {
    self.init(try RunTimeline(path: pathA, widgets: widgets), try RunTimeline(path: pathB, widgets: widgets))
  }

  init(_ a: RunTimeline, _ b: RunTimeline) {
    // consistent[k]: the first k inputs of both runs are the same ones, in whatever order.
    var consistent = [true]
    var balance: [RunTimeline.Input: Int] = [:]
    for k in 0..<min(a.entries.count, b.entries.count) {
      for (input, change) in [(a.entries[k].input, 1), (b.entries[k].input, -1)] {
        let count = balance[input, default: 0] + change
        balance[input] = count == 0 ? nil : count
      }
      consistent.append(balance.isEmpty)
    }
    let steps = max(a.stepPositions.count, b.stepPositions.count)
    // The previous point, as positions in each run's inputs: points never go back.
    var floor = (a: 0, b: 0)
    for number in 0..<steps {
      // Step `number`'s marker, or the end for a run that stopped early.
      let pa = number < a.stepPositions.count ? a.stepPositions[number] : a.entries.count
      let pb = number < b.stepPositions.count ? b.stepPositions[number] : b.entries.count
      let k = Self.shared(a, b, before: pa, pb, floor: max(floor.a, floor.b), consistent: consistent)
      floor = k.map { ($0, $0) } ?? (pa, pb)
      points.append(Point(a: a.records(before: floor.a), b: b.records(before: floor.b)))
    }
    // The end: after the last record, or where both engines had the same inputs; a run that
    // played steps the other did not is compared whole.
    let k = a.stepPositions.count == b.stepPositions.count ? Self.shared(a, b, before: a.entries.count, b.entries.count, floor: max(floor.a, floor.b), consistent: consistent) : nil
    points.append(Point(a: a.records(before: k ?? a.entries.count), b: b.records(before: k ?? b.entries.count)))
  }

  /// The number of inputs both runs have had at the point for the step at positions `pa` and
  /// `pb` (the end at the inputs' counts), nil when there is no such point.
  private static func shared(_ a: RunTimeline, _ b: RunTimeline, before pa: Int, _ pb: Int, floor: Int, consistent: [Bool]) -> Int? {
    var unsettled: Int?
    for k in stride(from: min(pa, pb), through: floor, by: -1) where consistent[k] && a.separates(k) && b.separates(k) {
      if a.settled(at: k) && b.settled(at: k) { return k }
      if unsettled == nil { unsettled = k }
    }
    return unsettled
  }
}

extension RunTimeline {
  /// Whether a state taken before input `k` can hold the first `k` inputs and none of the rest.
  fileprivate func separates(_ k: Int) -> Bool {
    k == 0 || k == entries.count || entries[k - 1].record < entries[k].record
  }

  /// Whether the engine is done with input `k - 1` by input `k`: a step is waited for (the
  /// recorder lets the engine settle), and at the end the recorder reads the engine's output to
  /// its end; a tick's answer may still be on its way when the next input followed it within the
  /// settle time.
  fileprivate func settled(at k: Int) -> Bool {
    guard k > 0, k < entries.count else { return true }
    let last = entries[k - 1]
    return last.input.isStep || entries[k].time - last.time >= settle
  }
}
