import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// Replay points and replaying trace files up to them.
@Suite("Replayer")
struct ReplayerTests {
  // MARK: - ReplayPoint

  @Test("ReplayPoint parses records, times in ms, s, m and h, and end", arguments: [
    ("#12", ReplayPoint.record(12)),
    ("#0", .record(0)),
    ("12.5s", .time(12_500)),
    ("1500ms", .time(1500)),
    ("0.5ms", .time(0.5)),
    ("2m", .time(120_000)),
    ("1.5h", .time(5_400_000)),
    ("0s", .time(0)),
    ("end", .end),
    ("  7s ", .time(7000)),
  ])
  func parses(text: String, point: ReplayPoint) {
    #expect(ReplayPoint(parsing: text) == point)
  }

  @Test("ReplayPoint rejects anything else", arguments: [
    "", " ", "#", "#-1", "#x", "#1.5", "# 3", "12", "-1s", "s", "ms", "abc", "1.5 s", "12sec", "nans",
    "infs", "END", "end2", "12.5S", "1,5s", "+5s", "0x10s", "#+5", "1e3ms", ".5s", "5.s", "1.2.3s",
  ])
  func rejects(text: String) {
    #expect(ReplayPoint(parsing: text) == nil)
  }

  @Test("ReplayPoint.parse says what is wrong", arguments: [
    ("-1s", ReplayPointError.Code.negativeTime, "-1s: negative times are not allowed; times count from the start of the trace, so the earliest is 0s"),
    ("-1500ms", .negativeTime, "-1500ms: negative times are not allowed; times count from the start of the trace, so the earliest is 0s"),
    ("-0.5h", .negativeTime, "-0.5h: negative times are not allowed; times count from the start of the trace, so the earliest is 0s"),
    ("#-1", .negativeRecord, "#-1: record numbers are not negative; #0 is the first record"),
    ("12", .missingUnit, "12: a time needs a unit (12ms, 12s, 12m or 12h), and a record its # (#12)"),
    ("1.5", .missingUnit, "1.5: a time needs a unit (1.5ms, 1.5s, 1.5m or 1.5h)"),
    ("abc", .notAPoint, "abc: not a point; use #N for a record, a time such as 12.5s or 1500ms, or end"),
    ("--1s", .notAPoint, "--1s: not a point; use #N for a record, a time such as 12.5s or 1500ms, or end"),
    ("-x", .notAPoint, "-x: not a point; use #N for a record, a time such as 12.5s or 1500ms, or end"),
    ("#-x", .notAPoint, "#-x: not a point; use #N for a record, a time such as 12.5s or 1500ms, or end"),
  ])
  func parseErrors(text: String, code: ReplayPointError.Code, description: String) {
    let error = #expect(throws: ReplayPointError.self) { try ReplayPoint.parse(text) }
    #expect(error?.code == code)
    #expect(error?.description == description)
  }

  @Test("ReplayPoint reads back as it is written")
  func pointDescriptions() {
    #expect(ReplayPoint.record(3).description == "#3")
    #expect(ReplayPoint.time(6500).description == "6.500s")
    #expect(ReplayPoint.time(12.5).description == "0.0125s")
    #expect(ReplayPoint.end.description == "end")
  }

  // MARK: - Replaying files

  @Test("Replaying to a record applies the records up to and including it")
  func toRecord() throws {
    let result = try replayFile("login.jsonl", to: .record(3))
    #expect(result.recordsApplied == 4)
    #expect(result.recordsInTrace == nil)  // stopped before the end
    #expect(result.state.lastRecordIndex == 3)
    #expect(result.state.time == 1830)
    #expect(result.state[5]?.text == "bob")
    #expect(result.header.viewport == Viewport(width: 375, height: 667, scale: 2))
    #expect(result.header.preferences == ["lastUser": "bob", "theme": "light"])
  }

  @Test("Replaying to the end reads every record")
  func toEnd() throws {
    let result = try replayFile("login.jsonl")
    #expect(result.recordsApplied == 28)
    #expect(result.recordsInTrace == 28)
    #expect(result.state.time == 9000)
    #expect(result.state.activeView == 8)
    #expect(result.state.history == [2])
    #expect(result.state[5]?.text == "alice")
    #expect(result.state[6]?.text == "hunter2")
    #expect(result.state[6]?.error == nil)
    #expect(result.state.preferences.committed == ["lastUser": "alice", "lastLogin": "2026-11-20T09:14:09Z", "theme": "light"])
    #expect(result.model.errorCount == 0)
    #expect(result.stoppedAt == nil)
  }

  @Test("Replaying to a time applies the records up to it and runs the clock to it: login's toast (6.412s) is on screen until 8.412s", arguments: [
    (at: "6.412s", shown: true, record: 23),
    (at: "6.5s", shown: true, record: 26),
    (at: "8.4s", shown: true, record: 26),
    (at: "8411ms", shown: true, record: 26),
    (at: "8412ms", shown: false, record: 26),
    (at: "8.5s", shown: false, record: 26),
  ])
  func toTime(at: String, shown: Bool, record: Int) throws {
    let point = try #require(ReplayPoint(parsing: at))
    let result = try replayFile("login.jsonl", to: point)
    guard case .time(let ms) = point else { Issue.record("not a time"); return }
    #expect(result.state.time == ms)
    #expect(result.state.lastRecordIndex == record)
    #expect(result.state.toasts.map(\.text) == (shown ? ["Welcome back, alice!"] : []))
    #expect(result.state.toasts.first?.expiresAt ?? 8412 == 8412)
    #expect(result.model.emissions.contains { $0.kind == .toastExpired(toast: 1, text: "Welcome back, alice!") } == !shown)
  }

