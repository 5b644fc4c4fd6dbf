/// The one XML escaper (JUnit reports, wireframe SVG): text and attribute values alike.
public enum XMLText {
  /// `&`, `<`, `>` and `"` as entities; escape characters, the control characters XML 1.0
  /// cannot hold (all below 0x20 but tab and newline) and the noncharacters U+FFFE and U+FFFF
  /// (which no XML parser accepts either) dropped. Safe in text and in double-quoted attributes.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\u{1B}", "\u{FFFE}", "\u{FFFF}": continue
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
