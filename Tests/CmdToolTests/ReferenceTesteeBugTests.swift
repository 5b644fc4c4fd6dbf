import CommandCodec
import Foundation
import ReplayCore
import ReplayLive
import Testing

// The reference testee's `--bug` variants: each changes exactly the one thing it names, so that
// the conformance cases about that thing fail and no other. Each test compares a buggy run of the
// sample case with the model's snapshot, changed by hand in that one place.

@Suite struct ReferenceTesteeBugTests {
  /// The sample case with `--bug NAME`, which must end normally.
  private func play(bug: String, _ more: [String] = []) throws -> TesteeSample.Run {
    let run = try TesteeSample.play(["--bug", bug] + more)
    #expect(run.exit == .exited(0), "\(run.stderr)")
    return run
  }

  /// `text` with `old` replaced by `new`, which must occur exactly once.
  private func replacing(_ old: String, with new: String, in text: String) -> String {
    #expect(text.components(separatedBy: old).count == 2, "\(old) is not once in \(text)")
    return text.replacingOccurrences(of: old, with: new)
  }

  @Test func ignoreReorderKeepsTheCreationOrder() throws {
    let run = try play(bug: "ignore-reorder")
    let expected = replacing(#""children":[5,4,6]"#, with: #""children":[4,5,6]"#, in: try TesteeSample.expectedSnapshot())
    #expect(run.snapshots == [expected])
    #expect(run.events.count == 4, "the events are the model's")
  }

  @Test func neverExpireToastsKeepsEveryToastShown() throws {
    let run = try play(bug: "never-expire-toasts")
    // At 2.5 s the toast shown at 0 (for 2 s) has expired, yet it is still listed, as it was.
    let toast = #"  "toasts": [{"number":1,"text":"Hello","from":5,"shownAt":0,"expiresAt":2000}],"#
    let expected = replacing("  \"timers\": ", with: toast + "\n  \"timers\": ", in: try TesteeSample.expectedSnapshot())
    #expect(run.snapshots == [expected])
    let state = try StateSnapshotReader.read(Array(try #require(run.snapshots.first).utf8))
    #expect(state.toasts.map(\.number) == [1])
  }

  @Test func neverExpireToastsStillShowsTheToastsOnScreen() throws {
    // Before the expiry the buggy snapshot is the model's.
    let steps = [[TraceRecord.batch(TesteeSample.build, at: 0)], [TesteeSample.marker("state", at: 1000)]]
    let run = try TesteeSample.play(["--bug", "never-expire-toasts"], steps: steps)
    let normal = try TesteeSample.play(steps: steps)
    #expect(run.snapshots == normal.snapshots)
    #expect(run.snapshots.first?.contains(#""toasts": [{"number":1"#) == true)
  }

  @Test func wrongSwitchValueSendsAndShowsTheCurrentValue() throws {
    let run = try play(bug: "wrong-switch-value")
    // The switch was 0 and stays 0; the checkbox still toggles.
    #expect(run.events.prefix(2) == [
      .event(.value(ValueEvent(value: 0)), to: 4, at: 100),
      .event(.value(ValueEvent(value: 1)), to: 6, at: 100),
    ])
    let expected = replacing(#""text":"Wi-Fi","value":1"#, with: #""text":"Wi-Fi""#, in: try TesteeSample.expectedSnapshot())
    #expect(run.snapshots == [expected])
  }

  @Test func loseActiveStylesDropsOnlyTheActiveSelector() throws {
    let run = try play(bug: "lose-active-styles")
    let expected = replacing(##","ACTIVE":{"color":"#000000"}"##, with: "", in: try TesteeSample.expectedSnapshot())
    #expect(run.snapshots == [expected])
    #expect(run.events.count == 4)
  }

  @Test func crashOnUnknownDeleteAbortsOnlyOnAnIdThatIsNotLive() throws {
    let steps: [[TraceRecord]] = [
      [.batch(TesteeSample.build, at: 0)],
      // Created and deleted in one batch, then a live element: no crash.
      [.batch([Command(.createText, internalId: 3, childInternalId: 8), Command(.deleteElement, internalId: 8)], at: 10)],
      [.batch([Command(.deleteElement, internalId: 6)], at: 20)],
      // Deleted with its parent earlier in the batch: not live any more.
      [.batch([Command(.deleteElement, internalId: 3), Command(.deleteElement, internalId: 4)], at: 30)],
    ]
    let normal = try TesteeSample.play(steps: steps)
    #expect(normal.exit == .exited(0))
    #expect(normal.markers.map(\.detail) == ["1", "2", "3", "4"])
    let run = try TesteeSample.play(["--bug", "crash-on-unknown-delete"], steps: steps)
    #expect(run.exit == .signaled(SIGABRT), "\(run.stderr)")
    #expect(run.markers.map(\.detail) == ["1", "2", "3"], "the fourth step never echoes")
    #expect(run.stderr.contains("DELETE_ELEMENT of 4, which does not exist"))
  }

  @Test func slowDelaysEverySyncEcho() throws {
    let driver = try TesteeDriver(["--bug", "slow", "--delay", "300"])
    _ = try driver.handshake()
    for number in 1...2 {
      let start = Date()
      let step = try driver.step([TesteeSample.marker("advance", at: Double(number * 100))], sync: number)
      #expect(Date().timeIntervalSince(start) >= 0.3)
      #expect(step.last?.body == .marker(label: "sync", detail: String(number)))
    }
    #expect(try driver.finish() == .exited(0))
  }
}
