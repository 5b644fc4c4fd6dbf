import CommandCodec

/// What the platform is given while it handles a record: the case's header, the virtual clock,
/// and the way back to cmdtool for its events.
public final class TesteeContext {
  /// cmdtool's header for the case: `viewport` is the screen to pretend to have, `preferences`
  /// the stored preferences when the app starts.
  public internal(set) var header = TraceHeader()
  /// The virtual clock: register timers and toast expiries here, never with a wall clock.
  public let clock = TesteeClock()
  /// The name of the case being played, from its `case` marker (sessions=many, §1.9); nil
  /// before one came. For the log, or to tell the cases apart.
  public internal(set) var caseName: String?
  /// The index of the record being handled, counted from 0 after cmdtool's header (the `case`
  /// and `end` markers not counted): what the model calls a record's index.
  public internal(set) var recordIndex = 0
  /// The events written since the session last took them.
  var outbox: [TraceRecord] = []
  /// Where log lines go (standard error by default).
  let logger: (String) -> Void

  init(logger: @escaping (String) -> Void) {
    self.logger = logger
  }

  /// The current virtual time: the record's, or the clock item's while one fires.
  public var now: Double { clock.now }

  /// Sends an event to the engine, at the current virtual time (§1.4): `.value(ValueEvent(value: 1))`
  /// to a tapped button, `.timer(TimerEvent(id:))` to a timer's owner, …
  public func send(_ event: Event, to target: Int32) {
    outbox.append(TraceRecord(time: now, .event(target: target, event)))
  }

  /// Sends `record` as it is: an event or modal result at its own time (a toolkit's timer that
  /// fired earlier than the record being handled).
  public func send(_ record: TraceRecord) {
    outbox.append(record)
  }

  /// Sends the modal result that answers dialog or action sheet `dialog` (a `choose`).
  public func sendModalResult(_ dialog: Int32, value: Int32) {
    outbox.append(TraceRecord(time: now, .modalResult(dialog: dialog, value: value)))
  }

  /// Writes a line to the testee's log (cmdtool keeps its tail for the case's report).
  public func log(_ message: String) {
    logger(message)
  }
}
