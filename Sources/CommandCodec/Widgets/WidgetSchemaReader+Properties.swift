extension WidgetSchemaReader {
  /// The keys a property object may have.
  static let propertyKeys = ["type", "values", "default", "min", "max", "inspectable", "description", "set"] + enumKeys
  /// The keys an attribute object may have.
  static let attributeKeys = ["type", "values", "default", "min", "max", "inspectable", "description", "field"] + enumKeys
  /// The keys that translate an enum's spellings (docs/WIDGETS.md §3).
  static let enumKeys = ["aliases", "caseInsensitive"]
  /// The keys a property's `set` object may have.
  static let setKeys = ["command", "code", "field", "key"]

  /// A creation attribute: its value, and the creation command's field that carries it.
  static func attribute(_ value: JSONValue, named name: String, at path: String) throws(Failure) -> WidgetProperty {
    let object = try SchemaObject(value, at: path, allowed: attributeKeys)
    let field = try commandField(in: object)
    if field == .internalId || field == .childInternalId {
      throw Failure(.fieldConflict, at: object.path("field"), "\(field.rawValue) of a creation command carries the \(field == .internalId ? "parent" : "new element"), not an attribute")
    }
    return try typedValue(object, named: name, wire: .creation(field: field))
  }

  /// A property and, when it is set by a command of the schema's own, that command.
  static func setProperty(_ value: JSONValue, named name: String, at path: String, widget: String) throws(Failure) -> (WidgetProperty, WidgetCommand?) {
    let object = try SchemaObject(value, at: path, allowed: propertyKeys)
    guard let set = try object.object("set", allowed: setKeys) else {
      throw Failure(.missingKey, at: path, "missing key \"set\" (how the property travels: a command and field, or a SET_STYLE key)")
    }
    let commandName = try set.requiredString("command")
    if let type = CommandType(name: commandName) {
      if set.members["code"] != nil {
        throw Failure(.misplacedKey, at: set.path("code"), "\(commandName) is a built-in command: its code comes with the trace's numbering")
      }
      if type.createsElement || type == .createToast || type == .createTimer || type == .createLink {
        throw Failure(.unknownCommand, at: set.path("command"), "\(commandName) creates something; a property is set by a command that targets an element (SET_STYLE, SET_INT_VALUE, SET_TEXT_VALUE, ...)")
      }
      if type == .setStyle {
        if set.members["field"] != nil {
          throw Failure(.misplacedKey, at: set.path("field"), "SET_STYLE carries the value in textValue2 under a key: give \"key\", not \"field\"")
        }
        let key = try set.requiredString("key")
        guard !key.isEmpty else { throw Failure(.invalidName, at: set.path("key"), "a SET_STYLE key cannot be empty") }
        return (try typedValue(object, named: name, wire: .style(key: key)), nil)
      }
      if set.members["key"] != nil {
        throw Failure(.misplacedKey, at: set.path("key"), "\"key\" belongs to SET_STYLE; \(commandName) carries the value in a field")
      }
      let field = try commandField(in: set)
      guard type.fields.contains(field) else {
        throw Failure(.unknownField, at: set.path("field"), "\(commandName) has no field \(field.rawValue) (it has \(type.fields.map(\.rawValue).joined(separator: ", ")))")
      }
      return (try typedValue(object, named: name, wire: .builtIn(type, field: field), fieldPath: set.path("field")), nil)
    }
    if let near = Suggestion.closest(to: commandName, among: CommandType.allCases.map(\.name)) {
      throw Failure(.unknownCommand, at: set.path("command"), "\(commandName) is not a built-in command (did you mean \"\(near)\"?); a command of the schema's own needs a name further from the built-ins")
    }
    if set.members["key"] != nil {
      throw Failure(.misplacedKey, at: set.path("key"), "\"key\" belongs to SET_STYLE; \(commandName) carries the value in a field")
    }
    let command = try WidgetSchemaReader.command(in: set, role: .set, widget: widget)
    let field = try commandField(in: set)
    return (try typedValue(object, named: name, wire: .custom(command: commandName, field: field), fieldPath: set.path("field")), command)
  }

  /// The `field` member: a ``Command/Field`` name, not `internalId` (the element).
  static func commandField(in object: SchemaObject) throws(Failure) -> Command.Field {
    let name = try object.requiredString("field")
    guard let field = Command.Field(rawValue: name) else {
      throw Failure(.unknownField, at: object.path("field"), "\(WidgetValueSyntax.quoted(name)) is not a command field\(Suggestion.hint(for: name, among: Command.Field.allCases.map(\.rawValue)))")
    }
    if field == .internalId {
      throw Failure(.fieldConflict, at: object.path("field"), "internalId names the element; the value needs another field")
    }
    return field
  }

  /// Type, values, range, default and inspectable of a property or attribute.
  static func typedValue(_ object: SchemaObject, named name: String, wire: WidgetPropertyWire, fieldPath: String? = nil) throws(Failure) -> WidgetProperty {
    guard SchemaObject.isIdentifier(name) else {
      throw Failure(.invalidName, at: object.path, "\(WidgetValueSyntax.quoted(name)) is not a property name (a letter, then letters, digits and _)")
    }
    let type = try propertyType(in: object)
    if WidgetPropertyWire.isIntegerField(wire.field), !type.fitsIntegerField {
      throw Failure(.fieldConflict, at: fieldPath ?? object.path("field"), "\(wire.field.rawValue) holds an integer; \(Article.prefixed(type.name)) travels in textValue or textValue2")
    }
    let minimum = try object.number("min")
    let maximum = try object.number("max")
    for (key, bound) in [("min", minimum), ("max", maximum)] {
      guard let bound else { continue }
      guard type.isNumeric else { throw Failure(.misplacedKey, at: object.path(key), "\(Article.prefixed(type.name)) has no range; min and max apply to int and double") }
      if type == .int, !bound.isSafeInteger {
        var failure = intProblem(bound, at: object.path(key), key)
        failure.code = .wrongKind
        throw failure
      }
    }
    if let minimum, let maximum, minimum > maximum {
      throw Failure(.invertedRange, at: object.path("min"), "min \(WidgetValueSyntax.canonicalNumber(minimum)) is greater than max \(WidgetValueSyntax.canonicalNumber(maximum))")
    }
    var property = WidgetProperty(
      name: name, type: type, minimum: minimum, maximum: maximum, isInspectable: try object.bool("inspectable") ?? false,
      wire: wire, summary: try object.string("description") ?? "")
    try readEnumSpellings(object, into: &property)
    if let value = object.members["default"] {
      property.defaultValue = property.canonicalValue(try defaultText(value, of: property, at: object.path("default")))
    }
    return property
  }

  /// An enum's `aliases` (each to one of its `values`, none a value itself) and `caseInsensitive`.
  static func readEnumSpellings(_ object: SchemaObject, into property: inout WidgetProperty) throws(Failure) {
    let flag = try object.bool("caseInsensitive")
    let aliases = try object.namedObjects("aliases")
    guard case .enumeration(let values) = property.type else {
      if let key = flag != nil ? "caseInsensitive" : aliases != nil ? "aliases" : nil {
        throw Failure(.misplacedKey, at: object.path(key), "\(WidgetValueSyntax.quoted(key)) belongs to an enum, not \(Article.prefixed(property.type.name))")
      }
      return
    }
    property.isCaseInsensitive = flag ?? false
    if property.isCaseInsensitive, let index = values.indices.first(where: { i in values[..<i].contains { $0.lowercased() == values[i].lowercased() } }) {
      throw Failure(.duplicateName, at: object.path("values") + "[\(index)]", "\(WidgetValueSyntax.quoted(values[index])) differs from another value only in case, and the enum is caseInsensitive")
    }
    for alias in aliases?.sortedKeys ?? [] {
      guard case .string(let target) = aliases!.members[alias]! else { throw aliases!.wrongKind(alias, "a string (the value it stands for)", aliases!.members[alias]!) }
      guard !alias.isEmpty else { throw Failure(.invalidName, at: aliases!.path(alias), "an alias cannot be empty") }
      if property.resolved(alias) != alias || values.contains(alias) {
        throw Failure(.duplicateName, at: aliases!.path(alias), "\(WidgetValueSyntax.quoted(alias)) is already a spelling of \(WidgetValueSyntax.quoted(property.resolved(alias)))")
      }
      guard values.contains(target) else {
        throw Failure(.unknownReference, at: aliases!.path(alias), "\(WidgetValueSyntax.quoted(target)) is not one of the values\(Suggestion.hint(for: target, among: values))")
      }
      property.enumAliases[alias] = target
    }
  }

  /// The `type` member, with an enum's `values`.
  static func propertyType(in object: SchemaObject) throws(Failure) -> WidgetPropertyType {
    let name = try object.requiredString("type")
    let values = try object.strings("values")
    if name != "enum", values != nil {
      throw Failure(.misplacedKey, at: object.path("values"), "\"values\" belongs to an enum, not \(Article.prefixed(name))")
    }
    switch name {
    case "int": return .int
    case "double": return .double
    case "bool": return .bool
    case "string": return .string
    case "colour", "color": return .colour
    case "url": return .url
    case "size": return .size
    case "point": return .point
    case "rect": return .rect
    case "enum":
      guard let values, !values.isEmpty else { throw Failure(.missingKey, at: object.path, "an enum needs \"values\", a non-empty array of strings") }
      for (index, value) in values.enumerated() where values[..<index].contains(value) || value.isEmpty {
        throw Failure(value.isEmpty ? .invalidName : .duplicateName, at: object.path("values") + "[\(index)]", value.isEmpty ? "an enum value cannot be empty" : "\(WidgetValueSyntax.quoted(value)) is listed twice")
      }
      return .enumeration(values)
    default:
      throw Failure(.unknownType, at: object.path("type"), "unknown type \(WidgetValueSyntax.quoted(name))\(WidgetPropertyType.hint(for: name)); types: \(WidgetPropertyType.names.joined(separator: ", "))")
    }
  }

  /// Why `number`, the `role` (`default`, `min`, `max`) of an int, is not one: a fraction
  /// (`invalidDefault`), or a whole number beyond what an int holds or a JSON number keeps exact
  /// (`defaultOutOfRange`); the message echoes the number as written (``WidgetSchema/Failure/numberEcho``).
  static func intProblem(_ number: Double, at path: String, _ role: String) -> Failure {
    // Every double of magnitude 2^53 or more is a whole number; below, a non-safe one is a fraction.
    if number.magnitude >= 9_007_199_254_740_992 {
      let why = number.magnitude >= 9_223_372_036_854_775_808 ? "an int is a 64-bit integer" : "an int's \(role) is read exactly only within ±9007199254740992 (JSON numbers are doubles)"
      return Failure(.defaultOutOfRange, at: path, echoing: number, before: "", after: " is out of range: " + why)
    }
    return Failure(.invalidDefault, at: path, echoing: number, before: "the \(role) of an int must be an integer, found ", after: "")
  }

  /// A default as the property's text form, checked against its type and range.
  static func defaultText(_ value: JSONValue, of property: WidgetProperty, at path: String) throws(Failure) -> String {
    let text: String
    switch (property.type, value) {
    case (.int, .number(let number)) where number.isSafeInteger:
      text = WidgetValueSyntax.canonicalNumber(number)
    case (.double, .number(let number)): text = WidgetValueSyntax.canonicalNumber(number)
    case (.bool, .bool(let flag)): text = flag ? "true" : "false"
    case (.string, .string(let string)), (.colour, .string(let string)), (.enumeration, .string(let string)),
      (.url, .string(let string)), (.size, .string(let string)), (.point, .string(let string)), (.rect, .string(let string)):
      text = string
    case (.int, .number(let number)):
      throw intProblem(number, at: path, "default")
    default:
      let expected = property.type == .int ? "an integer" : property.type == .double ? "a number" : property.type == .bool ? "true or false" : "a string"
      throw Failure(.invalidDefault, at: path, "the default of \(Article.prefixed(property.type.name)) must be \(expected), found \(value.canonicalText)")
    }
    if let problem = property.validate(text) {
      throw Failure(problem.code == .outOfRange ? .defaultOutOfRange : .invalidDefault, at: path, problem.message)
    }
    return text
  }
}
