import Foundation
import Testing

/// Traces with custom widgets, as a new user runs them (issue #13's "done when"): the bundled
/// chart trace replays showing the chart, `check` names the refused values with their places,
/// `diff` names the changed property, `convert` round-trips byte for byte, and a trace read with
/// no schema or another one fails clearly.
@Suite struct WidgetTraceCommandTests {
  static let chart = CommandRunner.path("traces/widgets/chart.jsonl")
  static let chartSchema = CommandRunner.path("traces/widgets/chart.widgets.json")

  @Test func theChartTraceReplaysShowingTheChartAndItsProperties() throws {
    // The header names the schema; it is found beside the trace, no --widgets needed.
    let result = try CommandRunner.run(["replay", Self.chart])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(##"PieChart 5 title="Spent" piePercentage="40" restColor="#e0e0e0" sliceColor="#ff8800" · 1 style"##))
    let events = try CommandRunner.run(["replay", Self.chart, "--events"])
    #expect(events.stdout.contains("◇  widget 5 created PieChart (title=\"Spent\")"))
    #expect(events.stdout.contains("◇  widget 5 property piePercentage 0 → 40"))
  }

  @Test func checkReportsTheRefusedValuesWithTheirPlaces() throws {
    let result = try CommandRunner.run(["check", CommandRunner.path("traces/widgets/chart-invalid.jsonl")])
    #expect(result.status == 1)
    #expect(result.stdout.contains("#1.2 at 0.004s: error [widget-invalid-value] piePercentage of PieChart 5: 140 is above the maximum 100; ignored"))
    #expect(result.stdout.contains(#"#1.3 at 0.004s: error [widget-invalid-value] sliceColor of PieChart 5: "banana" is not a colour"#))
  }

  @Test func diffNamesTheChangedProperty() throws {
    let result = try CommandRunner.run(["diff", Self.chart, CommandRunner.path("traces/widgets/chart-changed.jsonl")])
    #expect(result.status == 1)
    #expect(result.stdout.contains("~ frameView 2 › linearLayout 3 › PieChart 5 · piePercentage: 40 → 65"))
  }

  /// Snapshots do not name their schema: a diff of two holding custom widgets without
  /// `--widgets` compares values as text and says so once (docs/DIFF_FORMAT.md §3); with the
  /// schema, with a trace on a side, or without custom widgets it says nothing.
  @Test func aSnapshotDiffWithoutTheSchemaSaysValuesAreComparedAsText() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var snapshots: [String] = []
    for (name, trace) in [("a", Self.chart), ("b", CommandRunner.path("traces/widgets/chart-changed.jsonl")), ("plain", CommandRunner.path("traces/example.jsonl"))] {
      let replay = try CommandRunner.run(["replay", trace, "--format", "json"])
      #expect(replay.status == 0, "\(replay.stderr)")
      let path = scratch.path("\(name).state.json")
      try replay.stdoutBytes.write(to: URL(fileURLWithPath: path))
      snapshots.append(path)
    }
    let warning = "cmdtool: warning: values of custom widgets compared as text: give --widgets SCHEMA to compare them by type\n"
    let bare = try CommandRunner.run(["diff", snapshots[0], snapshots[1]])
    #expect(bare.status == 1 && bare.stderr == warning, "\(bare)")
    #expect(bare.stdout.contains("PieChart 5 · piePercentage: 40 → 65"), "\(bare.stdout)")
    for quiet in [[snapshots[0], snapshots[1], "--widgets", Self.chartSchema], [snapshots[0], CommandRunner.path("traces/widgets/chart-changed.jsonl")], [snapshots[2], snapshots[2]]] {
      let run = try CommandRunner.run(["diff"] + quiet)
      #expect(run.stderr.isEmpty, "\(quiet): \(run.stderr)")
    }
  }

