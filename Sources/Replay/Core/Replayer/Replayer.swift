import CommandCodec

/// Replays a trace through the ``ReferenceModel`` up to a ``ReplayPoint``.
///
/// ```swift
/// let reader = try TraceFileReader(path: "traces/login.jsonl")
/// let result = try Replayer.replay(reader, to: .time(6_500))
/// print(StateTreeRenderer.render(result.state))
/// ```
///
/// - Complexity: O(n) in the records up to the point; memory is bounded by the live state, not by
///   the trace's length (records stream from the file).
public enum Replayer {
  /// What a replay produced.
  public struct Result: Sendable {
    public var header: TraceHeader
    /// The model after the replay: its state, diagnostics and emissions.
    public var model: ReferenceModel
    /// The number of records applied.
    public var recordsApplied: Int
    /// The number of records in the trace, when the replay read them all.
    public var recordsInTrace: Int?
    /// The first error diagnostic, when strict mode stopped there.
    public var stoppedAt: Diagnostic?

    public var state: UIState { model.state }
  }

  /// Why a replay could not reach its point.
  public enum Failure: Error, CustomStringConvertible {
    case unreadable(TraceFileError)
    case pointBeyondEnd(ReplayPoint, recordCount: Int)
    /// The trace asks the clock for more timer firings than it runs (docs/PROTOCOL.md §2.1).
    case clockOverrun(path: String, ClockOverrun)

    public var description: String {
      switch self {
      case .unreadable(let error): return error.description
      case .clockOverrun(let path, let overrun): return (path.isEmpty ? "" : "\(path): ") + overrun.description
      case .pointBeyondEnd(let point, let count):
        return "\(point) is past the end: the trace has \(count) record\(count == 1 ? "" : "s")\(count > 0 ? " (#0–#\(count - 1))" : "")"
      }
    }
  }

  /// Replays the records of `reader` up to `point`.
  ///
  /// - Parameters:
  ///   - strict: stop after the first record that caused an error diagnostic.
  public static func replay(_ reader: TraceFileReader, to point: ReplayPoint = .end, strict: Bool = false, options: ReferenceModel.Options = .init()) throws(Failure) -> Result {
    let header: TraceHeader
    do {
      header = try reader.readHeader()
    } catch {
      throw .unreadable(error)
    }
    var handler = ModelFeeder(model: ReferenceModel(header: header, options: options, widgets: reader.widgets), point: point, strict: strict)
    let readAll: Bool
    do {
      readAll = try reader.read(into: &handler)
    } catch {
      throw .unreadable(error)
    }
    var model = handler.model
    let applied = handler.applied
    if let overrun = model.clockOverrun { throw .clockOverrun(path: reader.path, overrun) }
    if case .record(let last) = point, applied <= last, handler.stoppedAt == nil {
      throw .pointBeyondEnd(point, recordCount: applied)
    }
    if case .time(let limit) = point, handler.stoppedAt == nil { model.advance(to: limit) }
    if let overrun = model.clockOverrun { throw .clockOverrun(path: reader.path, overrun) }
    return Result(header: header, model: model, recordsApplied: applied, recordsInTrace: readAll ? applied : nil, stoppedAt: handler.stoppedAt)
  }

  /// Feeds decoded records to a model until the replay point.
  struct ModelFeeder: TraceRecordHandler {
    var model: ReferenceModel
    let point: ReplayPoint
    let strict: Bool
    /// Records applied so far (the index of the next record).
    var applied = 0
    var stoppedAt: Diagnostic?
    /// When set, stop after every this many records (for keyframes); the point still applies.
    var pauseEvery: Int? = nil
    /// Whether the last stop was such a pause rather than the point.
    var paused = false

    /// Whether a record at `time` comes after the point (and must not be applied).
    @inline(__always)
    private func isPastPoint(_ time: Double) -> Bool {
      switch point {
      case .end: return false
      case .record(let last): return applied > last
      case .time(let limit): return time > limit
      }
    }

    /// After applying a record: false when the replay is done.
    @inline(__always)
    private mutating func proceed() -> Bool {
      applied += 1
      paused = false
      if model.clockOverrun != nil { return false }
      if strict && model.errorCount > 0 {
        stoppedAt = model.firstError
        return false
      }
      if case .record(let last) = point, applied > last { return false }
      if let pauseEvery, applied % pauseEvery == 0 {
        paused = true
        return false
      }
      return true
    }

    mutating func handleBatch(_ commands: [Command], at time: Double) -> Bool {
      paused = false
      if isPastPoint(time) { return false }
      model.applyBatch(commands, at: time, index: applied)
      return proceed()
    }

    mutating func handle(_ record: TraceRecord) -> Bool {
      paused = false
      if isPastPoint(record.time) { return false }
      model.apply(record, index: applied)
      return proceed()
    }
  }

  /// Replays in-memory records up to `point` (for tests and tools that hold a trace already).
  ///
  /// - Throws: ``Failure/pointBeyondEnd(_:recordCount:)`` for a record past the last,
  ///   ``Failure/clockOverrun(path:_:)`` for a clock that would run without end.
  public static func replay(_ records: [TraceRecord], header: TraceHeader = TraceHeader(), to point: ReplayPoint = .end, options: ReferenceModel.Options = .init(), widgets: WidgetSchema? = nil) throws(Failure) -> ReferenceModel {
    if case .record(let last) = point, last >= records.count {
      throw .pointBeyondEnd(point, recordCount: records.count)
    }
    var model = ReferenceModel(header: header, options: options, widgets: widgets)
    for (index, record) in records.enumerated() {
      if case .record(let last) = point, index > last { break }
      if case .time(let limit) = point, record.time > limit { break }
      model.apply(record, index: index)
      if let overrun = model.clockOverrun { throw .clockOverrun(path: "", overrun) }
    }
    if case .time(let limit) = point { model.advance(to: limit) }
    if let overrun = model.clockOverrun { throw .clockOverrun(path: "", overrun) }
    return model
  }
}
