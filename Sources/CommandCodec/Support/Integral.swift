extension Double {
  /// Whether the value is a whole number of magnitude below 2^53 (so exactly an Int64 too).
  ///
  /// Written with a conversion instead of `rounded()`, which calls libm's `trunc`: CommandCodec
  /// links against nothing but the Swift runtime.
  @inline(__always)
  var isSafeInteger: Bool {
    magnitude < 9_007_199_254_740_992 && Double(Int64(self)) == self
  }
}
