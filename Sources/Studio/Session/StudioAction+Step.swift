import CommandCodec
import ReplayCore
import ReplayLive

extension StudioAction {
  /// The script step this action is in `state`, as a script would hold it, without its time:
  /// elements named by ``ElementSelector/unique(for:in:)`` (kind and text or hint, then
  /// position, then id), the records those of ``UserAction`` or, for scrolling, the `send` step
  /// the monkey writes. Nil for the clock, a save and the end, which are no user's action.
  ///
  /// - Throws: ``Refusal`` saying why a user could not do it now (the page shows it): the
  ///   element is gone, covered, or of a kind that takes another action.
  func stepMembers(in state: UIState) throws(Refusal) -> [String: JSONValue]? {
    func reachable(_ id: Int32) throws(Refusal) -> Element {
      guard let element = state.elements[id] else { throw Refusal(description: "there is no element \(id) (the page may show a screen that has gone)") }
      guard ElementSelector.isReachable(id, in: state) else {
        throw Refusal(description: "\(ElementSelector.describe(id, in: state)) is not something a user can reach now")
      }
      return element
    }
    func selector(_ id: Int32) -> JSONValue { .string(ElementSelector.unique(for: id, in: state).description) }
    func wrongKind(_ id: Int32, _ what: String) -> Refusal {
      Refusal(description: "\(ElementSelector.describe(id, in: state)) is not something a user can \(what)")
    }
    switch self {
    case .tap(let id):
      guard ElementSelector.isTappable(try reachable(id).kind) else { throw wrongKind(id, "tap now") }
      // A button drawn inside the open dialog is the dialog's: its click is the dialog's answer.
      if let (modal, answer) = ModalAnswers.answer(tapping: id, in: state) {
        return ["choose": selector(modal), "option": .number(Double(answer.value))]
      }
      return ["tap": selector(id)]
    case .type(let id, let text):
      guard try reachable(id).kind.isTextInput else { throw wrongKind(id, "type into") }
      return ["type": selector(id), "text": .string(text)]
    case .typeSecret(let id, let name):
      guard try reachable(id).kind.isTextInput else { throw wrongKind(id, "type into") }
      return ["type": selector(id), "secret": .string(name)]
    case .choose(let id, let option):
      guard state.modalStack.contains(id) else { throw wrongKind(id, "answer: it is no open dialog or action sheet") }
      let offered = ModalAnswers.of(id, in: state)
      guard offered.contains(where: { $0.value == option }) else {
        let list = offered.map { "\($0.value) \(JSONText.quoted(String($0.label.prefix(40))))" }.joined(separator: ", ")
        throw Refusal(description: "\(ElementSelector.describe(id, in: state)) has no answer \(option): it takes \(list)")
      }
      return ["choose": selector(id), "option": .number(Double(option))]
    case .select(let id, let value):
      guard UserAction.selectableKinds.contains(try reachable(id).kind) else { throw wrongKind(id, "select in") }
      return ["select": selector(id), "value": .number(Double(value))]
    case .scroll(let id, let delta):
      guard try reachable(id).kind == .scrollLayout else { throw wrongKind(id, "scroll") }
      // Ids, as the monkey's: a `send` step is the event record as written.
      return ["send": EventScript.sendObject(.scroll(ScrollEvent(delta: delta)), to: id)]
    case .back:
      return ["back": .bool(true)]
    case .marker(let label):
      return ["marker": .string(label)]
    case .clock, .end, .save:
      return nil
    }
  }
}
