import CommandCodec
import ReplayCore

/// What a selector that names nothing is told: what is on screen, named the way selectors name
/// it, and the closest of those (`button "Login"` → did you mean `button "Log in"`?).
extension ElementSelector {
  /// How many elements "on screen:" lists before "and N more".
  static let onScreenLimit = 12

  /// The message for a selector that matches no element in `state`.
  func noMatch(in state: UIState) -> String {
    let candidates = Self.onScreen(in: state)
    let named = candidates.map(\.description)
    var message = "\(self) matches no element"
    if let closest = closest(among: candidates) { message += " (did you mean \(closest)?)" }
    if named.isEmpty { return message + "; nothing a user can reach has a text, a hint or a label" }
    let shown = named.prefix(Self.onScreenLimit).joined(separator: ", ")
    return message + "; on screen: " + shown + (named.count > Self.onScreenLimit ? ", and \(named.count - Self.onScreenLimit) more" : "")
  }

  /// The selector among `candidates` (what is on screen) this one most likely meant: at most two
  /// edits away (case aside), else one with the same text (case aside) and another kind.
  func closest(among candidates: [ElementSelector]) -> ElementSelector? {
    let names = candidates.map(\.description)
    if let near = Suggestion.closest(to: description, among: names.filter { $0 != description }) {
      return candidates[names.firstIndex(of: near)!]
    }
    guard let text = text?.lowercased() else { return nil }
    return candidates.first { $0.text?.lowercased() == text }
  }

  /// The selector's text, if it has one.
  var text: String? {
    switch self {
    case .id: return nil
    case .match(_, let text), .nth(_, let text, _), .widget(_, let text, _): return text
    }
  }

  /// The elements a user can reach in `state`, in tree order, each as the selector that names it
  /// by kind and text (a text field by its hint, a custom widget by its label), without
  /// repetitions; elements without a text, a hint or a label are left out, but for those a user
  /// acts on (switches, pickers, fields and the like) named by their kind.
  static func onScreen(in state: UIState) -> [ElementSelector] {
    var seen = Set<ElementSelector>()
    var named: [ElementSelector] = []
    for id in treeOrder(of: state) where isReachable(id, in: state) {
      guard let element = state.elements[id], let selector = selector(for: element, in: state) else { continue }
      if seen.insert(selector).inserted { named.append(selector) }
    }
    return named
  }

  /// The selector that names `element` by its kind and text, or nil for an element without a
  /// text that is only a container.
  static func selector(for element: Element, in state: UIState) -> ElementSelector? {
    if let widget = element.widget { return .widget(kind: widget.kind, text: state.widgetLabel(of: element), position: nil) }
    let hint = element.kind.isTextInput ? element.styles.value("hint") : nil
    if let text = hint ?? (element.text.isEmpty ? nil : element.text) { return .match(kind: element.kind, text: text) }
    return actedOnByKind.contains(element.kind) ? .match(kind: element.kind, text: nil) : nil
  }

  /// Kinds a user acts on that may have no text: named by their kind alone.
  private static let actedOnByKind: Set<ElementKind> = [
    .textField, .textView, .searchBar, .switch, .checkbox, .picker, .slider, .pager, .radioGroup,
    .segmentedControl, .pageControl, .dialog, .alertDialog, .actionSheet, .button,
  ]
}
