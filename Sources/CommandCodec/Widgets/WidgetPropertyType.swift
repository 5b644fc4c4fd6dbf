/// The type of a custom widget's property or creation attribute, and the syntax of its values.
///
/// Values travel as text (a SET_STYLE value, a SET_TEXT_VALUE text) or as an integer field (a
/// SET_INT_VALUE value); ``WidgetProperty/validate(_:)`` checks the text form. The syntax of each
/// type (docs/WIDGETS.md §3):
///
/// | Type | Schema name | Text form | Examples |
/// |---|---|---|---|
/// | ``int`` | `int` | optional `-`, decimal digits, within Int64 | `40`, `-3` |
/// | ``double`` | `double` | a JSON number | `0.5`, `1e3` |
/// | ``bool`` | `bool` | `true`, `false`, `1`, `0` | `true` |
/// | ``string`` | `string` | anything | `Gate 12` |
/// | ``colour`` | `colour` (or `color`) | `#rgb`, `#rrggbb`, `#aarrggbb`, hex digits, or a colour name | `#ff8800`, `red` |
/// | ``enumeration(_:)`` | `enum` + `values` | one of the values, exactly | `grouped` |
/// | ``url`` | `url` | `scheme:rest`, no spaces | `https://example.com/a.png` |
/// | ``size`` | `size` | `WIDTHxHEIGHT`, non-negative numbers | `320x200`, `320.5x200` |
/// | ``point`` | `point` | `X,Y`, numbers (IBInspectable CGPoint) | `10,-2.5` |
/// | ``rect`` | `rect` | `X,Y,WIDTHxHEIGHT` (IBInspectable CGRect) | `0,0,320x44` |
public enum WidgetPropertyType: Hashable, Sendable, CustomStringConvertible {
  case int
  case double
  case bool
  case string
  case colour
  /// One of a fixed list of values (JSON `"type": "enum", "values": [...]`).
  case enumeration([String])
  case url
  case size
  /// `X,Y` (IBInspectable CGPoint).
  case point
  /// `X,Y,WIDTHxHEIGHT` (IBInspectable CGRect).
  case rect

  /// The schema names of the types, in the order of the table (``enumeration(_:)`` is `enum`).
  public static let names = ["int", "double", "bool", "string", "colour", "enum", "url", "size", "point", "rect"]

  /// Other languages' names for the types, lower-cased, for the suggestion of an unknown type
  /// that no edit distance finds (`boolean` → `bool`, Swift's `CGFloat` → `double`, IBInspectable's
  /// `CGPoint` → `point`); never accepted as types themselves.
  static let synonyms: [String: String] = [
    "boolean": "bool", "integer": "int", "long": "int", "int32": "int", "int64": "int", "float": "double",
    "number": "double", "cgfloat": "double", "text": "string", "str": "string", "uicolor": "colour",
    "cgcolor": "colour", "uri": "url", "nsurl": "url", "cgsize": "size", "cgpoint": "point", "cgrect": "rect",
  ]

  /// `" (did you mean "bool"?)"` for an unknown type name: a synonym's type, else the closest name.
  static func hint(for name: String) -> String {
    if let type = synonyms[name.lowercased()] { return " (did you mean \"\(type)\"?)" }
    return Suggestion.hint(for: name, among: names)
  }

  /// The name the schema uses: `"int"`, `"colour"`, `"enum"`, ...
  public var name: String {
    switch self {
    case .int: return "int"
    case .double: return "double"
    case .bool: return "bool"
    case .string: return "string"
    case .colour: return "colour"
    case .enumeration: return "enum"
    case .url: return "url"
    case .size: return "size"
    case .point: return "point"
    case .rect: return "rect"
    }
  }

  /// The name, with an enumeration's values: `enum(plain|grouped)`.
  public var description: String {
    if case .enumeration(let values) = self { return "enum(" + values.joined(separator: "|") + ")" }
    return name
  }

  /// Whether values of this type are numbers that a `min`/`max` range applies to.
  public var isNumeric: Bool { self == .int || self == .double }

  /// Whether an integer field of a command (`value`, `width`, `flags`, ...) can carry the type:
  /// ints, and bools as 0 or 1. Every type travels in a string field, as its text form.
  public var fitsIntegerField: Bool { self == .int || self == .bool }

