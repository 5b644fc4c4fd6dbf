/// The one XML escaper (JUnit reports): text and attribute values alike.
public enum XMLText {
  /// `&`, `<`, `>` and `"` as entities; escape characters and the control characters XML 1.0
  /// cannot hold (all below 0x20 but tab and newline) dropped.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\u{1B}": continue
      default:
        if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
