import CommandCodec

/// The known style keys (``StyleKeys/known``) by position, found from a key's UTF-8 bytes.
///
/// A ``StyleTable`` stores a known key as its position, so that finding a style compares one word
/// and stores no string for the key. SET_STYLE is most of what engines send, so the lookup has to
/// cost less than hashing the key with `Hasher` (SipHash, what `StyleKeys.index` does): a hash of
/// the key's length and three of its bytes picks a bucket, and the bytes are compared there.
///
/// Keys are compared by their bytes, as the model stores them verbatim (docs/PROTOCOL.md §6,
/// decision 8): `"Color"` is not `"color"`.
enum StyleKeyCatalog {
  /// The number of known keys: positions are `0..<count`.
  static var count: Int { table.keys.count }

  /// The known key at `position`.
  @inline(__always)
  static func key(at position: Int) -> String { table.keys[position] }

  /// The position of `key` in ``StyleKeys/known``, nil for any other key.
  ///
  /// - Complexity: O(length of the key).
  @inline(__always)
  static func position(of key: String) -> Int? {
    // Native and small strings (all that decoders make) are read in place; others copied once.
    if let found = key.utf8.withContiguousStorageIfAvailable({ table.position(of: $0) }) { return found }
    return Array(key.utf8).withUnsafeBufferPointer { table.position(of: $0) }
  }

  /// Built once, on first use.
  private static let table = Table(StyleKeys.known)

  /// An open-addressing index over the keys' bytes, at most a quarter full (linear probing).
  private struct Table: Sendable {
    let keys: [String]
    /// Every key's bytes, one after the other; key `p` is `bytes[starts[p]..<starts[p + 1]]`.
    let bytes: [UInt8]
    let starts: [Int]
    /// For each bucket, one more than the position of the key in it (0: empty).
    let buckets: [UInt8]
    /// log2 of the number of buckets.
    let bits: UInt32

    init(_ keys: [String]) {
      precondition(keys.count < 255, "a bucket holds one more than a position in a UInt8")
      self.keys = keys
      var bytes: [UInt8] = []
      var starts = [0]
      for key in keys {
        bytes.append(contentsOf: key.utf8)
        starts.append(bytes.count)
      }
      self.bytes = bytes
      self.starts = starts
      var bits: UInt32 = 4
      while 1 << bits < 4 * keys.count { bits += 1 }
      self.bits = bits
      var buckets = [UInt8](repeating: 0, count: 1 << bits)
      for (position, key) in keys.enumerated() {
        var bucket = Array(key.utf8).withUnsafeBufferPointer { Table.hash($0, bits: bits) }
        while buckets[bucket] != 0 { bucket = (bucket + 1) & (buckets.count - 1) }
        buckets[bucket] = UInt8(position + 1)
      }
      self.buckets = buckets
    }

    /// The length and the first, middle and last bytes, mixed (distinct for nearly all CSS keys),
    /// as a bucket number of `bits` bits.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, bits: UInt32) -> Int {
      let count = key.count
      guard count > 0 else { return 0 }
      let word = UInt32(truncatingIfNeeded: count) << 24 | UInt32(key[0]) << 16 | UInt32(key[count / 2]) << 8 | UInt32(key[count - 1])
      return Int((word &* 0x9E37_79B1) >> (32 - bits))
    }

    /// Whether two byte ranges of the same length are equal, compared eight bytes at a time.
    @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
      var offset = 0
      while offset + 8 <= a.count {
        if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
        offset += 8
      }
      while offset < a.count {
        if a[offset] != b[offset] { return false }
        offset += 1
      }
      return true
    }

    @inline(__always)
    func position(of key: UnsafeBufferPointer<UInt8>) -> Int? {
      var bucket = Table.hash(key, bits: bits)
      while true {
        let entry = Int(buckets[bucket])
        if entry == 0 { return nil }
        let start = starts[entry - 1]
        if starts[entry] - start == key.count && bytes.withUnsafeBufferPointer({ stored in
          Table.equal(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: stored[start..<starts[entry]])), UnsafeRawBufferPointer(key))
        }) {
          return entry - 1
        }
        bucket = (bucket + 1) & (buckets.count - 1)
      }
    }
  }
}
