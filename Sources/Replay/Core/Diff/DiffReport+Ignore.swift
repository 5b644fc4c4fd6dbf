import CommandCodec

extension DiffReport {
  /// The paths of every difference the report names (the divergence, the end, the events):
  /// what an ignore pattern could have meant.
  public var differencePaths: [String] {
    var paths = (divergence?.diff.changes ?? []).map(\.path) + final.changes.map(\.path)
    if let events { paths += (events.onlyFirst + events.onlySecond).map(EventsDiff.path(of:)) }
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted }
  }

  /// A warning for each ignore pattern that left out nothing in any of `reports` (a typo, or a
  /// path that is gone), with the closest difference still reported when one is two edits away:
  /// `the ignore pattern 'preferences · commited.lastLogin' matched nothing in this comparison
  /// (did you mean 'preferences · committed.lastLogin'?)`. None without reports.
  public static func ignoreWarnings(_ reports: [DiffReport], comparison: String = "this comparison") -> [String] {
    guard let first = reports.first else { return [] }
    let unmatched = first.unmatchedIgnorePatterns.filter { pattern in reports.allSatisfy { $0.unmatchedIgnorePatterns.contains(pattern) } }
    let paths = reports.flatMap(\.differencePaths)
    return unmatched.map { pattern in
      let near = Suggestion.closest(to: pattern, among: paths).map { " (did you mean \(ShellText.quoted($0))?)" } ?? ""
      return "the ignore pattern \(ShellText.quoted(pattern)) matched nothing in \(comparison)\(near)"
    }
  }
}
