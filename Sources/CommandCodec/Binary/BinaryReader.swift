/// A cursor over untrusted bytes. Reads return nil (or a failure) instead of trapping on short input;
/// the decoder turns that into an error carrying the absolute byte offset.
struct BinaryReader {
  let bytes: UnsafeRawBufferPointer
  /// The offset of the next byte to read, relative to `bytes`.
  var position: Int
  /// The end of the readable region (exclusive).
  let end: Int

  init(_ bytes: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
    self.bytes = bytes
    self.position = start
    self.end = end ?? bytes.count
  }

  var remaining: Int { end - position }
  var isAtEnd: Bool { position >= end }

  @inline(__always)
  mutating func readUInt8() -> UInt8? {
    guard position < end else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// The outcome of reading a varint.
  enum VarintResult {
    case value(UInt64)
    /// The region ends inside the varint.
    case truncated
    /// More than 64 bits, or a non-minimal encoding (a trailing zero group).
    case invalid(nonCanonical: Bool)
  }

  /// Reads an unsigned LEB128 varint: at most 10 bytes, minimal encoding only.
  @inline(__always)
  mutating func readVarint() -> VarintResult {
    guard position < end else { return .truncated }
    let first = bytes[position]
    if first < 0x80 {
      position += 1
      return .value(UInt64(first))
    }
    // Two bytes (ids a little apart, strings of 32 bytes and more, string slots past 63), in
    // line; a second byte of 0 would be an overlong form, left to the full reader's error.
    if position + 1 < end {
      let second = bytes[position + 1]
      if second < 0x80 && second != 0 {
        position += 2
        return .value(UInt64(first & 0x7F) | UInt64(second) << 7)
      }
    }
    return readVarintSlow()
  }

  @inline(never)
  private mutating func readVarintSlow() -> VarintResult {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    var index = position
    while true {
      guard index < end else { return .truncated }
      let byte = bytes[index]
      index += 1
      if shift == 63 && byte > 1 { return .invalid(nonCanonical: false) }
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 {
        if byte == 0 && shift > 0 { return .invalid(nonCanonical: true) }
        position = index
        return .value(result)
      }
      shift += 7
      if shift > 63 { return .invalid(nonCanonical: false) }
    }
  }

  /// Reads eight bytes as a little-endian IEEE 754 double.
  mutating func readDouble() -> Double? {
    guard remaining >= 8 else { return nil }
    let bits = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    position += 8
    return Double(bitPattern: bits)
  }

  /// The next `count` bytes, without copying; nil when fewer remain.
  mutating func readBytes(count: Int) -> UnsafeRawBufferPointer? {
    guard count >= 0, remaining >= count else { return nil }
    defer { position += count }
    return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
  }
}

extension Int64 {
  /// Undoes the ZigZag mapping.
  @inline(__always)
  init(zigZag value: UInt64) {
    self = Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
  }
}
