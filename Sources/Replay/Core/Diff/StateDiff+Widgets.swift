import CommandCodec

/// Custom widgets in a ``StateDiff``: each changed property or attribute by its name, so a diff
/// reads `PieChart 9 · piePercentage: 40 → 65` (docs/WIDGETS.md §6.3).
extension StateDiff.Builder {
  func compareWidgets(_ x: CustomWidget?, _ y: CustomWidget?, report: (String, String?, String?) -> Void) {
    let old = x ?? CustomWidget(kind: "")
    let new = y ?? CustomWidget(kind: "")
    if old.kind != new.kind { report("widget", Self.quoted(old.kind), Self.quoted(new.kind)) }
    let definition = b.widgets?.widget(named: new.kind) ?? a.widgets?.widget(named: old.kind)
    let bare = old.bareValues.union(new.bareValues)
    func render(_ name: String, _ value: String?) -> String? {
      guard let value else { return nil }
      // Numbers and booleans read as themselves (by the schema's type, else as the snapshot
      // wrote them); every other type is quoted text.
      guard let type = definition?.property(named: name)?.type else { return bare.contains(name) ? value : Self.quoted(value) }
      let text = type.canonicalText(value) ?? value
      return type.isBare ? text : Self.quoted(text)
    }
    /// Whether the two values differ as values of their declared type: `0` and `false`, `22`
    /// and `22.0`, `#80FF0000` and `#80ff0000` do not.
    func differ(_ name: String, _ x: String?, _ y: String?) -> Bool {
      guard let x, let y else { return x != y }
      if let type = definition?.property(named: name)?.type { return !type.sameValue(x, y) }
      return x != y
    }
    for name in Set(old.attributes.keys).union(new.attributes.keys).sorted() where differ(name, old.attributes[name], new.attributes[name]) {
      report(name, render(name, old.attributes[name]), render(name, new.attributes[name]))
    }
    for name in Set(old.properties.keys).union(new.properties.keys).sorted() where differ(name, old.properties[name], new.properties[name]) {
      report(name, render(name, old.properties[name]), render(name, new.properties[name]))
    }
    if old.isDisplayable != new.isDisplayable { report("displayable", String(old.isDisplayable), String(new.isDisplayable)) }
  }
}
