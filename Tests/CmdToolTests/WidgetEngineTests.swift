import Foundation
import Testing

// The example engine with a custom widget (`example-engine --widgets chart.widgets.json`: a pie
// chart a button raises), recorded with `cmdtool record --widgets` and replayed against the
// engine with `replay --engine` (docs/WIDGETS.md §6.5–6.6): the recording traces/widgets/
// example-chart.jsonl is the one CI replays green.

@Suite struct WidgetEngineTests {
  static let schema = CommandRunner.path("traces/widgets/chart.widgets.json")
  static let script = CommandRunner.path("traces/widgets/example-chart.script.jsonl")
  static let recording = CommandRunner.path("traces/widgets/example-chart.jsonl")
  /// The header every recording of the chart names: the schema's name and fingerprint, no path.
  static let namedSchema = #""widgets":{"name":"chart","fingerprint":"fnv1a64:a76687cf54a2689e"}"#

  /// The engine with the chart, as `record -- …` arguments.
  static func engine(_ options: [String] = []) -> [String] { [Built.engine.path, "--widgets", schema] + options }

  /// The engine with the chart, as a `replay --engine` command.
  static func engineCommand(_ options: String = "") -> String {
    Built.engineCommand("--widgets '\(schema)'" + (options.isEmpty ? "" : " " + options))
  }

  /// `replay --engine ENGINE RECORDING --record never`, new runs kept in `scratch`.
  private func replay(_ engine: String, _ arguments: [String], in scratch: Scratch) throws -> FinishedRun {
    try Subprocess.cmdtool(["replay", "--engine", engine, "--record", "never", "--keep", scratch.path("new")] + arguments)
  }

