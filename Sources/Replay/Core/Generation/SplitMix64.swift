/// A small, fast, seedable random number generator (Steele, Lea & Flood's SplitMix64).
///
/// Everything random in the toolkit takes a seed, so a run can be repeated exactly.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed of run `index` of a campaign seeded `seed`: the two mixed through one SplitMix64
  /// step, so that neighbouring runs (and campaigns) get unrelated generators. Adding `index`
  /// times the increment instead would make run i + 1's generator run i's shifted by one draw,
  /// and the streams of the two mostly the same (docs/FUZZING.md, "Seeds").
  public static func mixed(_ seed: UInt64, _ index: Int) -> UInt64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
    return mixer.next()
  }

  /// A value in `0..<bound` (bound > 0).
  @inline(__always)
  public mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next() % UInt64(bound))
  }

  /// True with probability `percent` / 100.
  @inline(__always)
  public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
