import CommandCodec

/// The state of one trace at many points, fast: one pass records keyframes (the model and the
/// reader's position in the file), and each query replays only from the nearest keyframe.
///
/// ```swift
/// let travel = try TimeTravel(path: "session.cmdtrace")   // O(n): one full replay
/// let late = try travel.model(at: .record(9_999_000))     // O(n / keyframes)
/// let early = try travel.model(at: .time(12_500))
/// ```
///
/// - Complexity: building is one replay of the trace, O(n), plus a copy of the state per
///   keyframe; a query is O(n / k) for k keyframes (records are re-read from the file from the
///   keyframe on, nothing before it). Memory is k copies of the state: keyframes are spaced
///   evenly and thinned as the trace grows, so there are at most `2 × keyframeCount` of them
///   however long the trace is.
public final class TimeTravel {
  /// A place to restart from: the model after `recordsApplied` records and the reader there.
  public struct Keyframe: Sendable {
    /// Records applied before this keyframe (the index of the next record).
    public let recordsApplied: Int
    /// The time of the last record applied (0 before the first).
    public let time: Double
    let model: ReferenceModel
    /// Nil for the start of the trace (read from the top).
    let checkpoint: TraceFileReader.Checkpoint?
  }

  /// The trace file.
  public let path: String
  /// Its header.
  public let header: TraceHeader
  /// The widget schema the trace is read with (given, or found beside it).
  public let widgets: WidgetSchema?
  /// The keyframes, in trace order.
  public private(set) var keyframes: [Keyframe] = []
  /// The number of records read: the trace's, or as many as ``init(path:keyframeCount:firstSpacing:options:widgets:recordLimit:)``
  /// and ``extend(to:)`` were told the file holds. Walks never read past them.
  public private(set) var recordCount = 0
  /// The time of the last record read (0 before the first).
  public private(set) var lastTime: Double = 0
  private let options: ReferenceModel.Options
  private let keyframeCount: Int
  private var spacing: Int
  /// Where reading stopped, to go on from there (``extend(to:)``); nil when the reader could not
  /// say, and then the last keyframe is the place.
  private var tail: Keyframe?

  /// Replays `path` once, keeping about `keyframeCount` evenly spaced keyframes, the first
  /// `firstSpacing` records apart (the spacing doubles as the trace turns out longer).
  ///
  /// - Parameter recordLimit: read only this many records: a file still being written (a live
  ///   session's recording) holds them whole, and whatever follows may be half written.
  ///   ``extend(to:)`` reads on as it grows.
  /// - Throws: ``Replayer/Failure`` when the trace cannot be read to its end: time travel needs
  ///   the whole trace (`cmdtool replay --at` replays whatever is readable up to the point).
  public init(path: String, keyframeCount: Int = 16, firstSpacing: Int = 1024, options: ReferenceModel.Options = .init(recordEmissions: false), widgets: WidgetSchema? = nil, recordLimit: Int? = nil) throws(Replayer.Failure) {
    self.path = path
    self.options = options
    self.keyframeCount = max(keyframeCount, 1)
    spacing = max(firstSpacing, 1)
    let reader: TraceFileReader
    do {
      reader = try TraceFileReader(path: path, widgets: widgets)
      header = try reader.readHeader()
    } catch {
      throw .unreadable(error)
    }
    self.widgets = reader.widgets
    let start = ReferenceModel(header: header, options: options, widgets: reader.widgets)
    keyframes.append(Keyframe(recordsApplied: 0, time: 0, model: start, checkpoint: nil))
    try read(reader, from: keyframes[0], limit: recordLimit)
  }

  /// Reads on as the file grew: the records after ``recordCount``, up to `count` in all (a live
  /// session's recording, flushed that far). Keyframes are added and thinned as in one replay.
  ///
  /// - Complexity: O(new records), read from where the last reading stopped.
  /// - Throws: ``Replayer/Failure`` when the file cannot be read that far.
  public func extend(to count: Int) throws(Replayer.Failure) {
    guard count > recordCount else { return }
    let from = tail ?? keyframes.last!
    try read(try reader(at: from), from: from, limit: count)
  }

