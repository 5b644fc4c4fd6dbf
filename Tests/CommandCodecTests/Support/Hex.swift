/// Lowercase hexadecimal text for bytes, as the vector files write them, and back.
enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  static func encode(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of lowercase hex text; nil for anything else (odd length, upper case, other characters).
  static func decode(_ text: String) -> [UInt8]? {
    let chars = Array(text.utf8)
    guard chars.count % 2 == 0 else { return nil }
    func value(_ c: UInt8) -> UInt8? {
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
      default: return nil
      }
    }
    var out: [UInt8] = []
    out.reserveCapacity(chars.count / 2)
    var i = 0
    while i < chars.count {
      guard let high = value(chars[i]), let low = value(chars[i + 1]) else { return nil }
      out.append(high << 4 | low)
      i += 2
    }
    return out
  }

  /// A short hex dump for failure messages: offsets and 16 bytes a line.
  static func dump(_ bytes: [UInt8]) -> String {
    var lines: [String] = []
    var offset = 0
    while offset < bytes.count {
      let row = bytes[offset..<min(offset + 16, bytes.count)]
      let position = String(offset, radix: 16)
      lines.append(String(repeating: "0", count: max(0, 4 - position.count)) + position + "  " + row.map { encode([$0]) }.joined(separator: " "))
      offset += 16
    }
    return lines.joined(separator: "\n")
  }
}
