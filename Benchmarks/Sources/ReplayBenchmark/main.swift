// The replay benchmark: throughput and peak memory of replaying (decode + apply) a long generated
// session, from binary and from JSON Lines, and time travel from keyframes near the end.
//
//   swift run -c release --package-path Benchmarks replay-benchmark [--commands N] [--runs K]
//       [--widget-records N] [--widgets-only]
//
// Each measurement runs in a child process of its own, so every peak memory figure is that of one
// replay alone.
import BenchmarkSupport
import CommandCodec
import Foundation
import Replay

struct Options {
  var commands = 10_000_000
  var runs = 3
  var child: String? = nil
  var path: String? = nil
  var markdown = false
  var widgetRecords = 100_000
  var widgetsOnly = false

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--commands": commands = Int(iterator.next() ?? "") ?? commands
      case "--runs": runs = Int(iterator.next() ?? "") ?? runs
      case "--child": child = iterator.next()
      case "--path": path = iterator.next()
      case "--markdown": markdown = true
      case "--widget-records": widgetRecords = Int(iterator.next() ?? "") ?? widgetRecords
      case "--widgets-only": widgetsOnly = true
      default:
        FileHandle.standardError.write(Data("unknown option \(argument); use --commands N, --runs K, --widget-records N, --widgets-only, --markdown\n".utf8))
        exit(64)
      }
    }
  }
}

/// Counts commands without keeping anything: decoding alone.
struct CommandCounter: TraceRecordHandler {
  var commands = 0
  mutating func handleBatch(_ batch: [Command], at time: Double) -> Bool {
    commands += batch.count
    return true
  }
  mutating func handle(_ record: TraceRecord) -> Bool { true }
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[replay-benchmark] \(text)\n".utf8))
}

// MARK: - Child: one measurement, printed as `RESULT key=value ...`

func runChild(_ mode: String, path: String, runs: Int) throws {
  var fields: [String: String] = [:]
  switch mode {
  case "decode":
    var commands = 0
    let samples = try measure(runs: runs) { () throws -> Int in
      let reader = try TraceFileReader(path: path)
      _ = try reader.readHeader()
      var counter = CommandCounter()
      _ = try reader.read(into: &counter)
      commands = counter.commands
      return counter.commands
    }
    fields = ["seconds": String(samples.median), "cpu": String(samples.cpuMedian), "commands": String(commands)]
  case "replay":
    var commands = 0
    var alive = 0
    let samples = try measure(runs: runs) { () throws -> Int in
      let result = try Replayer.replay(TraceFileReader(path: path), options: .init(recordEmissions: false))
      alive = result.state.elements.count
      commands = 0
      return result.recordsApplied
    }
    // Count commands once, outside the timing.
    let reader = try TraceFileReader(path: path)
    _ = try reader.readHeader()
    var counter = CommandCounter()
    _ = try reader.read(into: &counter)
    commands = counter.commands
    fields = ["seconds": String(samples.median), "cpu": String(samples.cpuMedian), "commands": String(commands), "alive": String(alive)]
  case "timetravel":
    let start = monotonicNanoseconds()
    let travel = try TimeTravel(path: path)
    let build = Double(monotonicNanoseconds() - start) / 1e9
    let target = ReplayPoint.record(max(travel.recordCount - 1_000, 0))
    let query = measure(runs: runs) { () -> Int in
      (try? travel.model(at: target))?.state.elements.count ?? -1
    }
    fields = ["build": String(build), "query": String(query.median), "keyframes": String(travel.keyframes.count), "records": String(travel.recordCount)]
  default:
    throw NSError(domain: "replay-benchmark", code: 64, userInfo: [NSLocalizedDescriptionKey: "unknown child mode \(mode)"])
  }
  fields["peak"] = String(peakResidentBytes())
  ChildRun.report(fields)
}

func child(_ mode: String, path: String, runs: Int) throws -> [String: Double] {
  try ChildRun.run(["--child", mode, "--path", path, "--runs", String(runs)])
}

// MARK: - Main

