import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

@Suite("Diff report")
struct DiffReportTests {
  /// Paths relative to the repository root, as the report names them.
  static let login = "traces/login.jsonl"
  static let loginChanged = "traces/login-changed.jsonl"
  static let loginSnapshot = "Tests/ReplayTests/Snapshots/login.json"
  static let loginChangedSnapshot = "Tests/ReplayTests/Snapshots/login-changed.json"

  static func path(_ relative: String) -> String { Repository.root.appendingPathComponent(relative).path }

  static func report(_ a: String, _ b: String, alignment: RunComparison.Alignment = .record, to point: ReplayPoint = .end, ignoring patterns: [String] = []) throws -> DiffReport {
    try DiffReport(try DiffInput.open(path(a)), try DiffInput.open(path(b)), names: (a, b), alignment: alignment, to: point, ignoring: DiffIgnoreRules(patterns))
  }

  static func json(_ report: DiffReport) throws -> [String: Any] {
    let bytes = report.renderJSON()
    #expect(bytes.last == 0x0A)
    #expect(bytes.filter { $0 == 0x0A }.count == 1, "one line")
    return try #require(try parseJSON(bytes) as? [String: Any])
  }

  // MARK: - Two traces

  @Test("login against login-changed, as text")
  func loginText() throws {
    let report = try Self.report(Self.login, Self.loginChanged)
    #expect(!report.isEqual)
    let text = report.renderText()
    DiffGolden.check(text, "report-login.txt")
    #expect(text.contains("first difference after record #1 (0.004s) of A and record #1 (0.004s) of B:\n"))
    #expect(text.contains("  ~ frameView 2 › linearLayout 3 › button 7 · text: \"Log in\" → \"Sign in\"\n"))
    #expect(text.contains("-     8.412s  ·  toast 1 expired \"Welcome back, alice!\"\n"))
    #expect(text.contains("+     8.412s  ·  toast 1 expired \"Welcome, alice!\"\n"))
    #expect(!text.contains("\u{1B}"))
  }

