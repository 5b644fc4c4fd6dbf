/// What fills an element's box: a colour, or a gradient between colours.
///
/// `background-color` takes a colour; `background` a colour or, as the seed document and
/// Android have it, `linear-gradient(c1, c2, …)` or `radial-gradient(c1, c2, …)`. A linear
/// gradient runs top to bottom unless its first argument is a direction (`to right`,
/// `to left`, `to bottom`, `to top`). Each colour must read as a ``StyleColor``; anything else in
/// the value (a `url(…)`, an angle, a second semicolon-separated declaration) makes it no
/// background at all. Up to eight colours are kept, evenly spaced.
///
/// ```swift
/// StyleBackground.parse("#fafafa")                          // .color(#fafafa)
/// StyleBackground.parse("linear-gradient(to right, red, #00f)")
/// StyleBackground.parse("red;background:url(http://evil)")  // nil
/// ```
public enum StyleBackground: Hashable, Sendable {
  case color(StyleColor)
  /// Colours from the start to the end; `horizontal` runs left to right (else top to bottom),
  /// `reversed` from the end edge back (right to left, bottom to top).
  case linearGradient([StyleColor], horizontal: Bool, reversed: Bool)
  /// Colours from the centre outwards.
  case radialGradient([StyleColor])

  /// The most colours a gradient keeps.
  public static let maximumStops = 8

  /// The background `text` gives, or nil.
  public static func parse(_ text: String) -> StyleBackground? {
    let trimmed = text.trimmingWhitespace
    let lower = trimmed.lowercased()
    for (name, isLinear) in [("linear-gradient(", true), ("radial-gradient(", false)] where lower.hasPrefix(name) {
      guard lower.hasSuffix(")") else { return nil }
      var arguments = lower.dropFirst(name.count).dropLast().split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
      var horizontal = false
      var reversed = false
      if isLinear, let first = arguments.first, first.hasPrefix("to ") {
        switch first.dropFirst(3).trimmingWhitespace {
        case "bottom": break
        case "top": reversed = true
        case "right": horizontal = true
        case "left":
          horizontal = true
          reversed = true
        default: return nil
        }
        arguments.removeFirst()
      }
      guard (1...maximumStops).contains(arguments.count) else { return nil }
      var colors: [StyleColor] = []
      for argument in arguments {
        guard let color = StyleColor.parse(argument) else { return nil }
        colors.append(color)
      }
      return isLinear ? .linearGradient(colors, horizontal: horizontal, reversed: reversed) : .radialGradient(colors)
    }
    return StyleColor.parse(trimmed).map(StyleBackground.color)
  }

  /// The colours the background is made of, in order.
  public var colors: [StyleColor] {
    switch self {
    case .color(let color): return [color]
    case .linearGradient(let colors, _, _), .radialGradient(let colors): return colors
    }
  }
}
