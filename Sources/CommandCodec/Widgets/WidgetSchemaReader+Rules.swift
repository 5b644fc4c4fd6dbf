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

  /// No property is set the way the model reads as changing an attribute (docs/WIDGETS.md §6.2,
  /// `widget-immutable-attribute`): SET_STYLE with an attribute's name, or SET_TEXT_VALUE /
  /// SET_INT_VALUE through the field an attribute came from. Such a property could never be set,
  /// and which of the two rules wins would be a guess: the schema says it, at the setter.
  static func checkAttributeClash(_ property: WidgetProperty, at path: String, attributes: [WidgetProperty]) throws(Failure) {
    let clash: (attribute: WidgetProperty, place: String)?
    switch property.wire {
    case .style(let key):
      clash = attributes.first { $0.name == key }.map { ($0, "key") }
    case .builtIn(let command, let field) where command == .setTextValue || command == .setIntValue:
      clash = attributes.first { $0.wire.field == field }.map { ($0, "field") }
    default:
      clash = nil
    }
    guard let clash else { return }
    throw Failure(
      .fieldConflict, at: SchemaObject.join(path, clash.place),
      "\(property.wire) would change the attribute \(clash.attribute.name) (\(clash.attribute.wire)), which is immutable after creation (widget-immutable-attribute): the property \(property.name) could never be set; give it another \(clash.place == "key" ? "key" : "command or field")")
  }

  /// The `events` member: per name, an event class, the fields it carries (prose, or a typed
  /// payload), and the fixed field values (`match`) that tell two events of one class apart.
  static func events(in widget: SchemaObject) throws(Failure) -> [WidgetEvent] {
    guard let objects = try widget.namedObjects("events") else { return [] }
    var events: [WidgetEvent] = []
    for name in objects.sortedKeys {
      let object = try SchemaObject(objects.members[name]!, at: objects.path(name), allowed: ["class", "fields", "match", "description"])
      guard SchemaObject.isIdentifier(name) else {
        throw Failure(.invalidName, at: object.path, "\(WidgetValueSyntax.quoted(name)) is not an event name (a letter, then letters, digits and _)")
      }
      let className = try object.requiredString("class")
      guard let kind = EventKind(name: className) else {
        throw Failure(.unknownEvent, at: object.path("class"), "unknown event class \(WidgetValueSyntax.quoted(className))\(Suggestion.hint(for: className, among: EventKind.allCases.map(\.name)))")
      }
      func classField(_ field: String, in carried: SchemaObject) throws(Failure) -> EventFieldDescriptor {
        guard let descriptor = kind.fields.first(where: { $0.name == field }) else {
          throw Failure(.unknownEvent, at: carried.path(field), "\(className) has no field \(WidgetValueSyntax.quoted(field)) (it has \(kind.fields.map(\.name).joined(separator: ", ")))")
        }
        return descriptor
      }
      var fields: [WidgetEvent.Field] = []
      if let carried = try object.namedObjects("fields") {
        for field in carried.sortedKeys {
          let descriptor = try classField(field, in: carried)
          switch carried.members[field]! {
          case .string(let meaning):
            fields.append(WidgetEvent.Field(name: field, meaning: meaning))
          case .object:
            let payload = try eventPayload(carried.members[field]!, at: carried.path(field), field: descriptor, className: className)
            if let other = fields.first(where: { $0.payload?.name == payload.name }) {
              throw Failure(.duplicateName, at: SchemaObject.join(carried.path(field), "name"), "\(WidgetValueSyntax.quoted(payload.name)) already names the payload in \(other.name)")
            }
            let description = try SchemaObject(carried.members[field]!, at: carried.path(field), allowed: eventPayloadKeys).string("description") ?? ""
            fields.append(WidgetEvent.Field(name: field, meaning: description, payload: payload))
          default:
            throw carried.wrongKind(field, "a string (what the field carries) or an object (its name and type)", carried.members[field]!)
          }
        }
      }
      var match: [WidgetEvent.Match] = []
      if let fixed = try object.namedObjects("match") {
        for field in fixed.sortedKeys {
          let descriptor = try classField(field, in: fixed)
          if fields.contains(where: { $0.name == field && $0.payload != nil }) {
            throw Failure(.fieldConflict, at: fixed.path(field), "\(field) carries a typed payload; a matched field has a fixed value")
          }
          match.append(WidgetEvent.Match(field: field, value: try matchText(fixed.members[field]!, at: fixed.path(field), field: descriptor)))
        }
      }
      let event = WidgetEvent(name: name, kind: kind, fields: fields, summary: try object.string("description") ?? "", match: match)
      if let other = events.first(where: { $0.overlaps(event) }) {
        throw Failure(
          .ambiguousEvent, at: object.path,
          "\(name) and \(other.name) are both \(className)s that one record could match; tell them apart with \"match\" (a field with a different fixed value in each)")
      }
      events.append(event)
    }
    return events
  }

  /// The keys of a typed event field.
  static let eventPayloadKeys = ["name", "type", "values", "min", "max", "description"]

  /// A typed event field: its payload name, a type that fits the class field, a range.
  static func eventPayload(_ value: JSONValue, at path: String, field: EventFieldDescriptor, className: String) throws(Failure) -> WidgetEventPayload {
    let object = try SchemaObject(value, at: path, allowed: eventPayloadKeys)
    let name = try object.string("name") ?? field.name
    let value = try typedValue(object, named: name, wire: .style(key: field.name))
    let payload = WidgetEventPayload(name: name, type: value.type, minimum: value.minimum, maximum: value.maximum)
    guard payload.fits(field.type) else {
      throw Failure(.fieldConflict, at: object.path("type"), "\(className).\(field.name) is \(Article.prefixed(field.type.rawValue)) field; \(Article.prefixed(value.type.name)) does not travel in it")
    }
    return payload
  }

  /// A `match` value as the text form an event's field has (``Event/fieldText(_:)``).
  static func matchText(_ value: JSONValue, at path: String, field: EventFieldDescriptor) throws(Failure) -> String {
    switch (field.type, value) {
    case (.int32, .number(let number)), (.uint32, .number(let number)), (.int64, .number(let number)):
      guard number.isSafeInteger else { break }
      return WidgetValueSyntax.canonicalNumber(number)
    case (.double, .number(let number)): return WidgetValueSyntax.canonicalNumber(number)
    case (.bool, .bool(let flag)): return flag ? "true" : "false"
    case (.string, .string(let text)): return text
    default: break
    }
    throw Failure(.wrongKind, at: path, "\(field.name) is \(Article.prefixed(field.type.rawValue)) field; found \(value.canonicalText)")
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
    guard let object = try widget.object("visibility", allowed: ["displayableAfter", "hideable", "blankHides"]) else { return WidgetVisibilityRules() }
    let names = try object.strings("displayableAfter") ?? []
    for (index, name) in names.enumerated() {
      guard properties.contains(where: { $0.name == name }) else {
        throw Failure(.unknownReference, at: object.path("displayableAfter") + "[\(index)]", "the widget has no property \(WidgetValueSyntax.quoted(name))\(Suggestion.hint(for: name, among: properties.map(\.name)))")
      }
      if names[..<index].contains(name) {
        throw Failure(.duplicateName, at: object.path("displayableAfter") + "[\(index)]", "\(WidgetValueSyntax.quoted(name)) is listed twice")
      }
    }
    return WidgetVisibilityRules(displayableAfter: names.sorted(), isHideable: try object.bool("hideable") ?? true, blankHides: try object.bool("blankHides") ?? false)
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

extension WidgetSchemaReader {
  /// The built-in kinds no CREATE_* puts under the parent it names: the application, and the
  /// views and the drawer, which hang under the application whatever parent they name.
  static let unplaceableKinds: Set<String> = ["application", "frameView", "navigationView", "openGLView"]

  /// The `container` and `layout` members (docs/WIDGETS.md §2.10): `true`, `false` or a
  /// non-empty list of kind names, none twice and none that no parent can hold; `layout` only on
  /// a container. Whether each name is a kind at all needs every widget of the schema:
  /// ``checkContainerKinds(_:)``.
  static func container(in widget: SchemaObject) throws(Failure) -> WidgetContainerRules? {
    var rules: WidgetContainerRules?
    switch widget.members["container"] {
    case nil, .bool(false)?: rules = nil
    case .bool(true)?: rules = WidgetContainerRules()
    case .array(let items)?:
      guard !items.isEmpty else {
        throw Failure(.wrongKind, at: widget.path("container"), "an empty list takes no kind; a widget without children leaves container out (or says false)")
      }
      let kinds = try widget.strings("container")!
      for (index, kind) in kinds.enumerated() {
        let path = widget.path("container") + "[\(index)]"
        if kinds[..<index].contains(kind) {
          throw Failure(.duplicateName, at: path, "\(WidgetValueSyntax.quoted(kind)) is listed twice")
        }
        if unplaceableKinds.contains(kind) {
          throw Failure(.wrongReferenceType, at: path, "no container holds the kind \(kind): it hangs under the application whatever parent its CREATE_* names")
        }
      }
      rules = WidgetContainerRules(kinds: kinds)
    case let other?:
      throw widget.wrongKind("container", "true, false or an array of kind names", other)
    }
    guard let value = widget.members["layout"] else { return rules }
    guard var container = rules else {
      throw Failure(.misplacedKey, at: widget.path("layout"), "layout places a container's children, and this widget is no container (it has no \"container\": true or list of kinds)")
    }
    switch value {
    case .string(let name):
      container.layout = try layout(name, at: widget.path("layout"))
    case .object(let members):
      // Per kind (PGToolbar's addSubview: bar button items into its items row, the rest to
      // super): `"*"` for the kinds not named, else frame.
      guard !members.isEmpty else {
        throw Failure(.wrongKind, at: widget.path("layout"), "an empty object places no kind; say one layout (\"frame\" by default) or one per kind, with \"*\" for the others")
      }
      var layouts: [String: WidgetContainerRules.Layout] = [:]
      for kind in members.keys.sorted() {
        let path = SchemaObject.join(widget.path("layout"), kind)
        guard case .string(let name)? = members[kind] else {
          throw Failure(.wrongKind, at: path, "expected a layout name, found \(members[kind]!.kindDescription)")
        }
        let placed = try layout(name, at: path)
        if kind == "*" {
          container.layout = placed
          continue
        }
        if let kinds = container.kinds, !kinds.contains(kind) {
          throw Failure(.unknownReference, at: path, "the container does not take \(WidgetValueSyntax.quoted(kind))\(Suggestion.hint(for: kind, among: kinds)); it takes \(kinds.joined(separator: ", "))")
        }
        layouts[kind] = placed
      }
      container.kindLayouts = layouts
    default:
      throw widget.wrongKind("layout", "a layout name or an object of layout names by kind", value)
    }
    return container
  }

  /// The layout called `name` (`frame`, `vertical`, `horizontal`), else `wrongKind` at `path`.
  private static func layout(_ name: String, at path: String) throws(Failure) -> WidgetContainerRules.Layout {
    let names = WidgetContainerRules.Layout.allCases.map(\.rawValue)
    guard let layout = WidgetContainerRules.Layout(rawValue: name) else {
      throw Failure(
        .wrongKind, at: path,
        "unknown layout \(WidgetValueSyntax.quoted(name))\(Suggestion.hint(for: name, among: names)); a container lays its children out \(names.joined(separator: ", "))")
    }
    return layout
  }

  /// Every kind a container lists is a built-in element kind or a widget of the schema (a panel
  /// may take panels), checked once every widget is read: `widgets[0].container[1]`.
  static func checkContainerKinds(_ widgets: [WidgetDefinition]) throws(Failure) {
    // `custom` is the kind of every schema widget without its schema; no command makes one.
    let known = WidgetSchema.builtInKindNames.subtracting(unplaceableKinds).subtracting(["custom"]).union(widgets.map(\.name))
    for (index, widget) in widgets.enumerated() {
      for (position, kind) in (widget.container?.kinds ?? []).enumerated() where !known.contains(kind) {
        if kind == "custom" {
          throw Failure(.unknownReference, at: "widgets[\(index)].container[\(position)]", "no command creates a custom element of no widget kind: list the schema's widgets by name")
        }
        throw Failure(
          .unknownReference, at: "widgets[\(index)].container[\(position)]",
          "\(WidgetValueSyntax.quoted(kind)) is neither a built-in element kind nor a widget of this schema\(Suggestion.hint(for: kind, among: known.sorted()))")
      }
      // A `"container": true` takes any kind: a per-kind layout names a kind there is.
      for kind in (widget.container?.kindLayouts ?? [:]).keys.sorted() where !known.contains(kind) {
        throw Failure(
          .unknownReference, at: SchemaObject.join("widgets[\(index)].layout", kind),
          "\(WidgetValueSyntax.quoted(kind)) is neither a built-in element kind nor a widget of this schema\(Suggestion.hint(for: kind, among: known.sorted()))")
      }
    }
  }
}
