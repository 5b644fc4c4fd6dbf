/// Minimal canonical JSON text building for snapshots: the same rules as the trace format
/// (no spaces inside values, `"`, `\` and control characters escaped, integers without exponents).
struct JSONText {
  private(set) var bytes: [UInt8] = []

  mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func number(_ value: Double) {
    if value == value.rounded(.towardZero) && value.magnitude < 9_007_199_254_740_992 {
      raw(value == 0 && value.sign == .minus ? "-0" : String(Int64(value)))
    } else {
      raw(String(value))
    }
  }

  mutating func int<T: BinaryInteger>(_ value: T) { raw(String(value)) }

  mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

  /// An object written member by member; commas are handled.
  mutating func object(_ body: (inout ObjectWriter) -> Void) {
    var writer = ObjectWriter()
    bytes.append(UInt8(ascii: "{"))
    swap(&writer.text, &self)
    body(&writer)
    swap(&writer.text, &self)
    bytes.append(UInt8(ascii: "}"))
  }

  /// An array written element by element.
  mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONText, S.Element) -> Void) {
    bytes.append(UInt8(ascii: "["))
    var first = true
    for element in elements {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      body(&self, element)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  struct ObjectWriter {
    fileprivate var text = JSONText()
    private var first = true

    /// Starts a member and lets `body` write its value.
    mutating func member(_ key: String, _ body: (inout JSONText) -> Void) {
      if !first { text.bytes.append(UInt8(ascii: ",")) }
      first = false
      text.string(key)
      text.bytes.append(UInt8(ascii: ":"))
      body(&text)
    }
  }
}
