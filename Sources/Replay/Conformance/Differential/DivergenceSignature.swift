import ReplayCore

/// What makes two divergences of a platform from the model "the same": the verdict and the first
/// thing that differs, with ids and numbers left out, so that a shrunk case that still breaks the
/// same rule in the same way counts, and one that fails otherwise does not.
///
/// ```text
/// fail · state · ↕ index
/// fail · state · - styles.ACTIVE
/// fail · events · ValueEvent
/// error · the testee ended with signal #
/// ```
public enum DivergenceSignature {
  /// The signature of a failing result (nil for a pass or a skip).
  public static func of(_ result: CaseResult) -> String? {
    switch result.verdict {
    case .pass, .skipped:
      return nil
    case .error:
      // The reason names the step and what was sent; how the testee ended is what identifies it.
      if let range = result.reason.range(of: "(the testee ended with ") {
        return "error · " + withoutNumbers(String(result.reason[range.lowerBound...]))
      }
      let cause = result.reason.split(separator: ":").first.map(String.init) ?? result.reason
      return "error · " + withoutNumbers(cause)
    case .fail:
      if let events = result.eventsDiff, let line = events.split(separator: "\n").first(where: { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }) {
        // "- 0.100s  ValueEvent → 3 value=1": the event's class.
        let words = line.split(separator: " ").dropFirst(2)
        return "fail · events · " + (words.first.map(String.init) ?? "")
      }
      if let state = result.stateDiff, let line = state.split(separator: "\n").first {
        // "~ frameView 2 › switch 3 · value: 1 → 0": the kind of change and the field
        // ("styles.ACTIVE" for any ACTIVE style); for a whole element or entry, its kind.
        let marker = line.prefix(1)
        let path = line.dropFirst(2).split(separator: ":").first.map(String.init) ?? ""
        let last = path.split(separator: "›").last.map { $0.trimmingWhitespace } ?? path
        let parts = last.split(separator: "·", maxSplits: 1).map { $0.trimmingWhitespace }
        if parts.count == 2 {
          let field = parts[1].hasPrefix("styles.") ? parts[1].split(separator: ".").prefix(2).joined(separator: ".") : parts[1]
          return "fail · state · \(marker) " + withoutNumbers(field)
        }
        return "fail · state · \(marker) " + withoutNumbers(last)
      }
      return "fail"
    }
  }

  /// The text with every run of digits replaced by `#`, and words that were only a number
  /// dropped: ids, times and counts change when a case shrinks.
  static func withoutNumbers(_ text: String) -> String {
    var out = ""
    var inNumber = false
    for character in text {
      if character.isNumber {
        if !inNumber { out.append("#") }
        inNumber = true
      } else {
        inNumber = false
        out.append(character)
      }
    }
    return out.split(separator: " ").filter { $0 != "#" }.joined(separator: " ")
  }
}
