import CommandCodec
import Foundation
import Testing

// `example-engine --widgets chart.widgets.json` (docs/WIDGETS.md §6.6): a "Budget" button under
// the login form opens a view with a custom pie chart that "Add 10%" raises.

/// The ids of the engine with `--widgets`: the login form's, then the Budget button, then the
/// budget view's when it opens.
private enum ChartId {
  static let budgetButton: Int32 = 8
  static let view: Int32 = 9
  static let layout: Int32 = 10
  static let heading: Int32 = 11
  static let chart: Int32 = 12
  static let add: Int32 = 13
}

@Suite("example-engine --widgets")
struct ExampleEngineWidgetTests {
  static let widgets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("traces/widgets")
  static let schemaPath = widgets.appendingPathComponent("chart.widgets.json").path
  static let schema = try! WidgetSchema(parsing: Array(FileManager.default.contents(atPath: schemaPath)!))

  /// The engine's output read with `schema` (nil: without one).
  private func decode(_ run: EngineProcess.Run, schema: WidgetSchema? = ExampleEngineWidgetTests.schema) -> (header: TraceHeader?, records: [TraceRecord], error: CodecError?) {
    var decoder = TraceDecoder(binaryOptions: BinaryDecodingOptions(widgets: schema), jsonOptions: JSONDecodingOptions(widgets: schema))
    decoder.feed([UInt8](run.stdout))
    decoder.finish()
    var records: [TraceRecord] = []
    do {
      while let record = try decoder.next() { records.append(record) }
    } catch {
      return (decoder.header, records, error)
    }
    return (decoder.header, records, nil)
  }

  /// Opens the budget view, raises the chart twice, taps it on the slice and elsewhere.
  private var script: Script {
    var script = Script()
    script.sync("form")
    script.click(ChartId.budgetButton)
    script.sync("budget")
    script.click(ChartId.add)
    script.click(ChartId.add)
    script.sync("raised")
    script.click(ChartId.chart, value: 1)
    script.click(ChartId.chart, value: 0)
    script.sync("tapped")
    return script
  }

  private func expectTheChartSession(_ header: TraceHeader?, _ records: [TraceRecord], sourceLocation: SourceLocation = #_sourceLocation) {
    // The header names the schema: cmdtool reads the chart's commands with the same one.
    #expect(header == TraceHeader(numbering: "engine-2018-11-28", creator: "example-engine 1.0", widgets: Self.schema.reference), sourceLocation: sourceLocation)
    let form = records.map(\.body).dropFirst().first
    #expect(form == .batch(loginForm() + [Command(.createButton, internalId: Id.loginLayout, childInternalId: ChartId.budgetButton, textValue: "Budget"), style(ChartId.budgetButton, "margin-top", "8")]), sourceLocation: sourceLocation)
    let opened = bodies(records, after: sync("form"), until: sync("budget"))
    #expect(opened == [
      .batch([
        Command(.createFrameView, internalId: Id.app, childInternalId: ChartId.view),
        style(ChartId.view, "background-color", "#ffffff"),
        Command(.createLinearLayout, internalId: ChartId.view, childInternalId: ChartId.layout, value: 1),
        style(ChartId.layout, "padding", "24"),
        Command(.createText, internalId: ChartId.layout, childInternalId: ChartId.heading, textValue: "Budget"),
        style(ChartId.heading, "font-size", "large"),
        style(ChartId.heading, "font-weight", "bold"),
        Command(custom: "CREATE_PIE_CHART", internalId: ChartId.layout, childInternalId: ChartId.chart, textValue: "Spent"),
        Command(.setIntValue, internalId: ChartId.chart, value: 40),
        style(ChartId.chart, "slice-color", "#ff8800"),
        style(ChartId.chart, "margin", "16"),
        Command(.createButton, internalId: ChartId.layout, childInternalId: ChartId.add, textValue: "Add 10%"),
        style(ChartId.add, "background-color", "#2a6df4"),
        style(ChartId.add, "color", "#ffffff"),
      ]),
      .batch([
        Command(.setVisibility, internalId: ChartId.view, value: 1),
        Command(.setIntValue, internalId: ChartId.view, value: 1),
        Command(.setIntValue, internalId: Id.app, childInternalId: ChartId.view, value: 1),
      ]),
    ], sourceLocation: sourceLocation)
    #expect(bodies(records, after: sync("budget"), until: sync("raised")) == [
      .batch([Command(.setIntValue, internalId: ChartId.chart, value: 50)]),
      .batch([Command(.setIntValue, internalId: ChartId.chart, value: 60)]),
    ], sourceLocation: sourceLocation)
    #expect(bodies(records, after: sync("raised"), until: sync("tapped")) == [
      .batch([style(ChartId.chart, "slice-color", "#d93025")]),
      .batch([style(ChartId.chart, "slice-color", "#ff8800")]),
    ], sourceLocation: sourceLocation)
  }

  @Test func aBudgetViewWithAPieChartThatAButtonRaises() throws {
    let run = try EngineProcess.run(["--widgets", Self.schemaPath], input: script.text)
    #expect(run.status == 0, "\(run.stderr)")
    let (header, records, error) = decode(run)
    #expect(error == nil)
    expectTheChartSession(header, records)
    // Without the schema the output is unreadable: its header names one.
    #expect(decode(run, schema: nil).error?.code == .schemaMissing)
  }

  @Test func inBinaryTheChartTakesTheSchemasCode() throws {
    let run = try EngineProcess.run(["--binary", "--widgets", Self.schemaPath], input: script.text)
    #expect(run.status == 0, "\(run.stderr)")
    let (header, records, error) = decode(run)
    #expect(error == nil)
    expectTheChartSession(header, records)
    // CREATE_PIE_CHART is opcode 1000, a two-byte varint (0xE8 0x07), whatever the numbering.
    #expect([UInt8](run.stdout).containsSubsequence([0xE8, 0x07]))
  }

  @Test func theStepRaisesByMoreInABuggyBuildAndStopsAtAHundred() throws {
    var script = Script()
    script.sync("form")
    script.click(ChartId.budgetButton)
    script.sync("budget")
    for _ in 0..<3 { script.click(ChartId.add) }
    script.sync("raised")
    let run = try EngineProcess.run(["--widgets", Self.schemaPath, "--chart-step", "25"], input: script.text)
    let raised = bodies(decode(run).records, after: sync("budget"), until: sync("raised"))
    #expect(raised == [65, 90, 100].map { .batch([Command(.setIntValue, internalId: ChartId.chart, value: $0)]) })
  }

  @Test func aSchemaItCannotUseIsRefused() throws {
    let missing = try EngineProcess.run(["--widgets", "/nonexistent/chart.widgets.json"], input: "")
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("cannot read the widget schema /nonexistent/chart.widgets.json"), "\(missing.stderr)")
    let trip = Self.widgets.appendingPathComponent("trip.widgets.json").path
    let other = try EngineProcess.run(["--widgets", trip], input: "")
    #expect(other.status == 65)
    #expect(other.stderr.contains("declares no CREATE_PIE_CHART"), "\(other.stderr)")
    #expect(other.stdout.isEmpty)
  }
}

extension Array where Element == UInt8 {
  fileprivate func containsSubsequence(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count else { return false }
    return (0...(count - needle.count)).contains { Array(self[$0..<($0 + needle.count)]) == needle }
  }
}
