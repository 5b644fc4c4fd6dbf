import ReplayCore

extension SplitMix64 {
  /// True with probability `percent` / 100, to a ten-thousandth of a percent.
  @inline(__always)
  mutating func chance(percent: Double) -> Bool {
    percent > 0 && below(1_000_000) < Int(percent * 10_000)
  }
}
