/// Appending canonical JSON to a byte array: no spaces, minimal escapes, integers without exponents.
extension Array where Element == UInt8 {
  /// Appends `string` as a JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t`
  /// or `\u00XX`, everything else (including non-ASCII) as its UTF-8 bytes.
  @inlinable
  mutating func writeJSONString(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      append(UInt8(ascii: "\""))
      var runStart = 0
      var i = 0
      let count = utf8.count
      while i < count {
        let byte = utf8[i]
        if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
          i += 1
          continue
        }
        if runStart < i { append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
        writeJSONEscape(byte)
        i += 1
        runStart = i
      }
      if runStart < count { append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
      append(UInt8(ascii: "\""))
    }
  }

  @usableFromInline
  mutating func writeJSONEscape(_ byte: UInt8) {
    append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"))
    case 0x08: append(UInt8(ascii: "b"))
    case 0x0C: append(UInt8(ascii: "f"))
    case 0x0A: append(UInt8(ascii: "n"))
    case 0x0D: append(UInt8(ascii: "r"))
    case 0x09: append(UInt8(ascii: "t"))
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }

  /// Appends a decimal integer.
  @inlinable
  mutating func writeJSONInt(_ value: Int64) {
    if value >= 0 && value < 10 {
      append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits and a sign
    Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      if value < 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "-")
      }
      append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
    }
  }

  /// Appends a finite double canonically: an integral value below 2^53 in magnitude as an integer
  /// (`1500`, `-0` for negative zero), anything else in Swift's shortest round-trip form (`12.5`, `1e-05`).
  mutating func writeJSONNumber(_ value: Double) {
    if value == 0 {
      if value.sign == .minus { append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "0")]) } else { append(UInt8(ascii: "0")) }
      return
    }
    if value.isSafeInteger {
      writeJSONInt(Int64(value))
      return
    }
    append(contentsOf: value.description.utf8)
  }

  /// Appends `"key":` for a key that needs no escaping.
  @inlinable
  mutating func writeJSONKey(_ key: StaticString) {
    append(UInt8(ascii: "\""))
    append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    append(UInt8(ascii: "\""))
    append(UInt8(ascii: ":"))
  }
}
