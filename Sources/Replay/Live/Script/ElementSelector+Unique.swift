import ReplayCore

extension ElementSelector {
  /// A selector that names `id` now and still means "the same thing on screen" after earlier
  /// steps are removed (ids shift when the engine creates less): kind and label (a text input's
  /// hint), with a position when several match; the id only as a last resort. What the monkey
  /// writes into its scripts and the studio into its recordings.
  public static func unique(for id: Int32, in state: UIState) -> ElementSelector {
    guard let element = state.elements[id] else { return .id(id) }
    let label = element.kind.isTextInput ? element.styles.value("hint") : (element.text.isEmpty ? nil : element.text)
    let plain = ElementSelector.match(kind: element.kind, text: label)
    switch plain.resolution(in: state) {
    case .found(id): return plain
    case .ambiguous(let ids):
      if let position = ids.firstIndex(of: id) {
        let nth = ElementSelector.nth(kind: element.kind, text: label, position: position + 1)
        if nth.resolve(in: state) == id { return nth }
      }
    default: break
    }
    return .id(id)
  }

  /// Whether a user taps an element of `kind` (a `tap` step): buttons, switches, checkboxes,
  /// event layouts, navigation bar items and custom widgets.
  public static func isTappable(_ kind: ElementKind) -> Bool {
    switch kind {
    case .button, .switch, .checkbox, .eventLayout, .navigationBarItem, .custom: return true
    default: return false
    }
  }
}
