/// Canonical JSON through the raw cursor (the batch hot path of the JSON encoder); the same
/// output as the `[UInt8]` writers in JSONWriter.swift.
extension RawWriter {
  /// A decimal integer, written from the last digit backwards into its place.
  @inline(__always)
  mutating func jsonInt(_ value: Int64) {
    if value >= 0 && value < 10 {
      byte(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    var magnitude = value.magnitude
    var digits = 1
    var probe = magnitude / 10
    while probe != 0 {
      digits += 1
      probe /= 10
    }
    if value < 0 { byte(UInt8(ascii: "-")) }
    var index = position + digits - 1
    repeat {
      base[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    } while magnitude != 0
    position += digits
  }

  /// A JSON string: `"` and `\` escaped, control characters as short escapes or `\u00XX`.
  /// Needs room for 6 bytes per input byte plus 2.
  @inline(__always)
  mutating func jsonString(_ string: String) {
    byte(UInt8(ascii: "\""))
    string.withUTF8Bytes { utf8 in
      var runStart = 0
      var i = 0
      let count = utf8.count
      while i < count {
        let b = utf8[i]
        if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
          i += 1
          continue
        }
        if runStart < i { bytes(UnsafeRawBufferPointer(rebasing: utf8[runStart..<i])) }
        escape(b)
        i += 1
        runStart = i
      }
      if runStart < count { bytes(UnsafeRawBufferPointer(rebasing: utf8[runStart..<count])) }
    }
    byte(UInt8(ascii: "\""))
  }

  private mutating func escape(_ b: UInt8) {
    byte(UInt8(ascii: "\\"))
    switch b {
    case UInt8(ascii: "\""): byte(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): byte(UInt8(ascii: "\\"))
    case 0x08: byte(UInt8(ascii: "b"))
    case 0x0C: byte(UInt8(ascii: "f"))
    case 0x0A: byte(UInt8(ascii: "n"))
    case 0x0D: byte(UInt8(ascii: "r"))
    case 0x09: byte(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      bytes("u00")
      byte(hex.utf8Start[Int(b >> 4)])
      byte(hex.utf8Start[Int(b & 0xF)])
    }
  }

  /// A finite number in the canonical form (see `writeJSONNumber`). Needs 32 bytes.
  @inline(__always)
  mutating func jsonNumber(_ value: Double) {
    if value == 0 {
      if value.sign == .minus { bytes("-0") } else { byte(UInt8(ascii: "0")) }
      return
    }
    if value.isSafeInteger {
      jsonInt(Int64(value))
      return
    }
    value.description.withUTF8Bytes { bytes($0) }
  }
}
