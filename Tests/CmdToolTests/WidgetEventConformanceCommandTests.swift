import CommandCodec
import Foundation
import Replay
import Testing

// The `event` request played end to end (docs/CONFORMANCE.md §1.3, §2): the reference testee
// passes every `Required.Widgets.<W>.Event.<name>` case of traces/widgets/events.widgets.json,
// in both encodings; `--bug event-as-tap` fails exactly those cases; a testee that answers the
// request unsupported has them skipped and the run does not say conformant.

@Suite struct WidgetEventConformanceCommandTests {
  static let events = CommandRunner.path("traces/widgets/events.widgets.json")
  static let widgetCases = ["--cases", "Required.Widgets", "--cases", "Recommended.Widgets"]

  /// The generated cases that ask for a named event.
  static func namedEventCases() throws -> Set<String> {
    let parsed = try WidgetSchema(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: events))))
    return Set(ConformanceSuite.widgetCases(parsed).filter(\.asksForWidgetEvents).map(\.name))
  }

  private func conformance(_ options: [String], testee: [String]) throws -> FinishedRun {
    try Subprocess.cmdtool(["conformance", "--widgets", Self.events] + options + ["--", Built.referenceTestee.path, "--widgets", Self.events] + testee, timeout: 180)
  }

  @Test(arguments: [[], ["--binary"]])
  func theReferenceTesteePassesEveryNamedEvent(encoding: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    let run = try conformance(["--report", report] + Self.widgetCases, testee: encoding)
    #expect(run.status == 0 && run.stdout.hasSuffix("\nconformant\n"), "\(run)")
    let verdicts = try WidgetConformanceCommandTests.verdicts(report)
    #expect(Set(verdicts.keys) == ["pass"], "\(verdicts)")
    let named = try Self.namedEventCases()
    #expect(named == [
      "Required.Widgets.RangeSlider.Event.rangeChanged", "Required.Widgets.RoundedButton.Event.longPress",
      "Required.Widgets.TripWidget.Event.opened", "Required.Widgets.TripWidget.Event.reload", "Required.Widgets.Swatch.Event.picked",
    ])
    #expect(named.isSubset(of: verdicts["pass"] ?? []))
  }

  @Test func aTesteeThatTapsInsteadFailsExactlyTheNamedEvents() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    let run = try conformance(["--report", report] + Self.widgetCases, testee: ["--bug", "event-as-tap"])
    #expect(run.status == 1 && run.stdout.hasSuffix("not conformant\n"), "\(run)")
    let verdicts = try WidgetConformanceCommandTests.verdicts(report)
    #expect((verdicts["fail"] ?? []).union(verdicts["error"] ?? []) == (try Self.namedEventCases()), "\(run.stdout)")
    // The report shows the event asked for against the one sent.
    #expect(run.stdout.contains("- 0.100s  ValueEvent → 4 value=2"), "\(run.stdout)")
    #expect(run.stdout.contains("+ 0.100s  ValueEvent → 4 value=1"), "\(run.stdout)")
    let usage = try Subprocess(Built.referenceTestee, ["--bug", "event-as-tap"]).wait(timeout: patience)
    #expect(usage.status == 64 && usage.stderr.contains("--bug event-as-tap needs --widgets FILE"), "\(usage)")
  }

  @Test func aTesteeThatPerformsNoNamedEventsSkipsThemAndIsNotConformant() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = scratch.path("r.json")
    let run = try conformance(["--report", report, "--verbose"] + Self.widgetCases, testee: ["--no-widget-events"])
    #expect(run.status == 2, "\(run)")
    let verdicts = try WidgetConformanceCommandTests.verdicts(report)
    #expect(verdicts["skipped"] == (try Self.namedEventCases()), "\(verdicts)")
    #expect(verdicts["fail"] == nil && verdicts["error"] == nil, "\(run)")
    #expect(run.stdout.contains("the widgets were not exercised: the testee skipped every named event of widget schema events (Required.Widgets."), "\(run)")
    #expect(run.stdout.contains("reference-testee performs no named widget events (--no-widget-events)"), "\(run)")
    #expect(run.stdout.hasSuffix("\nnot conformant\n"), "\(run)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
    #expect(json["green"] as? Bool == false && (json["widgetsNotExercised"] as? String)?.contains("named event") == true, "\(json)")
    let allowed = try conformance(Self.widgetCases + ["--allow-empty"], testee: ["--no-widget-events"])
    #expect(allowed.status == 0 && allowed.stdout.hasSuffix("\nconformant, without its widgets\n"), "\(allowed)")
  }
}
