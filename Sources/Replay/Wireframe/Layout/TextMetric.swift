/// How wide text is and where it breaks: the wireframe's one text metric.
///
/// Every character (grapheme cluster) is 0.55 em wide, 0.6 em in a bold font; a line is 1.3 em
/// high (``StyleFont/lineHeight``). No font is read: the metric is a guess that is the same on
/// every machine, so the same state gives the same boxes everywhere. Real fonts differ (narrow
/// `i`, wide `W`, wide CJK), which is why renderers anchor lines at their alignment point
/// (``WireframeText/anchor``) rather than trusting the width.
///
/// Lines break at spaces; a word wider than the line is broken between characters; a newline in
/// the text always breaks. A single-line text (and one that reaches ``maximumLines``) ends in `…`
/// where it is cut.
///
/// ```swift
/// TextMetric.width(of: "Log in", font: StyleFont(size: 14))  // 46.2 (6 × 0.55 × 14)
/// TextMetric.lines("Sign in to Acme", font: StyleFont(size: 20), maxWidth: 100)
/// // ["Sign in to", "Acme"]
/// ```
public enum TextMetric {
  /// A character's width in a regular font, in em.
  public static let characterWidth = 0.55
  /// A character's width in a bold font, in em.
  public static let boldCharacterWidth = 0.6
  /// The most lines a text is broken into; the last one drawn ends in `…`.
  public static let maximumLines = 200
  /// The most characters a line holds when its box sets no width: past that, a text is cut
  /// (no viewport is that wide).
  public static let maximumLineCharacters = 4_096
  /// What ends a cut line.
  public static let ellipsis = "…"

  /// The width of one character in `font`.
  public static func characterWidth(_ font: StyleFont) -> Double {
    (font.isBold ? boldCharacterWidth : characterWidth) * font.size
  }

  /// The width of `text` on one line.
  ///
  /// - Complexity: O(n) in the characters.
  public static func width(of text: String, font: StyleFont) -> Double {
    Double(text.count) * characterWidth(font)
  }

  /// `text` broken into lines no wider than `maxWidth` (unbounded when nil).
  ///
  /// - Parameters:
  ///   - singleLine: one line, cut with `…` where it does not fit; newlines read as spaces.
  ///   - maxLines: the most lines (at most ``maximumLines``); the last one ends in `…` when cut.
  /// - Returns: the lines; none for an empty text.
  /// - Complexity: O(k) for the k characters drawn: the rest of the text is not read.
  public static func lines(_ text: String, font: StyleFont, maxWidth: Double?, singleLine: Bool = false, maxLines: Int? = nil) -> [String] {
    guard !text.isEmpty else { return [] }
    // At least one character per line, however narrow the box, and at most
    // ``maximumLineCharacters`` even in a box without a width.
    let capacity = min(maxWidth.map { max(1, Int(min(($0 + 0.001) / characterWidth(font), 1e9))) } ?? Int.max, maximumLineCharacters)
    // Only what can be drawn is read: a line and one character more (which tells it was cut), or
    // the lines kept, each with its break, and one line more. A megabyte label costs a screenful,
    // not a megabyte, on every frame that draws it.
    if singleLine {
      return [String(cut(text.prefix(capacity + 1).map { $0 == "\n" || $0 == "\r\n" ? " " : $0 }[...], to: capacity))]
    }
    let limit = max(1, min(maxLines ?? maximumLines, maximumLines))
    let shown = text.prefix((limit + 1) * (capacity + 1))
    let isCut = shown.endIndex < text.endIndex
    var lines: [[Character]] = []
    var current: [Character] = []
    // One line more than the limit tells that the text was cut.
    func flush() -> Bool {
      lines.append(current)
      current = []
      return lines.count <= limit
    }
    paragraphs: for paragraph in shown.split(separator: "\n", omittingEmptySubsequences: false) {
      for (index, word) in paragraph.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
        var rest = Array(word)[...]
        if index > 0 {
          if current.count + 1 + rest.count <= capacity {
            current.append(" ")
          } else if !current.isEmpty {
            guard flush() else { break paragraphs }
          }
        }
        while current.count + rest.count > capacity {
          if !current.isEmpty && rest.count <= capacity {
            guard flush() else { break paragraphs }
            continue
          }
          let room = capacity - current.count
          current += rest.prefix(room)
          rest = rest.dropFirst(room)
          guard flush() else { break paragraphs }
        }
        current += rest
      }
      guard flush() else { break }
    }
    // Read only in part, the text goes on past the lines kept: the last one ends in `…` too.
    if lines.count > limit || isCut {
      lines.removeLast(max(0, lines.count - limit))
      let last = lines[lines.count - 1]
      lines[lines.count - 1] = (last.count < capacity ? last : Array(last.prefix(max(0, capacity - 1)))) + [Character(ellipsis)]
    }
    return lines.map { String($0) }
  }

  /// `line` cut to `capacity` characters, ending in `…` where cut.
  static func cut(_ line: ArraySlice<Character>, to capacity: Int) -> ArraySlice<Character> {
    guard line.count > capacity else { return line }
    guard capacity > 1 else { return [Character(ellipsis)] }
    return line.prefix(capacity - 1) + [Character(ellipsis)]
  }
}
