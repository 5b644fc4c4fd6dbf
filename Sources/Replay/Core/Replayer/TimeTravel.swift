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
  /// The number of records in the trace.
  public private(set) var recordCount = 0
  private let options: ReferenceModel.Options

  /// Replays `path` once, keeping about `keyframeCount` evenly spaced keyframes, the first
  /// `firstSpacing` records apart (the spacing doubles as the trace turns out longer).
  ///
  /// - Throws: ``Replayer/Failure`` when the trace cannot be read to its end: time travel needs
  ///   the whole trace (`cmdtool replay --at` replays whatever is readable up to the point).
  public init(path: String, keyframeCount: Int = 16, firstSpacing: Int = 1024, options: ReferenceModel.Options = .init(recordEmissions: false), widgets: WidgetSchema? = nil) throws(Replayer.Failure) {
    self.path = path
    self.options = options
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
    var spacing = max(firstSpacing, 1)
    var feeder = Replayer.ModelFeeder(model: start, point: .end, strict: false)
    feeder.pauseEvery = spacing
    var lastTime: Double = 0
    var recorder = TimeRecorder(inner: feeder, lastTime: lastTime)
    while true {
      let finished: Bool
      do {
        finished = try reader.read(into: &recorder)
      } catch {
        throw .unreadable(error)
      }
      lastTime = recorder.lastTime
      if finished || !recorder.inner.paused { break }
      if let checkpoint = reader.checkpoint() {
        keyframes.append(Keyframe(recordsApplied: recorder.inner.applied, time: lastTime, model: recorder.inner.model, checkpoint: checkpoint))
      }
      if keyframes.count > 2 * max(keyframeCount, 1) {
        // Keep every other keyframe and space the next ones twice as far apart.
        keyframes = keyframes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        spacing *= 2
        recorder.inner.pauseEvery = spacing
      }
    }
    if let overrun = recorder.inner.model.clockOverrun { throw .clockOverrun(path: path, overrun) }
    recordCount = recorder.inner.applied
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
