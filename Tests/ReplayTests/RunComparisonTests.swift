import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

@Suite("Run comparison: first divergence in lockstep")
struct RunComparisonTests {
  static let app = #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}"#
  static let screen = #"{"t":4,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"Hello"}]}"#

  static func setText(_ text: String, at time: Int) -> String {
    #"{"t":\#(time),"type":"SET_TEXT_VALUE","internalId":4,"textValue":"\#(text)"}"#
  }

  static func marker(_ label: String, at time: Int) -> String {
    #"{"t":\#(time),"marker":"\#(label)"}"#
  }

  static let button = #"{"t":200,"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"OK"}"#

  /// The text report of comparing two in-memory traces.
  static func report(_ a: [String], _ b: [String], alignment: RunComparison.Alignment = .record, to point: ReplayPoint = .end, ignoring patterns: [String] = []) throws -> DiffReport {
    let files = try TemporaryTraces()
    let readerA = try TraceFileReader(path: try files.write("a.jsonl", a))
    let readerB = try TraceFileReader(path: try files.write("b.jsonl", b))
    defer {
      readerA.close()
      readerB.close()
      withExtendedLifetime(files) {}
    }
    return try DiffReport(.trace(readerA), .trace(readerB), names: ("a.jsonl", "b.jsonl"), alignment: alignment, to: point, ignoring: DiffIgnoreRules(patterns))
  }

  // MARK: - By record

  @Test("Equal traces do not diverge")
  func equal() throws {
    let lines = [Self.app, Self.screen, Self.setText("Hi", at: 100)]
    for alignment in RunComparison.Alignment.allCases {
      let comparison = try compareRuns(lines, lines, alignment: alignment)
      #expect(comparison.isEqual)
      #expect(comparison.divergence == nil)
      #expect(comparison.final.isEmpty)
      #expect(comparison.events.isEmpty)
    }
  }

