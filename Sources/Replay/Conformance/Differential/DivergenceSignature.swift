import CommandCodec
import ReplayCore

/// What makes two divergences of a platform from the model "the same": the verdict, the first
/// thing that differs (ids and numbers left out) and what produced it: the command of the step's
/// batch that made the model's difference, the user's action, or the clock. So two bugs that
/// both show as a wrong ValueEvent (a switch's tap, a picker's ADD_OPTION) are two divergences,
/// and a shrunk case counts only when it still fails the way the original did, for the same
/// cause.
///
/// ```text
/// fail · state · ↕ index · after REORDER_CHILD
/// fail · state · - styles.ACTIVE · after SET_STYLE
/// fail · events · - ValueEvent · after tap switch
/// fail · events · + ValueEvent · after ADD_OPTION
/// fail · state · + toast · after the clock
/// error · the testee ended with signal #
/// ```
public enum DivergenceSignature {
  /// The signature of a failing result (nil for a pass or a skip). `testCase` is the case that
  /// gave it, for the cause; without it the signature ends at what differs.
  public static func of(_ result: CaseResult, in testCase: ConformanceCase? = nil) -> String? {
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
      guard let difference = firstDifference(result) else { return "fail" }
      guard let testCase, let step = result.step,
        let cause = DivergenceCause.find(difference, atStep: step - 1, of: testCase)
      else { return "fail · " + difference.words }
      return "fail · \(difference.words) · after \(cause)"
    }
  }

  /// The first difference a failure shows: the first event line that differs (the model's or
  /// the testee's), else the first line of the state diff.
  static func firstDifference(_ result: CaseResult) -> DivergenceCause.Difference? {
    if let events = result.eventsDiff, let line = events.split(separator: "\n").first(where: { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }) {
      // "- 0.100s  ValueEvent → 3 value=1", "+ 0.100s  modal result 1 for dialog 5".
      let words = line.split(separator: " ").dropFirst(2).map(String.init)
      let isModalResult = words.starts(with: ["modal", "result"])
      let name = isModalResult ? "modal result" : words.first ?? ""
      let target = isModalResult ? words.last.flatMap { Int32($0) } : words.firstIndex(of: "→").flatMap { words.indices.contains($0 + 1) ? Int32(words[$0 + 1]) : nil }
      return .init(words: "events · \(line.prefix(1)) \(name)", element: target, property: nil, event: (words.joined(separator: " "), line.hasPrefix("- ")))
    }
    guard let state = result.stateDiff, let line = state.split(separator: "\n").first else { return nil }
    // "~ frameView 2 › switch 3 · value: 1 → 0": the kind of change and the field ("styles.ACTIVE"
    // for any ACTIVE style); for a whole element or entry, its kind.
    let marker = line.prefix(1)
    let path = line.dropFirst(2).split(separator: ":").first.map(String.init) ?? ""
    let last = path.split(separator: "›").last.map { $0.trimmingWhitespace } ?? path
    let parts = last.split(separator: "·", maxSplits: 1).map { $0.trimmingWhitespace }
    // An element's step is `kind id`; a top-level entry's (`toast 3`, `timer 6`) is not.
    let step = parts.first?.split(separator: " ") ?? []
    let element = step.count == 2 && ElementKind(rawValue: String(step[0])) != nil ? Int32(step[1]) : nil
    let property = parts.count == 2 ? parts[1] : nil
    let field = property.map { $0.hasPrefix("styles.") ? $0.split(separator: ".").prefix(2).joined(separator: ".") : $0 } ?? last
    return .init(words: "state · \(marker) " + withoutNumbers(field), element: element, property: property, event: nil, path: withoutNumbers(path))
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
