import CommandCodec
import ConformanceTestee
import ReplayCore

/// The reference model as the platform of a ``TesteeSession`` (docs/CONFORMANCE.md §6.2): its
/// "views" are the model's elements. The session does the protocol; this applies the batches to
/// the model (through the `--partial` filter and the `--bug`s), acts out the user's requests with
/// `UserAction`, sends what the model emits, and walks the model's state into the snapshot.
final class ReferencePlatform: TesteePlatform {
  private let options: Options
  /// The schema of `--widgets`: the custom widgets this platform has.
  private let widgets: WidgetSchema?
  /// The session, to change the hello between cases (`--bug change-hello-on-reset`).
  weak var session: TesteeSession?
  /// Writes bytes as they are to cmdtool (`--bug garbage-after-end`).
  var writeRaw: ([UInt8]) -> Void = { _ in }
  /// The connection of `--bug stall-on-big-records`, told when a whole record arrived.
  var stalling: StallingTransport?
  private var model = ReferenceModel()
  private var bugs: Bugs
  /// How many of the model's emissions were looked at (sent or left out): the rest are new.
  private var emissionsSeen = 0
  /// `--bug keep-state-on-reset` struck: the next case starts on the model as it is.
  private var keepsState = false
  /// The session's context, for the name of the case a reset ends (`--bug-case`).
  private weak var context: TesteeContext?

  init(options: Options, widgets: WidgetSchema?) {
    self.options = options
    self.widgets = widgets
    bugs = Bugs(options.bugs, delay: options.delay)
  }

  func begin(_ context: TesteeContext) {
    self.context = context
    if !keepsState { model = ReferenceModel(header: context.header, widgets: bugs.widgets(widgets)) }
  }

  func apply(_ command: Command, in context: TesteeContext) throws(TesteeRefusal) {
    try applyBatch([command], in: context)
  }

  /// The whole batch at once, as the model takes it; what this platform cannot make is refused
  /// before anything of the batch is applied (§1.3 allows either).
  func applyBatch(_ commands: [Command], in context: TesteeContext) throws(TesteeRefusal) {
    if !options.partial, let kind = options.declaration.lackedKind(in: commands) {
      // A platform without the widget cannot go on (§1.3): the case is skipped.
      throw .unsupported("reference-testee has no \(kind.rawValue) (--lacks)")
    }
    var carried = bugs.filter(commands)
    if options.partial {
      switch Partial.filter(carried, in: model.state) {
      case .success(let kept): carried = kept
      case .failure(let unsupported): throw .unsupported(unsupported.message)
      }
    }
    let index = context.recordIndex
    bugs.crashOnUnknownDelete(carried, from: model, at: context.now, index: index)
    bugs.exitOnQuit(carried)
    model.applyBatch(carried, at: context.now, index: index)
    bugs.noteToasts(in: model.state)
    sendNewEvents(in: context)
  }

  /// The model keeps its own virtual timers and toasts: they run here, each at its instant.
  func advance(to time: Double, in context: TesteeContext) {
    stalling?.recordArrived()
    // The log names the case (CMDTOOL_CASE until a `case` marker names another).
    if let name = context.caseName { caseName = name }
    model.advance(to: time)
    sendNewEvents(in: context)
  }

  func synchronize(in context: TesteeContext) {
    bugs.waitBeforeEcho()
  }

  /// Acts as the user (§1.4): sends the event the platform sends for the action, and applies it,
  /// so that the platform's own state changes as the action does (the switch shows its new value).
  func perform(_ action: TesteeAction, in context: TesteeContext) throws(TesteeRefusal) {
    if options.noWidgetEvents, case .event = action { throw .unsupported("reference-testee performs no named widget events (--no-widget-events)") }
    let userAction = bugs.action(UserAction(action))
    let record: TraceRecord
    do {
      record = bugs.userEvent(try userAction.record(at: context.now, in: model.state), for: userAction, in: model.state)
    } catch {
      throw .error(error.message)
    }
    if options.declaration.events.contains("user") { context.send(record) }
    model.apply(record, index: context.recordIndex)
    sendNewEvents(in: context)
  }

  func report(into state: inout StateBuilder, in context: TesteeContext) {
    let shown = bugs.reported(model, shaped: options.partial ? Partial.reported : { $0 })
    state = StateBuilder(walking: shown)
    bugs.replaceToasts(in: &state)
  }

  /// §1.9 step 4: forgets the case (a fresh model; the session resets the clock and says hello
  /// again). The reset's bugs strike here, after the case `--bug-case` names (or every one).
  func reset() {
    let strikes = options.bugCase == nil || options.bugCase == context?.caseName
    let bug = { (bug: Options.Bug) in strikes && self.options.bugs.contains(bug) }
    if bug(.hangOnReset) { Bugs.hangForever("the end marker: hanging instead of resetting (--bug hang-on-reset)") }
    if bug(.garbageAfterEnd) { writeRaw(Array("reset done (--bug garbage-after-end)\n".utf8)) }
    keepsState = bug(.keepStateOnReset)
    if !keepsState {
      model = ReferenceModel()
      emissionsSeen = 0
    }
    bugs = Bugs(options.bugs, delay: options.delay)
    var declaration = options.declaration
    if bug(.changeHelloOnReset) { declaration.profile = declaration.profile == "ios" ? "android" : "ios" }
    session?.declaration = declaration
  }

  /// Sends the events the model emitted since the last call, of the declared kinds, each at its
  /// own time. Toast expiries are emissions too, but no event: the engine never hears of them.
  private func sendNewEvents(in context: TesteeContext) {
    let emissions = model.emissions
    guard emissionsSeen < emissions.count else { return }
    for emission in emissions[emissionsSeen...] {
      if case .event(let target, let event) = emission.kind, options.declaration.sends(event) {
        context.send(TraceRecord(time: emission.time, .event(target: target, event)))
      }
    }
    emissionsSeen = emissions.count
  }
}

extension UserAction {
  /// The model's action for the session's request.
  init(_ action: TesteeAction) {
    switch action {
    case .tap(let id): self = .tap(id)
    case .type(let id, let text): self = .type(id, text: text)
    case .select(let id, let value): self = .select(id, index: value)
    case .choose(let id, let option): self = .choose(id, option: option)
    case .back: self = .back
    case .event(let id, let name, let payloads): self = .widgetEvent(id, name: name, payloads: payloads)
    }
  }
}
