extension WidgetSchemaReader {
  /// No two creation attributes share a field of the creation command.
  static func checkCreationFields(_ attributes: [WidgetProperty], at path: String) throws(Failure) {
    for (index, attribute) in attributes.enumerated() {
      if let other = attributes[..<index].first(where: { $0.wire.field == attribute.wire.field }) {
        throw Failure(.fieldConflict, at: SchemaObject.join(SchemaObject.join(path, attribute.name), "field"), "\(attribute.wire.field.rawValue) already carries the attribute \(other.name)")
      }
    }
  }

  /// No two properties of a widget travel the same way (one SET_STYLE key, one command field).
  static func checkSetter(_ property: WidgetProperty, at path: String, against earlier: [WidgetProperty]) throws(Failure) {
    if let other = earlier.first(where: { $0.wire == property.wire }) {
      let place: String
      if case .style = property.wire { place = "key" } else { place = "field" }
      throw Failure(.fieldConflict, at: SchemaObject.join(path, place), "\(property.wire) already sets the property \(other.name)")
    }
  }

  /// The `events` member: per name, an event class and the fields it carries.
  static func events(in widget: SchemaObject) throws(Failure) -> [WidgetEvent] {
    guard let objects = try widget.namedObjects("events") else { return [] }
    var events: [WidgetEvent] = []
    for name in objects.sortedKeys {
      let object = try SchemaObject(objects.members[name]!, at: objects.path(name), allowed: ["class", "fields", "description"])
      guard SchemaObject.isIdentifier(name) else {
        throw Failure(.invalidName, at: object.path, "\(WidgetValueSyntax.quoted(name)) is not an event name (a letter, then letters, digits and _)")
      }
      let className = try object.requiredString("class")
      guard let kind = EventKind(name: className) else {
        throw Failure(.unknownEvent, at: object.path("class"), "unknown event class \(WidgetValueSyntax.quoted(className))\(Suggestion.hint(for: className, among: EventKind.allCases.map(\.name)))")
      }
      var fields: [WidgetEvent.Field] = []
      if let carried = try object.namedObjects("fields") {
        let known = kind.fields.map(\.name)
        for field in carried.sortedKeys {
          guard known.contains(field) else {
            throw Failure(.unknownEvent, at: carried.path(field), "\(className) has no field \(WidgetValueSyntax.quoted(field)) (it has \(known.joined(separator: ", ")))")
          }
          guard case .string(let meaning) = carried.members[field]! else {
            throw carried.wrongKind(field, "a string (what the field carries)", carried.members[field]!)
          }
          fields.append(WidgetEvent.Field(name: field, meaning: meaning))
        }
      }
      events.append(WidgetEvent(name: name, kind: kind, fields: fields, summary: try object.string("description") ?? ""))
    }
    return events
  }

  /// The `size` member: bounds non-negative, minimums at most maximums, preferred within them.
  static func size(in widget: SchemaObject) throws(Failure) -> WidgetSizeRules {
    let keys = ["preferredWidth", "preferredHeight", "minWidth", "maxWidth", "minHeight", "maxHeight"]
    guard let object = try widget.object("size", allowed: keys + ["width", "height", "aspect"]) else { return WidgetSizeRules() }
    var bounds: [String: Double] = [:]
    for key in keys {
      guard let value = try object.number(key) else { continue }
      bounds[key] = try sizeBound(value, at: object.path(key))
    }
    // `width`/`height` (docs/WIDGETS.md §7.1): a number is the preferred size, "given" the size
    // the parent offers.
    var given: Set<String> = []
    for axis in ["Width", "Height"] {
      let key = axis.lowercased()
      guard let value = object.members[key] else { continue }
      switch value {
      case .string("given"): given.insert(axis)
      case .number(let number):
        guard bounds["preferred" + axis] == nil else {
          throw Failure(.duplicateName, at: object.path(key), "\(key) and preferred\(axis) say the same; give one")
        }
        bounds["preferred" + axis] = try sizeBound(number, at: object.path(key))
      default: throw object.wrongKind(key, "a number or \"given\"", value)
      }
    }
    if given.contains("Width"), bounds["preferredWidth"] != nil {
      throw Failure(.duplicateName, at: object.path("width"), "the width is given by the parent; preferredWidth cannot also fix it")
    }
    if given.contains("Height"), bounds["preferredHeight"] != nil {
      throw Failure(.duplicateName, at: object.path("height"), "the height is given by the parent; preferredHeight cannot also fix it")
    }
    let aspect = try object.number("aspect")
    if let aspect, !(aspect > 0 && aspect.isFinite) {
      throw Failure(.wrongKind, at: object.path("aspect"), "an aspect (width / height) is a positive number, found \(WidgetValueSyntax.canonicalNumber(aspect))")
    }
    if aspect != nil, (given.contains("Width") || bounds["preferredWidth"] != nil), (given.contains("Height") || bounds["preferredHeight"] != nil) {
      throw Failure(.misplacedKey, at: object.path("aspect"), "both axes are already sized; an aspect derives the axis that is not")
    }
    for axis in ["Width", "Height"] {
      let low = bounds["min" + axis]
      let high = bounds["max" + axis]
      if let low, let high, low > high {
        throw Failure(.invertedRange, at: object.path("min" + axis), "min\(axis) \(WidgetValueSyntax.canonicalNumber(low)) is greater than max\(axis) \(WidgetValueSyntax.canonicalNumber(high))")
      }
      if let preferred = bounds["preferred" + axis], preferred < (low ?? preferred) || preferred > (high ?? preferred) {
        throw Failure(.invertedRange, at: object.path("preferred" + axis), "preferred\(axis) \(WidgetValueSyntax.canonicalNumber(preferred)) is outside min\(axis)…max\(axis)")
      }
    }
    var rules = WidgetSizeRules(
      preferredWidth: bounds["preferredWidth"], preferredHeight: bounds["preferredHeight"], minWidth: bounds["minWidth"],
      maxWidth: bounds["maxWidth"], minHeight: bounds["minHeight"], maxHeight: bounds["maxHeight"])
    rules.widthIsGiven = given.contains("Width")
    rules.heightIsGiven = given.contains("Height")
    rules.aspect = aspect
    return rules
  }