  /// Applies the records after `keyframe` (whose reader `reader` is) up to `limit` records in
  /// all (nil: the end of the file), adding a keyframe every `spacing` records.
  private func read(_ reader: TraceFileReader, from keyframe: Keyframe, limit: Int?) throws(Replayer.Failure) {
    // Nothing to read (a feeder stopped before its first record would have taken it from the reader).
    if let limit, limit <= keyframe.recordsApplied { return }
    let point: ReplayPoint = limit.map { .record($0 - 1) } ?? .end
    var feeder = Replayer.ModelFeeder(model: keyframe.model, point: point, strict: false)
    feeder.applied = keyframe.recordsApplied
    feeder.pauseEvery = spacing
    var recorder = TimeRecorder(inner: feeder, lastTime: keyframe.time)
    while true {
      let finished: Bool
      do {
        finished = try reader.read(into: &recorder)
      } catch {
        throw .unreadable(error)
      }
      if finished || !recorder.inner.paused { break }
      if let checkpoint = reader.checkpoint(), recorder.inner.applied > keyframes.last!.recordsApplied {
        keyframes.append(Keyframe(recordsApplied: recorder.inner.applied, time: recorder.lastTime, model: recorder.inner.model, checkpoint: checkpoint))
      }
      if keyframes.count > 2 * keyframeCount {
        // Keep every other keyframe and space the next ones twice as far apart.
        keyframes = keyframes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        spacing *= 2
        recorder.inner.pauseEvery = spacing
      }
    }
    if let overrun = recorder.inner.model.clockOverrun { throw .clockOverrun(path: path, overrun) }
    recordCount = recorder.inner.applied
    lastTime = recorder.lastTime
    let checkpoint = reader.checkpoint()
    tail = checkpoint == nil && recordCount > 0 ? nil : Keyframe(recordsApplied: recordCount, time: lastTime, model: recorder.inner.model, checkpoint: checkpoint)
  }

  /// The model at `point`, replayed from the nearest keyframe before it.
  ///
  /// - Throws: ``Replayer/Failure/pointBeyondEnd(_:recordCount:)`` for a record past the end.
  public func model(at point: ReplayPoint) throws(Replayer.Failure) -> ReferenceModel {
    if case .record(let index) = point, index >= recordCount {
      throw .pointBeyondEnd(point, recordCount: recordCount)
    }
    let keyframe = self.keyframe(for: point)
    if case .record(let index) = point, keyframe.recordsApplied == index + 1 { return keyframe.model }
    let reader = try self.reader(at: keyframe)
    var feeder = Replayer.ModelFeeder(model: keyframe.model, point: point, strict: false)
    feeder.applied = keyframe.recordsApplied
    do {
      _ = try reader.read(into: &feeder)
    } catch {
      throw .unreadable(error)
    }
    var model = feeder.model
    if case .time(let limit) = point { model.advance(to: limit) }
    if let overrun = model.clockOverrun { throw .clockOverrun(path: path, overrun) }
    return model
  }

  /// A reader of the trace whose next record is the first after `keyframe`.
  func reader(at keyframe: Keyframe) throws(Replayer.Failure) -> TraceFileReader {
    do {
      if let checkpoint = keyframe.checkpoint { return try TraceFileReader(path: path, resumingFrom: checkpoint) }
      let reader = try TraceFileReader(path: path, widgets: widgets)
      _ = try reader.readHeader()
      return reader
    } catch {
      throw .unreadable(error)
    }
  }

  /// The latest keyframe at or before `point`.
  func keyframe(for point: ReplayPoint) -> Keyframe {
    switch point {
    case .end: return keyframes.last!
    case .record(let index): return keyframes.last { $0.recordsApplied <= index + 1 } ?? keyframes[0]
    case .time(let limit): return keyframes.last { $0.recordsApplied == 0 || $0.time <= limit } ?? keyframes[0]
    }
  }
}

/// Passes records on and remembers the time of the last one.
private struct TimeRecorder: TraceRecordHandler {
  var inner: Replayer.ModelFeeder
  var lastTime: Double

  mutating func handleBatch(_ commands: [Command], at time: Double) -> Bool {
    let proceed = inner.handleBatch(commands, at: time)
    lastTime = time
    return proceed
  }

  mutating func handle(_ record: TraceRecord) -> Bool {
    let proceed = inner.handle(record)
    lastTime = record.time
    return proceed
  }
}
