import CommandCodec
import ReplayCore

/// What a conformance run exercised (docs/COVERAGE.md): the commands its cases sent and the
/// events the platform had to send back, counted over the cases that were not skipped.
public enum ConformanceCoverage {
  /// The coverage of `results`' cases, taken from `suite`.
  ///
  /// - Complexity: O(total records of the cases run): their expectations are computed again.
  public static func of(_ suite: ConformanceSuite, results: [CaseResult]) -> ProtocolCoverage {
    let ran = Set(results.filter { $0.verdict != .skipped }.map(\.name))
    var coverage = ProtocolCoverage()
    for testCase in suite.cases where ran.contains(testCase.name) {
      guard let expectation = try? CaseExpectation(testCase) else { continue }
      for step in expectation.steps {
        for request in step.requests { if case .batch = request.body { coverage.record(request) } }
        for event in step.events { coverage.record(event) }
      }
    }
    return coverage
  }

  /// One line per metric, for the run's summary: `coverage: command types 73 of 73 (100.0%), …`.
  public static func summaryLine(_ coverage: ProtocolCoverage) -> String {
    "coverage: " + coverage.summary.map { "\($0.metric.title) \($0.ratio)" }.joined(separator: ", ")
  }
}
