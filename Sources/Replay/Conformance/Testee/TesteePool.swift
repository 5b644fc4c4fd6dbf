import ReplayCore
import ReplayLive

/// The testee processes of a run: a process per case, or, for a testee that serves many
/// (`sessions=many`, docs/CONFORMANCE.md §1.9), one process kept from case to case while it
/// resets cleanly. A case that ends in an error (a crash, a hang, garbage, a failed reset) ends
/// its process; the next case gets a fresh one.
///
/// ```swift
/// let pool = TesteePool(settings)
/// defer { pool.close() }
/// for testCase in suite.cases { results.append(CaseRunner.run(testCase, expected: …, pool: pool)) }
/// ```
public final class TesteePool {
  public let settings: TesteeConnection.Settings
  /// A process that has reset after its last case and waits for the next one.
  private var idle: TesteeConnection?
  /// How many testee processes the pool has started.
  public private(set) var processesStarted = 0
  /// How many cases ran on a process kept from the case before.
  public private(set) var runsOnKeptProcesses = 0

  public init(_ settings: TesteeConnection.Settings) {
    self.settings = settings
  }

  deinit { close() }

  /// A connection for the case `name`: the waiting process, or a fresh one.
  /// - Throws: a `spawn` problem when a fresh process cannot be started.
  public func connection(for name: String) throws(TesteeConnection.Problem) -> TesteeConnection {
    if let waiting = idle {
      idle = nil
      runsOnKeptProcesses += 1
      waiting.prepare(for: name)
      return waiting
    }
    processesStarted += 1
    return try TesteeConnection(settings, caseName: name)
  }

  /// Ends a case that ran to its end (or was skipped) at `time`, its last step's: a process that
  /// serves many resets and is kept for the next case; any other is closed and waited for.
  /// - Returns: a problem when the testee did not end (or reset) as it should: the case is then
  ///   an error (or stays skipped, after `unsupported`).
  public func finish(_ connection: TesteeConnection, at time: Double) -> TesteeConnection.Problem? {
    guard connection.servesMany else { return connection.finish() }
    if let problem = connection.endCase(at: time) {
      connection.abandon()
      return problem
    }
    idle = connection
    return nil
  }

  /// Closes the waiting process's input; how it exits after its last case is not judged.
  public func close() {
    guard let waiting = idle else { return }
    idle = nil
    _ = waiting.finish()
  }
}
