// The widget-frames part of the replay benchmark: what asking the layout for custom widgets'
// frames costs a replay (`cmdtool replay` and `check` pass the wireframe's probe), beside the same
// replay without a probe and with a layout after every record (what the model did before it
// learned to skip layouts that cannot move a frame).
import BenchmarkSupport
import CommandCodec
import Foundation
import Replay

/// The wireframe's probe without its memo: the screen laid out after every record.
struct EveryRecordProbe: WidgetLayoutProbe {
  func frames(in state: UIState, viewport: Viewport?) -> [Int32: WidgetFrame] { WidgetFrameProbe().frames(in: state, viewport: viewport) }
}

/// Replays the bundled chart trace (a pie chart under a label) followed by `count` SET_TEXT_VALUE
/// records on the label, every hundredth one long enough to wrap (moving the chart down and back
/// up), with no probe, the wireframe's probe, and a layout after every record; prints the medians
/// side by side.
func widgetFramesBenchmark(count: Int, runs: Int, markdown: Bool) throws {
  let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../traces/widgets").standardized
  let schema = try WidgetSchemaFile.load(traces.appendingPathComponent("chart.widgets.json").path)
  let reader = try TraceFileReader(path: traces.appendingPathComponent("chart.jsonl").path, widgets: schema)
  let header = try reader.readHeader()
  var records = try reader.readAll()
  let start = (records.last?.time ?? 0) + 1
  for index in 0..<count {
    let text = index % 100 == 99 ? String(repeating: "This month, wrapped ", count: 4) : "This month \(index % 100)"
    records.append(.batch([Command(.setTextValue, internalId: 4, textValue: text)], at: start + Double(index)))
  }
  let probes: [(String, (any WidgetLayoutProbe)?)] = [("no probe (diff, view)", nil), ("wireframe probe (replay, check)", WidgetFrameProbe()), ("layout after every record", EveryRecordProbe())]
  var results: [(String, Double, Int)] = []
  for (name, probe) in probes {
    log("widgets: \(name) (\(runs) runs)")
    var frames = 0
    let samples = try measure(runs: runs) { () throws -> Int in
      let model = try Replayer.replay(records, header: header, options: .init(layout: probe), widgets: schema)
      frames = model.emissions.filter { if case .widget(_, .frame) = $0.kind { true } else { false } }.count
      return frames
    }
    results.append((name, samples.median, frames))
  }
  print("")
  print("custom widgets: the chart trace and \(count) SET_TEXT_VALUE records on the label above the chart (1 in 100 wraps);")
  print("median of \(runs) runs in this process, the model alone (records decoded beforehand)")
  let base = results[0].1
  let rows = results.map { ($0.0, [String(format: "%.3f", $0.1), String(format: "%.2f", $0.1 / Double(records.count) * 1e6), String(format: "%.2f×", $0.1 / base), String($0.2)]) }
  let head = ["replay", "seconds", "µs/record", "÷ no probe", "frames logged"]
  if markdown {
    print("| " + head.joined(separator: " | ") + " |")
    print("|" + String(repeating: " --- |", count: head.count))
    for (name, cells) in rows { print("| " + ([name] + cells).joined(separator: " | ") + " |") }
  } else {
    print(head[0].padding(toLength: 32, withPad: " ", startingAt: 0) + head[1...].map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined())
    for (name, cells) in rows { print(name.padding(toLength: 32, withPad: " ", startingAt: 0) + cells.map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined()) }
  }
  if results[1].2 != results[2].2 { log("error: the wireframe probe logged \(results[1].2) frames, a layout after every record \(results[2].2)") }
}
