// The tree-shaped work on hostile traces (issue #23): a chain of nested layouts as deep as the
// trace allows, and a fan of siblings as wide, at each size in MB, through every walk of a tree
// cmdtool makes (the model, the text tree, the snapshot, the diff, the wireframe, the viewer's
// page). Each shape and size runs in a child process of its own, so that its peak memory is its
// own; each step's peak is measured from a reset (`/proc/self/clear_refs`).
//
//   swift run -c release --package-path Benchmarks hostile-benchmark --trees [--sizes 1,4,16]
import BenchmarkSupport
import CommandCodec
import Foundation
import Replay

enum TreeBenchmark {
  /// A trace shape: `deep` nests every layout in the one before, `wide` puts every text under
  /// one vertical layout.
  static let shapes = ["deep", "wide"]
  /// The steps, in the order they run.
  static let steps = ["model", "tree", "snapshot", "diff", "svg", "view"]
  /// The viewer's frames: few, so that the figure is the walks', not the frames' count.
  static let viewFrames = 20

  /// The trace of `shape`, about `bytes` bytes of JSON Lines.
  static func trace(_ shape: String, bytes: Int) -> [UInt8] {
    var text = #"{"trace":1,"viewport":{"width":375,"height":667,"scale":2}}"# + "\n"
    text += #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"A"}"# + "\n"
    text += #"{"t":0,"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"# + "\n"
    text += #"{"t":0,"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1}"# + "\n"
    text.reserveCapacity(bytes + 200)
    var id: Int32 = 4
    while text.utf8.count < bytes {
      if shape == "deep" {
        text += #"{"t":0,"type":"CREATE_LINEAR_LAYOUT","internalId":\#(id - 1),"childInternalId":\#(id)}"# + "\n"
      } else {
        text += #"{"t":0,"type":"CREATE_TEXT","internalId":3,"childInternalId":\#(id),"textValue":"x"}"# + "\n"
      }
      id += 1
    }
    return Array(text.utf8)
  }

  /// In the child: every step on one shape and size; prints the `RESULT` line.
  static func child(shape: String, megabytes: Int) throws {
    let bytes = trace(shape, bytes: megabytes << 20)
    let decoded = DecodedTrace(decoding: bytes, format: .jsonLines)
    guard decoded.error == nil, let header = decoded.header else {
      log("the \(shape) trace does not decode: \(decoded.error.map { "\($0)" } ?? "no header")")
      exit(1)
    }
    var result: [String: String] = ["elements": String(decoded.records.count - 1)]
    func step<R>(_ name: String, _ body: () throws -> R, size: (R) -> Int) rethrows -> R {
      _ = resetPeakResident()
      let base = residentBytes() ?? 0
      let start = monotonicNanoseconds()
      let value = try body()
      result["\(name)_ms"] = String(Double(monotonicNanoseconds() - start) / 1e6)
      result["\(name)_mb"] = String(Double(max(0, peakResidentBytes() - base)) / 1e6)
      result["\(name)_out"] = String(size(value))
      return value
    }
    let state = step("model", {
      var model = ReferenceModel(header: header)
      for (index, record) in decoded.records.enumerated() { model.apply(record, index: index) }
      return model.state
    }, size: { $0.elements.count })
    _ = step("tree", { StateTreeRenderer.render(state) }, size: { $0.utf8.count })
    _ = step("snapshot", { StateSnapshotWriter.snapshot(of: state) }, size: { $0.count })
    // Every element changed (a style each): a change, and a path, per element.
    var changed = ReferenceModel(header: header)
    for (index, record) in decoded.records.enumerated() { changed.apply(record, index: index) }
    changed.applyBatch(state.elements.values.map { Command(.setStyle, internalId: $0.id, textValue: "padding", textValue2: "4") }, at: 1, index: decoded.records.count)
    let other = changed.state
    changed = ReferenceModel(header: header)
    _ = step("diff", { StateDiff(from: state, to: other).renderText() }, size: { $0.utf8.count })
    _ = step("svg", { WireframeSVG.render(state, viewport: WireframeSize(width: 375, height: 667)) }, size: { $0.utf8.count })
    _ = try step("view", { try TraceViewerPage.html(title: shape, header: header, records: decoded.records, maxFrames: viewFrames) }, size: { $0.utf8.count })
    result["trace_bytes"] = String(bytes.count)
    ChildRun.report(result)
  }

  /// In the parent: a child per shape and size, then the table.
  static func run(sizes: [Int], markdown: Bool) throws {
    var figures: [String: [Int: [String: Double]]] = [:]
    for shape in shapes {
      for size in sizes {
        log("trees · \(shape) · \(size) MB")
        figures[shape, default: [:]][size] = try ChildRun.run(["--tree-child", shape, String(size)])
      }
    }
    print("cmdtool hostile-input benchmark: tree-shaped work per MB of trace (the viewer keeps \(viewFrames) frames)")
    print("deep: every layout inside the one before; wide: every text a sibling under one layout\n")
    let head = ["shape", "step"] + sizes.map { "ms/MB at \($0) MB" } + ["growth", "out bytes/in byte"] + sizes.map { "peak MB at \($0) MB" }
    func line(_ cells: [String]) -> String {
      if markdown { return "| " + cells.joined(separator: " | ") + " |" }
      return cells.enumerated().map { index, cell in cell.padding(toLength: max(index < 2 ? 9 : 14, cell.count), withPad: " ", startingAt: 0) }.joined(separator: " ")
    }
    print(line(head))
    if markdown { print("| --- | --- |" + String(repeating: " ---: |", count: head.count - 2)) }
    var worst = 0.0
    for shape in shapes {
      let rows = figures[shape] ?? [:]
      for step in steps {
        let perMB = sizes.map { size in (rows[size]?["\(step)_ms"] ?? .nan) / Double(size) }
        let growth = perMB.last! / perMB.first!
        // Steps that take under a millisecond a MB are noise, not growth.
        if perMB.first! >= 1 { worst = max(worst, growth) }
        let ratio = sizes.last.flatMap { size in rows[size].map { ($0["\(step)_out"] ?? 0) / ($0["trace_bytes"] ?? 1) } } ?? .nan
        let peaks = sizes.map { size in String(format: "%.0f", rows[size]?["\(step)_mb"] ?? .nan) }
        let out = step == "model" ? "—" : String(format: "%.3f", ratio)
        print(line([shape, step] + perMB.map { String(format: $0 >= 10 ? "%.0f" : "%.2f", $0) } + [String(format: "%.2f×", growth), out] + peaks))
      }
    }
    let elements = sizes.map { size in "\(Int(figures["deep"]?[size]?["elements"] ?? 0)) deep / \(Int(figures["wide"]?[size]?["elements"] ?? 0)) wide at \(size) MB" }
    print("\nelements: " + elements.joined(separator: ", "))
    let ratio = Double(sizes.last!) / Double(sizes.first!)
    let bound = max(2, ratio / 4)
    print("linear in depth and width (growth ≤ \(String(format: "%.0f", bound))× from \(sizes.first!) to \(sizes.last!) MB): \(String(format: "%.2f", worst))× at worst  \(sizes.count < 2 || worst <= bound ? "PASS" : "MISS")")
  }
}
