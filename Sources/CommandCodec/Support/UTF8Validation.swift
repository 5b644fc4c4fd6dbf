/// Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
package enum UTF8Validation {
  /// The UTF-8 byte order mark (U+FEFF encoded), which JSON texts must not start with (RFC 8259 §8.1).
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The offset of the first byte that starts an invalid sequence, or nil when all of `bytes` is valid.
  ///
  /// - Complexity: O(n), with an eight-bytes-at-a-time path for ASCII.
  package static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    var i = 0
    while i < count {
      // ASCII fast path: eight bytes at a time while no high bit is set.
      while i + 8 <= count {
        let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { break }
        i += 8
      }
      if i >= count { break }
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; upper = 0x9F  // no surrogates
      case 0xF0: length = 4; lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; upper = 0x8F  // nothing above U+10FFFF
      default: return i
      }
      guard i + length <= count else { return i }
      let second = bytes[i + 1]
      guard second >= lower && second <= upper else { return i }
      var k = 2
      while k < length {
        guard bytes[i + k] & 0xC0 == 0x80 else { return i }
        k += 1
      }
      i += length
    }
    return nil
  }

  /// Whether all of `bytes` is ASCII.
  ///
  /// Strings of a command are short: past the whole words, the rest is one overlapping load of the
  /// last eight (or four) bytes rather than a loop over single bytes.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let count = bytes.count
    var acc: UInt64 = 0
    if count >= 8 {
      var i = 0
      while i + 8 <= count {
        acc |= bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        i += 8
      }
      if i < count { acc |= bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) }
    } else if count >= 4 {
      acc = UInt64(bytes.loadUnaligned(as: UInt32.self) | bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
    } else {
      for byte in bytes { acc |= UInt64(byte) }
    }
    return acc & 0x8080_8080_8080_8080 == 0
  }
}
