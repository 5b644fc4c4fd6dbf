extension WidgetSchema {
  /// The schema as canonical JSON, the input of ``fingerprint``: what the schema means, without
  /// descriptions, in one spelling (keys sorted, no spaces, `colour` for `color`, defaults in
  /// their text form, names in sorted order where the file's order carries no meaning).
  ///
  /// Widgets keep the file's order; the schema's `name` is part of it. Presentation is not:
  /// descriptions and a widget's `preview` (what a wireframe draws) are left out, so a team can
  /// tune a preview without making every trace recorded with the schema unreadable.
  ///
  /// - Complexity: O(n) in the size of the schema.
  public var canonicalText: String { canonicalJSON.canonicalText }

  /// ``canonicalText`` as a value.
  var canonicalJSON: JSONValue {
    .object([
      "widgetSchema": .number(Double(WidgetSchema.formatVersion)),
      "name": .string(name),
      "widgets": .array(widgets.map(\.canonicalJSON)),
    ])
  }
}

extension WidgetDefinition {
  /// One widget in canonical form.
  fileprivate var canonicalJSON: JSONValue {
    var size: [String: JSONValue] = [:]
    let bounds = [
      ("preferredWidth", self.size.preferredWidth), ("preferredHeight", self.size.preferredHeight),
      ("minWidth", self.size.minWidth), ("maxWidth", self.size.maxWidth),
      ("minHeight", self.size.minHeight), ("maxHeight", self.size.maxHeight),
    ]
    for (key, value) in bounds { if let value { size[key] = .number(value) } }
    // Only schemas that use them carry these keys, so older fingerprints stay (§7).
    if self.size.widthIsGiven { size["width"] = .string("given") }
    if self.size.heightIsGiven { size["height"] = .string("given") }
    if let aspect = self.size.aspect { size["aspect"] = .number(aspect) }
    var members: [String: JSONValue] = [
      "name": .string(name),
      "create": creation.canonicalJSON,
      "setters": .array(setters.map(\.canonicalJSON)),
      "attributes": .object(Dictionary(uniqueKeysWithValues: attributes.map { ($0.name, $0.canonicalJSON) })),
      "properties": .object(Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.canonicalJSON) })),
      "events": .object(Dictionary(uniqueKeysWithValues: events.map { ($0.name, $0.canonicalJSON) })),
      "size": .object(size),
      "visibility": .object(visibility.canonicalMembers),
    ]
    // A container changes what a trace means (children are no child-of-leaf, and its layout
    // gives the frames nested widgets log): fingerprinted, written only when used. The kinds are
    // a set: sorted.
    if let container {
      members["container"] = container.kinds.map { .array($0.sorted().map(JSONValue.string)) } ?? .bool(true)
      let byKind = container.distinctKindLayouts
      if !byKind.isEmpty {
        // Per kind, only when some kind is placed otherwise: the same meaning, the same text.
        var layouts = Dictionary(uniqueKeysWithValues: byKind.map { ($0.kind, JSONValue.string($0.layout.rawValue)) })
        layouts["*"] = .string(container.layout.rawValue)
        members["layout"] = .object(layouts)
      } else if container.layout != .frame {
        members["layout"] = .string(container.layout.rawValue)
      }
    }
    return .object(members)
  }
}

extension WidgetVisibilityRules {
  /// The rules in canonical form; `blankHides` only when true, so other schemas keep their
  /// fingerprints.
  fileprivate var canonicalMembers: [String: JSONValue] {
    var members: [String: JSONValue] = [
      "displayableAfter": .array(displayableAfter.map(JSONValue.string)),
      "hideable": .bool(isHideable),
    ]
    if blankHides { members["blankHides"] = .bool(true) }
    return members
  }
}

extension WidgetEvent {
  /// An event in canonical form: a typed field as an object, `match` only when given (so the
  /// schemas that use neither keep their fingerprints).
  fileprivate var canonicalJSON: JSONValue {
    var members: [String: JSONValue] = [
      "class": .string(kind.name),
      "fields": .object(Dictionary(uniqueKeysWithValues: fields.map { field in
        guard let payload = field.payload else { return (field.name, JSONValue.string(field.meaning)) }
        var typed: [String: JSONValue] = ["name": .string(payload.name), "type": .string(payload.type.name)]
        if case .enumeration(let values) = payload.type { typed["values"] = .array(values.map(JSONValue.string)) }
        if let minimum = payload.minimum { typed["min"] = .number(minimum) }
        if let maximum = payload.maximum { typed["max"] = .number(maximum) }
        return (field.name, JSONValue.object(typed))
      })),
    ]
    if !match.isEmpty { members["match"] = .object(Dictionary(uniqueKeysWithValues: match.map { ($0.field, JSONValue.string($0.value)) })) }
    return .object(members)
  }
}

extension WidgetCommand {
  /// A command in canonical form: its name and code.
  fileprivate var canonicalJSON: JSONValue {
    .object(["command": .string(name), "code": code.map { .number(Double($0)) } ?? .null])
  }
}

extension WidgetProperty {
  /// A property in canonical form.
  fileprivate var canonicalJSON: JSONValue {
    var members: [String: JSONValue] = [
      "type": .string(type.name),
      "inspectable": .bool(isInspectable),
      "default": defaultValue.map(JSONValue.string) ?? .null,
      "wire": .string(wire.description),
    ]
    if case .enumeration(let values) = type { members["values"] = .array(values.map(JSONValue.string)) }
    // Written only when used, so schemas without them keep their fingerprints.
    if !enumAliases.isEmpty { members["aliases"] = .object(enumAliases.mapValues(JSONValue.string)) }
    if isCaseInsensitive { members["caseInsensitive"] = .bool(true) }
    if let minimum { members["min"] = .number(minimum) }
    if let maximum { members["max"] = .number(maximum) }
    return .object(members)
  }
}
