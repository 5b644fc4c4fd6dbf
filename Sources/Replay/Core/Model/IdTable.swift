/// A hash map from element ids to slot numbers: open addressing, linear probing, backward-shift
/// deletion (no tombstones), and a multiplicative hash.
///
/// Ids are small positive integers from one counter, so a Fibonacci hash spreads them well and
/// costs one multiplication, where `Dictionary` runs SipHash on every lookup.
///
/// - Complexity: O(1) expected for lookup, insertion and removal; the table keeps its load
///   factor at or below one half.
struct IdTable: Sendable {
  private var keys: [Int32]
  private var values: [Int32]  // -1 marks an empty bucket
  private var shift: UInt32
  private(set) var count = 0

  init() {
    keys = [Int32](repeating: 0, count: 16)
    values = [Int32](repeating: -1, count: 16)
    shift = 32 - 4
  }

  private var mask: Int { keys.count - 1 }

  @inline(__always)
  private func home(_ key: Int32) -> Int {
    Int((UInt32(bitPattern: key) &* 0x9E37_79B1) >> shift)
  }

  /// The value for `key`.
  @inline(__always)
  subscript(key: Int32) -> Int32? {
    var index = home(key)
    while true {
      let value = values[index]
      if value < 0 { return nil }
      if keys[index] == key { return value }
      index = (index + 1) & mask
    }
  }

  /// Sets the value for `key` (a non-negative slot number).
  mutating func set(_ key: Int32, to value: Int32) {
    if (count + 1) * 2 > keys.count { grow() }
    var index = home(key)
    while values[index] >= 0 {
      if keys[index] == key {
        values[index] = value
        return
      }
      index = (index + 1) & mask
    }
    keys[index] = key
    values[index] = value
    count += 1
  }

  /// Removes `key`, returning its value.
  @discardableResult
  mutating func remove(_ key: Int32) -> Int32? {
    var index = home(key)
    while true {
      if values[index] < 0 { return nil }
      if keys[index] == key { break }
      index = (index + 1) & mask
    }
    let removed = values[index]
    // Backward-shift: move later entries of the probe run into the hole, so lookups never need
    // tombstones.
    var hole = index
    var next = (hole + 1) & mask
    while values[next] >= 0 {
      let wanted = home(keys[next])
      // Move the entry if its home is not in the cyclic range (hole, next].
      let distanceToHole = (next - wanted) & mask
      let distanceToNext = (next - hole) & mask
      if distanceToHole >= distanceToNext {
        keys[hole] = keys[next]
        values[hole] = values[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    values[hole] = -1
    count -= 1
    return removed
  }

  /// Every (key, value) pair, in no particular order.
  var pairs: [(key: Int32, value: Int32)] {
    var result: [(key: Int32, value: Int32)] = []
    result.reserveCapacity(count)
    for index in values.indices where values[index] >= 0 { result.append((keys[index], values[index])) }
    return result
  }

  private mutating func grow() {
    let old = pairs
    let capacity = keys.count * 2
    keys = [Int32](repeating: 0, count: capacity)
    values = [Int32](repeating: -1, count: capacity)
    shift -= 1
    count = 0
    for (key, value) in old { set(key, to: value) }
  }
}
