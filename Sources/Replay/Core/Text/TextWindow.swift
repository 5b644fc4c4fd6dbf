import CommandCodec

/// Two long values shown where they differ: a window around the first differing character of
/// each, and both lengths. A typed text of 4,000 characters that lost its last one reads
/// `"…8901234567890123456789" → "…890123456789012345678"` with `(4002 → 4001 characters, first
/// difference at character 4001)`, where cutting both at their start would show the same text twice.
///
/// ```swift
/// let shown = TextWindow(old, new, limit: 160)
/// print(shown.old + " → " + shown.new + shown.note)
/// ```
public struct TextWindow: Sendable {
  /// The values, each at most `limit` characters and the ellipses.
  public var old: String
  public var new: String
  /// ` (L1 → L2 characters, first difference at character N)` when a value was cut, else "".
  public var note: String

  /// - Parameters:
  ///   - old, new: the values; a JSON string (`"…"`, as a state diff's values are) is measured by
  ///     its text, not its escaped form.
  ///   - limit: the most characters of each value shown.
  ///   - context: how many equal characters are kept before the first difference.
  ///
  /// - Complexity: O(n) in the values' length.
  public init(_ old: String, _ new: String, limit: Int, context: Int = 20) {
    guard old.count > limit || new.count > limit else {
      (self.old, self.new, self.note) = (old, new, "")
      return
    }
    let x = Array(old)
    let y = Array(new)
    var first = 0
    while first < x.count && first < y.count && x[first] == y[first] { first += 1 }
    let start = first <= context ? 0 : first - context
    func cut(_ characters: [Character]) -> String {
      let from = min(start, characters.count)
      let end = min(characters.count, from + max(limit, 1))
      return (from > 0 ? "…" : "") + String(characters[from..<end]) + (end < characters.count ? "…" : "")
    }
    self.old = cut(x)
    self.new = cut(y)
    // Where the texts differ, counted in the text (a quoted value's opening quote left out).
    let quoted = old.hasPrefix("\"") && new.hasPrefix("\"")
    let position = quoted ? max(first, 1) : first + 1
    note = " (\(Self.length(old)) → \(Self.length(new)) characters, first difference at character \(position))"
  }

  /// A JSON string's text length, else the value's.
  static func length(_ value: String) -> Int {
    if value.hasPrefix("\""), case .string(let text)? = try? JSONValue.parse(Array(value.utf8)) { return text.count }
    return value.count
  }
}