let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; run with -c release for meaningful figures")
#endif
do {
  if let mode = options.child, let path = options.path {
    try runChild(mode, path: path, runs: options.runs)
    exit(0)
  }
  if options.widgetsOnly {
    try widgetFramesBenchmark(count: options.widgetRecords, runs: options.runs, markdown: options.markdown)
    exit(0)
  }
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-benchmark-\(getpid())")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let binaryPath = directory.appendingPathComponent("session.cmdtrace").path
  let jsonPath = directory.appendingPathComponent("session.jsonl").path

  log("generating \(options.commands) commands (seed 1, 100 live screens of 100 elements)")
  let header = TraceHeader(numbering: CommandNumbering.engine20181128.name, creator: "replay-benchmark", viewport: Viewport(width: 375, height: 667, scale: 2))
  let binaryWriter = try TraceFileWriter(path: binaryPath, format: .binary, header: header)
  let jsonWriter = try TraceFileWriter(path: jsonPath, format: .jsonLines, header: header)
  var generator = SessionGenerator(seed: 1)
  while generator.commandCount < options.commands, let record = generator.next() {
    try binaryWriter.write(record)
    try jsonWriter.write(record)
  }
  try binaryWriter.close()
  try jsonWriter.close()
  let binarySize = Double((try FileManager.default.attributesOfItem(atPath: binaryPath)[.size] as? Int) ?? 0)
  let jsonSize = Double((try FileManager.default.attributesOfItem(atPath: jsonPath)[.size] as? Int) ?? 0)

  var rows: [(String, [String: Double], Double)] = []
  for (name, path, size) in [("binary", binaryPath, binarySize), ("JSON Lines", jsonPath, jsonSize)] {
    for mode in ["decode", "replay"] {
      log("\(mode) from \(name) (\(options.runs) runs, in a child process)")
      rows.append(("\(mode) from \(name)", try child(mode, path: path, runs: options.runs), size))
    }
  }
  log("time travel on the binary trace")
  let travel = try child("timetravel", path: binaryPath, runs: options.runs)

  func millions(_ value: Double) -> String { String(format: "%.2f M", value / 1e6) }
  func megabytes(_ value: Double) -> String { String(format: "%.1f", value / 1e6) }
  let commands = rows.first?.1["commands"] ?? Double(options.commands)
  print("cmdtool replay benchmark")
  print("session: \(Int(commands)) commands in \(generator.recordCount) records, \(Int(rows[1].1["alive"] ?? 0)) elements alive at the end")
  print("files: binary \(megabytes(binarySize)) MB (\(String(format: "%.1f", binarySize / commands)) bytes/command), JSON Lines \(megabytes(jsonSize)) MB")
  print("median of \(options.runs) runs, each measurement in its own process; MB = 10^6 bytes\n")
  let sep = options.markdown ? " | " : "  "
  let head = ["what", "seconds", "commands/s", "MB/s", "peak MB"]
  if options.markdown {
    print("| " + head.joined(separator: " | ") + " |")
    print("|" + String(repeating: " --- |", count: head.count))
  } else {
    print(head[0].padding(toLength: 24, withPad: " ", startingAt: 0) + sep + head[1...].map { $0.padding(toLength: 11, withPad: " ", startingAt: 0) }.joined(separator: sep))
  }
  for (name, result, size) in rows {
    let seconds = result["seconds"] ?? .nan
    let cells = [String(format: "%.3f", seconds), millions(commands / seconds), String(format: "%.1f", size / seconds / 1e6), megabytes(result["peak"] ?? 0)]
    if options.markdown {
      print("| " + ([name] + cells).joined(separator: " | ") + " |")
    } else {
      print(name.padding(toLength: 24, withPad: " ", startingAt: 0) + sep + cells.map { $0.padding(toLength: 11, withPad: " ", startingAt: 0) }.joined(separator: sep))
    }
  }
  // Replay is decode and apply in one pass; decode alone ran in the same run, so the difference is
  // what applying the records to the model costs.
  print("")
  print("per command: decode alone, replay (decode + apply), apply (their difference), replay ÷ decode")
  for (format, decode, replay) in [("binary", rows[0].1, rows[1].1), ("JSON Lines", rows[2].1, rows[3].1)] {
    let decodeNs = (decode["seconds"] ?? .nan) / commands * 1e9
    let replayNs = (replay["seconds"] ?? .nan) / commands * 1e9
    print("  " + format.padding(toLength: 12, withPad: " ", startingAt: 0)
      + String(format: "decode %6.1f ns  replay %6.1f ns  apply %6.1f ns  replay %.2f× decode", decodeNs, replayNs, replayNs - decodeNs, replayNs / decodeNs))
  }
  let full = rows[1].1["seconds"] ?? .nan
  let query = travel["query"] ?? .nan
  print("")
  print("time travel (binary): one indexing pass \(String(format: "%.2f", travel["build"] ?? .nan)) s keeping \(Int(travel["keyframes"] ?? 0)) keyframes (peak \(megabytes(travel["peak"] ?? 0)) MB);")
  print("  the state at record #\(Int((travel["records"] ?? 0) - 1000)) (1,000 before the end): \(String(format: "%.3f", query)) s, \(String(format: "%.3f", query / full))× a full replay")
  print("")
  let rate = commands / full
  let peak = (rows[1].1["peak"] ?? 0) / 1e6
  print("targets:")
  print("  replay from binary ≥ 10 M commands/s: \(millions(rate))  \(rate >= 10e6 ? "PASS" : "MISS")")
  print("  peak memory of a binary replay < 100 MB: \(megabytes(peak * 1e6)) MB  \(peak < 100 ? "PASS" : "MISS")")
  print("  time travel near the end well under a full replay (≤ 0.25×): \(String(format: "%.3f", query / full))×  \(query / full <= 0.25 ? "PASS" : "MISS")")
  try widgetFramesBenchmark(count: options.widgetRecords, runs: options.runs, markdown: options.markdown)
} catch {
  log("error: \(error)")
  exit(1)
}
