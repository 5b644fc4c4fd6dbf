/// A colour read from a style value: red, green, blue and alpha, 0–255 each.
///
/// Accepted forms (protocol notes §4: iOS takes `#rrggbb`, `#aarrggbb`, `white`, `black`;
/// Android its colour parser; GTK the GDK parser):
///
/// - `#rgb` and `#rrggbb`, opaque;
/// - `#aarrggbb`, alpha first as Android's `Color.parseColor` reads eight digits (not CSS's
///   `#rrggbbaa`);
/// - `rgb(r, g, b)` and `rgba(r, g, b, a)` with components 0–255 and alpha 0–1;
/// - the names in ``named``, in any letter case.
///
/// Anything else is not a colour. A colour is written out only through ``hex`` and ``opacity``,
/// so a style value never reaches the wireframe's output as it came.
///
/// ```swift
/// StyleColor.parse("#2a6df4")    // StyleColor(red: 0x2a, green: 0x6d, blue: 0xf4, alpha: 255)
/// StyleColor.parse("#802a6df4")  // the same at alpha 0x80
/// StyleColor.parse("red;background:url(http://evil)")  // nil
/// ```
public struct StyleColor: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `#rrggbb` in lower case: the only spelling of a colour the wireframe writes.
  public var hex: String {
    "#" + [red, green, blue].map { byte in
      let digits = Array("0123456789abcdef")
      return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }.joined()
  }

  /// The alpha as a fraction, 0–1.
  public var opacity: Double { Double(alpha) / 255 }

  /// Whether the colour shows at all.
  public var isVisible: Bool { alpha > 0 }

  /// The colour `text` names, or nil when it is none of the accepted forms.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func parse(_ text: String) -> StyleColor? {
    let trimmed = text.trimmingWhitespace
    if trimmed.hasPrefix("#") { return parseHex(trimmed.dropFirst()) }
    let lower = trimmed.lowercased()
    if lower.hasPrefix("rgb") { return parseFunction(lower) }
    return named[lower]
  }

  private static func parseHex(_ digits: Substring) -> StyleColor? {
    var nibbles: [UInt8] = []
    for scalar in digits.unicodeScalars {
      switch scalar {
      case "0"..."9": nibbles.append(UInt8(scalar.value - 48))
      case "a"..."f": nibbles.append(UInt8(scalar.value - 87))
      case "A"..."F": nibbles.append(UInt8(scalar.value - 55))
      default: return nil
      }
    }
    switch nibbles.count {
    case 3: return StyleColor(red: nibbles[0] * 17, green: nibbles[1] * 17, blue: nibbles[2] * 17)
    case 6: return StyleColor(red: nibbles[0] << 4 | nibbles[1], green: nibbles[2] << 4 | nibbles[3], blue: nibbles[4] << 4 | nibbles[5])
    case 8:
      return StyleColor(red: nibbles[2] << 4 | nibbles[3], green: nibbles[4] << 4 | nibbles[5], blue: nibbles[6] << 4 | nibbles[7], alpha: nibbles[0] << 4 | nibbles[1])
    default: return nil
    }
  }

  /// `rgb(r, g, b)` or `rgba(r, g, b, a)`.
  private static func parseFunction(_ text: String) -> StyleColor? {
    let hasAlpha = text.hasPrefix("rgba(")
    guard hasAlpha || text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
    let inner = text.dropFirst(hasAlpha ? 5 : 4).dropLast()
    let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
    guard parts.count == (hasAlpha ? 4 : 3) else { return nil }
    var channels: [UInt8] = []
    for part in parts.prefix(3) {
      guard let value = StyleNumber.parse(part, allowsUnits: false), value >= 0, value <= 255 else { return nil }
      channels.append(UInt8(value.rounded()))
    }
    var alpha: UInt8 = 255
    if hasAlpha {
      guard let value = StyleNumber.parse(parts[3], allowsUnits: false), value >= 0, value <= 1 else { return nil }
      alpha = UInt8((value * 255).rounded())
    }
    return StyleColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
  }

  /// The colour names accepted: CSS's sixteen basic colours and a few common others, lower case.
  public static let named: [String: StyleColor] = [
    "black": StyleColor(red: 0, green: 0, blue: 0),
    "white": StyleColor(red: 255, green: 255, blue: 255),
    "red": StyleColor(red: 255, green: 0, blue: 0),
    "green": StyleColor(red: 0, green: 128, blue: 0),
    "blue": StyleColor(red: 0, green: 0, blue: 255),
    "yellow": StyleColor(red: 255, green: 255, blue: 0),
    "cyan": StyleColor(red: 0, green: 255, blue: 255),
    "aqua": StyleColor(red: 0, green: 255, blue: 255),
    "magenta": StyleColor(red: 255, green: 0, blue: 255),
    "fuchsia": StyleColor(red: 255, green: 0, blue: 255),
    "gray": StyleColor(red: 128, green: 128, blue: 128),
    "grey": StyleColor(red: 128, green: 128, blue: 128),
    "lightgray": StyleColor(red: 211, green: 211, blue: 211),
    "lightgrey": StyleColor(red: 211, green: 211, blue: 211),
    "darkgray": StyleColor(red: 169, green: 169, blue: 169),
    "darkgrey": StyleColor(red: 169, green: 169, blue: 169),
    "silver": StyleColor(red: 192, green: 192, blue: 192),
    "maroon": StyleColor(red: 128, green: 0, blue: 0),
    "olive": StyleColor(red: 128, green: 128, blue: 0),
    "lime": StyleColor(red: 0, green: 255, blue: 0),
    "teal": StyleColor(red: 0, green: 128, blue: 128),
    "navy": StyleColor(red: 0, green: 0, blue: 128),
    "purple": StyleColor(red: 128, green: 0, blue: 128),
    "orange": StyleColor(red: 255, green: 165, blue: 0),
    "pink": StyleColor(red: 255, green: 192, blue: 203),
    "brown": StyleColor(red: 165, green: 42, blue: 42),
    "transparent": StyleColor(red: 0, green: 0, blue: 0, alpha: 0),
  ]
}
