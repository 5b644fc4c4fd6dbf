import CommandCodec
import Foundation
import Replay
import Testing

// `cmdtool conformance --widgets FILE`: the cases generated per custom widget, the reference
// testee green with the schema, skipping without it (or with another), its accept-out-of-range
// bug failing exactly the out-of-range cases, and the handshake's rule (docs/CONFORMANCE.md §1.2)
// played by hand.

@Suite struct WidgetConformanceCommandTests {
  static let all = CommandRunner.path("traces/widgets/all.widgets.json")
  static let chart = CommandRunner.path("traces/widgets/chart.widgets.json")
  static let widgetCases = ["--cases", "Required.Widgets", "--cases", "Recommended.Widgets"]

  /// The generated cases' names for `all.widgets.json`.
  static func names(_ schema: String = all) throws -> Set<String> {
    let parsed = try WidgetSchema(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: schema))))
    return Set(ConformanceSuite.widgetCases(parsed).map(\.name))
  }

  private func conformance(_ options: [String], testee: [String] = [], timeout: Double = 180) throws -> FinishedRun {
    try Subprocess.cmdtool(["conformance"] + options + ["--", Built.referenceTestee.path] + testee, timeout: timeout)
  }

  /// The cases of a JSON report by verdict.
  static func verdicts(_ path: String) throws -> [String: Set<String>] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let cases = try #require(report["cases"] as? [[String: Any]])
    var verdicts: [String: Set<String>] = [:]
    for testCase in cases {
      verdicts[testCase["verdict"] as? String ?? "?", default: []].insert(testCase["name"] as? String ?? "?")
    }
    return verdicts
  }

  @Test func listingAddsTheCasesOfEachWidget() throws {
    let plain = try Subprocess.cmdtool(["conformance", "--list"])
    #expect(plain.stdout.hasSuffix("\n218 cases\n"), "\(plain)")
    let list = try Subprocess.cmdtool(["conformance", "--widgets", Self.all, "--list"])
    #expect(list.status == 0, "\(list)")
    let count = try Self.names().count
    #expect(count >= 40)
    #expect(list.stdout.hasSuffix("\n\(218 + count) cases\n"), "\(list)")
    #expect(list.stdout.contains("Required.Widgets.PieChart.Property.piePercentage  —  SET_INT_VALUE.value sets piePercentage of a PieChart"), "\(list)")
    #expect(list.stdout.contains("Recommended.Widgets.TripCard.Visibility.ShownBeforeDisplayable  —  "), "\(list)")
    let bad = try Subprocess.cmdtool(["conformance", "--widgets", CommandRunner.path("README.md"), "--list"])
    #expect(bad.status == 2 && bad.stderr.contains("README.md"), "\(bad)")
  }

  @Test func theReferenceTesteeWithTheSchemaPassesEveryWidgetCase() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    // The tree cases ride along: a testee given a schema still reads the headers that name none.
    let run = try conformance(["--widgets", Self.all, "--report", report, "--cases", "Required.Tree"] + Self.widgetCases, testee: ["--widgets", Self.all])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasSuffix("conformant\n") && !run.stdout.hasSuffix("not conformant\n"), "\(run)")
    let verdicts = try Self.verdicts(report)
    #expect(Set(verdicts.keys) == ["pass"], "\(verdicts.filter { $0.key != "pass" })")
    #expect(try Self.names().isSubset(of: verdicts["pass"] ?? []))
  }

  @Test(arguments: [[], ["--widgets", chart]])
  func aTesteeWithoutTheSchemaSkipsTheWidgetCases(testee: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    let run = try conformance(["--widgets", Self.all, "--report", report, "--verbose", "--cases", "Required.Tree.Children"] + Self.widgetCases, testee: testee)
    // Every widget case skipped: the run says so and is not conformant (issue #26 §3).
    #expect(run.status == 2, "\(run)")
    #expect(run.stdout.contains("the widgets were not exercised: the testee skipped every case of widget schema all (") && !run.stdout.hasSuffix("\nconformant\n"), "\(run)")
    let verdicts = try Self.verdicts(report)
    #expect(verdicts["skipped"] == (try Self.names()), "\(verdicts)")
    #expect(verdicts["pass"]?.allSatisfy { $0.hasPrefix("Required.Tree.Children.") } == true, "\(verdicts)")
    #expect(verdicts["fail"] == nil && verdicts["error"] == nil, "\(run)")
    let why = testee.isEmpty ? "has not loaded the case's widget schema: it has none" : "it loaded widget schema chart fnv1a64:"
    #expect(run.stdout.contains("SKIP  Required.Widgets.PieChart.Create: the testee cannot take widget schema all fnv1a64:"), "\(run)")
    #expect(run.stdout.contains(why), "\(run)")
  }

  @Test func acceptOutOfRangeFailsExactlyTheOutOfRangeCases() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    let run = try conformance(["--widgets", Self.all, "--report", report] + Self.widgetCases, testee: ["--widgets", Self.all, "--bug", "accept-out-of-range"])
    #expect(run.status == 1, "\(run)")
    let verdicts = try Self.verdicts(report)
    let failing = (verdicts["fail"] ?? []).union(verdicts["error"] ?? [])
    #expect(failing == [
      "Recommended.Widgets.PieChart.InvalidValue.piePercentage",
      "Recommended.Widgets.TripCard.InvalidValue.seats",
      "Recommended.Widgets.DataTable.InvalidValue.rowHeight",
      "Recommended.Widgets.DataTable.InvalidAttribute.columns",
    ], "\(run.stdout)")
    #expect(run.stdout.contains("~ frameView 2 › linearLayout 3 › PieChart 4 · piePercentage: 1 → 101"), "\(run)")
    #expect(run.stdout.hasSuffix("not conformant\n"), "\(run)")
    // The bug needs the schema it breaks.
    let usage = try Subprocess(Built.referenceTestee, ["--bug", "accept-out-of-range"]).wait(timeout: patience)
    #expect(usage.status == 64 && usage.stderr.contains("--bug accept-out-of-range needs --widgets FILE"), "\(usage)")
  }

  @Test(arguments: [["--binary"], ["--listen", "unix:SOCKET"]])
  func inTheBinaryEncodingAndOverASocket(transport: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let listen = transport.first == "--listen" ? transport.map { $0.replacingOccurrences(of: "SOCKET", with: scratch.path("wire.sock")) } : []
    let testee = transport.first == "--binary" ? transport : []
    // Binary custom commands travel by their schema codes.
    let run = try conformance(["--widgets", Self.all, "--cases", "Required.Widgets"] + listen, testee: testee + ["--widgets", Self.all])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("Required       \(try Self.names().filter { $0.hasPrefix("Required.") }.count) cases: \(try Self.names().filter { $0.hasPrefix("Required.") }.count) pass"), "\(run)")
  }

  @Test func aRecordedChartIsAScenario() throws {
    let trace = CommandRunner.path("traces/widgets/chart.jsonl")
    // The schema named in its header is found beside the trace, or given.
    for options in [["--scenario", trace], ["--widgets", Self.chart, "--scenario", trace]] {
      let run = try conformance(options + ["--cases", "Required.Scenario.*", "--verbose"], testee: ["--widgets", Self.chart])
      #expect(run.status == 0 && run.stdout.contains("PASS  Required.Scenario.Chart"), "\(run)")
    }
    // A testee without the schema skips it; that alone tested nothing (exit 2), unless the run
    // says that is fine.
    let without = try conformance(["--scenario", trace, "--cases", "Required.Scenario.*", "--verbose"])
    #expect(without.status == 2 && without.stdout.contains("SKIP  Required.Scenario.Chart: the testee cannot take widget schema chart"), "\(without)")
    let allowed = try conformance(["--scenario", trace, "--cases", "Required.Scenario.*", "--allow-empty"])
    #expect(allowed.status == 0, "\(allowed)")
  }

  @Test func theTesteeAnswersAHeaderNamingAnotherSchemaUnsupported() throws {
    let schema = try WidgetSchema(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: Self.all))))
    var header = TesteeSample.header
    header.widgets = schema.reference
    for arguments in [[], ["--widgets", Self.chart]] {
      let driver = try TesteeDriver(arguments)
      _ = try driver.handshake(header)
      let exit = try driver.finish()
      #expect(exit == .exited(0), "\(driver.peer.stderrTail)")
      #expect(driver.received.count == 2, "\(driver.received)")
      guard case .marker("unsupported", let detail)? = driver.received.last?.body else {
        Issue.record("no unsupported marker: \(driver.received)")
        continue
      }
      #expect(detail.contains("reference-testee has not loaded the case's widget schema"), "\(detail)")
    }
    // With the schema, the header is read and a custom command applied.
    let driver = try TesteeDriver(["--widgets", Self.all])
    _ = try driver.handshake(header)
    let step = try driver.step([
      .batch(TesteeSample.build, at: 0),
      TraceRecord(time: 0, .batch([Command(custom: "CREATE_PIE_CHART", internalId: 3, childInternalId: 20, textValue: "Budget")])),
      TesteeSample.marker("state", at: 0),
    ], sync: 1)
    guard case .marker("state", let snapshot)? = step.dropLast().last?.body else {
      Issue.record("no state: \(step)")
      return
    }
    #expect(snapshot.contains(#""widget":{"kind":"PieChart","attributes":{"title":"Budget"}"#), "\(snapshot)")
    #expect(try driver.finish() == .exited(0))
  }
}

