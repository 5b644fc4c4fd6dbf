import CommandCodec

/// The platform under test, as the session drives it (docs/CONFORMANCE.md §1): the part every
/// platform writes itself. The session does the rest: the connection, the handshake, reading
/// cmdtool's records in order, the clock, answering `unsupported` and `error`, writing events.
///
/// Everything happens on the thread that called ``TesteeSession/run()``; a UI toolkit that wants
/// its main thread runs the session there (or hops to it in each method).
public protocol TesteePlatform: AnyObject {
  /// A case begins: `context.header` holds its viewport and stored preferences. With
  /// `sessions=many` (§1.9) this comes again after ``reset()``.
  func begin(_ context: TesteeContext)

  /// Applies one command of a batch, as the platform's `sendCommands` would (PROTOCOL.md §3).
  /// Throws ``TesteeRefusal/unsupported(_:)`` for a command it cannot carry out (a CREATE of a
  /// kind it has no widget for): the session says so at once and applies nothing after it.
  func apply(_ command: Command, in context: TesteeContext) throws(TesteeRefusal)

  /// Applies a batch (one `sendCommands` call). By default each command through
  /// ``apply(_:in:)``, in order; a platform whose toolkit takes a batch at once (a model, a
  /// layout pass per batch) implements this instead, and checks what it cannot do first.
  func applyBatch(_ commands: [Command], in context: TesteeContext) throws(TesteeRefusal)

  /// Called before each record, after the virtual clock ran to its time: a platform whose
  /// toolkit keeps its own virtual timers runs them to `time` here and sends what they caused.
  /// By default nothing.
  func advance(to time: Double, in context: TesteeContext)

  /// Called before a `sync` echo, after the events so far: a platform finishes the work its
  /// toolkit has queued (a run loop's pending blocks), since the echo says "all of it is out".
  /// By default nothing.
  func synchronize(in context: TesteeContext)

  /// Acts as the user (§1.4): sends the event the widget sends (``TesteeContext/send(_:to:)``,
  /// ``TesteeContext/sendModalResult(_:value:)``) and changes the widget as the action does.
  /// Throws ``TesteeRefusal/error(_:)`` for a wrong request (no such element, typing into a
  /// button) and ``TesteeRefusal/unsupported(_:)`` for one it cannot perform.
  func perform(_ action: TesteeAction, in context: TesteeContext) throws(TesteeRefusal)

  /// Describes the platform's state: walks its views and adds what they show (§1.5).
  func report(into state: inout StateBuilder, in context: TesteeContext)

  /// `sessions=many` (§1.9): removes every element, timer, toast, dialog and pending image
  /// request, forgets preferences and requests, as if the app had just started. The session
  /// resets the clock itself.
  func reset()
}

extension TesteePlatform {
  public func applyBatch(_ commands: [Command], in context: TesteeContext) throws(TesteeRefusal) {
    for command in commands { try apply(command, in: context) }
  }

  public func advance(to time: Double, in context: TesteeContext) {}

  public func synchronize(in context: TesteeContext) {}
}
