import ReplayCore

/// What the monkey types: a fixed pool of strings that break naive code (empty, long, non-ASCII,
/// emoji, quotes, digits, whitespace), plus the texts it has seen on screen (an app often
/// validates input against what it shows).
struct StringPool: Sendable {
  static let fixed: [String] = [
    "", "a", "alice", "hunter2", "Zoë Ångström", "東京", "🙂👍🏽", #"say "hi""#, "it's", #"back\slash"#,
    "12345", "-1", "0", "3.14", "   ", "line\nbreak", "<b>tag</b>", "%s%n", "null",
    String(repeating: "long ", count: 60),
  ]

  private(set) var seen: [String] = []

  /// Notes the texts on screen (at most 64, the latest kept).
  mutating func note(_ state: UIState, reachable: [Int32]) {
    for id in reachable {
      guard let text = state.elements[id]?.text, !text.isEmpty, text.count <= 80, !seen.contains(text) else { continue }
      seen.append(text)
      if seen.count > 64 { seen.removeFirst() }
    }
  }

  /// A string to type.
  func pick(using random: inout SplitMix64) -> String {
    if !seen.isEmpty && random.chance(25) { return seen[random.below(seen.count)] }
    return Self.fixed[random.below(Self.fixed.count)]
  }
}
