/// The encoder's side of the interning table: which strings the decoder holds, and in which slot.
///
/// Slot `n % capacity` holds the `n`-th interned string; when the table is full the oldest slot is
/// reused. Strings are compared by their UTF-8 bytes, never by Swift's canonical equivalence, so
/// "é" (U+00E9) and "e\u{301}" stay distinct and the codec stays lossless.
struct EncoderStringTable {
  private var numberByString: [UTF8Key: Int] = [:]
  private var slots: ContiguousArray<UTF8Key> = []
  private(set) var internedCount = 0
  let capacity: Int

  init(capacity: Int = BinaryFormat.stringTableCapacity) {
    self.capacity = capacity
    numberByString.reserveCapacity(capacity)
  }

  /// The slot holding `string`, if the decoder has it.
  @inline(__always)
  func slot(of string: String) -> Int? {
    guard let number = numberByString[UTF8Key(string)] else { return nil }
    return number % capacity
  }

  /// Enters `string` in the next slot, evicting the oldest entry when full.
  mutating func intern(_ string: String) {
    let key = UTF8Key(string)
    let slot = internedCount % capacity
    if internedCount < capacity {
      slots.append(key)
    } else {
      let evicted = slots[slot]
      if numberByString[evicted] == internedCount - capacity { numberByString[evicted] = nil }
      slots[slot] = key
    }
    numberByString[key] = internedCount
    internedCount += 1
  }
}

/// A String hashed and compared by its UTF-8 bytes.
struct UTF8Key: Hashable {
  let string: String
  init(_ string: String) { self.string = string }

  static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
    lhs.string.utf8.elementsEqual(rhs.string.utf8)
  }

  func hash(into hasher: inout Hasher) {
    let done: Void? = string.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if done == nil {
      for byte in string.utf8 { hasher.combine(byte) }
    }
  }
}
