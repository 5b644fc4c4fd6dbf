/// The typed value one field of a widget's event carries (docs/WIDGETS.md §2.6): a CWIWidget
/// delegate's `min` in a TouchEvent's `x`, a double within 0…1.
///
/// ```json
/// "fields": { "x": { "name": "min", "type": "double", "min": 0, "max": 1 } }
/// ```
///
/// The type fits the class field's wire type (``fits(_:)``): a `double` or `int` in a double
/// field; an `int`, a `bool` (0 or 1) or an `enum` (the value's index) in an integer field; a
/// `bool` in a bool field; any type, as its text form, in a string field.
public struct WidgetEventPayload: Hashable, Sendable {
  /// The payload's name in scripts and reports (`min`).
  public var name: String
  /// The value's type; an enum's values are its indices in an integer field.
  public var type: WidgetPropertyType
  /// The smallest value, for `int` and `double`.
  public var minimum: Double?
  /// The largest value, for `int` and `double`.
  public var maximum: Double?

  /// Creates a typed payload field.
  public init(name: String, type: WidgetPropertyType, minimum: Double? = nil, maximum: Double? = nil) {
    self.name = name
    self.type = type
    self.minimum = minimum
    self.maximum = maximum
  }

  /// The value rules, which are a property's (§3); the wire form is not used.
  private var rules: WidgetProperty {
    WidgetProperty(name: name, type: type, minimum: minimum, maximum: maximum, wire: .style(key: name))
  }

  /// Whether a class field of wire type `field` can carry this payload.
  public func fits(_ field: EventFieldType) -> Bool {
    switch field {
    case .double: return type == .double || type == .int
    case .int32, .uint32, .int64: return type == .int || type == .bool || { if case .enumeration = type { return true } else { return false } }()
    case .bool: return type == .bool
    case .string: return true
    case .bytes: return false
    }
  }

  /// Why `text`, a value as the event carries it in a field of wire type `field` (its text form:
  /// `0.5`, `2`, `true`, a string), is not a valid payload; nil when it is.
  ///
  /// An enum in an integer field is its index; a bool in one is 0 or 1. Messages quote the value
  /// with control characters escaped and at most 80 characters of it (a hostile payload stays
  /// readable).
  public func problem(wire text: String, in field: EventFieldType) -> WidgetProperty.Problem? {
    let integerField = field == .int32 || field == .uint32 || field == .int64
    if integerField, case .enumeration(let values) = type {
      guard let index = WidgetValueSyntax.integer(text), index >= 0, index < values.count else {
        return WidgetProperty.Problem(.notInEnum, "\(text) is not an index of \(values.count) values (0 to \(values.count - 1))")
      }
      return nil
    }
    if integerField, type == .bool, text != "0", text != "1" {
      return WidgetProperty.Problem(.wrongType, "\(text) is not a bool (0 or 1)")
    }
    return validate(text)
  }

  /// Why `text`, a value's text form as a script gives it (an enum by its value, a bool as
  /// `true`/`false`), is not a valid payload; nil when it is. A value with control characters or
  /// longer than 80 bytes is quoted escaped and cut to 40 characters, so a hostile payload leaves
  /// a readable message.
  public func validate(_ text: String) -> WidgetProperty.Problem? {
    guard let problem = rules.validate(text) else { return nil }
    guard text.utf8.count > 80 || text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return problem }
    let excerpt = WidgetValueSyntax.quoted(String(text.prefix(40)))
    return WidgetProperty.Problem(problem.code, "\(excerpt)\(text.count > 40 ? "… (\(text.utf8.count) bytes)" : "") is not a valid \(type.description)")
  }

  /// The value `text` (a valid value's text form: `0.2`, `grouped`, `true`) as a class field of
  /// wire type `field` carries it, as a JSON value: an enum's index or a bool's 0/1 in an integer
  /// field, a number in a double field, the text in a string field.
  package func wireValue(_ text: String, in field: EventFieldType) -> JSONValue {
    switch field {
    case .string, .bytes:
      return .string(type.canonicalText(text) ?? text)
    case .bool:
      return .bool(type.canonicalText(text) == "true")
    case .double:
      return .number(WidgetValueSyntax.number(text) ?? 0)
    case .int32, .uint32, .int64:
      if case .enumeration(let values) = type { return .number(Double(values.firstIndex(of: text) ?? 0)) }
      if type == .bool { return .number(type.canonicalText(text) == "true" ? 1 : 0) }
      return .number(WidgetValueSyntax.number(text) ?? 0)
    }
  }

  /// The text form of `text`, a value as a class field carries it (``Event/fieldText(_:)``): an
  /// enum's value for its index, `true`/`false` for a bool's 1/0, anything else as it is. The
  /// inverse of ``wireValue(_:in:)`` for a valid value.
  public func textForm(wire text: String) -> String {
    if case .enumeration(let values) = type, let index = WidgetValueSyntax.integer(text), index >= 0, index < values.count { return values[Int(index)] }
    if type == .bool, text == "1" || text == "0" { return text == "1" ? "true" : "false" }
    return text
  }

  /// A valid value, as its text form, chosen by `pick` (given n, a number in 0..<n): the monkey
  /// passes a random pick; `{ _ in 0 }` gives the first valid value (the lowest number within the
  /// range, `false`, the first enum value), what a plain tap sends.
  public func sample(_ pick: (Int) -> Int) -> String {
    switch type {
    case .int:
      let low = (minimum ?? min(0, maximum ?? 0)).rounded(.up)
      let high = min(maximum ?? (low + 100), low + 10_000).rounded(.down)
      return WidgetValueSyntax.canonicalNumber(low + Double(pick(Int(max(0, high - low)) + 1)))
    case .double:
      let low = minimum ?? min(0, maximum ?? 0)
      let high = maximum ?? (low + 100)
      return WidgetValueSyntax.canonicalNumber(low + (high - low) * Double(pick(101)) / 100)
    case .bool:
      return pick(2) == 1 ? "true" : "false"
    case .string:
      return ["", "x", "Gate 12"][pick(3)]
    case .colour:
      return ["#000000", "#ff8800", "#1d4fb8"][pick(3)]
    case .enumeration(let values):
      return values[pick(values.count)]
    case .url:
      return "https://example.com/\(pick(1000)).png"
    case .size:
      return "\(pick(400))x\(pick(400))"
    case .point:
      return "\(pick(400)),\(pick(400))"
    case .rect:
      return "\(pick(400)),\(pick(400)),\(pick(400))x\(pick(400))"
    }
  }
}

extension Event {
  /// The value of the class field `name` as its text form (`1`, `0.5`, `true`, a string), nil for
  /// a field the class lacks or a bytes field: what a widget schema's event rules check.
  public func fieldText(_ name: String) -> String? {
    for field in EventFieldCollector.fields(of: self) where field.name.description == name {
      switch field.value {
      case .int32(let value): return String(value)
      case .uint32(let value): return String(value)
      case .int64(let value): return String(value)
      case .bool(let value): return value ? "true" : "false"
      case .double(let value): return WidgetValueSyntax.canonicalNumber(value)
      case .string(let value): return value
      case .bytes: return nil
      }
    }
    return nil
  }
}