  @Test func convertRoundTripsByteForByte() throws {
    let scratch = try Scratch()
    let binary = scratch.path("chart.cmdtrace")
    let back = scratch.path("chart.jsonl")
    let again = scratch.path("again.cmdtrace")
    // In the scratch folder the schema is not beside the trace: --widgets gives it.
    for (input, output) in [(Self.chart, binary), (binary, back), (back, again)] {
      let result = try CommandRunner.run(["convert", input, output, "--widgets", Self.chartSchema])
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: Self.chart)))
    #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: binary)))
    let shown = try CommandRunner.run(["show", binary, "--widgets", Self.chartSchema])
    #expect(shown.stdout.contains("widgets chart fnv1a64:a76687cf54a2689e"))
    #expect(shown.stdout.contains("CREATE_PIE_CHART id=3 child=5"))
  }

  @Test func aTraceWithoutItsSchemaFailsNamingTheSchemaAndWhereItLooked() throws {
    let scratch = try Scratch()
    let copy = scratch.path("chart.jsonl")
    try FileManager.default.copyItem(atPath: Self.chart, toPath: copy)
    let result = try CommandRunner.run(["replay", copy])
    #expect(result.status == 2)
    #expect(result.stderr.contains("line 1, column 1: the trace was made with widget schema chart fnv1a64:a76687cf54a2689e"))
    #expect(result.stderr.contains("looked for \(scratch.path("chart.widgets.json")) and \(scratch.path("widgets/chart.widgets.json"))"))
    // Kept in a widgets/ folder beside the trace, it is found.
    try FileManager.default.createDirectory(atPath: scratch.path("widgets"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.chartSchema, toPath: scratch.path("widgets/chart.widgets.json"))
    #expect(try CommandRunner.run(["replay", copy]).status == 0)
  }

  @Test func anotherSchemaIsRefused() throws {
    let result = try CommandRunner.run(["replay", Self.chart, "--widgets", CommandRunner.path("traces/widgets/trip.widgets.json")])
    #expect(result.status == 2)
    #expect(result.stderr.contains("the trace was made with widget schema chart fnv1a64:a76687cf54a2689e but the schema given is trip fnv1a64:"))
  }

  @Test func anInvalidSchemaFileIsBadInputNamingItsPlace() throws {
    let scratch = try Scratch()
    let bad = try scratch.write("bad.widgets.json", #"{"widgetSchema": 1, "widgets": [{"name": "X"}]}"#)
    let result = try CommandRunner.run(["replay", Self.chart, "--widgets", bad])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("cmdtool: \(bad): widgets[0]"))
  }
}

