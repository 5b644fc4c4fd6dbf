/// One timestamped entry of a trace: a command batch, an event, a modal result or a marker.
///
/// ```swift
/// let record = TraceRecord(time: 1500, .event(target: 5, .value(ValueEvent(text: "alice"))))
/// ```
public struct TraceRecord: Hashable, Sendable {
  /// Milliseconds since the session started; finite, not negative, never less than the previous record's.
  public var time: Double
  /// What happened.
  public var body: Body

  public init(time: Double, _ body: Body) {
    self.time = time
    self.body = body
  }

  /// What a record holds.
  public enum Body: Hashable, Sendable {
    /// One `sendCommands` call of the engine: the batch boundaries of the session are kept.
    case batch([Command])
    /// An event the platform sent to the element `target` (0 stands for the application).
    case event(target: Int32, Event)
    /// The value that closed the modal dialog or action sheet `dialog`, which unblocks the engine.
    case modalResult(dialog: Int32, value: Int32)
    /// A free-form note: a label and an optional detail (e.g. where a test step starts).
    case marker(label: String, detail: String)
  }

  /// The direction the record travelled.
  public var direction: Direction {
    switch body {
    case .batch: return .engineToPlatform
    case .event, .modalResult: return .platformToEngine
    case .marker: return .none
    }
  }

  /// Who sent a record.
  public enum Direction: Sendable {
    case engineToPlatform, platformToEngine, none
  }
}

extension TraceRecord {
  /// A batch of commands at `time`.
  public static func batch(_ commands: [Command], at time: Double) -> TraceRecord {
    TraceRecord(time: time, .batch(commands))
  }

  /// An event to `target` at `time`.
  public static func event(_ event: Event, to target: Int32, at time: Double) -> TraceRecord {
    TraceRecord(time: time, .event(target: target, event))
  }
}
