/// Canonical JSON text, built member by member: the same rules as the trace format (no spaces,
/// one string escaper and one number form for the whole toolkit, both CommandCodec's).
package struct JSONText {
  package private(set) var bytes: [UInt8] = []

  package init() {}

  /// `value` as a JSON string literal, quotes included, for text people read: DEL and the C1
  /// controls are escaped too (`\u009b`), so that nothing in it acts on a terminal
  /// (``TerminalText/quoted(_:)``, still a valid JSON string).
  package static func quoted(_ value: String) -> String { TerminalText.quoted(value) }

  /// The bytes as a String.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  package mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// A JSON string, escaped by the toolkit's one escaper (CommandCodec's): `"` and `\`, control
  /// characters as `\n`-style or `\u00XX` escapes, everything else as its UTF-8 bytes.
  package mutating func string(_ value: String) { bytes.writeJSONString(value) }

  /// A number in the trace format's canonical form (`writeJSONNumber`).
  package mutating func number(_ value: Double) { bytes.writeJSONNumber(value) }

  package mutating func int<T: BinaryInteger>(_ value: T) { raw(String(value)) }

  package mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

  /// An object written member by member; commas are handled.
  package mutating func object(_ body: (inout ObjectWriter) -> Void) {
    var writer = ObjectWriter()
    bytes.append(UInt8(ascii: "{"))
    swap(&writer.text, &self)
    body(&writer)
    swap(&writer.text, &self)
    bytes.append(UInt8(ascii: "}"))
  }

  /// An array written element by element.
  package mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONText, S.Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    var first = true
    for element in elements {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      body(&self, element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  package struct ObjectWriter {
    fileprivate var text = JSONText()
    private var first = true

    /// Starts a member and lets `body` write its value.
    package mutating func member(_ key: String, _ body: (inout JSONText) -> Void) {
      if !first { text.bytes.append(UInt8(ascii: ",")) }
      first = false
      text.string(key)
      text.bytes.append(UInt8(ascii: ":"))
      body(&text)
    }
  }
}
