/// Canonical JSON through the raw cursor (the batch hot path of the JSON encoder); the same
/// output as the `[UInt8]` writers in JSONWriter.swift.
extension RawWriter {
  /// A decimal integer, written from the last digit backwards into its place, two digits at a
  /// time from a table (a division per pair instead of per digit), after its length is found by
  /// comparisons.
  @inline(__always)
  mutating func jsonInt(_ value: Int64) {
    if value >= 0 && value < 10 {
      byte(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    if value < 0 { byte(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var limit: UInt64 = 10
    while digits < 19 && magnitude >= limit {
      digits += 1
      limit &*= 10
    }
    let pairs = RawWriter.digitPairs.utf8Start
    var index = position + digits
    while magnitude >= 100 {
      let pair = Int(magnitude % 100) &* 2
      magnitude /= 100
      index -= 2
      base[index] = pairs[pair]
      base[index + 1] = pairs[pair + 1]
    }
    if magnitude >= 10 {
      let pair = Int(magnitude) &* 2
      base[index - 2] = pairs[pair]
      base[index - 1] = pairs[pair + 1]
    } else {
      base[index - 1] = UInt8(ascii: "0") &+ UInt8(magnitude)
    }
    position += digits
  }

  /// "00" to "99", each pair of digits at twice its value.
  static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }

  /// A JSON string: `"` and `\` escaped, control characters as short escapes or `\u00XX`.
  /// Needs room for 6 bytes per input byte plus 2.
  @inline(__always)
  mutating func jsonString(_ string: String) {
    byte(UInt8(ascii: "\""))
    string.withUTF8Bytes { utf8 in
      let count = utf8.count
      if count >= 8 {
        // Most strings need no escape: checked a word at a time, the last word overlapping the
        // one before it, then copied in one go.
        var offset = 0
        while offset + 8 < count && !RawWriter.needsEscape(utf8.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { offset += 8 }
        if offset + 8 >= count && !RawWriter.needsEscape(utf8.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) {
          bytes(utf8)
          return
        }
      }
      var runStart = 0
      var i = 0
      while i < count {
        // Eight bytes at a time while none of them needs an escape (most strings have none).
        if i + 8 <= count && !RawWriter.needsEscape(utf8.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
          i += 8
          continue
        }
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

  /// Whether any of the eight bytes in `word` is a control character, `"` or `\`: exact, by
  /// the usual "has a zero byte" and "has a byte below n" word tricks.
  @inline(__always)
  static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let control = (word &- ones &* 0x20) & ~word
    let quotes = (quote &- ones) & ~quote
    let backslashes = (backslash &- ones) & ~backslash
    return (control | quotes | backslashes) & highs != 0
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
