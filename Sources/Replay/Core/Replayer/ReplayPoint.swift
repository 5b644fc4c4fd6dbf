/// Where in a trace to stop replaying: after a record, at a time, or at the end.
public enum ReplayPoint: Hashable, Sendable, CustomStringConvertible {
  /// After the last record.
  case end
  /// After record `n` (0 is the first record after the header).
  case record(Int)
  /// At `t` milliseconds: every record up to that time applied, and the clock advanced to it.
  case time(Double)

  /// Parses `#120` (a record), `12.5s`, `1500ms`, `2m` (times) or `end`; nil for anything else.
  public init?(parsing text: String) {
    guard let point = try? Self.parse(text) else { return nil }
    self = point
  }

  /// Parses `#120` (a record), `12.5s`, `1500ms`, `0.5h` (times) or `end`, saying what is wrong
  /// with anything else.
  ///
  /// ```swift
  /// try ReplayPoint.parse("6.5s")  // .time(6500)
  /// try ReplayPoint.parse("-1s")   // throws: -1s: negative times are not allowed; ...
  /// ```
  ///
  /// - Throws: ``ReplayPointError`` with code `negativeTime` (`-1s`), `negativeRecord` (`#-1`),
  ///   `missingUnit` (`12`) or `notAPoint`.
  public static func parse(_ text: String) throws(ReplayPointError) -> ReplayPoint {
    let trimmed = text.trimmingCharacters(in: " ")
    if trimmed == "end" { return .end }
    if trimmed.hasPrefix("#") {
      let digits = trimmed.dropFirst()
      if digits.hasPrefix("-"), digits.count > 1, digits.dropFirst().allSatisfy(\.isASCIIDigit) {
        throw ReplayPointError(.negativeRecord, text: text, "record numbers are not negative; #0 is the first record")
      }
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let index = Int(digits) else { throw notAPoint(text) }
      return .record(index)
    }
    // A minus sign in front of an otherwise good time: say why rather than "not a point".
    if trimmed.hasPrefix("-"), (try? parse(String(trimmed.dropFirst()))).map(\.isTime) == true {
      throw ReplayPointError(.negativeTime, text: text, "negative times are not allowed; times count from the start of the trace, so the earliest is 0s")
    }
    let units: [(suffix: String, factor: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
    for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
      guard let number = decimal(trimmed.dropLast(suffix.count)) else { throw notAPoint(text) }
      return .time(number * factor)
    }
    if decimal(Substring(trimmed)) != nil {
      let record = trimmed.allSatisfy(\.isASCIIDigit) ? ", and a record its # (#\(trimmed))" : ""
      throw ReplayPointError(.missingUnit, text: text, "a time needs a unit (\(trimmed)ms, \(trimmed)s, \(trimmed)m or \(trimmed)h)\(record)")
    }
    throw notAPoint(text)
  }

  private static func notAPoint(_ text: String) -> ReplayPointError {
    ReplayPointError(.notAPoint, text: text, "not a point; use #N for a record, a time such as 12.5s or 1500ms, or end")
  }

  /// A plain decimal (`12`, `12.5`): Double() alone would also take "+5", "0x10" and "inf".
  private static func decimal(_ literal: Substring) -> Double? {
    let dots = literal.filter { $0 == "." }.count
    guard !literal.isEmpty, dots <= 1, literal.first != ".", literal.last != ".",
      literal.allSatisfy({ $0.isASCIIDigit || $0 == "." })
    else { return nil }
    return Double(literal)
  }

  private var isTime: Bool {
    if case .time = self { return true }
    return false
  }

  public var description: String {
    switch self {
    case .end: return "end"
    case .record(let index): return "#\(index)"
    case .time(let ms): return Format.time(milliseconds: ms)
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension String {
  fileprivate func trimmingCharacters(in set: Character) -> String {
    var slice = Substring(self)
    while slice.first == set { slice = slice.dropFirst() }
    while slice.last == set { slice = slice.dropLast() }
    return String(slice)
  }
}