  @Test("The first record after which the states differ, with its index and time in each run")
  func byRecord() throws {
    let a = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100), Self.button]
    let b = [Self.app, Self.screen, Self.setText("Hello, bob", at: 150), Self.button]
    let comparison = try compareRuns(a, b)
    let divergence = try #require(comparison.divergence)
    #expect(divergence.recordA == 2)
    #expect(divergence.recordB == 2)
    #expect(divergence.timeA == 100)
    #expect(divergence.timeB == 150)
    #expect(divergence.diff.changes.map(\.path) == ["frameView 2 › linearLayout 3 › text 4 · text"])
    #expect(divergence.diff.changes.map(\.new) == [#""Hello, bob""#])
    #expect(comparison.final.changes == divergence.diff.changes)
    #expect(!comparison.isEqual)
    // The records just before it, and the one that made the difference.
    #expect(divergence.recentA.map(\.index) == [0, 1, 2])
    #expect(divergence.recentB.map(\.index) == [0, 1, 2])
    #expect(divergence.recentA.last?.record.time == 100)
    #expect(divergence.recentB.last?.record.time == 150)
    DiffGolden.check(try Self.report(a, b).renderText(), "divergence-record.txt")
  }

  @Test("recentA and recentB keep the last records, as many as asked")
  func recent() throws {
    let a = [Self.app, Self.screen, Self.marker("one", at: 10), Self.marker("two", at: 20), Self.setText("x", at: 30)]
    let b = [Self.app, Self.screen, Self.marker("one", at: 10), Self.marker("two", at: 20), Self.setText("y", at: 30)]
    let two = try #require(try compareRuns(a, b, recentCount: 2).divergence)
    #expect(two.recentA.map(\.index) == [3, 4])
    #expect(two.recentB.map(\.index) == [3, 4])
    #expect(two.recentA.map(\.record) == Array(decode(a).records[3...4]))
    #expect(two.recentB.map(\.record) == Array(decode(b).records[3...4]))
    let one = try #require(try compareRuns(a, b, recentCount: 1).divergence)
    #expect(one.recentA.map(\.index) == [4])
    let all = try #require(try compareRuns(a, b, recentCount: 10).divergence)
    #expect(all.recentA.map(\.index) == [0, 1, 2, 3, 4])
  }

  @Test("A divergence at the very first record")
  func atTheStart() throws {
    let a = [Self.app]
    let b = [#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Other"}"#]
    let divergence = try #require(try compareRuns(a, b).divergence)
    #expect(divergence.recordA == 0)
    #expect(divergence.recordB == 0)
    #expect(divergence.diff.changes.map(\.path) == ["application 1 · text"])
  }

  @Test("Traces of different lengths: the longer run's extra records make the difference")
  func differentLengths() throws {
    let a = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100), Self.button]
    let b = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100)]
    let comparison = try compareRuns(a, b)
    let divergence = try #require(comparison.divergence)
    #expect(divergence.recordA == 3)
    #expect(divergence.recordB == 2)
    #expect(divergence.timeA == 200)
    #expect(divergence.timeB == 100)
    #expect(divergence.recentA.map(\.index) == [1, 2, 3])
    #expect(divergence.recentB.map(\.index) == [0, 1, 2])
    #expect(divergence.diff.changes.map(\.kind) == [.removed])
    // The records are lined up by index: those both runs have are shown once, as the same.
    let text = try Self.report(a, b).renderText()
    #expect(text.contains("  = #2          0.100s  →  SET_TEXT_VALUE id=4 text=\"Hello, alice\"\n  A #3 "))
    #expect(!text.contains("  B #"))
    DiffGolden.check(text, "divergence-lengths.txt")

    // The other way round, by time.
    let back = try compareRuns(b, a, alignment: .time)
    let other = try #require(back.divergence)
    #expect(other.recordA == 2)
    #expect(other.recordB == 3)
    #expect(other.timeA == 200)
    #expect(other.timeB == 200)
    #expect(other.diff.changes.map(\.kind) == [.added])
    DiffGolden.check(try Self.report(b, a, alignment: .time).renderText(), "divergence-lengths-time.txt")

    // Extra records that change nothing are no difference.
    let quiet = try compareRuns(b, b + [Self.marker("the end", at: 9_000)])
    #expect(quiet.isEqual)
  }

  static let header = #"{"trace":1,"numbering":"engine-2018-11-28"}"#

  @Test("A trace with no records against one with some")
  func emptyTrace() throws {
    let comparison = try compareRuns([Self.header], [Self.app])
    let divergence = try #require(comparison.divergence)
    #expect(divergence.recordA == nil)
    #expect(divergence.recordB == 0)
    #expect(divergence.diff.changes.map(\.path) == ["application", "application 1"])
    #expect(try Self.report([Self.header], [Self.app]).renderText().contains("first difference after the start (0.000s) of A and record #0 (0.000s) of B:\n"))
    #expect(try compareRuns([Self.header], [Self.header]).isEqual)
  }

  @Test("A difference before any record (the headers' preferences) is placed at the start")
  func beforeAnyRecord() throws {
    let a = [#"{"trace":1,"numbering":"engine-2018-11-28","preferences":{"lang":"fi"}}"#, Self.app]
    let b = [#"{"trace":1,"numbering":"engine-2018-11-28","preferences":{"lang":"en"}}"#, Self.app]
    for alignment in RunComparison.Alignment.allCases {
      let comparison = try compareRuns(a, b, alignment: alignment)
      let divergence = try #require(comparison.divergence)
      #expect(divergence.recordA == nil)
      #expect(divergence.recordB == nil)
      #expect(divergence.recentA.isEmpty && divergence.recentB.isEmpty)
      #expect(divergence.diff.changes.map(\.path) == ["preferences · committed.lang"])
      #expect(comparison.final.changes == divergence.diff.changes)
    }
    let text = try Self.report(a, b).renderText()
    #expect(text.contains("first difference after the start (0.000s) of A and the start (0.000s) of B:\n"))
    DiffGolden.check(text, "divergence-start.txt")
    // Ignored, it is no difference.
    #expect(try compareRuns(a, b, ignoring: ["preferences*"]).isEqual)
  }

  // MARK: - By time

  @Test("By time, records at the same times are compared whatever their indices")
  func byTime() throws {
    // B has an extra marker: by record everything after it is shifted.
    let a = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100), Self.button]
    let b = [Self.app, Self.screen, Self.marker("looks around", at: 50), Self.setText("Hello, alice", at: 100), Self.button]
    let byRecord = try compareRuns(a, b)
    let shifted = try #require(byRecord.divergence)
    #expect(shifted.recordA == 2)
    #expect(shifted.recordB == 2)
    #expect(byRecord.final.isEmpty)
    DiffGolden.check(try Self.report(a, b).renderText(), "divergence-shifted.txt")

    let byTime = try compareRuns(a, b, alignment: .time)
    #expect(byTime.isEqual)
    #expect(try Self.report(a, b, alignment: .time).renderText() == "")
  }

  @Test("By time, the divergence has each run's own record index")
  func byTimeIndices() throws {
    let a = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100)]
    let b = [Self.app, Self.screen, Self.marker("looks around", at: 50), Self.setText("Hello, bob", at: 100)]
    let divergence = try #require(try compareRuns(a, b, alignment: .time).divergence)
    #expect(divergence.recordA == 2)
    #expect(divergence.recordB == 3)
    #expect(divergence.timeA == 100)
    #expect(divergence.timeB == 100)
    #expect(divergence.diff.changes.map(\.path) == ["frameView 2 › linearLayout 3 › text 4 · text"])
    DiffGolden.check(try Self.report(a, b, alignment: .time).renderText(), "divergence-time.txt")
  }

  // MARK: - Through the clock

  static func toast(_ value: Int, at time: Int = 0) -> String {
    #"{"t":\#(time),"type":"CREATE_TOAST","internalId":1,"value":\#(value),"textValue":"Saved"}"#
  }

  @Test("A divergence that appears only through the clock: one toast expires, the other not yet")
  func throughTheClock() throws {
    // Same commands, but B's second record comes earlier: A's toast has expired by then, B's not.
    let a = [Self.app, Self.toast(0), Self.marker("later", at: 2_500)]
    let b = [Self.app, Self.toast(0), Self.marker("later", at: 1_500)]
    let byRecord = try compareRuns(a, b)
    let divergence = try #require(byRecord.divergence)
    #expect(divergence.recordA == 2)
    #expect(divergence.recordB == 2)
    #expect(divergence.timeA == 2_500)
    #expect(divergence.timeB == 1_500)
    #expect(divergence.diff.changes.map(\.kind) == [.added])
    #expect(divergence.diff.changes.map(\.path) == ["toasts › toast 1"])
    // A's toast expired at 2 s; B's run ends before that.
    #expect(byRecord.events.onlyFirst.map(\.time) == [2_000])
    #expect(byRecord.events.onlySecond.isEmpty)
    DiffGolden.check(try Self.report(a, b).renderText(), "divergence-clock.txt")
    // By time the runs are the same: B's clock runs on to A's last record, and its toast expires
    // at 2 s too.
    #expect(try compareRuns(a, b, alignment: .time).isEqual)
  }

  @Test("Toasts of different durations diverge when the shorter one expires")
  func toastDurations() throws {
    let a = [Self.app, Self.toast(0), Self.marker("later", at: 2_500)]
    let b = [Self.app, Self.toast(1), Self.marker("later", at: 2_500)]
    // Their expiry times differ at once...
    let atOnce = try #require(try compareRuns(a, b).divergence)
    #expect(atOnce.recordA == 1)
    #expect(atOnce.diff.changes.map(\.path) == ["toasts › toast 1 · expiresAt"])
    // ...and when that is ignored, the clock makes the difference: A's toast is gone at 2 s.
    for alignment in RunComparison.Alignment.allCases {
      let comparison = try compareRuns(a, b, alignment: alignment, ignoring: ["* · expiresAt"])
      let divergence = try #require(comparison.divergence)
      #expect(divergence.recordA == 2)
      #expect(divergence.recordB == 2)
      #expect(divergence.diff.changes.map(\.kind) == [.added])
      #expect(divergence.diff.changes.map(\.path) == ["toasts › toast 1"])
      #expect(divergence.diff.ignoredCount == 0)
      #expect(comparison.final.changes == divergence.diff.changes)
      // And the platforms' own events differ: A's toast expires at 2 s, B's not before the end.
      #expect(comparison.events.onlyFirst.map(\.time) == [2_000])
      #expect(comparison.events.onlySecond.isEmpty)
    }
    DiffGolden.check(try Self.report(a, b, ignoring: ["* · expiresAt"]).renderText(), "divergence-toast-durations.txt")
  }

  @Test("After the last record, the clock alone can make the difference (--at a later time)")
  func afterTheLastRecord() throws {
    let a = [Self.app, Self.toast(0)]
    let b = [Self.app, Self.toast(1)]
    let comparison = try compareRuns(a, b, to: .time(3_000), ignoring: ["* · expiresAt"])
    let divergence = try #require(comparison.divergence)
    #expect(divergence.recordA == 1)
    #expect(divergence.recordB == 1)
    #expect(divergence.timeA == 3_000)
    #expect(divergence.timeB == 3_000)
    #expect(divergence.diff.changes.map(\.path) == ["toasts › toast 1"])
    // Before the first expiry, and after both, nothing differs in the states.
    #expect(try compareRuns(a, b, to: .time(1_000), ignoring: ["* · expiresAt"]).isEqual)
    let late = try compareRuns(a, b, to: .time(4_000), ignoring: ["* · expiresAt"])
    #expect(late.divergence == nil)
    #expect(late.final.isEmpty)
    #expect(!late.events.isEmpty)
  }

  @Test("A difference that goes away again is reported, and the end says so")
  func goesAway() throws {
    let a = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100), Self.setText("Done", at: 200)]
    let b = [Self.app, Self.screen, Self.setText("Hello, bob", at: 100), Self.setText("Done", at: 200)]
    let comparison = try compareRuns(a, b)
    #expect(comparison.divergence?.recordA == 2)
    #expect(comparison.final.isEmpty)
    #expect(!comparison.isEqual)
    let text = try Self.report(a, b).renderText()
    #expect(text.hasSuffix("at the end: no difference\n"))
    DiffGolden.check(text, "divergence-goes-away.txt")
  }

  @Test("Replaying to a point stops both runs there")
  func toPoint() throws {
    let a = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100), Self.button]
    let b = [Self.app, Self.screen, Self.setText("Hello, alice", at: 100), #"{"t":200,"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"Cancel"}"#]
    #expect(try compareRuns(a, b, to: .record(2)).isEqual)
    #expect(try compareRuns(a, b, to: .time(199)).isEqual)
    #expect(!(try compareRuns(a, b, to: .record(3)).isEqual))
    #expect(!(try compareRuns(a, b, to: .time(200)).isEqual))
    #expect(try compareRuns(a, b, to: .record(3)).divergence?.recordA == 3)
  }

  @Test("An unreadable trace is a failure")
  func unreadable() throws {
    let files = try TemporaryTraces()
    let good = try files.write("good.jsonl", [Self.app])
    let bad = try files.write("bad.jsonl", [Self.app, #"{"t":5,"type":"CREATE_BUTON","internalId":1,"childInternalId":2}"#])
    let readerA = try TraceFileReader(path: good)
    let readerB = try TraceFileReader(path: bad)
    defer {
      readerA.close()
      readerB.close()
      withExtendedLifetime(files) {}
    }
    #expect(throws: Replayer.Failure.self) { try RunComparison(readerA, readerB) }
  }

  // MARK: - Bundled traces

  static let traces = diffTraces

  @Test("Every bundled trace compared with itself is equal, at the end and at several points", arguments: traces)
  func selfComparison(_ name: String) throws {
    for point in try replayPoints(of: name) {
      for alignment in RunComparison.Alignment.allCases {
        let comparison = try compareBundled(name, name, alignment: alignment, to: point)
        #expect(comparison.isEqual, "\(name) at \(point) by \(alignment): \(comparison.final.renderText())")
        #expect(comparison.divergence == nil)
        // replay --at and diff agree: the state compared is the state replayed to that point.
        let replayed = try replayFile(name, to: point)
        #expect(StateSnapshotWriter.snapshot(of: comparison.modelA.state) == StateSnapshotWriter.snapshot(of: replayed.state), "\(name) at \(point) by \(alignment)")
        #expect(StateDiff(from: comparison.modelB.state, to: replayed.state).isEmpty)
      }
    }
  }

  @Test("login against login-changed: the button label at record #1, the toast text in the events")
  func loginChanged() throws {
    // (By steps, traces without script markers are compared at the end only: see StepAlignmentTests.)
    for alignment in [RunComparison.Alignment.record, .time] {
      let comparison = try compareBundled("login.jsonl", "login-changed.jsonl", alignment: alignment)
      let divergence = try #require(comparison.divergence)
      #expect(divergence.recordA == 1)
      #expect(divergence.recordB == 1)
      #expect(divergence.timeA == 4)
      #expect(divergence.timeB == 4)
      let expected = [StateChange(.changed, path: "frameView 2 › linearLayout 3 › button 7 · text", element: 7, property: "text", old: #""Log in""#, new: #""Sign in""#)]
      #expect(divergence.diff.changes == expected)
      // The toast has expired by the end: only the label differs there.
      #expect(comparison.final.changes == expected)
      #expect(comparison.events.commonPrefix == 0)
      #expect(comparison.events.onlyFirst.map(\.kind) == [.toastExpired(toast: 1, text: "Welcome back, alice!")])
      #expect(comparison.events.onlySecond.map(\.kind) == [.toastExpired(toast: 1, text: "Welcome, alice!")])
      #expect(comparison.events.onlyFirst.map(\.time) == [8_412])
    }
  }

  @Test("login against login-changed while the toast is up: the toast text differs in the state too")
  func loginChangedWithToast() throws {
    let comparison = try compareBundled("login.jsonl", "login-changed.jsonl", to: .time(7_000))
    #expect(comparison.divergence?.recordA == 1)
    #expect(comparison.final.changes.map(\.path) == ["toasts › toast 1 · text", "frameView 2 › linearLayout 3 › button 7 · text"])
    #expect(comparison.events.isEmpty)
  }
}

@Suite("Lockstep finds request differences anywhere in a step")
struct LockstepRequestTests {
  @Test("Two requests in one step, the first different: found at that step")
  func firstOfTwoRequestsDiffers() throws {
    let common = [#"{"trace":1}"#, #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1}"#]
    let comparison = try compareRuns(
      common + [#"{"t":5,"batch":[{"type":"LAUNCH_BROWSER","internalId":1,"textValue":"https://a.test"},{"type":"SHARE_LINK","internalId":1,"textValue":"x"}]}"#, #"{"t":9,"marker":"end"}"#],
      common + [#"{"t":5,"batch":[{"type":"LAUNCH_BROWSER","internalId":1,"textValue":"https://b.test"},{"type":"SHARE_LINK","internalId":1,"textValue":"x"}]}"#, #"{"t":9,"marker":"end"}"#])
    #expect(comparison.divergence?.recordA == 1)
    #expect(comparison.divergence?.diff.changes.map(\.path) == ["requests › request 0"])
  }
}
