import CommandCodec

/// Custom widgets in a ``StateDiff``: each changed property or attribute by its name, so a diff
/// reads `PieChart 9 · piePercentage: 40 → 65` (docs/WIDGETS.md §6.3).
extension StateDiff.Builder {
  func compareWidgets(_ x: CustomWidget?, _ y: CustomWidget?, report: (String, String?, String?) -> Void) {
    let old = x ?? CustomWidget(kind: "")
    let new = y ?? CustomWidget(kind: "")
    if old.kind != new.kind { report("widget", Self.quoted(old.kind), Self.quoted(new.kind)) }
    let definition = b.widgets?.widget(named: new.kind) ?? a.widgets?.widget(named: old.kind)
    func render(_ name: String, _ value: String?) -> String? {
      guard let value else { return nil }
      let type = definition?.property(named: name)?.type
      // Numbers and booleans read as themselves; every other type is quoted text.
      return type == .int || type == .double || type == .bool ? value : Self.quoted(value)
    }
    for name in Set(old.attributes.keys).union(new.attributes.keys).sorted() where old.attributes[name] != new.attributes[name] {
      report(name, render(name, old.attributes[name]), render(name, new.attributes[name]))
    }
    for name in Set(old.properties.keys).union(new.properties.keys).sorted() where old.properties[name] != new.properties[name] {
      report(name, render(name, old.properties[name]), render(name, new.properties[name]))
    }
    if old.isDisplayable != new.isDisplayable { report("displayable", String(old.isDisplayable), String(new.isDisplayable)) }
  }
}