  /// Why `text` is not a value of this type, or nil when it is one (ranges are not checked here).
  public func syntaxProblem(_ text: String) -> WidgetProperty.Problem? {
    switch self {
    case .string:
      return nil
    case .int:
      if WidgetValueSyntax.integer(text) != nil { return nil }
      guard WidgetValueSyntax.isIntegerSyntax(text) else { return .init(.wrongType, "\(WidgetValueSyntax.quoted(text)) is not an int") }
      return .init(.outOfRange, "\(text) is out of range: an int is a 64-bit integer")
    case .double:
      if WidgetValueSyntax.number(text) != nil { return nil }
      guard WidgetValueSyntax.isNumberSyntax(text) else { return .init(.wrongType, "\(WidgetValueSyntax.quoted(text)) is not a double") }
      return .init(.outOfRange, "\(text) is out of range: \(WidgetValueSyntax.doubleOverflow(negative: text.hasPrefix("-")))")
    case .bool:
      return WidgetValueSyntax.isBool(text) ? nil : .init(.wrongType, "\(WidgetValueSyntax.quoted(text)) is not a bool (true, false, 1 or 0)")
    case .colour:
      return WidgetValueSyntax.isColour(text) ? nil : .init(.notAColour, "\(WidgetValueSyntax.quoted(text)) is not a colour (#rgb, #rrggbb, #aarrggbb or a name such as red)")
    case .enumeration(let values):
      if values.contains(text) { return nil }
      return .init(.notInEnum, "\(WidgetValueSyntax.quoted(text)) is not one of " + values.map(WidgetValueSyntax.quoted).joined(separator: ", ") + Suggestion.hint(for: text, among: values))
    case .url:
      return WidgetValueSyntax.isURL(text) ? nil : .init(.notAURL, "\(WidgetValueSyntax.quoted(text)) is not a URL (scheme:rest, no spaces)")
    case .size:
      return WidgetValueSyntax.size(text) == nil ? .init(.notASize, "\(WidgetValueSyntax.quoted(text)) is not a size (WIDTHxHEIGHT, e.g. 320x200 or 320.5x200)") : nil
    case .point:
      return WidgetValueSyntax.point(text) == nil ? .init(.wrongType, "\(WidgetValueSyntax.quoted(text)) is not a point (X,Y, e.g. 10,-2.5)") : nil
    case .rect:
      return WidgetValueSyntax.rect(text) == nil ? .init(.wrongType, "\(WidgetValueSyntax.quoted(text)) is not a rect (X,Y,WIDTHxHEIGHT, e.g. 0,0,320x44)") : nil
    }
  }

  /// Whether values of this type are numbers or booleans: snapshots write them as JSON numbers
  /// and booleans, and diffs print them bare (`40`, `true`) rather than quoted.
  public var isBare: Bool { self == .int || self == .double || self == .bool }

  /// The one text of the value `text` spells, so that every spelling of a value compares alike
  /// (docs/WIDGETS.md §3): an int in decimal (`007` → `7`), a double as a JSON number writes it
  /// (`22.0` → `22`, `1e3` → `1000`), a bool as `true` or `false` (`1` → `true`), a colour in
  /// lower case with six digits when opaque (`#FFCC00`, `#fc0`, `#ffffcc00` → `#ffcc00`; a name
  /// as its digits, `Red` → `#ff0000`), a size, point or rect with each number as a JSON number
  /// writes it (`0320.0x200` → `320x200`, `1.0,2` → `1,2`); strings, enum values and URLs as they
  /// are. Nil when `text` is
  /// not a value of the type (ranges are not checked).
  ///
  /// ```swift
  /// WidgetPropertyType.double.canonicalText("22.0")  // "22"
  /// WidgetPropertyType.bool.canonicalText("0")       // "false"
  /// ```
  public func canonicalText(_ text: String) -> String? {
    guard syntaxProblem(text) == nil else { return nil }
    // -0 is 0: one number, one text.
    func n(_ value: Double) -> String { WidgetValueSyntax.canonicalNumber(value == 0 ? 0 : value) }
    switch self {
    case .int:
      return WidgetValueSyntax.integer(text).map { String($0) }
    case .double:
      // -0 is 0: one number, one text.
      return WidgetValueSyntax.number(text).map { WidgetValueSyntax.canonicalNumber($0 == 0 ? 0 : $0) }
    case .bool:
      return WidgetValueSyntax.bool(text).map { $0 ? "true" : "false" }
    case .colour:
      return WidgetValueSyntax.canonicalColour(text)
    case .size:
      return WidgetValueSyntax.size(text).map { n($0.width) + "x" + n($0.height) }
    case .point:
      return WidgetValueSyntax.point(text).map { n($0.x) + "," + n($0.y) }
    case .rect:
      return WidgetValueSyntax.rect(text).map { n($0.x) + "," + n($0.y) + "," + n($0.width) + "x" + n($0.height) }
    case .string, .enumeration, .url:
      return text
    }
  }

  /// Whether `a` and `b` are one value of this type (`0` and `false`, `22` and `22.0`,
  /// `#80FF0000` and `#80ff0000`); texts that are not values of the type are the same only when
  /// they are spelt the same.
  public func sameValue(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let x = canonicalText(a), let y = canonicalText(b) else { return false }
    return x == y
  }
}
