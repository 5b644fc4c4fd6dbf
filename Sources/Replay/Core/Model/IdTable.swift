/// A hash map from element ids to slot numbers: open addressing, linear probing, backward-shift
/// deletion (no tombstones), and a multiplicative hash that keeps neighbouring ids together.
///
/// Ids are small positive integers from one counter, so a Fibonacci hash spreads them well and
/// costs one multiplication, where `Dictionary` runs SipHash on every lookup. It hashes an id's
/// group of sixteen (the id without its low four bits) and keeps the low bits as they are: the
/// sixteen ids of a group have sixteen buckets side by side, two cache lines, so that building or
/// tearing down a screen (elements created together have consecutive ids) touches a line per
/// eight elements rather than one per element; groups, and ids far apart, are still spread. A
/// bucket holds its key beside its value, so that a lookup reads one cache line, not one in each
/// of two arrays.
///
/// - Complexity: O(1) expected for lookup, insertion and removal; the table keeps its load
///   factor at or below one half.
struct IdTable: Sendable {
  /// A key and its value; a value of -1 marks an empty bucket.
  private struct Bucket: Sendable {
    var key: Int32
    var value: Int32
  }

  private var buckets: [Bucket]
  private var shift: UInt32
  private(set) var count = 0

  init() {
    buckets = [Bucket](repeating: Bucket(key: 0, value: -1), count: 16)
    shift = 32 - 4
  }

  private var mask: Int { buckets.count - 1 }

  @inline(__always)
  private func home(_ key: Int32) -> Int {
    let bits = UInt32(bitPattern: key)
    // The table has at least sixteen buckets, so `shift + 4` is at most 32 - 4 + 4.
    let group = (bits >> 4 &* 0x9E37_79B1) &>> (shift + 4)
    return Int(group << 4 | bits & 15) & mask
  }

  /// The value for `key`.
  @inline(__always)
  subscript(key: Int32) -> Int32? {
    var index = home(key)
    while true {
      let bucket = buckets[index]
      if bucket.value < 0 { return nil }
      if bucket.key == key { return bucket.value }
      index = (index + 1) & mask
    }
  }

  /// Sets the value for `key` (a non-negative slot number).
  mutating func set(_ key: Int32, to value: Int32) {
    if (count + 1) * 2 > buckets.count { grow() }
    var index = home(key)
    while buckets[index].value >= 0 {
      if buckets[index].key == key {
        buckets[index].value = value
        return
      }
      index = (index + 1) & mask
    }
    buckets[index] = Bucket(key: key, value: value)
    count += 1
  }

  /// Removes `key`, returning its value.
  @discardableResult
  mutating func remove(_ key: Int32) -> Int32? {
    var index = home(key)
    while true {
      if buckets[index].value < 0 { return nil }
      if buckets[index].key == key { break }
      index = (index + 1) & mask
    }
    let removed = buckets[index].value
    // Backward-shift: move later entries of the probe run into the hole, so lookups never need
    // tombstones.
    var hole = index
    var next = (hole + 1) & mask
    while buckets[next].value >= 0 {
      let wanted = home(buckets[next].key)
      // Move the entry if its home is not in the cyclic range (hole, next].
      let distanceToHole = (next - wanted) & mask
      let distanceToNext = (next - hole) & mask
      if distanceToHole >= distanceToNext {
        buckets[hole] = buckets[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    buckets[hole].value = -1
    count -= 1
    return removed
  }

  /// Every (key, value) pair, in no particular order.
  var pairs: [(key: Int32, value: Int32)] {
    var result: [(key: Int32, value: Int32)] = []
    result.reserveCapacity(count)
    for bucket in buckets where bucket.value >= 0 { result.append((bucket.key, bucket.value)) }
    return result
  }

  private mutating func grow() {
    let old = pairs
    buckets = [Bucket](repeating: Bucket(key: 0, value: -1), count: buckets.count * 2)
    shift -= 1
    count = 0
    for (key, value) in old { set(key, to: value) }
  }
}