  /// A size in layout points: non-negative and finite (a number too large for a double reads
  /// as infinity).
  private static func sizeBound(_ value: Double, at path: String) throws(Failure) -> Double {
    guard value >= 0 else { throw Failure(.wrongKind, at: path, "a size cannot be negative, found \(WidgetValueSyntax.canonicalNumber(value))") }
    guard value.isFinite else { throw Failure(.wrongKind, at: path, "a size must be finite, found \(WidgetValueSyntax.canonicalNumber(value))") }
    return value
  }

  /// The `visibility` member: properties that must be set before the widget shows, and hiding.
  static func visibility(in widget: SchemaObject, properties: [WidgetProperty]) throws(Failure) -> WidgetVisibilityRules {
    guard let object = try widget.object("visibility", allowed: ["displayableAfter", "hideable"]) else { return WidgetVisibilityRules() }
    let names = try object.strings("displayableAfter") ?? []
    for (index, name) in names.enumerated() {
      guard properties.contains(where: { $0.name == name }) else {
        throw Failure(.unknownReference, at: object.path("displayableAfter") + "[\(index)]", "the widget has no property \(WidgetValueSyntax.quoted(name))\(Suggestion.hint(for: name, among: properties.map(\.name)))")
      }
      if names[..<index].contains(name) {
        throw Failure(.duplicateName, at: object.path("displayableAfter") + "[\(index)]", "\(WidgetValueSyntax.quoted(name)) is listed twice")
      }
    }
    return WidgetVisibilityRules(displayableAfter: names.sorted(), isHideable: try object.bool("hideable") ?? true)
  }

  /// The `preview` member: `fill` names a `colour` property or attribute of the widget, `text`
  /// any property or attribute.
  static func preview(in widget: SchemaObject, properties: [WidgetProperty], attributes: [WidgetProperty]) throws(Failure) -> WidgetPreview {
    guard let object = try widget.object("preview", allowed: ["fill", "text"]) else { return WidgetPreview() }
    let declared = properties + attributes
    func reference(_ key: String) throws(Failure) -> WidgetProperty? {
      guard let name = try object.string(key) else { return nil }
      guard let property = declared.first(where: { $0.name == name }) else {
        throw Failure(
          .unknownReference, at: object.path(key),
          "the widget has no property or attribute \(WidgetValueSyntax.quoted(name))\(Suggestion.hint(for: name, among: declared.map(\.name)))")
      }
      return property
    }
    let fill = try reference("fill")
    if let fill, fill.type != .colour {
      let colours = declared.filter { $0.type == .colour }.map(\.name).sorted()
      throw Failure(
        .wrongReferenceType, at: object.path("fill"),
        "\(fill.name) is of type \(fill.type.name); fill takes a colour property or attribute" + (colours.isEmpty ? " (the widget has none)" : " (the widget has \(colours.joined(separator: ", ")))"))
    }
    let text = try reference("text")
    return WidgetPreview(fill: fill?.name, text: text?.name)
  }
}