  @Test("A time before a record's time stops short of it")
  func timeBetweenRecords() throws {
    let result = try replayFile("login.jsonl", to: .time(3123.5))
    #expect(result.state.lastRecordIndex == 10)
    #expect(result.state[6]?.error == nil)
    #expect(result.state.time == 3123.5)
    let after = try replayFile("login.jsonl", to: .time(3124))
    #expect(after.state[6]?.error == "Salasana puuttuu")
  }

  @Test("A time past the last record runs the clock on")
  func timePastTheEnd() throws {
    let result = try replayFile("progress.jsonl", to: .time(600_000))
    #expect(result.recordsInTrace == result.recordsApplied)
    #expect(result.state.time == 600_000)
    #expect(result.state.timers.isEmpty)
  }

  @Test("A record past the end is refused with the number of records")
  func pointBeyondEnd() {
    do {
      _ = try replayFile("login.jsonl", to: .record(28))
      Issue.record("replaying to #28 should fail")
    } catch let failure as Replayer.Failure {
      guard case .pointBeyondEnd(let point, let count) = failure else {
        Issue.record("unexpected failure \(failure)")
        return
      }
      #expect(point == .record(28))
      #expect(count == 28)
      #expect(failure.description == "#28 is past the end: the trace has 28 records (#0–#27)")
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(throws: Never.self) { try replayFile("login.jsonl", to: .record(27)) }
  }

  @Test("The description of pointBeyondEnd handles one and no records")
  func beyondEndDescriptions() {
    #expect(Replayer.Failure.pointBeyondEnd(.record(5), recordCount: 1).description == "#5 is past the end: the trace has 1 record (#0–#0)")
    #expect(Replayer.Failure.pointBeyondEnd(.record(0), recordCount: 0).description == "#0 is past the end: the trace has 0 records")
  }

  @Test("Strict mode stops after the first record with an error")
  func strict() throws {
    let lenient = try replayFile("teardown.jsonl")
    #expect(lenient.model.errorCount == 3)
    #expect(lenient.stoppedAt == nil)

    let strict = try replayFile("teardown.jsonl", strict: true)
    let stop = try #require(strict.stoppedAt)
    #expect(stop.rule == .unknownTarget)
    #expect(stop == lenient.model.diagnostics.first)
    #expect(strict.recordsApplied == stop.recordIndex + 1)
    #expect(strict.state.lastRecordIndex == stop.recordIndex)
    #expect(strict.recordsInTrace == nil)
    #expect(strict.model.errorCount == 1)
  }

  @Test("Strict mode on a clean trace reads it all")
  func strictClean() throws {
    let result = try replayFile("login.jsonl", strict: true)
    #expect(result.stoppedAt == nil)
    #expect(result.recordsInTrace == 28)
  }

  @Test("Strict mode to a time does not run the clock past the stop")
  func strictToTime() throws {
    let result = try replayFile("teardown.jsonl", to: .time(60_000), strict: true)
    #expect(result.stoppedAt != nil)
    #expect(result.state.time == 5000)
  }

  @Test("An unreadable trace is reported as such, after the records before the bad line")
  func unreadable() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("replayer-\(UUID().uuidString).jsonl")
    try Data(#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1}\#n{"t":5,"type":"CREATE_BUTON"}\#n"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let reader = try TraceFileReader(path: url.path)
    let failure = #expect(throws: Replayer.Failure.self) { try Replayer.replay(reader) }
    guard let failure, case .unreadable = failure else {
      Issue.record("expected an unreadable-trace failure, got \(String(describing: failure))")
      return
    }
    #expect(failure.description.contains("CREATE_BUTON"))
  }

  @Test("In-memory replay refuses a record past the end too")
  func inMemoryPastEnd() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Repository.trace("login.jsonl")))
    let trace = DecodedTrace(decoding: Array(data))
    #expect(throws: Replayer.Failure.self) { try Replayer.replay(trace.records, header: trace.header!, to: .record(trace.records.count)) }
    #expect(throws: Never.self) { try Replayer.replay(trace.records, header: trace.header!, to: .record(trace.records.count - 1)) }
  }

  @Test("In-memory replay gives the same state as replay from the file")
  func inMemory() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Repository.trace("login.jsonl")))
    let trace = DecodedTrace(decoding: Array(data))
    #expect(trace.error == nil)
    for point in [ReplayPoint.end, .record(10), .time(8500)] {
      let fromFile = try replayFile("login.jsonl", to: point)
      let inMemory = try Replayer.replay(trace.records, header: trace.header!, to: point)
      #expect(inMemory.state == fromFile.state)
      #expect(inMemory.emissions == fromFile.model.emissions)
    }
  }
}
