import ReplayCore

/// Texts and integers for commands.
extension StreamGenerator {
  /// A label: a word and a number (short, so Swift keeps it inline without an allocation), or an
  /// odd text at the configured rate.
  mutating func text() -> String {
    if random.chance(percent: configuration.oddValuePercent) { return oddText() }
    return StreamText.words[random.below(StreamText.words.count)] + " " + String(random.below(100))
  }

  /// An odd text: one of the catalogue's, and one time in fifty the huge one.
  mutating func oddText() -> String {
    random.below(50) == 0 ? StreamText.huge : StreamText.odd[random.below(StreamText.odd.count)]
  }

  /// An integer for a value the model stores as it is: small and plausible, or at an edge.
  mutating func integer(_ plausible: Int32) -> Int32 {
    if random.chance(percent: configuration.oddValuePercent) { return StreamText.oddIntegers[random.below(StreamText.oddIntegers.count)] }
    return plausible
  }

  /// An image URL of `width`.
  mutating func imageURL(width: Int32) -> String {
    StreamText.imageHosts[random.below(StreamText.imageHosts.count)] + "p-\(width).jpg"
  }
}
