import CommandCodec
import ReplayCore
import ReplayLive

/// Plays one case against a fresh testee and judges it step by step against the model.
public enum CaseRunner {
  /// Runs `testCase` (whose expectation is `expected`) against a testee started with `settings`,
  /// to its end: after each step every part is compared, and every difference is gathered
  /// (``CaseDifferences``), less what `rules` leave out.
  ///
  /// - Parameter stoppingAtFirstDifference: stop the testee after the first step that differs
  ///   instead (the result is marked ``CaseResult/stopped`` with ``stoppedAtFirstDifference``):
  ///   for `fuzz platform`'s shrinking, whose candidates are judged by their first difference
  ///   alone, so playing the rest only costs time (and may hang or crash the testee).
  /// - Complexity: one testee process; per step one round trip and one snapshot, O(n) to compare
  ///   n elements.
  public static func run(_ testCase: ConformanceCase, expected: CaseExpectation, settings: TesteeConnection.Settings, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), stoppingAtFirstDifference: Bool = false) -> CaseResult {
    let pool = TesteePool(settings)
    defer { pool.close() }
    return run(testCase, expected: expected, pool: pool, ignoring: rules, stoppingAtFirstDifference: stoppingAtFirstDifference)
  }

  /// Runs `testCase` like ``run(_:expected:settings:ignoring:stoppingAtFirstDifference:)``, on a
  /// testee process from `pool`: one kept from the case before when the testee serves many
  /// (docs/CONFORMANCE.md §1.9). A case cut short ends its process.
  ///
  /// - Complexity: at most one testee process started.
  public static func run(_ testCase: ConformanceCase, expected: CaseExpectation, pool: TesteePool, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), stoppingAtFirstDifference: Bool = false) -> CaseResult {
    let start = Monotonic.now()
    var result = play(testCase, expected: expected, pool: pool, rules: rules, stoppingAtFirstDifference: stoppingAtFirstDifference)
    result.seconds = (Monotonic.now() - start) / 1000
    return result
  }

  /// What ``CaseResult/stopped`` says of a case run with `stoppingAtFirstDifference`.
  public static let stoppedAtFirstDifference = "stopped at its first difference (the rest was not played)"

  private static func play(_ testCase: ConformanceCase, expected: CaseExpectation, pool: TesteePool, rules: DiffIgnoreRules, stoppingAtFirstDifference: Bool) -> CaseResult {
    var testee: (creator: String, hello: TesteeHello)? = nil
    func result(_ verdict: CaseResult.Verdict, _ reason: String) -> CaseResult {
      var outcome = CaseResult(name: testCase.name, tier: testCase.tier, verdict: verdict, reason: reason)
      outcome.testee = testee
      return outcome
    }
    let connection: TesteeConnection
    do {
      connection = try pool.connection(for: testCase.name)
    } catch {
      var failed = result(.error, error.description)
      failed.handshakeFailed = true
      return failed
    }
    func problem(_ error: TesteeConnection.Problem, step: Int? = nil, _ description: String? = nil) -> CaseResult {
      // A skipped case may leave a process that serves many ready for the next (§1.9).
      if error.kind == .unsupported && connection.servesMany {
        _ = pool.finish(connection, at: step.map { testCase.steps[$0 - 1].time } ?? 0)
      } else {
        connection.abandon()
      }
      var outcome = result(error.kind == .unsupported ? .skipped : .error, error.description)
      outcome.step = step
      outcome.stepDescription = description
      if error.kind != .unsupported {
        outcome.handshakeFailed = !connection.handshook
        outcome.testeeSaid = connection.stderr.words(connection.handshook ? .failed : .beforeFirstRecord)
        outcome.stderrTail = connection.stderrTail
      }
      return outcome
    }
    let hello: TesteeHello
    do {
      hello = try connection.open(header: testCase.header, widgets: testCase.widgets)
    } catch {
      return problem(error)
    }
    testee = (connection.creator, hello)
    if let reason = skipReason(testCase, hello) {
      if connection.servesMany { _ = pool.finish(connection, at: 0) } else { connection.abandon() }
      return result(.skipped, reason)
    }
    var differences = CaseDifferences(reports: hello.reports)
    var drawn: (expected: UIState, actual: UIState)? = nil
    var stop: TesteeConnection.Problem? = nil
    var cutShort = false
    for (index, step) in expected.steps.enumerated() {
      let time = testCase.steps[index].time
      let actualEvents: [TraceRecord]
      let actualState: UIState
      do {
        actualEvents = try connection.perform(step.requests, at: time, describedAs: "step \(index + 1) (\(step.description))")
          .filter { EventKinds.of($0).map(hello.events.contains) ?? false }
        actualState = try connection.state(at: time, after: "step \(index + 1)")
      } catch {
        guard !differences.isEmpty else { return problem(error, step: index + 1, step.description) }
        // The differences found stand; what came after them is said, not judged.
        connection.abandon()
        stop = error
        break
      }
      // A custom widget's typed payloads compare by type, as its properties do (#FF8800 is #ff8800).
      let expectedEvents = step.events.filter { EventKinds.of($0).map(hello.events.contains) ?? false }.map(step.state.typedForComparison)
      let events = EventListDiff(expected: expectedEvents, actual: actualEvents.map(step.state.typedForComparison), ignoring: rules)
      // Only what the protocol asks of this platform is judged (docs/CONFORMANCE.md §1.7).
      let expectedProjection = hello.judged(step.state, in: testCase.tier)
      let actualProjection = hello.judged(actualState, in: testCase.tier)
      let state = StateDiff(from: expectedProjection, to: actualProjection, ignoring: rules)
      let differs = differences.note(step: index + 1, of: expected.steps.count, description: step.description, events: events, state: state)
      if differs && drawn == nil { drawn = (expectedProjection, actualProjection) }
      if differs && stoppingAtFirstDifference && index + 1 < expected.steps.count {
        // Ended here like a shorter case: a testee that serves many resets and is kept (§1.9).
        if connection.servesMany { _ = pool.finish(connection, at: time) } else { connection.abandon() }
        cutShort = true
        break
      }
    }
    if stop == nil, !cutShort, let error = pool.finish(connection, at: testCase.steps.last?.time ?? 0) {
      guard !differences.isEmpty else {
        if error.kind == .unsupported { return result(.skipped, error.description) }
        var failure = result(.error, error.description)
        failure.testeeSaid = connection.stderr.words(.failed)
        failure.stderrTail = connection.stderrTail
        failure.ignored = differences.ignored
        failure.matchedPatterns = differences.matchedPatterns
        return failure
      }
      stop = error
    }
    guard let first = differences.steps.first else {
      var pass = result(.pass, "")
      pass.ignored = differences.ignored
      pass.matchedPatterns = differences.matchedPatterns
      return pass
    }
    let what = first.eventsDiff == nil ? "the state differs" : first.stateDiff == nil ? "the events differ" : "the events and the state differ"
    let later = differences.steps.dropFirst().map { String($0.step) }
    let more = later.isEmpty ? "" : " and at step\(later.count == 1 ? "" : "s") \(later.joined(separator: ", "))"
    var failure = result(.fail, "\(what) from the model's at step \(first.step) of \(first.of) (\(first.description))\(more)")
    failure.step = first.step
    failure.stepDescription = first.description
    failure.eventsDiff = first.eventsDiff
    failure.stateDiff = first.stateDiff
    failure.laterSteps = Array(differences.steps.dropFirst())
    failure.parts = differences.verdicts
    failure.ignored = differences.ignored
    failure.matchedPatterns = differences.matchedPatterns
    failure.expectedState = drawn?.expected
    failure.actualState = drawn?.actual
    failure.viewport = testCase.header.viewport
    failure.stderrTail = connection.stderrTail
    if cutShort { failure.stopped = stoppedAtFirstDifference }
    if let stop {
      failure.stopped = stop.kind == .unsupported ? stop.description : "the case stopped: " + stop.description
      if stop.kind != .unsupported { failure.testeeSaid = connection.stderr.words(.failed) }
    }
    return failure
  }

  /// Why the testee cannot take the case, from what it declared (docs/CONFORMANCE.md §1.7).
  public static func skipReason(_ testCase: ConformanceCase, _ hello: TesteeHello) -> String? {
    if let profile = testCase.profile, profile != hello.profile {
      return "a case of the \(profile) profile; the testee follows \(hello.profile)"
    }
    let lacked = testCase.createdKinds.intersection(hello.lacks)
    if !lacked.isEmpty {
      return "the testee has no \(lacked.sorted().map(\.rawValue).joined(separator: ", ")) (lacks=)"
    }
    if hello.historyInEngine && testCase.commandTypes.contains(.historyGoBack) {
      return "HISTORY_GO_BACK pops the platform's view history, and the engine keeps it (history=engine)"
    }
    let silent = testCase.needsEvents.subtracting(hello.events)
    if !silent.isEmpty { return "the testee does not send \(silent) events" }
    // A case about events the testee sends is judged on them, whatever state parts it reports.
    if !testCase.needsEvents.isEmpty { return nil }
    let missing = testCase.about.subtracting(hello.reports)
    if !missing.isEmpty { return "the testee does not report \(missing)" }
    return nil
  }
}
