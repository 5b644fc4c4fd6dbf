/// Whether a record's text (as the viewer's list shows it) has a query, ignoring case: the served
/// viewer's search (`cmdtool view --serve`, `/search`).
///
/// What "ignoring case" means is the standard library's: `text.lowercased().contains(query.lowercased())`,
/// full Unicode lowercasing compared character by character (grapheme clusters, canonically
/// equivalent ones equal), without Foundation. So `"Ä"` finds `"ä"`, `"k"` finds the Kelvin sign
/// (which lowercases to `k`), `";"` finds the Greek question mark (canonically a semicolon), but
/// `"i"` does not find `"İ"` (it lowercases to `i` and a combining dot: one other character) and
/// `"e"` does not find the `"é"` of `"e\u{301}"`. That reference runs for a query that is not
/// plain ASCII, and for a text with anything beyond ASCII but the formatter's own arrows, dots and
/// dashes (``inertScalars``). For an ASCII query in such a text, both sides' lowercasing is
/// ASCII's, every ASCII byte is a character of its own (but `\r\n`, so `\r` is left to the
/// reference) and no byte of an inert scalar is ASCII, so a byte-wise search that folds `A`–`Z`
/// gives the same answer without the lowercased copy and the character walk: about a third of the
/// search's time per record went there (docs/STUDIO.md, "Searching a served trace").
///
/// ```swift
/// let search = TraceTextSearch("log IN")
/// search.matches("#9  1.500s  ←  ValueEvent → 5 text=\"Log in\"")   // true, byte-wise
/// search.matches("Größe")                                            // the reference path
/// ```
public struct TraceTextSearch: Sendable {
  /// The query, lowercased.
  public let needle: String
  /// The lowercased query's bytes when the byte-wise search can answer for it (ASCII, no `\r`).
  private let asciiNeedle: [UInt8]?

  /// A search for `query`; an empty query matches nothing.
  public init(_ query: String) {
    needle = query.lowercased()
    asciiNeedle = query.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? Array(needle.utf8) : nil
  }

  /// Whether `text`, lowercased, contains the lowercased query.
  public func matches(_ text: String) -> Bool {
    guard !needle.isEmpty else { return false }
    if let asciiNeedle {
      var text = text
      if let found = text.withUTF8({ Self.asciiSearch(asciiNeedle, in: $0) }) { return found }
    }
    return Self.reference(needle, in: text)
  }

  /// The reference answer: `text.lowercased().contains(needle)`.
  static func reference(_ needle: String, in text: String) -> Bool {
    !needle.isEmpty && text.lowercased().contains(needle)
  }

  /// The non-ASCII scalars `TraceRecordFormatter` writes itself (`→`, `←`, `·`, `—`, `…`), as
  /// UTF-8: each is a character of its own next to ASCII, its own lowercase, and equal to no ASCII
  /// character, so a text with only these beyond ASCII can be searched byte by byte.
  static let inertScalars: [[UInt8]] = ["\u{2192}", "\u{2190}", "\u{B7}", "\u{2014}", "\u{2026}"].map { Array($0.utf8) }

  /// Whether `bytes` is ASCII but for ``inertScalars`` and holds no `\r`.
  private static func isByteWise(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if byte == 0x0D { return false }
        index += 1
        continue
      }
      guard let inert = inertScalars.first(where: { scalar in
        index + scalar.count <= bytes.count && scalar.indices.allSatisfy { bytes[index + $0] == scalar[$0] }
      }) else { return false }
      index += inert.count
    }
    return true
  }

  /// Whether `bytes` holds `needle` with `A`–`Z` folded to `a`–`z`; nil when the fold cannot
  /// answer for `bytes` (``isByteWise(_:)``).
  private static func asciiSearch(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard isByteWise(bytes) else { return nil }
    let count = needle.count
    guard count <= bytes.count else { return false }
    return needle.withUnsafeBufferPointer { needle -> Bool in
      let first = needle[0]
      var start = 0
      while start <= bytes.count - count {
        if fold(bytes[start]) == first {
          var offset = 1
          while offset < count, fold(bytes[start + offset]) == needle[offset] { offset += 1 }
          if offset == count { return true }
        }
        start += 1
      }
      return false
    }
  }

  @inline(__always)
  private static func fold(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }
}
