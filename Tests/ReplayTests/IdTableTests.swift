@testable import ReplayCore
import Testing

/// The id table against a `Dictionary`, over the key patterns engines and hostile streams produce:
/// runs of consecutive ids (which the hash keeps side by side), strides that would pile onto one
/// bucket under a plain `id & mask`, negative and extreme ids; with removals throughout, which
/// shift entries back into the holes they leave.
@Suite("Id table")
struct IdTableTests {
  static let patterns: [(name: String, key: @Sendable (Int) -> Int32)] = [
    ("consecutive", { Int32($0 + 1) }),
    ("stride 16", { Int32($0 * 16) }),
    ("stride 4096", { Int32(truncatingIfNeeded: $0 * 4096) }),
    ("stride 65536", { Int32(truncatingIfNeeded: $0 &* 65536) }),
    ("negative", { Int32(-1 - $0) }),
    ("groups of sixteen far apart", { Int32(truncatingIfNeeded: ($0 / 16) * 1_000_003 + $0 % 16) }),
    ("extremes", { [Int32.min, Int32.max, 0, -1, 1][$0 % 5] &+ Int32($0 / 5) }),
  ]

  @Test("Lookups, insertions and removals agree with a Dictionary, for every key pattern", arguments: 0..<7)
  func agreesWithDictionary(pattern: Int) {
    let (name, key) = Self.patterns[pattern]
    var table = IdTable()
    var reference: [Int32: Int32] = [:]
    var random: UInt64 = 0x1234_5678_9ABC_DEF0 &+ UInt64(pattern)
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(random >> 33) % bound
    }
    for step in 0..<20_000 {
      let k = key(next(3_000))
      switch next(10) {
      case 0..<5:
        let value = Int32(next(1_000_000))
        table.set(k, to: value)
        reference[k] = value
      case 5..<8:
        #expect(table.remove(k) == reference.removeValue(forKey: k), "\(name), step \(step)")
      default:
        #expect(table[k] == reference[k], "\(name), step \(step)")
      }
      if step % 997 == 0 {
        #expect(table.count == reference.count, "\(name), step \(step)")
        for (k, v) in reference { #expect(table[k] == v, "\(name), key \(k)") }
        #expect(Dictionary(uniqueKeysWithValues: table.pairs.map { ($0.key, $0.value) }) == reference)
      }
    }
    // Everything removed: nothing left to find.
    for k in Array(reference.keys) { #expect(table.remove(k) != nil) }
    #expect(table.count == 0)
    for step in 0..<3_000 { #expect(table[key(step)] == nil) }
  }
}
