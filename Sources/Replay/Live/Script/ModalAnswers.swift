import ReplayCore

/// One answer a user can give an open dialog, alert dialog or action sheet: the value a `choose`
/// sends (the modal result), the text the modal shows for it, and the button inside the modal
/// that gives it, if any.
public struct ModalAnswer: Hashable, Sendable {
  /// The modal result: what a `choose` step's `option` holds.
  public var value: Int32
  /// What the modal shows for it: an option's label, a button's text, else `cancel` or the value.
  public var label: String
  /// The button drawn inside the dialog that gives this answer.
  public var button: Int32?

  public init(value: Int32, label: String, button: Int32? = nil) {
    self.value = value
    self.label = label
    self.button = button
  }
}

/// What a `choose` value means, one rule for the studio, the monkey and the page
/// (docs/PROTOCOL.md §4.3, "What a choose value means"):
///
/// - An **action sheet** (or a dialog the engine gave options with ADD_OPTION): 0 cancels, any
///   other value is an option's id, as the platforms send it (not its position).
/// - A **dialog** or alert dialog: 0 cancels; the buttons drawn inside it answer in tree order,
///   a button reading "Cancel" (any case, spaces around) 0, the others 1, 2, … (the example
///   engine's "Delete" 1 and "Cancel" 0; the framework's input dialog's OK 1 and Cancel 0). A
///   dialog without buttons takes 0, 1 and 2.
public enum ModalAnswers {
  /// The answers modal `id` offers in `state`, 0 first; empty when `id` is no dialog or sheet.
  /// - Complexity: O(n) in the modal's subtree.
  public static func of(_ id: Int32, in state: UIState) -> [ModalAnswer] {
    guard let element = state.elements[id], element.kind.isModal else { return [] }
    if !element.options.isEmpty || element.kind == .actionSheet {
      return [ModalAnswer(value: 0, label: "cancel")] + element.options.map { ModalAnswer(value: $0.id, label: $0.label) }
    }
    let buttons = buttons(in: id, state: state)
    guard !buttons.isEmpty else { return [0, 1, 2].map { ModalAnswer(value: $0, label: $0 == 0 ? "cancel" : String($0)) } }
    var answers: [ModalAnswer] = []
    var next: Int32 = 1
    for button in buttons {
      let text = state.elements[button]?.text ?? ""
      if isCancel(text) {
        if !answers.contains(where: { $0.value == 0 }) { answers.insert(ModalAnswer(value: 0, label: text, button: button), at: 0) }
      } else {
        answers.append(ModalAnswer(value: next, label: text.isEmpty ? String(next) : text, button: button))
        next += 1
      }
    }
    if !answers.contains(where: { $0.value == 0 }) { answers.insert(ModalAnswer(value: 0, label: "cancel"), at: 0) }
    return answers
  }

  /// The answer a click on `button` gives, when it is a button drawn inside the open modal on top.
  public static func answer(tapping button: Int32, in state: UIState) -> (modal: Int32, answer: ModalAnswer)? {
    guard let modal = state.modalStack.last else { return nil }
    return of(modal, in: state).first { $0.button == button }.map { (modal, $0) }
  }

  static func isCancel(_ text: String) -> Bool {
    text.trimmingSpaces.lowercased() == "cancel"
  }

  /// The buttons in the modal's subtree in tree order, not entering nested modals.
  private static func buttons(in modal: Int32, state: UIState) -> [Int32] {
    var found: [Int32] = []
    var stack = (state.elements[modal]?.children ?? []).reversed() as [Int32]
    var seen: Set<Int32> = [modal]
    while let id = stack.popLast() {
      guard seen.insert(id).inserted, let element = state.elements[id], !element.kind.isModal else { continue }
      if element.kind == .button { found.append(id) }
      stack.append(contentsOf: element.children.reversed())
    }
    return found
  }
}

extension String {
  fileprivate var trimmingSpaces: Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }) else { return "" }
    let last = scalars.lastIndex(where: { $0 != " " })!
    return Substring(scalars[first...last])
  }
}
