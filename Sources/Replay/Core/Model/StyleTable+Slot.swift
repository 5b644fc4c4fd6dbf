extension StyleTable {
  /// One style as stored: which one it is, and its value, in 16 bytes that hold nothing to release.
  ///
  /// A value of up to ``inlineCapacity`` UTF-8 bytes is kept in the slot itself: its bytes in
  /// order through `head` (bytes 0–7) and `tail` (8–11), the rest filled with 0xFF, a byte UTF-8
  /// never contains, so the length needs no field and equal values have equal words. A longer value
  /// is in the table's side array: `head` then starts with 0xFE (never in UTF-8 either) and `tail`
  /// is its index there.
  struct Slot: Sendable {
    /// The key's number shifted left by three, or'ed with the selector (0–5).
    var identity: UInt32
    var tail: UInt32 = ~0
    var head: UInt64 = ~0

    /// The longest value a slot holds itself.
    static let inlineCapacity = 12

    init(identity: UInt32) { self.identity = identity }

    /// Whether the value is in the side array, at index `tail`.
    @inline(__always)
    var isLong: Bool { head & 0xFF == 0xFE }

    /// Stores `utf8` (at most ``inlineCapacity`` bytes) in the slot.
    @inline(__always)
    mutating func setInline(_ utf8: UnsafeBufferPointer<UInt8>) {
      let count = utf8.count
      guard let base = utf8.baseAddress, count > 0 else {
        (head, tail) = (.max, .max)
        return
      }
      let bytes = UnsafeRawPointer(base)
      // Whole words where the value has them; a part of a word as two overlapping loads (the
      // bytes they share are the same bytes, so or-ing them is exact); then 0xFF past the end.
      if count >= 8 {
        head = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        let rest = count - 8
        if rest == 0 {
          tail = .max
        } else {
          let last = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
          // The last four bytes end where the value ends; keep the `rest` that follow byte 8.
          tail = last &>> UInt32(8 * (4 - rest)) | (rest == 4 ? 0 : UInt32.max &<< UInt32(8 * rest))
        }
      } else {
        var word: UInt64
        if count >= 4 {
          let first = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
          let last = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
          word = first | last &<< UInt64(8 * (count - 4))
        } else {
          word = UInt64(base[0])
          if count > 1 { word |= UInt64(base[1]) << 8 }
          if count > 2 { word |= UInt64(base[2]) << 16 }
        }
        head = word | UInt64.max &<< UInt64(8 * count)
        tail = .max
      }
    }

    /// Marks the value as the side array's entry `entry`.
    mutating func setLong(entry: UInt32) {
      head = UInt64.max << 8 | 0xFE
      tail = entry
    }

    /// Whether both slots hold the same value in themselves (false for long values, which are
    /// compared as strings).
    @inline(__always)
    func holdsSameInlineValue(as other: Slot) -> Bool {
      head == other.head && tail == other.tail && !isLong
    }

    /// The value held in the slot (not for a long value).
    var inlineValue: String {
      var bytes = (head.littleEndian, tail.littleEndian)
      return withUnsafeBytes(of: &bytes) { raw in
        String(decoding: raw.prefix { $0 != 0xFF }.prefix(Slot.inlineCapacity), as: UTF8.self)
      }
    }
  }
}
