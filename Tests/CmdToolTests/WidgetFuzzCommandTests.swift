import Foundation
import Testing

/// The fuzzers with custom widgets (docs/WIDGETS.md §6.5), against the real example engine and
/// the real reference testee: the engine monkey reaches and taps the example engine's pie chart,
/// and differential fuzzing with widget streams finds a testee that stores refused values.
@Suite struct WidgetFuzzCommandTests {
  static let chart = CommandRunner.path("traces/widgets/chart.widgets.json")
  static let all = CommandRunner.path("traces/widgets/all.widgets.json")

  @Test func theEngineMonkeyReachesTheChartAndItsReproductionCarriesTheSchema() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = [Built.engine.path, "--widgets", Self.chart]
    let run = try Subprocess.cmdtool(
      ["fuzz", "engine", "--out", scratch.path("fuzz")] + shrinkUntilDone + ["--runs", "40", "--seed", "3", "--widgets", Self.chart, "--invariant", "never:PieChart", "--"] + engine,
      timeout: fuzzerPatience)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains(#"FAIL  invariant never:PieChart after a tap on button "Budget" (1 step)"#), "\(run)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("cmdtool record") })
    #expect(line.contains("cmdtool record --widgets \(Self.chart) --script "))
    #expect(line.hasSuffix("; cmdtool replay repro.jsonl --widgets \(Self.chart)"))
    // The failure's recording names the schema and replays with it.
    let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.path("fuzz/failures")).first)
    let recording = scratch.path("fuzz/failures/\(folder)/recording.jsonl")
    #expect(try String(contentsOfFile: recording, encoding: .utf8).contains(#""widgets":{"name":"chart""#))
    let replay = try Subprocess.cmdtool(["replay", recording, "--widgets", Self.chart])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdout.contains(#"PieChart 12 title="Spent" piePercentage="40""#), "\(replay)")
  }

  @Test func theMonkeyFindsAnEngineThatSendsARefusedValue() throws {
    // A build whose "Add 10%" goes past 100, which the chart refuses.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = [Built.engine.path, "--widgets", Self.chart, "--bug", "chart-overflow"]
    let run = try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz")] + shrinkUntilDone + ["--runs", "200", "--seed", "5", "--widgets", Self.chart, "--"] + engine, timeout: fuzzerPatience)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  rule widget-invalid-value after a tap on button \"Add 10%\""), "\(run)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("cmdtool record") })
    #expect(line.hasSuffix("; cmdtool check repro.jsonl --widgets \(Self.chart)"))
  }

  @Test func differentialFuzzingWithWidgetsFindsARefusedValueStored() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let clean = try Subprocess.cmdtool(
      ["fuzz", "platform", "--out", scratch.path("clean")] + shrinkUntilDone + ["--runs", "8", "--violations", "30", "--widgets", Self.all, "--", Built.referenceTestee.path, "--widgets", Self.all],
      timeout: fuzzerPatience)
    #expect(clean.status == 0, "\(clean)")
    #expect(clean.stdout.contains("; 0 divergences"), "\(clean)")
    let buggy = try Subprocess.cmdtool(
      ["fuzz", "platform", "--out", scratch.path("bug")] + shrinkUntilDone + ["--runs", "30", "--violations", "30", "--widgets", Self.all, "--", Built.referenceTestee.path, "--widgets", Self.all, "--bug", "accept-out-of-range"],
      timeout: fuzzerPatience)
    #expect(buggy.status == 1, "\(buggy)")
    #expect(buggy.stdout.contains("DIVERGES  fail · state"), "\(buggy)")
    let line = try #require(buggy.stdout.split(separator: "\n").first { $0.contains("cmdtool conformance --scenario") })
    #expect(line.contains(" --widgets \(Self.all) -- "))
  }
}
