import CommandCodec
import ReplayCore
import ReplayLive

/// What the page needs to offer a user's actions on a state, beside its picture: for each
/// element a user can reach and act on, its kind, the selector a script names it by, whether it
/// looks like a password field (the page then offers a named secret), its text to edit (never a
/// password's), and what can be selected in it; the open dialog or action sheet and its answers
/// (``ModalAnswers``, labelled with the texts it shows); the platform's next timer.
///
/// Texts come from the engine: the page sets them as text, never as markup, and every one is
/// scrubbed of the named secrets' values first.
enum StudioControls {
  /// The controls of `state` as one JSON object.
  static func json(_ state: UIState, nextTimer: Double?, scrub secrets: (String) -> String) -> String {
    // What the page shows as text: secrets scrubbed, controls and bidirectional controls shown as
    // escapes (the element tree's form), never applied. A field's text to edit stays as it is.
    func scrub(_ text: String) -> String { TerminalText.escaped(secrets(text), keepingNewlines: true) }
    var elements: [String: JSONValue] = [:]
    for id in ElementSelector.treeOrder(of: state) where ElementSelector.isReachable(id, in: state) {
      guard let element = state.elements[id], let action = action(for: element.kind) else { continue }
      var entry: [String: JSONValue] = [
        "kind": .string(element.kindName), "action": .string(action),
        "selector": .string(scrub(ElementSelector.unique(for: id, in: state).description)),
      ]
      if element.kind.isTextInput {
        let password = element.isPassword || Redaction.hasPasswordClues(id, in: state)
        entry["password"] = .bool(password)
        if !password { entry["text"] = .string(secrets(element.text)) }
      }
      if action == "select" { entry["options"] = .array(options(of: element, in: state, scrub: scrub)) }
      elements[String(id)] = .object(entry)
    }
    var controls: [String: JSONValue] = ["elements": .object(elements), "nextTimer": nextTimer.map { .number($0) } ?? .null]
    if let modal = state.modalStack.last, let element = state.elements[modal] {
      let answers = ModalAnswers.of(modal, in: state).map { JSONValue.array([.number(Double($0.value)), .string(scrub($0.label))]) }
      controls["modal"] = .object([
        "id": .number(Double(modal)), "title": .string(scrub(element.text)),
        "selector": .string(scrub(ElementSelector.unique(for: modal, in: state).description)), "answers": .array(answers),
      ])
    }
    return JSONValue.object(controls).canonicalText
  }

  /// The action the page offers on an element of `kind`, nil for none.
  static func action(for kind: ElementKind) -> String? {
    if ElementSelector.isTappable(kind) { return "tap" }
    if kind.isTextInput { return "type" }
    if UserAction.selectableKinds.contains(kind) { return "select" }
    if kind == .scrollLayout { return "scroll" }
    return nil
  }

  /// `[value, label]` pairs: an index in a picker, pager, flipper, segmented or page control, the
  /// option's id in a radio group.
  private static func options(of element: Element, in state: UIState, scrub: (String) -> String) -> [JSONValue] {
    if element.kind == .radioGroup {
      return element.options.map { .array([.number(Double($0.id)), .string(scrub($0.label))]) }
    }
    if !element.options.isEmpty {
      return element.options.enumerated().map { .array([.number(Double($0.offset)), .string(scrub($0.element.label))]) }
    }
    // Pagers and flippers page through their children.
    return element.children.indices.map { .array([.number(Double($0)), .string("page \($0 + 1)")]) }
  }
}
