extension StringProtocol {
  /// The text without leading and trailing whitespace (Foundation's trimming, which the core
  /// does without).
  package var trimmingWhitespace: String {
    var slice = Substring(self)
    while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
    while slice.last?.isWhitespace == true { slice = slice.dropLast() }
    return String(slice)
  }
}
