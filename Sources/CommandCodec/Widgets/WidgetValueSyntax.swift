/// The text forms of widget property values: the parsers behind ``WidgetPropertyType``.
///
/// Pure functions over `String`, without Foundation. Each accepts exactly the syntax
/// docs/WIDGETS.md §3 gives for its type and nothing more: no surrounding spaces, no `+` sign,
/// colour names only from ``colourNames``.
///
/// ```swift
/// WidgetValueSyntax.integer("-40")      // -40
/// WidgetValueSyntax.isColour("#f80")    // true
/// WidgetValueSyntax.size("320x200")     // (320, 200)
/// ```
public enum WidgetValueSyntax {
  /// The integer `text` spells (optional `-`, decimal digits, within Int64), or nil.
  public static func integer(_ text: String) -> Int64? {
    isIntegerSyntax(text) ? Int64(text) : nil
  }

  /// Whether `text` is spelt as an integer (optional `-`, decimal digits), whatever its size.
  public static func isIntegerSyntax(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
    return !digits.isEmpty && digits.allSatisfy(isDigit)
  }

  /// The number `text` spells as a JSON number (`-1.5`, `2e3`; no `+`, no leading zeros,
  /// no `nan` or `inf`), or nil; nil too for a number too large for a Double (`1e400`).
  public static func number(_ text: String) -> Double? {
    guard isNumberSyntax(text), let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// Whether `text` is spelt as a JSON number, whatever its size: `1e400` is, though it
  /// overflows a Double (``number(_:)`` is nil for it).
  public static func isNumberSyntax(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { return false }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { return false }
    }
    return index == bytes.count
  }

  /// Whether `text` is a bool: `true`, `false`, `1` or `0` (an integer field carries 1 or 0).
  public static func isBool(_ text: String) -> Bool {
    text == "true" || text == "false" || text == "1" || text == "0"
  }

  /// The bool `text` spells, or nil.
  public static func bool(_ text: String) -> Bool? {
    isBool(text) ? (text == "true" || text == "1") : nil
  }

  /// The colour names a value may use, in any case, each with its canonical digits (docs/WIDGETS.md
  /// §3): CSS's sixteen basic colours, `grey`, `cyan`, `magenta`, `orange` and `transparent`: the
  /// names every platform's colour parser knows (Android's `Color.parseColor`, CSS, UIColor's
  /// class methods).
  public static let colourNames: [String: String] = [
    "black": "#000000", "silver": "#c0c0c0", "gray": "#808080", "grey": "#808080", "white": "#ffffff",
    "maroon": "#800000", "red": "#ff0000", "purple": "#800080", "fuchsia": "#ff00ff", "magenta": "#ff00ff",
    "green": "#008000", "lime": "#00ff00", "olive": "#808000", "yellow": "#ffff00", "navy": "#000080",
    "blue": "#0000ff", "teal": "#008080", "aqua": "#00ffff", "cyan": "#00ffff", "orange": "#ffa500",
    "transparent": "#00000000",
  ]

  /// Whether `text` is `#` and 3, 6 or 8 hex digits (`#rgb`, `#rrggbb`, `#aarrggbb`, alpha first
  /// as Android reads eight digits), either case, or one of ``colourNames`` in any case.
  public static func isColour(_ text: String) -> Bool {
    if colourNames[text.lowercased()] != nil { return true }
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), [4, 7, 9].contains(bytes.count) else { return false }
    return bytes.dropFirst().allSatisfy { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
  }

  /// A colour's canonical text: lower case, `#rgb` spelt out as `#rrggbb`, and an opaque
  /// `#ffrrggbb` as `#rrggbb`, so that every spelling of one colour has one text. Nil for a
  /// text that is not a colour.
  public static func canonicalColour(_ text: String) -> String? {
    if let digits = colourNames[text.lowercased()] { return digits }
    guard isColour(text) else { return nil }
    var digits = Array(text.lowercased().utf8.dropFirst())
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    if digits.count == 8 && digits[0] == UInt8(ascii: "f") && digits[1] == UInt8(ascii: "f") { digits.removeFirst(2) }
    return "#" + String(decoding: digits, as: UTF8.self)
  }

  /// Whether `text` is `scheme:rest`: a scheme of a letter then letters, digits, `+`, `-` or
  /// `.` (RFC 3986), a non-empty rest, and no spaces or control characters anywhere.
  public static func isURL(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < bytes.count else { return false }
    guard isLetter(bytes[0]) else { return false }
    let schemeOK = bytes[1..<colon].allSatisfy {
      isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
    return schemeOK && bytes.allSatisfy { $0 > 0x20 && $0 != 0x7F }
  }

  /// The width and height `text` spells as `WIDTHxHEIGHT` (non-negative numbers, fractions
  /// allowed, `320.5x200`; digits with leading zeros as before; a lower-case `x`), or nil.
  public static func size(_ text: String) -> (width: Double, height: Double)? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = dimension(parts[0]), let height = dimension(parts[1]) else { return nil }
    return (width, height)
  }

  /// The point `text` spells as `X,Y` (two JSON numbers, no spaces), or nil.
  public static func point(_ text: String) -> (x: Double, y: Double)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = number(String(parts[0])), let y = number(String(parts[1])) else { return nil }
    return (x, y)
  }

  /// The rectangle `text` spells as `X,Y,WIDTHxHEIGHT` (a point, then a size), or nil.
  public static func rect(_ text: String) -> (x: Double, y: Double, width: Double, height: Double)? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 3, let origin = point(parts[0] + "," + parts[1]), let size = size(String(parts[2])) else { return nil }
    return (origin.x, origin.y, size.width, size.height)
  }

  /// `"text"` with JSON escapes, as messages quote values.
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.writeJSONString(text)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A number as the schema's canonical text writes it (`40`, `0.5`).
  public static func canonicalNumber(_ value: Double) -> String {
    var bytes: [UInt8] = []
    bytes.writeJSONNumber(value)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A size's side: decimal digits (leading zeros allowed, as sizes always took them) or a
  /// non-negative JSON number, finite.
  private static func dimension(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.utf8.first != UInt8(ascii: "-") else { return nil }
    if text.utf8.allSatisfy(isDigit) { return Double(text).flatMap { $0.isFinite ? $0 : nil } }
    return number(String(text))
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }

  /// Why a number spelt right is no double: `too large for a double`, or for a negative one
  /// `too small for a double` (below the lowest, about -1.8e308; not a fraction too close to 0,
  /// which reads as 0).
  package static func doubleOverflow(negative: Bool) -> String {
    negative ? "too small for a double (below -1.8e308)" : "too large for a double (above 1.8e308)"
  }
}
