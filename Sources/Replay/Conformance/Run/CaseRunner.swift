import CommandCodec
import ReplayCore
import ReplayLive

/// Plays one case against a fresh testee and judges it step by step against the model.
public enum CaseRunner {
  /// Runs `testCase` (whose expectation is `expected`) against a testee started with `settings`.
  ///
  /// - Complexity: one testee process; per step one round trip and one snapshot, O(n) to compare
  ///   n elements.
  public static func run(_ testCase: ConformanceCase, expected: CaseExpectation, settings: TesteeConnection.Settings) -> CaseResult {
    let start = Monotonic.now()
    var result = play(testCase, expected: expected, settings: settings)
    result.seconds = (Monotonic.now() - start) / 1000
    return result
  }

  private static func play(_ testCase: ConformanceCase, expected: CaseExpectation, settings: TesteeConnection.Settings) -> CaseResult {
    var testee: (creator: String, hello: TesteeHello)? = nil
    func result(_ verdict: CaseResult.Verdict, _ reason: String) -> CaseResult {
      var outcome = CaseResult(name: testCase.name, tier: testCase.tier, verdict: verdict, reason: reason)
      outcome.testee = testee
      return outcome
    }
    let connection: TesteeConnection
    do {
      connection = try TesteeConnection(settings, caseName: testCase.name)
    } catch {
      var failed = result(.error, error.description)
      failed.handshakeFailed = true
      return failed
    }
    func problem(_ error: TesteeConnection.Problem, step: Int? = nil, _ description: String? = nil) -> CaseResult {
      connection.abandon()
      var outcome = result(error.kind == .unsupported ? .skipped : .error, error.description)
      outcome.step = step
      outcome.stepDescription = description
      if error.kind != .unsupported {
        outcome.handshakeFailed = !connection.handshook
        outcome.testeeSaid = connection.stderr.words(connection.handshook ? .failed : .beforeFirstRecord)
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
      connection.abandon()
      return result(.skipped, reason)
    }
    for (index, step) in expected.steps.enumerated() {
      let time = testCase.steps[index].time
      let actualEvents: [TraceRecord]
      let actualState: UIState
      do {
        actualEvents = try connection.perform(step.requests, at: time, describedAs: "step \(index + 1) (\(step.description))")
          .filter { EventKinds.of($0).map(hello.events.contains) ?? false }
        actualState = try connection.state(at: time, after: "step \(index + 1)")
      } catch {
        return problem(error, step: index + 1, step.description)
      }
      let expectedEvents = step.events.filter { EventKinds.of($0).map(hello.events.contains) ?? false }
      let eventsDiff = EventListDiff.render(expected: expectedEvents, actual: actualEvents)
      // Only what the protocol asks of this platform is judged (docs/CONFORMANCE.md §1.7).
      let expectedProjection = hello.judged(step.state, in: testCase.tier)
      let actualProjection = hello.judged(actualState, in: testCase.tier)
      let stateDiff = StateDiff(from: expectedProjection, to: actualProjection)
      if eventsDiff != nil || !stateDiff.isEmpty {
        connection.abandon()
        let what = eventsDiff == nil ? "the state differs" : stateDiff.isEmpty ? "the events differ" : "the events and the state differ"
        var failure = result(.fail, "\(what) from the model's at step \(index + 1) of \(expected.steps.count) (\(step.description))")
        failure.step = index + 1
        failure.stepDescription = step.description
        failure.eventsDiff = eventsDiff
        failure.stateDiff = stateDiff.isEmpty ? nil : stateDiff.renderText()
        failure.expectedState = expectedProjection
        failure.actualState = actualProjection
        failure.viewport = testCase.header.viewport
        return failure
      }
    }
    if let error = connection.finish() {
      if error.kind == .unsupported { return result(.skipped, error.description) }
      var failure = result(.error, error.description)
      failure.testeeSaid = connection.stderr.words(.failed)
      return failure
    }
    return result(.pass, "")
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
