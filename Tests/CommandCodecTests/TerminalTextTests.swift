import Testing
@testable import CommandCodec

/// The one escaper of text shown to people: control characters a terminal (or a page's text
/// layout) would act on are shown as JSON escapes, never applied.
@Suite struct TerminalTextTests {
  @Test("Bidirectional controls are shown as escapes: none reorders the text around it", arguments: [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ] as [Unicode.Scalar])
  func bidiControls(control: Unicode.Scalar) {
    let hex = String(control.value, radix: 16)
    let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    #expect(TerminalText.escaped("a\(control)b") == "a\(escape)b")
    #expect(TerminalText.quoted("a\(control)b") == "\"a\(escape)b\"")
    #expect(TerminalText.escaped("a\(control)\nb", keepingNewlines: true) == "a\(escape)\nb")
  }

  @Test("Other text passes as it is: right-to-left letters, joiners and marks are no controls")
  func otherText() {
    for text in ["שלום", "مرحبا", "a\u{200D}b", "e\u{301}", "…", "\u{2028}"] {
      #expect(TerminalText.escaped(text) == text, "\(text.unicodeScalars.map { $0.value })")
    }
  }
}
