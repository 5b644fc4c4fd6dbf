/// "Did you mean ...?" for misspelt names in error messages.
package enum Suggestion {
  /// The largest edit distance a suggestion may have.
  package static let maxDistance = 2

  /// The candidate closest to `name` (case-insensitively equal, or at most two edits away), if any.
  ///
  /// - Complexity: O(`maxDistance` · m) per candidate of m bytes, whatever the length of `name`;
  ///   a candidate whose length differs from the name's by more than `maxDistance` costs O(1), so
  ///   a megabyte of letters is compared with nothing.
  package static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
    var work = 0
    return closest(to: name, among: candidates, work: &work)
  }

  /// ``closest(to:among:)``, adding the number of distance cells computed to `work` (for tests
  /// that check the work stays bounded).
  package static func closest(to name: String, among candidates: some Sequence<String>, work: inout Int) -> String? {
    // Candidates are names of a few dozen bytes: a longer name is far from all of them, and is
    // not even lowercased.
    guard name.utf8.count <= maxNameLength else { return nil }
    let lowered = Array(name.lowercased().utf8)
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let limit = min(maxDistance, (best?.distance ?? Int.max) - 1)
      guard limit >= 0 else { break }
      // Lowercasing keeps the length of ASCII candidates: compare lengths before lowercasing.
      guard abs(candidate.utf8.count - lowered.count) <= limit else { continue }
      if let distance = editDistance(lowered, Array(candidate.lowercased().utf8), limit: limit, work: &work) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// Names longer than this get no suggestion.
  static let maxNameLength = 1024

  /// `" (did you mean "X"?)"`, or "" when nothing is close.
  package static func hint(for name: String, among candidates: some Sequence<String>) -> String {
    guard let match = closest(to: name, among: candidates) else { return "" }
    return " (did you mean \"\(match)\"?)"
  }

  /// The Levenshtein distance of `a` and `b` if it is at most `limit`, else nil.
  ///
  /// Only the cells within `limit` of the diagonal are computed (a path through any other cell
  /// costs more than `limit`), and the computation stops at the first row whose cells all exceed
  /// the limit. `work` grows by the number of cells computed.
  ///
  /// - Complexity: O(`limit` · min(n, m)); O(1) when the lengths differ by more than `limit`.
  static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int, work: inout Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1  // stands for every distance over the limit
    // Row i holds the distances of a[..<i] to b[..<j] for j within `limit` of i; others are `beyond`.
    var previous = [Int](repeating: beyond, count: b.count + 1)
    var current = previous
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[low - 1] = low == 1 && i <= limit ? i : beyond
      var rowMinimum = current[low - 1]
      for j in low...high {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        let value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, beyond)
        current[j] = value
        rowMinimum = Swift.min(rowMinimum, value)
      }
      work += high - low + 1
      if high < b.count { current[high + 1] = beyond }
      if rowMinimum > limit { return nil }
      swap(&previous, &current)
    }
    let distance = previous[b.count]
    return distance <= limit ? distance : nil
  }

  /// The plain Levenshtein distance, without a limit.
  static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var work = 0
    return editDistance(a, b, limit: max(a.count, b.count), work: &work)!
  }
}
