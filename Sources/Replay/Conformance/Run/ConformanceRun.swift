import ReplayCore
import ReplayLive

/// Runs cases against a testee, `repeat` times, in order: each case in a fresh testee process, or
/// case after case in one process for a testee that serves many (docs/CONFORMANCE.md §1.9).
public struct ConformanceRun {
  public struct Options: Sendable {
    public var testee: TesteeConnection.Settings
    /// Runs per case; more than one reports cases whose outcome changes as unstable.
    public var repeatCount = 1
    /// Differences left out of every comparison (`--ignore`): a known systematic gap, which
    /// every report names.
    public var ignoring = DiffIgnoreRules()

    public init(testee: TesteeConnection.Settings) {
      self.testee = testee
    }
  }

  /// What happened, for progress output.
  public enum Event {
    /// Case `index` (0-based) of `of` is about to run.
    case started(name: String, index: Int, of: Int)
    case finished(CaseResult, index: Int, of: Int)
  }

  /// How the run went.
  public struct Outcome: Sendable {
    /// The cases' results, in order, up to where the run stopped.
    public var results: [CaseResult] = []
    /// The first case's testee could not be started or did not complete its handshake (no
    /// header, no hello, a wrong hello): every case would fail the same way, so the run stopped
    /// there. A setup error, not a finding; `results` is empty.
    public var setupError: CaseResult?
    /// The signal that stopped the run, if one did (the case it cut short is not in `results`).
    public var interruption: Int32?
    /// The testee processes started: one per case run, or fewer when the testee serves many.
    public var testeeProcesses = 0
    /// The case runs that ran on a process kept from the case before (sessions=many, §1.9).
    public var runsOnKeptProcesses = 0
    /// The first case that failed on a kept process and passed when run again in a fresh one:
    /// the testee's reset leaves state behind (§1.9), which its differences alone do not say.
    public var passesInAFreshProcess: String?
  }

  public let options: Options

  public init(_ options: Options) {
    self.options = options
  }

  /// Computes every case's expectation, then plays the cases.
  ///
  /// - Throws: ``CaseExpectation/Failure`` when a case cannot be played on the model (a suite bug).
  public func run(_ suite: ConformanceSuite, progress: (Event) -> Void = { _ in }) throws(CaseExpectation.Failure) -> Outcome {
    var expectations: [CaseExpectation] = []
    for testCase in suite.cases { expectations.append(try CaseExpectation(testCase)) }
    var outcome = Outcome()
    var gate = CaseRunGate()
    let pool = TesteePool(options.testee)
    defer { pool.close() }
    var triedFresh = false
    cases: for (index, testCase) in suite.cases.enumerated() {
      if let signal = SignalTrap.caught {
        outcome.interruption = signal
        break
      }
      progress(.started(name: testCase.name, index: index, of: suite.cases.count))
      let keptBefore = pool.runsOnKeptProcesses
      var result = CaseRunner.run(testCase, expected: expectations[index], pool: pool, ignoring: options.ignoring)
      if pool.runsOnKeptProcesses > keptBefore && result.verdict == .fail && outcome.passesInAFreshProcess == nil && !triedFresh {
        // One case only: a fresh process may cost seconds (an app in a simulator).
        triedFresh = true
        let fresh = CaseRunner.run(testCase, expected: expectations[index], settings: options.testee, ignoring: options.ignoring)
        if fresh.verdict == .pass { outcome.passesInAFreshProcess = testCase.name }
      }
      switch gate.stop(after: result) {
      case .interrupted(let signal)?:
        outcome.interruption = signal
        break cases
      case .setupError?:
        outcome.setupError = result
        break cases
      case nil:
        break
      }
      if options.repeatCount > 1 {
        for attempt in 2...options.repeatCount {
          let again = CaseRunner.run(testCase, expected: expectations[index], pool: pool, ignoring: options.ignoring)
          result.seconds += again.seconds
          if again.outcome != result.outcome && result.unstable == nil {
            result.unstable = "run 1 was \(result.verdict.rawValue)\(result.reason.isEmpty ? "" : " (\(result.reason))"), run \(attempt) was \(again.verdict.rawValue)\(again.reason.isEmpty ? "" : " (\(again.reason))")"
          }
        }
      }
      if let signal = SignalTrap.caught {
        outcome.interruption = signal
        break
      }
      outcome.results.append(result)
      progress(.finished(result, index: index, of: suite.cases.count))
    }
    outcome.testeeProcesses = pool.processesStarted
    outcome.runsOnKeptProcesses = pool.runsOnKeptProcesses
    return outcome
  }
}
