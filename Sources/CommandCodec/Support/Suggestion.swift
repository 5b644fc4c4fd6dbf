/// "Did you mean ...?" for misspelt names in error messages.
package enum Suggestion {
  /// The candidate closest to `name` (case-insensitively equal, or at most two edits away), if any.
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = Array(name.lowercased().utf8)
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let distance = editDistance(lowered, Array(candidate.lowercased().utf8))
      if distance <= 2 && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.candidate
  }

  /// `" (did you mean "X"?)"`, or "" when nothing is close.
  package static func hint(for name: String, among candidates: some Sequence<String>) -> String {
    guard let match = closest(to: name, among: candidates) else { return "" }
    return " (did you mean \"\(match)\"?)"
  }

  /// The Levenshtein distance, O(n·m); only ever run on short names in error paths.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
