/// Appending primitives of the binary format to a byte array.
extension Array where Element == UInt8 {
  /// Appends `value` as an unsigned LEB128 varint (1–10 bytes).
  @inlinable @inline(__always)
  mutating func writeVarint(_ value: UInt64) {
    var v = value
    while v >= 0x80 {
      append(UInt8(truncatingIfNeeded: v) | 0x80)
      v >>= 7
    }
    append(UInt8(truncatingIfNeeded: v))
  }

  /// Appends a signed value ZigZag-mapped (0, -1, 1, -2 → 0, 1, 2, 3) as a varint.
  @inlinable @inline(__always)
  mutating func writeZigZag(_ value: Int64) {
    writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  /// Appends the IEEE 754 bits of `value`, little-endian.
  @inlinable
  mutating func writeDouble(_ value: Double) {
    var bits = value.bitPattern
    for _ in 0..<8 {
      append(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
    }
  }

  /// Appends `count` as a varint, then the string's UTF-8 bytes.
  @inlinable
  mutating func writeLengthPrefixed(_ string: String) {
    var string = string
    string.withUTF8 { utf8 in
      writeVarint(UInt64(utf8.count))
      append(contentsOf: utf8)
    }
  }

  /// Appends the UTF-8 bytes of a string without a prefix.
  @inlinable
  mutating func writeUTF8(_ string: String) {
    var string = string
    string.withUTF8 { append(contentsOf: $0) }
  }

  /// The number of bytes `writeVarint(value)` appends.
  @inlinable
  static func varintSize(_ value: UInt64) -> Int {
    // One byte per started group of seven significant bits; at least one.
    let bits = 64 - (value | 1).leadingZeroBitCount
    return (bits + 6) / 7
  }
}
