/// Where in a trace to stop replaying: after a record, at a time, or at the end.
public enum ReplayPoint: Hashable, Sendable, CustomStringConvertible {
  /// After the last record.
  case end
  /// After record `n` (0 is the first record after the header).
  case record(Int)
  /// At `t` milliseconds: every record up to that time applied, and the clock advanced to it.
  case time(Double)

  /// Parses `#120` (a record), `12.5s`, `1500ms`, `2m` (times) or `end`.
  public init?(parsing text: String) {
    let text = text.trimmingCharacters(in: " ")
    if text == "end" {
      self = .end
      return
    }
    if text.hasPrefix("#") {
      let digits = text.dropFirst()
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let index = Int(digits) else { return nil }
      self = .record(index)
      return
    }
    let units: [(suffix: String, factor: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
    for (suffix, factor) in units where text.hasSuffix(suffix) {
      // Plain decimals only: Double() would also take "+5", "0x10" and "inf".
      let literal = text.dropLast(suffix.count)
      let dots = literal.filter { $0 == "." }.count
      guard !literal.isEmpty, dots <= 1, literal.first != ".", literal.last != ".",
        literal.allSatisfy({ $0.isASCIIDigit || $0 == "." }), let number = Double(literal)
      else { return nil }
      self = .time(number * factor)
      return
    }
    return nil
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
