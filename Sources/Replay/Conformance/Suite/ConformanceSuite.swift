import ReplayCore

/// The named cases, in a stable order, and the ways to pick some.
public struct ConformanceSuite: Sendable {
  public var cases: [ConformanceCase]

  public init(cases: [ConformanceCase]) {
    self.cases = cases
  }

  /// Every case cmdtool knows.
  public static let standard = ConformanceSuite(cases:
    tree + views + values + texts + visibility + styles + lists + images + clock + preferences + requests + robustness + profiles + openQuestions)

  /// The cases whose name matches one of `patterns` (`*` any run, `?` one character; a pattern
  /// without wildcards also matches every case under it: `Required.Tree` is `Required.Tree.*`).
  public func matching(_ patterns: [String]) -> ConformanceSuite {
    guard !patterns.isEmpty else { return self }
    return ConformanceSuite(cases: cases.filter { testCase in
      patterns.contains { pattern in
        Glob.matches(testCase.name, pattern) || (!pattern.contains("*") && !pattern.contains("?") && testCase.name.hasPrefix(pattern + "."))
      }
    })
  }

  /// Shard `k` of `n` (1-based): every n-th case, starting with the k-th.
  public func shard(_ k: Int, of n: Int) -> ConformanceSuite {
    ConformanceSuite(cases: cases.enumerated().filter { $0.offset % n == k - 1 }.map(\.element))
  }

  /// Names used twice (a suite bug; the tests keep it empty).
  public var duplicateNames: [String] {
    var seen: Set<String> = []
    return cases.map(\.name).filter { !seen.insert($0).inserted }
  }
}