  @Test("login against login-changed, as JSON")
  func loginJSON() throws {
    let report = try Self.report(Self.login, Self.loginChanged)
    DiffGolden.check(report.renderJSON().text, "report-login.json")
    let object = try Self.json(report)
    #expect(object["equal"] as? Bool == false)
    #expect(object["a"] as? String == Self.login)
    #expect(object["b"] as? String == Self.loginChanged)
    #expect((object["ignored"] as? NSNumber)?.intValue == 0)
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes.first?["kind"] as? String == "changed")
    #expect(changes.first?["path"] as? String == "frameView 2 › linearLayout 3 › button 7 · text")
    #expect((changes.first?["element"] as? NSNumber)?.intValue == 7)
    #expect(changes.first?["property"] as? String == "text")
    #expect(changes.first?["old"] as? String == "Log in")
    #expect(changes.first?["new"] as? String == "Sign in")
    let divergence = try #require(object["divergence"] as? [String: Any])
    #expect((divergence["recordA"] as? NSNumber)?.intValue == 1)
    #expect((divergence["recordB"] as? NSNumber)?.intValue == 1)
    #expect((divergence["timeA"] as? NSNumber)?.doubleValue == 4)
    #expect((divergence["changes"] as? [Any])?.count == 1)
    let events = try #require(object["events"] as? [String: Any])
    #expect((events["common"] as? NSNumber)?.intValue == 0)
    let onlyA = try #require(events["onlyA"] as? [[String: Any]])
    let onlyB = try #require(events["onlyB"] as? [[String: Any]])
    #expect(onlyA.first?["text"] as? String == "Welcome back, alice!")
    #expect(onlyB.first?["text"] as? String == "Welcome, alice!")
    #expect((onlyA.first?["toastExpired"] as? NSNumber)?.intValue == 1)
  }

  @Test("A trace against itself: nothing printed, JSON says equal", arguments: diffTraces)
  func itself(_ name: String) throws {
    for point in try replayPoints(of: name) {
      let report = try Self.report("traces/" + name, "traces/" + name, to: point)
      #expect(report.isEqual)
      #expect(report.renderText() == "")
      #expect(report.renderText(.terminal) == "")
      let object = try Self.json(report)
      #expect(object["equal"] as? Bool == true)
      #expect((object["changes"] as? [Any])?.isEmpty == true)
      #expect(object["divergence"] is NSNull)
      let events = try #require(object["events"] as? [String: Any])
      #expect((events["onlyA"] as? [Any])?.isEmpty == true)
      #expect((events["onlyB"] as? [Any])?.isEmpty == true)
    }
  }

  @Test("Ignored changes are counted in the JSON")
  func ignoredJSON() throws {
    let report = try Self.report(Self.login, Self.loginChanged, ignoring: ["*button 7 · text"])
    let object = try Self.json(report)
    #expect((object["ignored"] as? NSNumber)?.intValue == 1)
    #expect((object["changes"] as? [Any])?.isEmpty == true)
    let divergence = try #require(object["divergence"] as? [String: Any])
    #expect((divergence["recordA"] as? NSNumber)?.intValue == 23)
    DiffGolden.check(report.renderText(), "report-login-ignored.txt")
  }

  // MARK: - Snapshots

  @Test("Two snapshots: the difference of the states, no divergence and no events")
  func twoSnapshots() throws {
    let report = try Self.report(Self.loginSnapshot, Self.loginChangedSnapshot)
    #expect(!report.isEqual)
    #expect(report.divergence == nil)
    #expect(report.events == nil)
    let text = report.renderText()
    #expect(text == "~ frameView 2 › linearLayout 3 › button 7 · text: \"Log in\" → \"Sign in\"\n1 difference (1 changed)\n")
    DiffGolden.check(text, "report-snapshots.txt")
    DiffGolden.check(report.renderJSON().text, "report-snapshots.json")
    let object = try Self.json(report)
    #expect(object["divergence"] is NSNull)
    #expect(object["events"] == nil)
    #expect((object["changes"] as? [Any])?.count == 1)
  }

  @Test("A snapshot against a trace: the trace is replayed, then the states compared")
  func snapshotAgainstTrace() throws {
    let report = try Self.report(Self.loginSnapshot, Self.loginChanged)
    #expect(report.divergence == nil)
    #expect(report.events == nil)
    #expect(report.final.changes.map(\.path) == ["frameView 2 › linearLayout 3 › button 7 · text"])
    DiffGolden.check(report.renderText(), "report-snapshot-trace.txt")
    DiffGolden.check(report.renderJSON().text, "report-snapshot-trace.json")
    _ = try Self.json(report)

    // The other way round, with the trace replayed to a point.
    let early = try Self.report(Self.loginChanged, Self.loginSnapshot, to: .record(5))
    #expect(!early.isEqual)
    DiffGolden.check(early.renderText(), "report-trace-at-5-snapshot.txt")
    DiffGolden.check(early.renderJSON().text, "report-trace-at-5-snapshot.json")
    _ = try Self.json(early)

    // A trace's own snapshot is equal to it.
    let same = try Self.report(Self.loginSnapshot, Self.login)
    #expect(same.isEqual)
    #expect(same.renderText() == "")
    #expect(try Self.json(same)["equal"] as? Bool == true)
  }

  @Test("Every bundled trace against its snapshot at several points", arguments: diffTraces)
  func traceAgainstOwnSnapshot(_ name: String) throws {
    let files = try TemporaryTraces()
    for point in try replayPoints(of: name) {
      let snapshot = try files.write("state.json", bytes: StateSnapshotWriter.snapshot(of: try replayFile(name, to: point).state))
      let report = try DiffReport(try DiffInput.open(snapshot), try DiffInput.open(Repository.trace(name)), names: ("a", "b"), to: point)
      #expect(report.isEqual, "\(name) at \(point): \(report.renderText())")
    }
  }

  // MARK: - Inputs

  @Test("Inputs: a trace, a snapshot, or a failure that says why")
  func inputs() throws {
    if case .snapshot = try DiffInput.open(Self.path(Self.loginSnapshot)) {} else { Issue.record("a snapshot is read as a snapshot") }
    if case .trace = try DiffInput.open(Self.path(Self.login)) {} else { Issue.record("a trace is read as a trace") }
    #expect(throws: DiffInput.Failure.self) { try DiffInput.open("/nonexistent/trace.jsonl") }

    let files = try TemporaryTraces()
    let malformed = try files.write("bad.json", [#"{"version":1,"time":0,"elements":{"4":{"kind":"buton"}}}"#])
    do {
      _ = try DiffInput.open(malformed)
      Issue.record("a malformed snapshot opens")
    } catch {
      #expect(error.description == "\(malformed): not a readable state snapshot: elements.4.kind: \"buton\" is not an element kind")
    }
    let truncated = try files.write("cut.json", [#"{"version":1,"time":0,"elements":{"#])
    #expect(throws: DiffInput.Failure.self) { try DiffInput.open(truncated) }
    let notATrace = try files.write("notes.txt", ["just some text"])
    let opened = try DiffInput.open(notATrace)
    // Not a snapshot, so a trace; reading it fails.
    #expect(throws: Replayer.Failure.self) { try DiffReport(opened, try DiffInput.open(Self.path(Self.login)), names: ("a", "b")) }
  }

  @Test("A record point past the end of a trace compared with a snapshot is a failure")
  func pointPastTheEnd() throws {
    #expect(throws: Replayer.Failure.self) { try Self.report(Self.loginSnapshot, Self.login, to: .record(500)) }
  }

  // MARK: - Rendering

  @Test("Colors on a terminal, the same text without them")
  func palette() throws {
    let report = try Self.report(Self.login, Self.loginChanged)
    let colored = report.renderText(.terminal)
    #expect(colored.contains("\u{1B}["))
    let stripped = colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(stripped == report.renderText(.plain))
  }

  @Test("Names and values are escaped in the JSON")
  func escaping() throws {
    let a = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"say \"hi\"\n""#))
    let b = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"tab\there \\ é""#))
    let report = try DiffReport(.snapshot(a.state), .snapshot(b.state), names: ("a \"quoted\".json", "b\\c.json"))
    let object = try Self.json(report)
    #expect(object["a"] as? String == "a \"quoted\".json")
    #expect(object["b"] as? String == "b\\c.json")
    let change = try #require((object["changes"] as? [[String: Any]])?.first)
    #expect(change["old"] as? String == "say \"hi\"\n")
    #expect(change["new"] as? String == "tab\there \\ é")
  }

  @Test("Every kind of change renders as valid JSON, values as JSON values")
  func everyKindAsJSON() throws {
    for testCase in StateDiffTests.propertyCases + StateDiffTests.topLevelCases {
      let (a, b) = testCase.models
      let report = try DiffReport(.snapshot(a.state), .snapshot(b.state), names: ("a", "b"))
      let object = try Self.json(report)
      let changes = try #require(object["changes"] as? [[String: Any]])
      #expect(changes.count == report.final.changes.count, "\(testCase.name)")
      for (json, change) in zip(changes, report.final.changes) {
        #expect(json["kind"] as? String == change.kind.rawValue)
        #expect(json["path"] as? String == change.path)
        #expect((json["old"] != nil) == (change.old != nil), "\(testCase.name)")
        #expect((json["new"] != nil) == (change.new != nil), "\(testCase.name)")
      }
    }
  }
}