  @Test func theRecordingNamesTheSchemaAndIsTheCommittedOne() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("chart.jsonl")
    let run = try Subprocess.record(out, script: Self.script, engine: Self.engine(), options: ["--widgets", Self.schema])
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("recorded 22 records (44 commands from example-engine 1.0)"), "\(run)")
    let text = try String(contentsOfFile: out, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains(Self.namedSchema) == true, "\(lines.first ?? "")")
    #expect(lines.first?.contains("chart.widgets.json") == false, "a header names a schema, never a path")
    // The engine creates the chart with the schema's command, by name; the script's tap on
    // `PieChart "Spent"` sends the chart's declared event, `tapped` (a ValueEvent, value 1).
    #expect(text.contains(#"{"type":"CREATE_PIE_CHART","internalId":10,"childInternalId":12,"textValue":"Spent"}"#))
    #expect(text.contains(#"{"t":2000,"event":"ValueEvent","target":12,"value":1}"#))
    #expect(text.contains(##"{"t":2000,"type":"SET_STYLE","internalId":12,"textValue":"slice-color","textValue2":"#d93025"}"##))
    // On the virtual clock the same engine and script give the committed recording, byte for byte.
    #expect(text == (try String(contentsOfFile: Self.recording, encoding: .utf8)), "traces/widgets/example-chart.jsonl is stale: record it again (README)")
    // The model saw every value of the chart, and none broke a widget rule.
    let check = try Subprocess.cmdtool(["check", out, "--widgets", Self.schema])
    #expect(check.status == 0, "\(check)")
    let replayed = try Subprocess.cmdtool(["replay", out, "--widgets", Self.schema, "--events"])
    #expect(replayed.stdout.contains("widget 12 property piePercentage 50 → 60"), "\(replayed)")
  }

  @Test func theCommittedRecordingReplaysGreenAgainstTheEngine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // The schema is found beside the recording, by the name its header gives.
    let run = try replay(Self.engineCommand(), [Self.recording], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("PASS  example-chart.jsonl ("), "\(run)")
    #expect(run.stdout.hasSuffix("1 recording: 1 passed, 0 failed\n"), "\(run)")
    // The new run is the recording again.
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("new/example-chart.jsonl"))) == Data(contentsOf: URL(fileURLWithPath: Self.recording)))
  }

  @Test func anEngineThatRaisesTheChartByTwentyFailsNamingPiePercentage() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try replay(Self.engineCommand("--chart-step 20"), [Self.recording], in: scratch)
    #expect(run.status == 1, "\(run)")
    let firstLine = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
    // Record #11: the first "Add 10%" raises the chart from 40 to 60 instead of 50.
    #expect(firstLine.hasPrefix("FAIL  example-chart.jsonl: the runs differ after record #11 (1.000s) of the recording and record #11 (1.000s) of the new run"), "\(run)")
    #expect(firstLine.contains("PieChart 12 · piePercentage: 50 → 60"), "\(run)")
    #expect(run.stdout.contains("at the end:"), "\(run)")
    #expect(run.stdout.contains("PieChart 12 · piePercentage: 60 → 80"), "\(run)")
    #expect(run.stdout.contains("\n1 recording: 0 passed, 1 failed\n"), "\(run)")
    #expect(run.stdout.contains("if the new behaviour is right, accept it by recording it (example-chart.jsonl) anew:\n  cmdtool replay --engine "), "\(run)")
  }

  @Test func aBinaryRecordingRoundTrips() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // The engine writes binary, the chart's command by the schema's code (1000); so does the
    // recording (.cmdtrace), with the schema's name in its header.
    let out = scratch.path("chart.cmdtrace")
    let run = try Subprocess.record(out, script: Self.script, engine: Self.engine(["--binary"]), options: ["--widgets", Self.schema])
    #expect(run.status == 0, "\(run)")
    // Converted to JSON Lines: the committed recording, byte for byte.
    let json = scratch.path("chart.jsonl")
    let convert = try Subprocess.cmdtool(["convert", out, json, "--widgets", Self.schema])
    #expect(convert.status == 0, "\(convert)")
    #expect(try String(contentsOfFile: json, encoding: .utf8) == String(contentsOfFile: Self.recording, encoding: .utf8))
    // Replayed against the binary engine: with --widgets, and with the schema beside it.
    let given = try replay(Self.engineCommand("--binary"), [out, "--widgets", Self.schema], in: scratch)
    #expect(given.status == 0, "\(given)")
    #expect(given.stdout.contains("PASS  chart.cmdtrace"), "\(given)")
    try scratch.copy(Self.schema, to: "chart.widgets.json")
    let beside = try replay(Self.engineCommand("--binary"), [out], in: scratch)
    #expect(beside.status == 0, "\(beside)")
    #expect(beside.stdout.contains("PASS  chart.cmdtrace"), "\(beside)")
  }

  @Test func aRecordingAwayFromItsSchemaNeedsWidgets() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let moved = try scratch.copy(Self.recording, to: "moved/example-chart.jsonl")
    let run = try replay(Self.engineCommand(), [moved], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  example-chart.jsonl: "), "\(run)")
    #expect(run.stdout.contains("the trace was made with widget schema chart fnv1a64:a76687cf54a2689e; give its file with --widgets"), "\(run)")
    let given = try replay(Self.engineCommand(), [moved, "--widgets", Self.schema], in: scratch)
    #expect(given.status == 0, "\(given)")
  }

  @Test func recordingTheChartWithoutItsSchemaSaysWhichToGive() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("chart.jsonl")
    let run = try Subprocess.record(out, script: Self.script, engine: Self.engine())
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("the engine's header names the widget schema chart fnv1a64:a76687cf54a2689e: give its file with --widgets FILE"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func withoutWidgetsTheEngineHasNoBudgetButton() throws {
    // The default engine is the one every other recording was made with: no button, no chart.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.script("budget.script.jsonl", [#"{"t":500,"tap":"button \"Budget\""}"#])
    let run = try Subprocess.record(scratch.path("plain.jsonl"), script: script)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains(#"budget.script.jsonl: line 1: button "Budget" matches no element"#), "\(run)")
  }
}