extension WidgetTraceCommandTests {
  @Test func coverageCountsCustomCommandsApartFromTheRatios() throws {
    let result = try CommandRunner.run(["coverage", Self.chart, CommandRunner.path("traces/widgets/chart-changed.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("custom widget commands (not in the ratios): CREATE_PIE_CHART 2"))
    let json = try CommandRunner.run(["coverage", Self.chart, "--format", "json"])
    #expect(json.stdout.contains(#""customCommands":[{"type":"CREATE_PIE_CHART","count":1}]"#))
  }
}

extension WidgetTraceCommandTests {
  @Test func theTripCardShowsOnceItsFlightArrives() throws {
    let trip = CommandRunner.path("traces/widgets/trip.jsonl")
    let before = try CommandRunner.run(["replay", trip, "--at", "#2"])
    #expect(before.stdout.contains(##"TripCard 5 accent="#0a7d55" seats="1" [not displayable]"##), "\(before.stdout)")
    let after = try CommandRunner.run(["replay", trip])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(after.stdout.contains(##"TripCard 5 accent="#05164d" boardingPass="https://example.com/boarding/LH454.pdf" departure="08:15" flight="LH 454" seats="2""##), "\(after.stdout)")
    let svg = try CommandRunner.run(["replay", trip, "--format", "svg"])
    #expect(svg.stdout.contains(#"data-widget="TripCard""#))
    #expect(try CommandRunner.run(["check", trip]).status == 0)
  }

  @Test func theTableKeepsItsCreationStyle() throws {
    let table = CommandRunner.path("traces/widgets/table.jsonl")
    let result = try CommandRunner.run(["replay", table])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#"DataTable 4 columns="3" style="grouped" cellSize="320x44" rowHeight="60" showsSeparators="false""#), "\(result.stdout)")
    #expect(try CommandRunner.run(["check", table]).status == 0)
  }
}

extension WidgetTraceCommandTests {
  @Test func aSchemaBesideTheTraceThatIsAnotherVersionIsRefused() throws {
    let scratch = try Scratch()
    let copy = scratch.path("chart.jsonl")
    try FileManager.default.copyItem(atPath: Self.chart, toPath: copy)
    // Named chart.widgets.json, but it is the trip schema: another fingerprint.
    try FileManager.default.copyItem(atPath: CommandRunner.path("traces/widgets/trip.widgets.json"), toPath: scratch.path("chart.widgets.json"))
    let result = try CommandRunner.run(["replay", copy])
    #expect(result.status == 2)
    #expect(result.stderr.contains("the trace was made with widget schema chart fnv1a64:a76687cf54a2689e but \(scratch.path("chart.widgets.json")) is trip fnv1a64:"), "\(result.stderr)")
  }

  @Test func anInvalidSchemaBesideTheTraceIsBadInputNamingItsPlace() throws {
    let scratch = try Scratch()
    let copy = scratch.path("chart.jsonl")
    try FileManager.default.copyItem(atPath: Self.chart, toPath: copy)
    let bad = try scratch.write("chart.widgets.json", #"{"widgetSchema": 1, "widgets": [{"name": "X"}]}"#)
    let result = try CommandRunner.run(["replay", copy])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("cmdtool: \(bad): widgets[0]"), "\(result.stderr)")
  }
}

extension WidgetTraceCommandTests {
  /// Issue #26 §2 (docs/WIDGETS.md §7.1): the frame the layout gives is logged, and a size rule
  /// it breaks is a `widget-size` note at its record.
  @Test func theFrameGivenIsLoggedAndABrokenSizeRuleIsReported() throws {
    let trip = CommandRunner.path("traces/widgets/trip.jsonl")
    let events = try CommandRunner.run(["replay", trip, "--events"])
    #expect(events.status == 0, "\(events.stderr)")
    // A match-parent card on the 375-point screen: the parent's width, not the schema's 360.
    let frame = try #require(events.stdout.split(separator: "\n").first { $0.contains("widget 5 frame") }, "\(events.stdout)")
    #expect(!frame.contains("360×120") && frame.hasSuffix("×120"), "\(frame)")
    let json = try CommandRunner.run(["replay", trip, "--events", "--format", "json"])
    #expect(json.stdout.contains(#""hook":"frame","x":"#))

    let scratch = try Scratch()
    let wide = scratch.path("trip.jsonl")
    let lines = try String(contentsOfFile: trip, encoding: .utf8)
    try (lines + #"{"t":3000,"type":"SET_STYLE","internalId":5,"textValue":"width","textValue2":"420"}"# + "\n").write(toFile: wide, atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: CommandRunner.path("traces/widgets/trip.widgets.json"), toPath: scratch.path("trip.widgets.json"))
    let check = try CommandRunner.run(["check", wide])
    #expect(check.status == 0, "a note, not a violation: \(check.stdout)")
    #expect(check.stdout.contains("note [widget-size] TripCard 5 was given 420 wide; its rule is 320–400, drawn 400"), "\(check.stdout)")
  }
}

extension WidgetTraceCommandTests {
  /// Issue #26 §2 (docs/WIDGETS.md §2.10): a PGAdapter-style container holds children through
  /// replay (no child-of-leaf, nested in the tree), diff (paths through it) and view.
  @Test func aContainerWidgetHoldsChildrenThroughReplayDiffAndView() throws {
    let scratch = try Scratch()
    let schema = scratch.path("panel.widgets.json")
    try #"""
      {"widgetSchema": 1, "name": "panel", "widgets": [
        {"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL", "code": 1030}, "container": true,
         "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}},
         "size": {"width": "given", "minHeight": 44}}]}
      """#.write(toFile: schema, atomically: true, encoding: .utf8)
    let trace = #"""
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}
      {"t":1,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_PG_PANEL","internalId":3,"childInternalId":4,"textValue":"Account"},{"type":"CREATE_BUTTON","internalId":4,"childInternalId":5,"textValue":"Save"}]}
      {"t":2,"type":"SET_VISIBILITY","internalId":2,"value":1}

      """#
    try trace.write(toFile: scratch.path("a.jsonl"), atomically: true, encoding: .utf8)
    try trace.replacingOccurrences(of: #""Save""#, with: #""Saved""#).write(toFile: scratch.path("b.jsonl"), atomically: true, encoding: .utf8)
    let replay = try CommandRunner.run(["replay", scratch.path("a.jsonl"), "--widgets", schema])
    #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    #expect(replay.stdout.contains("      PGPanel 4 title=\"Account\"\n        button 5 \"Save\""), "\(replay.stdout)")
    #expect(try CommandRunner.run(["check", scratch.path("a.jsonl"), "--widgets", schema]).stdout.contains("0 violations"))
    let diff = try CommandRunner.run(["diff", scratch.path("a.jsonl"), scratch.path("b.jsonl"), "--widgets", schema])
    #expect(diff.status == 1)
    #expect(diff.stdout.contains(#"~ frameView 2 › linearLayout 3 › PGPanel 4 › button 5 · text: "Save" → "Saved""#), "\(diff.stdout)")
    let view = try CommandRunner.run(["view", scratch.path("a.jsonl"), "--widgets", schema, "--out", scratch.path("a.html")])
    #expect(view.status == 0, "\(view.stderr)")
    let page = try String(contentsOfFile: scratch.path("a.html"), encoding: .utf8)
    #expect(page.contains("PGPanel") && page.contains("Save"))
  }
}

extension WidgetTraceCommandTests {
  /// PGAdapter's toolbar (docs/WIDGETS.md §2.10): `"container": [KINDS]` and `"layout":
  /// "horizontal"` through `widgets check`, `check` (a kind not listed at its record, none for
  /// the kinds listed) and `replay --events` (the items' frames side by side).
  static let toolbarSchema = #"""
    {"widgetSchema": 1, "name": "toolbar", "widgets": [
      {"name": "PGToolbar", "create": {"command": "CREATE_PG_TOOLBAR", "code": 1030}, "container": ["PGBarButtonItem", "button"], "layout": "horizontal",
       "size": {"width": "given", "height": 44}},
      {"name": "PGBarButtonItem", "create": {"command": "CREATE_PG_BAR_BUTTON_ITEM", "code": 1031},
       "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}}, "size": {"preferredWidth": 60, "preferredHeight": 30}}]}
    """#

  @Test func aContainerListingItsKindsIsCheckedAtTheKindsPlace() throws {
    let scratch = try Scratch()
    let schema = scratch.path("toolbar.widgets.json")
    try Self.toolbarSchema.write(toFile: schema, atomically: true, encoding: .utf8)
    let summary = try CommandRunner.run(["widgets", "check", schema])
    #expect(summary.status == 0 && summary.stdout.contains("  container  takes PGBarButtonItem, button; children side by side"), "\(summary)")
    let bad = scratch.path("bad.widgets.json")
    try Self.toolbarSchema.replacingOccurrences(of: #"["PGBarButtonItem", "button"]"#, with: #"["PGBarButtonItem", "buton"]"#).write(toFile: bad, atomically: true, encoding: .utf8)
    let refused = try CommandRunner.run(["widgets", "check", bad])
    #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused)")
    #expect(refused.stderr == "cmdtool: \(bad): widgets[0].container[1]: \"buton\" is neither a built-in element kind nor a widget of this schema (did you mean \"button\"?)\n", "\(refused)")
    let layout = scratch.path("layout.widgets.json")
    try Self.toolbarSchema.replacingOccurrences(of: #""horizontal""#, with: #""sideways""#).write(toFile: layout, atomically: true, encoding: .utf8)
    #expect(try CommandRunner.run(["widgets", "check", layout]).stderr.hasPrefix("cmdtool: \(layout): widgets[0].layout: unknown layout \"sideways\""))

    let taken = #"""
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}
      {"t":1,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_PG_TOOLBAR","internalId":3,"childInternalId":4},{"type":"CREATE_PG_BAR_BUTTON_ITEM","internalId":4,"childInternalId":5,"textValue":"Edit"},{"type":"CREATE_PG_BAR_BUTTON_ITEM","internalId":4,"childInternalId":6,"textValue":"Share"},{"type":"CREATE_BUTTON","internalId":4,"childInternalId":7,"textValue":"Done"}]}

      """#
    try taken.write(toFile: scratch.path("taken.jsonl"), atomically: true, encoding: .utf8)
    let clean = try CommandRunner.run(["check", scratch.path("taken.jsonl"), "--widgets", schema])
    #expect(clean.status == 0 && clean.stdout.contains("0 violations"), "\(clean.stdout)")
    let other = taken + #"{"t":2,"type":"SET_VISIBILITY","internalId":2,"value":1}"# + "\n" + #"{"t":3,"type":"CREATE_TEXT","internalId":4,"childInternalId":8,"textValue":"Title"}"# + "\n"
    try other.write(toFile: scratch.path("other.jsonl"), atomically: true, encoding: .utf8)
    let check = try CommandRunner.run(["check", scratch.path("other.jsonl"), "--widgets", schema])
    #expect(check.status == 1, "\(check.stdout)")
    #expect(check.stdout.contains("#3 at 0.003s: error [child-of-leaf] CREATE_TEXT puts text 8 under PGToolbar 4, which takes PGBarButtonItem, button; attached anyway"), "\(check.stdout)")
    #expect(check.stdout.contains("1 violation"), "only the text: \(check.stdout)")

    let events = try CommandRunner.run(["replay", scratch.path("taken.jsonl"), "--widgets", schema, "--events"])
    let frames = events.stdout.split(separator: "\n").filter { $0.contains(" frame ") }
    func x(_ id: Int) -> Double? {
      frames.last { $0.contains("widget \(id) frame") }.flatMap { $0.split(separator: " ").last { $0.contains(",") } }.flatMap { Double($0.split(separator: ",")[0]) }
    }
    let (edit, share) = (try #require(x(5), "\(events.stdout)"), try #require(x(6), "\(events.stdout)"))
    #expect(share >= edit + 60, "side by side: \(frames)")
  }
}
