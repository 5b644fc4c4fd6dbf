import CommandCodec
import Foundation
@testable import ReplayConformance
import Testing

// `fuzz platform` judges a shrinking candidate by its first difference alone, so the case runner
// stops the testee there (CaseRunner.run(stoppingAtFirstDifference:)): what comes after only
// costs time, and may hang or crash the testee. The saved case's report is a full run.
@Suite struct ShrinkStopsAtFirstDifferenceTests {
  /// Step 1 differs (a text field's initial text, dropped); step 2 deletes an id that does not
  /// exist, which aborts a testee with `--bug crash-on-unknown-delete`; step 3 is harmless.
  private static let testCase = ConformanceCase(
    name: "Required.Shrink.CrashAfterTheFirstDifference", summary: "", reference: "",
    steps: [
      CaseStep(at: 0, .commands([
        Command(.createApplication, childInternalId: 1, textValue: "App"), Command(.createFrameView, internalId: 1, childInternalId: 2),
        Command(.createTextField, internalId: 2, childInternalId: 3, textValue: "Hello"),
      ])),
      CaseStep(at: 10, .commands([Command(.deleteElement, internalId: 99)])),
      CaseStep(at: 20, .commands([Command(.createText, internalId: 2, childInternalId: 4, textValue: "After")])),
    ], about: .text)

  private static let bugs = ["--bug", "drop-initial-text", "--bug", "crash-on-unknown-delete"]
  private static let crashed = "(--bug crash-on-unknown-delete): aborting"

  @Test func theRunnerStopsTheTesteeAtTheFirstDifference() throws {
    let settings = TesteeConnection.Settings(command: [Built.referenceTestee.path] + Self.bugs)
    let expectation = try CaseExpectation(Self.testCase)
    let full = CaseRunner.run(Self.testCase, expected: expectation, settings: settings)
    #expect(full.verdict == .fail && full.step == 1, "\(full.reason)")
    #expect(full.stopped?.contains("SIGABRT") == true, "\(full.stopped ?? "")")
    #expect(full.stderrTail?.contains(Self.crashed) == true, "\(full.stderrTail ?? "")")
    let cut = CaseRunner.run(Self.testCase, expected: expectation, settings: settings, stoppingAtFirstDifference: true)
    #expect(cut.verdict == .fail && cut.step == 1, "\(cut.reason)")
    #expect(cut.stopped == CaseRunner.stoppedAtFirstDifference)
    #expect(cut.stderrTail?.contains(Self.crashed) != true, "\(cut.stderrTail ?? "")")
    // The same divergence either way: what shrinking compares.
    #expect(DivergenceSignature.of(cut, in: Self.testCase) == DivergenceSignature.of(full, in: Self.testCase))
  }

  @Test func shrinkingNeverPlaysPastTheFirstDifferenceAndReportsTheSavedCaseInFull() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // The testee's error output goes to a log, to count its crashes over every shrinking run.
    let log = scratch.path("testee.log")
    let wrapped = ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>>'\(log)'", Built.referenceTestee.path] + Self.bugs
    let original = CaseRunner.run(Self.testCase, expected: try CaseExpectation(Self.testCase), settings: .init(command: [Built.referenceTestee.path] + Self.bugs))
    let signature = try #require(DivergenceSignature.of(original, in: Self.testCase))
    let fuzzer = PlatformFuzzer(PlatformFuzzer.Options(testee: .init(command: wrapped), output: scratch.path("fuzz")))
    let pool = TesteePool(.init(command: wrapped))
    defer { pool.close() }
    let divergence = fuzzer.shrink(Self.testCase, signature: signature, run: 0, original: original, pool: pool)
    #expect(divergence.shrinkRuns >= 1)
    #expect(divergence.steps == 2, "\(divergence.steps) steps")
    // The candidates (the delete alone after step 1 is the first tried) never reached the
    // delete; the saved case's one full run did, and its report says so.
    let crashes = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: Self.crashed).count - 1
    #expect(crashes == 1, "the testee crashed \(crashes) times while shrinking")
    #expect(divergence.result.stopped?.contains("SIGABRT") == true, "\(divergence.result.stopped ?? "")")
    #expect(divergence.result.stateDiff?.contains("text") == true, "\(divergence.result.stateDiff ?? "")")
  }
}
