/// A `width` or `height` style: a number of points, `wrap-content` or `match-parent`.
///
/// The engine's constructors send `match-parent` (and the platforms take Android's spelling with
/// an underscore too, and its older `fill-parent`); a number may carry a unit
/// (``StyleNumber/units``). Negative numbers are not lengths.
///
/// ```swift
/// StyleLength.parse("match-parent")  // .matchParent
/// StyleLength.parse("96")            // .points(96)
/// StyleLength.parse("-4")            // nil
/// ```
public enum StyleLength: Hashable, Sendable {
  /// A fixed size in points.
  case points(Double)
  /// As large as the content (the default of most kinds).
  case wrapContent
  /// As large as the parent lets it be.
  case matchParent

  /// The largest size taken, so that a hostile `1e300` cannot make the arithmetic overflow.
  public static let maximum = 100_000.0

  /// The length `text` names, or nil.
  public static func parse(_ text: String) -> StyleLength? {
    switch text.trimmingWhitespace.lowercased() {
    case "wrap-content", "wrap_content": return .wrapContent
    case "match-parent", "match_parent", "fill-parent", "fill_parent": return .matchParent
    default:
      guard let value = StyleNumber.parseNonNegative(text) else { return nil }
      return .points(min(value, maximum))
    }
  }

  /// A plain size (`min-width`, `border-radius`, ...): a non-negative number, capped at ``maximum``.
  public static func parseSize(_ text: String) -> Double? {
    StyleNumber.parseNonNegative(text).map { min($0, maximum) }
  }

  /// The fixed size, if this is one.
  public var points: Double? {
    if case .points(let value) = self { return value }
    return nil
  }
}
