/// Padding or margin: four sides in points.
///
/// Read as CSS reads them: the shorthand (`padding`, `margin`) takes one to four numbers — all
/// sides; vertical and horizontal; top, horizontal and bottom; top, right, bottom and left — and a
/// side's own key (`padding-top`, `margin-left`, ...) overrides the shorthand's value for that
/// side, whichever was set first. Padding is never negative; margins may be (as in CSS), down to
/// −``StyleLength/maximum``. A value that does not read whole is ignored whole.
///
/// ```swift
/// StyleInsets.parse("8 16")       // top 8, right 16, bottom 8, left 16
/// StyleInsets.parse("1 2 3 4")    // top 1, right 2, bottom 3, left 4
/// StyleInsets.parse("8 sixteen")  // nil
/// ```
public struct StyleInsets: Hashable, Sendable {
  public var top: Double
  public var right: Double
  public var bottom: Double
  public var left: Double

  public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
    self.top = top
    self.right = right
    self.bottom = bottom
    self.left = left
  }

  /// The same inset on all four sides.
  public init(all value: Double) {
    self.init(top: value, right: value, bottom: value, left: value)
  }

  public static let zero = StyleInsets()

  /// Left plus right.
  public var horizontal: Double { left + right }
  /// Top plus bottom.
  public var vertical: Double { top + bottom }

  /// The key suffixes of the sides, in CSS order.
  static let sides = ["top", "right", "bottom", "left"]

  /// The insets a shorthand value gives, or nil.
  ///
  /// - Parameter allowsNegative: whether sides may be negative (margins).
  public static func parse(_ text: String, allowsNegative: Bool = false) -> StyleInsets? {
    let parts = text.whitespaceSeparated
    guard (1...4).contains(parts.count) else { return nil }
    var values: [Double] = []
    for part in parts {
      guard let value = side(part, allowsNegative: allowsNegative) else { return nil }
      values.append(value)
    }
    switch values.count {
    case 1: return StyleInsets(all: values[0])
    case 2: return StyleInsets(top: values[0], right: values[1], bottom: values[0], left: values[1])
    case 3: return StyleInsets(top: values[0], right: values[1], bottom: values[2], left: values[1])
    default: return StyleInsets(top: values[0], right: values[1], bottom: values[2], left: values[3])
    }
  }

  /// One side's value, or nil.
  public static func side(_ text: String, allowsNegative: Bool = false) -> Double? {
    guard let value = StyleNumber.parse(text), allowsNegative || value >= 0 else { return nil }
    return min(max(value, -StyleLength.maximum), StyleLength.maximum)
  }

  /// The insets named `prefix` (`padding` or `margin`) that `lookup` finds: the shorthand, then
  /// each side's own key over it; `base` where neither reads.
  ///
  /// - Complexity: five lookups.
  public static func resolve(_ prefix: String, base: StyleInsets = .zero, allowsNegative: Bool = false, lookup: (String) -> String?) -> StyleInsets {
    var insets = lookup(prefix).flatMap { parse($0, allowsNegative: allowsNegative) } ?? base
    for suffix in sides {
      guard let value = lookup(prefix + "-" + suffix).flatMap({ side($0, allowsNegative: allowsNegative) }) else { continue }
      switch suffix {
      case "top": insets.top = value
      case "right": insets.right = value
      case "bottom": insets.bottom = value
      default: insets.left = value
      }
    }
    return insets
  }

  /// These insets plus `other`, side by side.
  public static func + (a: StyleInsets, b: StyleInsets) -> StyleInsets {
    StyleInsets(top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left)
  }
}
