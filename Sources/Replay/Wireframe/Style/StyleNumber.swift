/// Reads the numbers style values carry: `24`, `0.500000`, `-8`, `16px`, `1.5e2dp`.
///
/// SET_STYLE values are free text from the trace (docs/PROTOCOL.md §51 keeps them verbatim), so
/// the wireframe reads them strictly: a decimal number, optionally signed, with an optional
/// fraction and exponent, optionally followed by one unit the platforms use for points (`px`,
/// `dp`, `dip`, `pt`, `sp`), surrounded by nothing but whitespace. Anything else (`nan`, `inf`,
/// `0x10`, `12 px`, `1e999`, `24;`) is not a number, so the style that holds it is ignored.
///
/// ```swift
/// StyleNumber.parse("0.500000")  // 0.5
/// StyleNumber.parse("16px")      // 16
/// StyleNumber.parse("inf")       // nil
/// ```
public enum StyleNumber {
  /// The units accepted after a number; all mean points in a wireframe.
  public static let units = ["px", "dp", "dip", "pt", "sp"]

  /// The number `text` holds, or nil when it is not one (or not finite).
  ///
  /// - Parameter allowsUnits: whether one of ``units`` may follow the number.
  /// - Complexity: O(n) in the length of `text`.
  public static func parse(_ text: String, allowsUnits: Bool = true) -> Double? {
    let trimmed = text.trimmingWhitespace
    var digits = Substring(trimmed)
    for unit in units where allowsUnits && digits.hasSuffix(unit) {
      digits = digits.dropLast(unit.count)
      break
    }
    guard isDecimal(digits.utf8), let value = Double(digits), value.isFinite else { return nil }
    return value
  }

  /// A number that must not be negative (padding, sizes, widths), else nil.
  public static func parseNonNegative(_ text: String) -> Double? {
    guard let value = parse(text), value >= 0 else { return nil }
    return value
  }

  /// Whether `bytes` is `[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?`: what Double's own
  /// parser would also take as hexadecimal, `nan` or `infinity` is refused first.
  static func isDecimal(_ bytes: Substring.UTF8View) -> Bool {
    var index = bytes.startIndex
    func digitCount() -> Int {
      var count = 0
      while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        count += 1
        index = bytes.index(after: index)
      }
      return count
    }
    func skip(_ set: [UInt8]) -> Bool {
      guard index < bytes.endIndex, set.contains(bytes[index]) else { return false }
      index = bytes.index(after: index)
      return true
    }
    _ = skip([UInt8(ascii: "+"), UInt8(ascii: "-")])
    var mantissa = digitCount()
    if skip([UInt8(ascii: ".")]) { mantissa += digitCount() }
    guard mantissa > 0 else { return false }
    if skip([UInt8(ascii: "e"), UInt8(ascii: "E")]) {
      _ = skip([UInt8(ascii: "+"), UInt8(ascii: "-")])
      guard digitCount() > 0 else { return false }
    }
    return index == bytes.endIndex
  }
}

extension String {
  /// The string split at runs of whitespace, without empty parts.
  var whitespaceSeparated: [String] {
    split(whereSeparator: \.isWhitespace).map(String.init)
  }
}
