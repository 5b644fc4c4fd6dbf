import ReplayCore
import ReplayLive

/// Runs cases against a testee: each case in a fresh testee process, `repeat` times, in order.
public struct ConformanceRun {
  public struct Options: Sendable {
    public var testee: TesteeConnection.Settings
    /// Runs per case; more than one reports cases whose outcome changes as unstable.
    public var repeatCount = 1

    public init(testee: TesteeConnection.Settings) {
      self.testee = testee
    }
  }

  /// What happened, for progress output.
  public enum Event {
    case finished(CaseResult, index: Int, of: Int)
  }

  public let options: Options

  public init(_ options: Options) {
    self.options = options
  }

  /// Computes every case's expectation, then plays the cases.
  ///
  /// - Throws: ``CaseExpectation/Failure`` when a case cannot be played on the model (a suite bug).
  public func run(_ suite: ConformanceSuite, progress: (Event) -> Void = { _ in }) throws(CaseExpectation.Failure) -> [CaseResult] {
    var expectations: [CaseExpectation] = []
    for testCase in suite.cases { expectations.append(try CaseExpectation(testCase)) }
    var results: [CaseResult] = []
    for (index, testCase) in suite.cases.enumerated() {
      var result = CaseRunner.run(testCase, expected: expectations[index], settings: options.testee)
      if options.repeatCount > 1 {
        for attempt in 2...options.repeatCount {
          let again = CaseRunner.run(testCase, expected: expectations[index], settings: options.testee)
          result.seconds += again.seconds
          if again.outcome != result.outcome && result.unstable == nil {
            result.unstable = "run 1 was \(result.verdict.rawValue)\(result.reason.isEmpty ? "" : " (\(result.reason))"), run \(attempt) was \(again.verdict.rawValue)\(again.reason.isEmpty ? "" : " (\(again.reason))")"
          }
        }
      }
      if SignalTrap.count > 0 { break }
      results.append(result)
      progress(.finished(result, index: index, of: suite.cases.count))
    }
    return results
  }
}
