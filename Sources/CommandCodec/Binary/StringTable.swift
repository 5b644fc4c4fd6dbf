/// The encoder's side of the interning table: which strings the decoder holds, and in which slot.
///
/// Slot `n % capacity` holds the `n`-th interned string; when the table is full the oldest slot is
/// reused. Strings are found by their UTF-8 bytes (a hash over the bytes, then a byte comparison),
/// never by Swift's canonical equivalence, so "é" (U+00E9) and "e\u{301}" stay distinct and the
/// codec stays lossless.
///
/// - Complexity: lookup and insertion are O(length) for the string's bytes, with an
///   open-addressing index at most half full (linear probing, backward-shift deletion).
struct EncoderStringTable: Sendable {
  /// The bytes of the string in each slot.
  private var slotBytes: ContiguousArray<[UInt8]> = []
  /// The index: for each bucket, the slot it points to (-1 when empty) and that string's hash.
  private var bucketSlots: [Int32]
  private var bucketHashes: [UInt32]
  private(set) var internedCount = 0
  let capacity: Int

  init(capacity: Int = BinaryFormat.stringTableCapacity) {
    self.capacity = capacity
    var size = 16
    while size < 2 * capacity { size *= 2 }
    bucketSlots = [Int32](repeating: -1, count: size)
    bucketHashes = [UInt32](repeating: 0, count: size)
  }

  private var mask: Int { bucketSlots.count - 1 }

  /// A hash over the bytes, eight at a time (multiply-xorshift mixing); the last partial word is
  /// read as one load overlapping the word before it, or as two overlapping 4-byte loads for a
  /// string under 8 bytes (strings are mostly short style keys and values).
  @inline(__always)
  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    let count = bytes.count
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    var tail: UInt64 = 0
    if count >= 8 {
      var i = 0
      while i + 8 < count {
        h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 32
        i += 8
      }
      tail = bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
      tail = UInt64(bytes.loadUnaligned(as: UInt32.self)) | UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
    } else {
      for i in 0..<count { tail |= UInt64(bytes[i]) << (8 * UInt64(i)) }
    }
    h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 29
    return UInt32(truncatingIfNeeded: h)
  }

  @inline(__always)
  private static func equal(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard stored.count == bytes.count else { return false }
    return stored.withUnsafeBytes { storedBytes in
      let count = bytes.count
      if count >= 8 {
        var i = 0
        while i + 8 < count {
          if storedBytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) != bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
          i += 8
        }
        return storedBytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      }
      for i in 0..<count where storedBytes[i] != bytes[i] { return false }
      return true
    }
  }

  /// The slot holding these bytes, if the decoder has them.
  @inline(__always)
  func slot(of bytes: UnsafeRawBufferPointer, hash: UInt32) -> Int? {
    var bucket = Int(hash) & mask
    while true {
      let slot = bucketSlots[bucket]
      if slot < 0 { return nil }
      if bucketHashes[bucket] == hash && Self.equal(slotBytes[Int(slot)], bytes) { return Int(slot) }
      bucket = (bucket + 1) & mask
    }
  }

  /// Enters the bytes in the next slot, evicting the oldest string when full.
  mutating func intern(_ bytes: UnsafeRawBufferPointer, hash: UInt32) {
    let slot = internedCount % capacity
    if internedCount < capacity {
      slotBytes.append(Array(bytes))
    } else {
      removeFromIndex(slot: slot)
      slotBytes[slot] = Array(bytes)
    }
    var bucket = Int(hash) & mask
    while bucketSlots[bucket] >= 0 { bucket = (bucket + 1) & mask }
    bucketSlots[bucket] = Int32(slot)
    bucketHashes[bucket] = hash
    internedCount += 1
  }

  /// Removes the index entry of `slot` (its string is being evicted), shifting later entries of
  /// the probe run back so that lookups need no tombstones.
  private mutating func removeFromIndex(slot: Int) {
    let bytes = slotBytes[slot]
    let hash = bytes.withUnsafeBytes { Self.hash($0) }
    var bucket = Int(hash) & mask
    while bucketSlots[bucket] != Int32(slot) {
      guard bucketSlots[bucket] >= 0 else { return }
      bucket = (bucket + 1) & mask
    }
    var hole = bucket
    var next = (hole + 1) & mask
    while bucketSlots[next] >= 0 {
      let home = Int(bucketHashes[next]) & mask
      if (next - home) & mask >= (next - hole) & mask {
        bucketSlots[hole] = bucketSlots[next]
        bucketHashes[hole] = bucketHashes[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    bucketSlots[hole] = -1
  }
}
