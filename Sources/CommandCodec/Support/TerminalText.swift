/// Text from a trace or a peer made safe for a terminal: every control character escaped.
///
/// A trace is input, and anything in it can be hostile: a label, a style key, a header's
/// creator, a testee's name or its error text can hold `ESC]0;…BEL` (retitling the window),
/// `ESC[2J` (clearing the screen) or the one-byte CSI U+009B. Everything cmdtool prints for
/// people goes through this one escaper (the JSON documents keep JSON's own escapes), so that
/// no byte below 0x20 reaches the terminal except the newlines and tabs of cmdtool's own layout,
/// and no DEL or C1 control at all.
///
/// The escapes are JSON's, so that a quoted text reads back as a JSON string: `\n`, `\t`, `\r`,
/// `\b`, `\f`, and `\u00XX` for the other C0 controls, DEL (`\u007f`) and the C1 controls
/// U+0080–U+009F (`\u009b`).
///
/// The bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are escaped
/// too (`\u202e`): applied, they reorder the text around them, so that what a terminal, a page or
/// a wireframe shows is not the text (Trojan Source, CVE-2021-42574). The wireframe and the pages
/// show engine texts through this escaper as well.
///
/// ```swift
/// TerminalText.quoted("Log in")          // "\"Log in\""
/// TerminalText.quoted("a\u{1B}[2Jb")     // "\"a\\u001b[2Jb\""
/// TerminalText.escaped("title\u{9B}0m")  // "title\\u009b0m"
/// ```
package enum TerminalText {
  /// `value` in double quotes, `"` and `\` escaped as in JSON, every control character escaped.
  package static func quoted(_ value: String) -> String {
    var out = "\""
    out.reserveCapacity(value.utf8.count + 2)
    append(value, to: &out, escapingQuotes: true, keepingNewlines: false)
    out += "\""
    return out
  }

  /// `value` without quotes, its control characters escaped (quotes and backslashes are left as
  /// they are): for names, keys and messages printed bare.
  ///
  /// - Parameter keepingNewlines: leave line feeds as they are, for a message of several lines
  ///   that is printed as such (each line is still escaped).
  package static func escaped(_ value: String, keepingNewlines: Bool = false) -> String {
    guard needsEscape(value, escapingQuotes: false, keepingNewlines: keepingNewlines) else { return value }
    var out = ""
    out.reserveCapacity(value.utf8.count + 8)
    append(value, to: &out, escapingQuotes: false, keepingNewlines: keepingNewlines)
    return out
  }

  /// Whether `scalar` is a control character a terminal could act on: C0, DEL or C1.
  @inline(__always)
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
  }

  /// Whether `scalar` is a bidirectional control: an embedding, override or isolate, or a mark.
  @inline(__always)
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }

  private static func needsEscape(_ value: String, escapingQuotes: Bool, keepingNewlines: Bool) -> Bool {
    var utf8 = value.utf8.makeIterator()
    while let byte = utf8.next() {
      // C1 controls are U+0080–U+009F: 0xC2 0x80–0x9F in UTF-8; the bidirectional controls
      // start with 0xE2 (U+200E–U+2069) or 0xD8 (U+061C).
      if byte < 0x20 && !(keepingNewlines && byte == 0x0A) || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xD8 { return true }
      if escapingQuotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")) { return true }
    }
    return false
  }

  private static func append(_ value: String, to out: inout String, escapingQuotes: Bool, keepingNewlines: Bool) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"" where escapingQuotes: out += "\\\""
      case "\\" where escapingQuotes: out += "\\\\"
      case "\n" where keepingNewlines: out += "\n"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where isControl(scalar) || isBidiControl(scalar):
        let hex: [Character] = Array("0123456789abcdef")
        out += "\\u"
        for shift in [12, 8, 4, 0] { out.append(hex[Int((scalar.value >> UInt32(shift)) & 0xF)]) }
      default: out.unicodeScalars.append(scalar)
      }
    }
  }
}
