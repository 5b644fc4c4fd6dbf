/// The font of a text: its size in points and its weight (100–900 as in CSS, 400 normal).
///
/// - `font-size`: `small`, `medium`, `large` or a number of points. The keywords are the
///   wireframe's own scale (11, 14, 18): Android's 9, 12 and 15 are for its scaled pixels, and iOS
///   ignores the keywords (protocol notes §4). Numbers are taken from 1 to 200 points.
/// - `font-weight`: `lighter` 300, `normal` 400, `bold` 700, `bolder` 800 (iOS's reading) or a
///   number from 1 to 1000.
///
/// ```swift
/// StyleFont.size("large")   // 18
/// StyleFont.weight("bold")  // 700
/// StyleFont.size("huge")    // nil
/// ```
public struct StyleFont: Hashable, Sendable {
  /// The size in points.
  public var size: Double
  /// The weight, 1–1000 (400 normal, 700 bold).
  public var weight: Int

  public init(size: Double = StyleFont.defaultSize, weight: Int = StyleFont.normalWeight) {
    self.size = size
    self.weight = weight
  }

  /// The size of text without a `font-size`.
  public static let defaultSize = 14.0
  /// The weight of text without a `font-weight`.
  public static let normalWeight = 400
  /// From this weight on a text is drawn, and measured, as bold.
  public static let boldWeight = 600

  /// Whether the text is bold.
  public var isBold: Bool { weight >= StyleFont.boldWeight }

  /// The line height: 1.3 times the size (docs/WIREFRAME.md, the text metric).
  public var lineHeight: Double { (size * 1.3).rounded() }

  /// The size a `font-size` value gives, or nil.
  public static func size(_ text: String) -> Double? {
    switch text.trimmingWhitespace.lowercased() {
    case "small": return 11
    case "medium": return 14
    case "large": return 18
    default:
      guard let value = StyleNumber.parse(text), value >= 1, value <= 200 else { return nil }
      return value
    }
  }

  /// The weight a `font-weight` value gives, or nil.
  public static func weight(_ text: String) -> Int? {
    switch text.trimmingWhitespace.lowercased() {
    case "lighter": return 300
    case "normal": return 400
    case "bold": return 700
    case "bolder": return 800
    default:
      guard let value = StyleNumber.parse(text, allowsUnits: false), value >= 1, value <= 1000 else { return nil }
      return Int(value.rounded())
    }
  }
}
