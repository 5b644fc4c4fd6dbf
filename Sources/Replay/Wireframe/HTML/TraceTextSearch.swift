/// Whether a record's text (as the viewer's list shows it) has a query, ignoring case: the served
/// viewer's search (`cmdtool view --serve`, `/search`).
///
/// What "ignoring case" means is the standard library's: `text.lowercased().contains(query.lowercased())`,
/// full Unicode lowercasing compared character by character (grapheme clusters, canonically
/// equivalent ones equal), without Foundation. So `"Ä"` finds `"ä"`, `"k"` finds the Kelvin sign
/// (which lowercases to `k`), `";"` finds the Greek question mark (canonically a semicolon), but
/// `"i"` does not find `"İ"` (it lowercases to `i` and a combining dot: one other character) and
/// `"e"` does not find the `"é"` of `"e\u{301}"`. That reference is what runs for a query that
/// is not plain ASCII.
///
/// An ASCII query (without `\r`) is first searched byte by byte, folding `A`–`Z`, in the text's
/// UTF-8, without the lowercased copy and the character walk (most of the time per record went
/// there, docs/STUDIO.md). Where the reference finds it, so does the byte search: every character
/// of the match is one ASCII byte of the text, except for the four scalars beyond ASCII that
/// lowercase to or equal an ASCII character (``TextKind/lookalike``; all of Unicode was checked), and
/// a text holding one of those goes to the reference directly. So no byte match means no match.
/// A byte match is the answer when the text is ASCII but for the formatter's own arrows, dots and
/// dashes (each a character of its own, its own lowercase) and has no `\r` (which joins the `\n`
/// after it into one character); otherwise (a combining mark or a joiner could make the matched
/// letter part of another character) the reference decides.
///
/// ```swift
/// let search = TraceTextSearch("log IN")
/// search.matches("#9  1.500s  ←  ValueEvent → 5 text=\"Log in\"")   // true, byte-wise
/// search.matches("Größe")                                            // false, byte-wise
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

  /// What the bytes of a text allow the byte search to say.
  enum TextKind {
    /// ASCII but for the formatter's `→`, `←`, `·`, `—`, `…`, no `\r`: a byte match is a match.
    case plain
    /// Other scalars too, but no ASCII lookalike: no byte match is no match.
    case mixed
    /// A scalar beyond ASCII that lowercases to an ASCII letter or equals an ASCII character
    /// canonically: the Kelvin sign U+212A (`k`), the Greek question mark U+037E (`;`), the Greek
    /// varia U+1FEF (`` ` ``). Only the reference can tell. (U+0130 `İ` lowercases to `i` and
    /// U+0307: one character, no ASCII one. Every scalar of Unicode was checked for these.)
    case lookalike
  }

  /// The kind of `bytes` (UTF-8).
  static func kind(of bytes: UnsafeBufferPointer<UInt8>) -> TextKind {
    var kind = TextKind.plain
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x80 {
        if byte == 0x0D { kind = .mixed }
        index += 1
        continue
      }
      let second: UInt8 = index + 1 < count ? bytes[index + 1] : 0
      let third: UInt8 = index + 2 < count ? bytes[index + 2] : 0
      switch byte {
      case 0xC2 where second == 0xB7: index += 2  // ·
      case 0xE2 where second == 0x86 && (third == 0x90 || third == 0x92): index += 3  // ← →
      case 0xE2 where second == 0x80 && (third == 0x94 || third == 0xA6): index += 3  // — …
      case 0xE2 where second == 0x84 && third == 0xAA: return .lookalike
      case 0xCD where second == 0xBE: return .lookalike
      case 0xE1 where second == 0xBF && third == 0xAF: return .lookalike
      default:
        kind = .mixed
        index += 1
      }
    }
    return kind
  }

  /// The answer for an ASCII `needle` (lowercased) in `bytes`, or nil when the reference must
  /// decide.
  private static func asciiSearch(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    let kind = kind(of: bytes)
    if kind == .lookalike { return nil }
    let found = contains(needle, in: bytes)
    return !found || kind == .plain ? found : nil
  }

  /// Whether `bytes` holds `needle` with `A`–`Z` folded to `a`–`z`.
  private static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
