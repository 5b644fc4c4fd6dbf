import ReplayCore

extension ElementSelector {
  /// A selector that names `id` now and still means "the same thing on screen" after earlier
  /// steps are removed (ids shift when the engine creates less): kind and label (a text input's
  /// hint), with a position when several match; the id only as a last resort. What the monkey
  /// writes into its scripts and the studio into its recordings.
  public static func unique(for id: Int32, in state: UIState) -> ElementSelector {
    guard let element = state.elements[id] else { return .id(id) }
    if let widget = element.widget, isWidgetKind(widget.kind), let found = uniqueWidget(id, kind: widget.kind, in: state) { return found }
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

  /// A custom widget by its schema kind and label (`PieChart "Spent"`, else `PieChart[2]`), as a
  /// script names it (docs/WIDGETS.md §6.5); nil when neither names it alone.
  private static func uniqueWidget(_ id: Int32, kind: String, in state: UIState) -> ElementSelector? {
    let label = state.widgetLabel(of: state.elements[id]!)
    let plain = ElementSelector.widget(kind: kind, text: label, position: nil)
    switch plain.resolution(in: state) {
    case .found(id): return plain
    case .ambiguous(let ids):
      guard let position = ids.firstIndex(of: id) else { return nil }
      let nth = ElementSelector.widget(kind: kind, text: label, position: position + 1)
      return nth.resolve(in: state) == id ? nth : nil
    default: return nil
    }
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
