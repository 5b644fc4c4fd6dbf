/// An element's border: its width, colour and line.
///
/// `border` is CSS's shorthand: up to three words in any order, a width (a number), a line
/// (`solid`, `dashed`, `dotted`; `none` for no border) and a colour (``StyleColor``), e.g.
/// `1px solid #dadce0` or `2 red`. `border-width` and `border-color` (iOS's and Android's own
/// keys) override the shorthand's parts. A shorthand with a word that is none of these is
/// ignored whole; a width without a colour is drawn in the default border colour; a colour
/// without a width is one point wide. `border-radius` is read by ``StyleLength/parseSize(_:)``.
///
/// ```swift
/// StyleBorder.parse("1px solid #dadce0")  // width 1, solid, #dadce0
/// StyleBorder.parse("none")               // width 0
/// StyleBorder.parse("1 url(x)")           // nil
/// ```
public struct StyleBorder: Hashable, Sendable {
  public enum Line: String, Hashable, Sendable {
    case solid, dashed, dotted
  }

  /// The width in points; 0 draws no border.
  public var width: Double
  /// The colour, nil for the default border colour.
  public var color: StyleColor?
  public var line: Line

  public init(width: Double, color: StyleColor? = nil, line: Line = .solid) {
    self.width = width
    self.color = color
    self.line = line
  }

  /// The widest border drawn.
  public static let maximumWidth = 100.0

  /// The border a `border` value gives, or nil.
  public static func parse(_ text: String) -> StyleBorder? {
    let words = text.whitespaceSeparated
    guard (1...3).contains(words.count) else { return nil }
    var width: Double?
    var color: StyleColor?
    var line: Line?
    var isNone = false
    for word in words {
      if width == nil, let value = StyleNumber.parseNonNegative(word) {
        width = min(value, maximumWidth)
      } else if line == nil, !isNone, let parsed = Line(rawValue: word.lowercased()) {
        line = parsed
      } else if !isNone, line == nil, word.lowercased() == "none" {
        isNone = true
      } else if color == nil, let parsed = StyleColor.parse(word) {
        color = parsed
      } else {
        return nil
      }
    }
    if isNone { return StyleBorder(width: 0) }
    return StyleBorder(width: width ?? 1, color: color, line: line ?? .solid)
  }

  /// A `border-width` value, or nil.
  public static func width(_ text: String) -> Double? {
    StyleNumber.parseNonNegative(text).map { min($0, maximumWidth) }
  }
}
