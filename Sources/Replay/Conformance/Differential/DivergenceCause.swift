import CommandCodec
import ReplayCore

/// What produced a difference between a testee and the model at one step of a case, in words for
/// a ``DivergenceSignature``: the user's action (`tap switch`), the clock, or, for a batch, the
/// command after which the model's state at the differing place (or the event the testee did not
/// send) changed, found by playing the batch on the model one command at a time.
enum DivergenceCause {
  /// The first thing that differs, as a signature names it and as the model's changes are matched.
  struct Difference {
    /// `state · ~ value`, `events · - ValueEvent`.
    var words: String
    /// The element whose state or event differs, when there is one.
    var element: Int32?
    /// The property of that element (`value`, `styles.ACTIVE.height`, `index`); nil for a whole
    /// element or a top-level entry.
    var property: String?
    /// For an event: the event line without its time, and whether the model sent it (`-`).
    var event: (line: String, expected: Bool)?
    /// For a top-level entry (toasts, timers, …): its path without numbers.
    var path: String? = nil
  }

  /// The cause of `difference` at step `index` (from 0) of `testCase`; nil when the case cannot be
  /// played up to there.
  static func find(_ difference: Difference, atStep index: Int, of testCase: ConformanceCase) -> String? {
    guard testCase.steps.indices.contains(index), var model = model(after: index, of: testCase) else { return nil }
    let step = testCase.steps[index]
    switch step.action {
    case .advance:
      return "the clock"
    case .act(let action):
      return describe(action, in: model.state)
    case .commands(let commands):
      // Timers and toasts due before the batch, then its commands one by one: the last of these
      // that changed the model where the testee differs is the cause.
      var cause: String? = nil
      var before = model.state
      var emitted = model.emissions.count
      func changed(_ model: ReferenceModel) -> Bool {
        defer {
          before = model.state
          emitted = model.emissions.count
        }
        if let event = difference.event {
          guard event.expected else { return false }
          return model.emissions[emitted...].contains { emission in
            guard case .event(let target, let sent) = emission.kind else { return false }
            return line(of: TraceRecord(time: emission.time, .event(target: target, sent))) == event.line
          }
        }
        // A move among siblings is reported for whichever of them the diff's longest increasing
        // subsequence leaves out: any such move counts.
        let isMove = difference.property == "index"
        let only = isMove ? nil : difference.element.map { Set([$0]) }
        return StateDiff(from: before, to: model.state, onlyElements: only).changes.contains { change in
          if isMove { return change.property == "index" }
          if let element = difference.element {
            return change.element == element && change.property == difference.property
          }
          return DivergenceSignature.withoutNumbers(change.path) == difference.path
        }
      }
      model.advance(to: step.time)
      if changed(model) { cause = "the clock" }
      for command in commands {
        model.applyBatch([command], at: step.time, index: index)
        if changed(model) { cause = command.typeName }
      }
      if let cause { return cause }
      // The model changed nothing there (the testee did something of its own, an event the model
      // never sends): the first command of the batch that names the element.
      if let element = difference.element, let command = commands.first(where: { $0.internalId == element || $0.childInternalId == element }) {
        return command.typeName
      }
      return "a batch"
    }
  }

  /// An event line as EventListDiff writes it, without its time.
  static func line(of record: TraceRecord) -> String {
    let words = EventListDiff.line(record).split(separator: " ", omittingEmptySubsequences: true).dropFirst()
    return words.joined(separator: " ")
  }

  /// `tap switch`, `type textField`, `select picker`, `choose dialog`, `back`: the action and the
  /// kind of what it acts on (its id and label change as a case shrinks).
  static func describe(_ action: UserAction, in state: UIState) -> String {
    func kind(_ id: Int32) -> String { state.elements[id]?.kind.rawValue ?? "nothing" }
    switch action {
    case .tap(let id): return "tap " + kind(id)
    case .type(let id, _): return "type " + kind(id)
    case .select(let id, _): return "select " + kind(id)
    case .choose(let id, _): return "choose " + kind(id)
    case .back: return "back"
    case .widgetEvent(let id, let name, _): return "\(name) on " + (state.elements[id]?.kindName ?? "nothing")
    }
  }

  /// The model after the first `count` steps of the case, as ``CaseExpectation`` plays them; nil
  /// when an action acts on what the model does not show.
  static func model(after count: Int, of testCase: ConformanceCase) -> ReferenceModel? {
    var model = ReferenceModel(header: testCase.header, widgets: testCase.widgets)
    for (index, step) in testCase.steps.prefix(count).enumerated() {
      switch step.action {
      case .commands(let commands):
        model.apply(TraceRecord(time: step.time, .batch(commands)), index: index)
      case .act(let action):
        model.advance(to: step.time)
        guard let record = try? action.record(at: step.time, in: model.state) else { return nil }
        model.apply(record, index: index)
      case .advance:
        model.advance(to: step.time)
      }
    }
    return model
  }
}
