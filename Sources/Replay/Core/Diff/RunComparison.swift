import CommandCodec

/// Two runs replayed side by side: the first point after which their states differ, the
/// difference at the end, and the difference in what their platforms sent on their own.
///
/// ```swift
/// let comparison = try RunComparison(try TraceFileReader(path: "a.jsonl"), try TraceFileReader(path: "b.jsonl"))
/// if let divergence = comparison.divergence { print(divergence.recordA, divergence.diff.renderText()) }
/// ```
///
/// - Complexity: O(n + m) records, and after each step only the elements that step touched are
///   compared (the states were equal before it), until the first divergence.
public struct RunComparison: Sendable {
  /// How the two runs are stepped together.
  public enum Alignment: String, CaseIterable, Sendable {
    /// Record #i of one run with record #i of the other.
    case record
    /// Everything up to the same time in both runs (records at equal times together).
    case time
    /// Everything up to each script step (the `script` markers a recording holds, in order) in
    /// both runs, whatever the records and times in between: for runs on the wall clock, whose
    /// records and times are never the same twice. Where a timer tick or a toast's expiry falls
    /// within the tolerance of a step, the runs are compared where both have seen the same ones
    /// (``WallClockCuts``, docs/WIRE.md §10). Reads both traces twice: files only, not `-`.
    case steps
  }

  /// Where the runs first differ.
  public struct Divergence: Sendable {
    /// The last record applied in each run when the difference appeared (nil: none yet).
    public var recordA: Int?
    public var recordB: Int?
    /// The time of each run at that point.
    public var timeA: Double
    public var timeB: Double
    /// The whole difference at that point.
    public var diff: StateDiff
    /// Each run's state at that point (what a visual diff draws).
    public var stateA: UIState
    public var stateB: UIState
    /// The records just before it (and the one that made the difference), with their indices.
    public var recentA: [(index: Int, record: TraceRecord)]
    public var recentB: [(index: Int, record: TraceRecord)]
  }

  /// Nil when the runs never differ (after the ignore rules).
  public private(set) var divergence: Divergence?
  /// The difference between the states at the end (or at the replay point).
  public private(set) var final: StateDiff
  /// The difference between the platforms' own events.
  public private(set) var events: EventsDiff
  /// The indices of the ignore rules' patterns that left out a difference anywhere in the run.
  public private(set) var matchedPatterns: Set<Int> = []
  /// The two models at the end.
  public private(set) var modelA: ReferenceModel
  public private(set) var modelB: ReferenceModel

  /// Whether the runs are the same (states, divergence and events).
  public var isEqual: Bool { divergence == nil && final.isEmpty && events.isEmpty }

