import CommandCodec
import ReplayCore

/// The cases of an enum's other spellings (docs/WIDGETS.md §7.3, docs/CONFORMANCE.md §2).
extension WidgetCaseMaker {
  /// For each enum with `aliases` or `"caseInsensitive": true`: `Required.Widgets.<W>.Spelling.<name>`,
  /// the value sent in another spelling (an alias, else the value in upper case) is stored as the
  /// value it stands for. An attribute is given in the creation command, a property set after it.
  /// Required like `Property.<name>`: the translation is the schema's contract (the engine sends
  /// `"Grouped"` and reads `grouped` back), and a platform that stores the spelling breaks it.
  func spellingCases(_ required: String) -> [ConformanceCase] {
    var cases: [ConformanceCase] = []
    for property in definition.attributes + settable {
      guard let (spelling, value) = Self.otherSpelling(of: property), WidgetValues.carries(spelling, property) else { continue }
      var b = start()
      if property.isCreationAttribute {
        b.send(create([(property, spelling)]))
      } else {
        guard let command = set(property, to: spelling) else { continue }
        b.send(create())
        b.send(command)
      }
      cases.append(
        named(
          b, "\(required).Spelling.\(property.name)",
          "\(property.name) of \(a(kind)) given as \(WidgetValueSyntax.quoted(spelling)) is stored as \(value)", "WIDGETS.md §7.3"))
    }
    return cases
  }

  /// Another spelling of a value other than the default, and that value: the first alias (in
  /// name order) of such a value, else for a case-insensitive enum the value in upper case; nil
  /// when the enum has neither.
  static func otherSpelling(of property: WidgetProperty) -> (spelling: String, value: String)? {
    guard case .enumeration(let values) = property.type else { return nil }
    if let alias = property.enumAliases.keys.sorted().first(where: { property.enumAliases[$0] != property.defaultValue }) {
      return (alias, property.enumAliases[alias]!)
    }
    guard property.isCaseInsensitive else { return nil }
    for value in values where value != property.defaultValue {
      let spelling = value.uppercased() != value ? value.uppercased() : value.lowercased()
      if spelling != value, property.resolved(spelling) == value { return (spelling, value) }
    }
    return nil
  }
}
