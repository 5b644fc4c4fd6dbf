/// The indefinite article of a word, for messages that name a kind or a type: `a PieChart`,
/// `an AirportWidget`, `an int`, `a url`. One helper for every layer (ReplayCore's
/// `Format.withArticle` forwards here), so that no message says "a int".
package enum Article {
  /// `noun` after its indefinite article. A vowel takes `an`, except words that start with a
  /// "you" sound (`url`, `uint32`, `unique`, `user`, `usage`); the names this toolkit prints
  /// (kinds, types, classes) are covered by that.
  package static func prefixed(_ noun: String) -> String {
    article(for: noun) + " " + noun
  }

  /// `a` or `an` for `noun`.
  package static func article(for noun: String) -> String {
    let lowered = noun.lowercased()
    guard let first = lowered.first, "aeiou".contains(first) else { return "a" }
    return youSounds.contains(where: { lowered.hasPrefix($0) }) ? "a" : "an"
  }

  /// Beginnings of vowel-initial words said with a consonant ("a url", "a unique name").
  static let youSounds = ["url", "uint", "uni", "use", "usa", "usu", "uri"]
}
