/// A small, seedable random number generator (Steele, Lea and Flood's SplitMix64), so that every
/// "random" split in the tests is the same on every run and every platform.
///
/// Draw ranges with ``next(below:)`` rather than the standard library's `random(in:using:)`, whose
/// mapping from generator output to a range is not promised to stay the same across releases.
struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0); the slight modulo bias does not matter for splitting input.
  mutating func next(below bound: Int) -> Int {
    precondition(bound > 0)
    return Int(next() % UInt64(bound))
  }
}
