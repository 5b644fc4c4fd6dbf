/// Values quoted in error messages, cut to a bounded excerpt when long.
///
/// A message names the value it refuses, but hostile or broken input can make that value a
/// megabyte long: the message then quotes its start and says how long it is, so that building
/// (and printing) the message stays cheap whatever the input.
///
/// ```swift
/// Excerpt.quoted("CREATE_BUTON")               // "\"CREATE_BUTON\""
/// Excerpt.quoted(String(repeating: "A", count: 1 << 20))
/// // "\"AAAA…AAAA…\" (1048576 bytes)": the first 64 bytes, then the length
/// ```
package enum Excerpt {
  /// How many bytes of a long value a message quotes.
  package static let maxLength = 64

  /// `value` in double quotes, or its first bytes and its length when it is longer than
  /// ``maxLength`` bytes: `"AAAA…" (1048576 bytes)`.
  package static func quoted(_ value: String, maxLength: Int = maxLength) -> String {
    guard value.utf8.count > maxLength else { return TerminalText.quoted(value) }
    return "\(TerminalText.quoted(String(head(value, maxLength))).dropLast())…\" (\(value.utf8.count) bytes)"
  }

  /// `value` as it is, or its first bytes and its length when it is longer than ``maxLength``
  /// bytes: `12345…` (1048576 bytes)` (for numbers as written).
  package static func plain(_ value: String, maxLength: Int = maxLength) -> String {
    guard value.utf8.count > maxLength else { return TerminalText.escaped(value) }
    return "\(TerminalText.escaped(String(head(value, maxLength))))… (\(value.utf8.count) bytes)"
  }

  /// The longest prefix of whole Unicode scalars within ``maxLength`` bytes (scalars, not
  /// characters: one character can be a megabyte of combining marks).
  private static func head(_ value: String, _ maxLength: Int) -> Substring {
    let scalars = value.unicodeScalars
    var end = scalars.startIndex
    var length = 0
    while end < scalars.endIndex {
      let next = UTF8.width(scalars[end])
      if length + next > maxLength { break }
      length += next
      scalars.formIndex(after: &end)
    }
    return Substring(scalars[..<end])
  }
}