  /// Replays both traces up to `point` in lockstep.
  ///
  /// - Parameter timeTolerance: milliseconds by which moments in the states and the times of the
  ///   platforms' events may differ (see ``StateDiff/init(from:to:ignoring:timeTolerance:)``).
  public init(_ readerA: TraceFileReader, _ readerB: TraceFileReader, alignment: Alignment = .record, to point: ReplayPoint = .end, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), timeTolerance: Double = 0, recentCount: Int = 3) throws(Replayer.Failure) {
    var a = try Side(readerA, point: point)
    var b = try Side(readerB, point: point)
    var divergence: Divergence? = nil
    // A difference before any record (the headers' preferences) is there from the start.
    let initial = StateDiff(from: a.model.state, to: b.model.state, ignoring: rules, timeTolerance: timeTolerance)
    if !initial.isEmpty {
      divergence = Divergence(recordA: nil, recordB: nil, timeA: a.model.state.time, timeB: b.model.state.time, diff: initial, stateA: a.model.state, stateB: b.model.state, recentA: [], recentB: [])
    }
    var matched = initial.matchedPatterns
    /// Compares the states after a step of both runs (they were equal before it).
    /// After the divergence, states are still compared while ignore patterns are given, only to
    /// learn which patterns leave something out (a pattern that matches nothing is reported).
    func compare(_ a: inout Side, _ b: inout Side, requestsBefore: (Int, Int)) {
      guard divergence == nil || !rules.isEmpty else { return }
      let touched = a.model.takeTouched().union(b.model.takeTouched())
      let newRequests = max(a.model.requestsLogged - requestsBefore.0, b.model.requestsLogged - requestsBefore.1)
      let quick = StateDiff(from: a.model.state, to: b.model.state, ignoring: rules, onlyElements: touched, newRequests: newRequests, timeTolerance: timeTolerance)
      matched.formUnion(quick.matchedPatterns)
      if !quick.isEmpty && divergence == nil {
        divergence = Divergence(
          recordA: a.applied > 0 ? a.applied - 1 : nil, recordB: b.applied > 0 ? b.applied - 1 : nil,
          timeA: a.model.state.time, timeB: b.model.state.time,
          diff: StateDiff(from: a.model.state, to: b.model.state, ignoring: rules, timeTolerance: timeTolerance),
          stateA: a.model.state, stateB: b.model.state, recentA: a.recent, recentB: b.recent)
      }
    }
    if alignment == .steps {
      let cuts = WallClockCuts(try RunTimeline(path: readerA.path, widgets: readerA.widgets), try RunTimeline(path: readerB.path, widgets: readerB.widgets))
      for point in cuts.points {
        let requestsBefore = (a.model.requestsLogged, b.model.requestsLogged)
        try a.step(upTo: point.a, recentCount)
        try b.step(upTo: point.b, recentCount)
        compare(&a, &b, requestsBefore: requestsBefore)
      }
    }
    while alignment != .steps && (a.next != nil || b.next != nil) {
      let requestsBefore = (a.model.requestsLogged, b.model.requestsLogged)
      if alignment == .record {
        try a.step(recentCount)
        try b.step(recentCount)
      } else {
        let time = min(a.next?.time ?? .infinity, b.next?.time ?? .infinity)
        try a.step(through: time, recentCount)
        try b.step(through: time, recentCount)
        try a.advance(to: max(time, a.model.state.time))
        try b.advance(to: max(time, b.model.state.time))
      }
      compare(&a, &b, requestsBefore: requestsBefore)
    }
    if case .time(let limit) = point {
      try a.advance(to: limit)
      try b.advance(to: limit)
    }
    final = StateDiff(from: a.model.state, to: b.model.state, ignoring: rules, timeTolerance: timeTolerance)
    if divergence == nil && !final.isEmpty {
      // A difference the clock made after the last record (a toast expiring at different times).
      divergence = Divergence(recordA: a.applied > 0 ? a.applied - 1 : nil, recordB: b.applied > 0 ? b.applied - 1 : nil, timeA: a.model.state.time, timeB: b.model.state.time, diff: final, stateA: a.model.state, stateB: b.model.state, recentA: a.recent, recentB: b.recent)
    }
    self.divergence = divergence
    modelA = a.model
    modelB = b.model
    if alignment == .steps {
      // The states were compared at the last point; the platform's own events over the whole
      // runs (records past the last point are what one run's clock did at its very end).
      try a.step(upTo: .max, recentCount)
      try b.step(upTo: .max, recentCount)
    }
    events = EventsDiff(a.model.emissions, b.model.emissions, ignoring: rules, timeTolerance: timeTolerance, ends: alignment == .steps ? (a.model.state.time, b.model.state.time) : nil)
    matchedPatterns = matched.union(final.matchedPatterns).union(events.matchedPatterns).union(divergence?.diff.matchedPatterns ?? [])
  }

  /// One run being stepped.
  struct Side {
    let reader: TraceFileReader
    let point: ReplayPoint
    var model: ReferenceModel
    var next: TraceRecord?
    var applied = 0
    var recent: [(index: Int, record: TraceRecord)] = []

    init(_ reader: TraceFileReader, point: ReplayPoint) throws(Replayer.Failure) {
      self.reader = reader
      self.point = point
      do {
        model = ReferenceModel(header: try reader.readHeader(), options: .init(tracksTouched: true), widgets: reader.widgets)
        next = try reader.next()
      } catch {
        throw .unreadable(error)
      }
      if !within(next) { next = nil }
    }

    func within(_ record: TraceRecord?) -> Bool {
      guard let record else { return false }
      switch point {
      case .end: return true
      case .record(let last): return applied <= last
      case .time(let limit): return record.time <= limit
      }
    }

    /// Runs the model's clock to `time`.
    /// - Throws: ``Replayer/Failure/clockOverrun(path:_:)`` when it stops (docs/PROTOCOL.md §2.1).
    mutating func advance(to time: Double) throws(Replayer.Failure) {
      model.advance(to: time)
      if let overrun = model.clockOverrun { throw .clockOverrun(path: reader.path, overrun) }
    }

    mutating func step(_ keep: Int) throws(Replayer.Failure) {
      guard let record = next else { return }
      model.apply(record, index: applied)
      if let overrun = model.clockOverrun { throw .clockOverrun(path: reader.path, overrun) }
      recent.append((applied, record))
      if recent.count > keep { recent.removeFirst() }
      applied += 1
      do {
        next = try reader.next()
      } catch {
        throw .unreadable(error)
      }
      if !within(next) { next = nil }
    }

    mutating func step(through time: Double, _ keep: Int) throws(Replayer.Failure) {
      while let record = next, record.time <= time { try step(keep) }
    }

    /// Applies records until `count` are applied (or the run ends).
    mutating func step(upTo count: Int, _ keep: Int) throws(Replayer.Failure) {
      while next != nil && applied < count { try step(keep) }
    }
  }
}