extension WidgetConformanceCommandTests {
  /// A container that lists its kinds (docs/WIDGETS.md §2.10): the reference testee passes its
  /// cases, and one that ignores REORDER_CHILD fails exactly its Children case.
  @Test func aContainerListingItsKindsPassesOnTheReferenceAndFailsOnIgnoredReorders() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let schema = scratch.path("toolbar.widgets.json")
    try WidgetTraceCommandTests.toolbarSchema.write(toFile: schema, atomically: true, encoding: .utf8)
    let report = scratch.path("r.json")
    let run = try conformance(["--widgets", schema, "--report", report] + Self.widgetCases, testee: ["--widgets", schema])
    #expect(run.status == 0 && run.stdout.hasSuffix("\nconformant\n"), "\(run)")
    let passed = try Self.verdicts(report)["pass"] ?? []
    #expect(passed.isSuperset(of: ["Required.Widgets.PGToolbar.Container.Children", "Recommended.Widgets.PGToolbar.Container.OtherKind"]), "\(passed)")
    let buggy = try conformance(["--widgets", schema, "--report", report] + Self.widgetCases, testee: ["--widgets", schema, "--bug", "ignore-reorder"])
    #expect(buggy.status == 1, "\(buggy)")
    let verdicts = try Self.verdicts(report)
    #expect((verdicts["fail"] ?? []).union(verdicts["error"] ?? []) == ["Required.Widgets.PGToolbar.Container.Children"], "\(buggy.stdout)")
  }
}
