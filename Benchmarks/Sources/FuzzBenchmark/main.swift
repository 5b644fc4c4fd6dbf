// The fuzz benchmark: how fast generated input flows through the checks a fuzzing run makes,
// each stage beside the one before it, so the cost of each part shows.
//
//   swift run -c release --package-path Benchmarks fuzz-benchmark [--commands N] [--runs K]
//       [--section NAME] [--markdown]
//
// One section per kind of fuzzing input; --section runs one of them.
//
//   streams   generated command streams (`cmdtool fuzz streams`, StreamGenerator): a stream of N
//             commands generated alone; generated and applied to the reference model; generated,
//             applied and checked after every record by the StreamOracle (the model's invariants
//             and the violation labels), the property tests' loop; the same with 10% violations.
//   monkey    the engine monkey (`cmdtool fuzz engine`) against the example engine built in
//             release: steps per second of a campaign beside the same number of steps played from a
//             script by the recorder (what the monkey's choosing and checking cost), and the time to
//             shrink a failure found at step 500 to its 7 steps (target: within 60 s).
//
// Every figure is the median of K runs in this process, commands per second of wall time.
import BenchmarkSupport
import CommandCodec
import Foundation
import Replay

struct Options {
  var commands = 2_000_000
  var runs = 5
  var sections: [String] = Section.all
  var markdown = false

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--commands": commands = max(1, Int(iterator.next() ?? "") ?? commands)
      case "--runs": runs = max(1, Int(iterator.next() ?? "") ?? runs)
      case "--section":
        let name = iterator.next() ?? ""
        guard Section.all.contains(name) else { usage("unknown section \(name); the sections are \(Section.all.joined(separator: ", "))") }
        sections = [name]
      case "--markdown": markdown = true
      default: usage("unknown option \(argument)")
      }
    }
  }
}

enum Section {
  static let all = ["streams", "monkey"]
}

func usage(_ message: String) -> Never {
  FileHandle.standardError.write(Data("[fuzz-benchmark] \(message); use --commands N, --runs K, --section \(Section.all.joined(separator: "|")), --markdown\n".utf8))
  exit(64)
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[fuzz-benchmark] \(text)\n".utf8))
}

/// One row of a section's table: what was measured, its median seconds and the commands it moved.
struct Row {
  var name: String
  var seconds: Double
  var commands: Int
}

/// Prints a section's rows side by side: seconds, commands/s, nanoseconds per command, and what
/// each row adds per command to the row it builds on.
func printTable(_ title: String, _ rows: [Row], base: [Int?], markdown: Bool) {
  print("\n\(title)")
  let head = ["what", "seconds", "commands/s", "ns/command", "adds ns/command"]
  func cells(_ index: Int) -> [String] {
    let row = rows[index]
    let perCommand = row.seconds / Double(row.commands) * 1e9
    let added = base[index].map { other in
      "+" + String(format: "%.0f", perCommand - rows[other].seconds / Double(rows[other].commands) * 1e9) + " over " + rows[other].name
    } ?? ""
    return [row.name, String(format: "%.3f", row.seconds), String(format: "%.2f M", Double(row.commands) / row.seconds / 1e6), String(format: "%.0f", perCommand), added]
  }
  if markdown {
    print("| " + head.joined(separator: " | ") + " |")
    print("| --- | ---: | ---: | ---: | --- |")
    for index in rows.indices { print("| " + cells(index).joined(separator: " | ") + " |") }
  } else {
    let widths = [46, 8, 11, 11, 0]
    func line(_ values: [String]) -> String {
      zip(values, widths).map { $1 == 0 ? $0 : $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
    }
    print(line(head))
    for index in rows.indices { print(line(cells(index))) }
  }
}

// MARK: - Section: generated command streams

/// A generator of a stream of `commands` commands (seed 1).
func generator(_ commands: Int, violations: Double = 0) -> StreamGenerator {
  var configuration = StreamGenerator.Configuration()
  configuration.violationPercent = violations
  return StreamGenerator(seed: 1, commands: commands, configuration: configuration)
}

func streamsSection(_ options: Options) {
  log("streams: \(options.commands) commands, \(options.runs) runs per row")
  var rows: [Row] = []
  func row(_ name: String, _ body: () -> Int) {
    log("  \(name)")
    var commands = 0
    let samples = measure(runs: options.runs) { () -> Int in
      commands = body()
      return commands
    }
    rows.append(Row(name: name, seconds: samples.median, commands: commands))
  }
  row("generate") {
    var stream = generator(options.commands)
    var records = 0
    while let record = stream.next() { records &+= record.time >= 0 ? 1 : 0 }
    blackHole(records)
    return stream.commandCount
  }
  row("generate + apply") {
    var stream = generator(options.commands)
    var model = ReferenceModel(header: stream.header, options: .init(recordEmissions: false))
    var index = 0
    while let record = stream.next() {
      model.apply(record, index: index)
      index += 1
    }
    blackHole(model)
    return stream.commandCount
  }
  for (name, violations) in [("generate + apply + invariants", 0.0), ("generate + apply + invariants, 10% violations", 10.0)] {
    var findings = 0
    row(name) {
      var stream = generator(options.commands, violations: violations)
      var oracle = StreamOracle(header: stream.header)
      while let record = stream.next() { oracle.apply(record) }
      oracle.finish()
      findings = oracle.findings.count
      return stream.commandCount
    }
    if findings != 0 { log("  warning: the oracle found \(findings) problems; the stream should have none") }
  }
  var shape = generator(options.commands)
  var model = ReferenceModel(header: shape.header, options: .init(recordEmissions: false))
  var (index, alive, most) = (0, 0, 0)
  while let record = shape.next() {
    model.apply(record, index: index)
    index += 1
    alive += model.state.elements.count
    most = max(most, model.state.elements.count)
  }
  print("\nthe stream (seed 1): \(shape.commandCount) commands in \(index) records, \(alive / max(index, 1)) elements alive on average (\(most) at most)")
  printTable("generated command streams (cmdtool fuzz streams), seed 1, median of \(options.runs) runs:", rows, base: [nil, 0, 1, 2], markdown: options.markdown)
  let rate = Double(rows[2].commands) / rows[2].seconds
  print("target: generate + apply + invariants ≥ 1 M commands/s: \(String(format: "%.2f M", rate / 1e6))  \(rate >= 1e6 ? "PASS" : "MISS")")
}

// MARK: - Section: the engine monkey

/// The example engine built in release by the parent package (built every time: a stale build
/// would lack the --bug options; an up-to-date one takes a moment).
func releaseEngine() -> String {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let path = root.appendingPathComponent(".build/release/example-engine").path
  do {
    log("building the engine: swift build -c release --product example-engine")
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    build.arguments = ["swift", "build", "-c", "release", "--product", "example-engine"]
    build.currentDirectoryURL = root
    try? build.run()
    build.waitUntilExit()
  }
  return path
}

/// Log in, then harmless rounds (a wait; "Delete all" answered 1 or 2), then "Delete all"
/// cancelled `cancels` times: `--bug crash-after-two-cancels` aborts at the second cancel.
func longScript(rounds: Int, cancels: Int) -> EventScript {
  var lines = [#"{"t":100,"type":"textField \"User name\"","text":"alice"}"#, #"{"t":200,"type":"textField \"Password\"","text":"hunter2"}"#, #"{"t":300,"tap":"button \"Log in\""}"#]
  var time = 300
  func step(_ body: String) {
    time += 100
    lines.append("{\"t\":\(time),\(body)}")
  }
  for round in 0..<rounds {
    step(#""marker":"wait""#)
    step(#""tap":"button \"Delete all\"""#)
    step(#""choose":"dialog","option":\#(round % 2 + 1)"#)
  }
  for _ in 0..<cancels {
    step(#""tap":"button \"Delete all\"""#)
    step(#""choose":"dialog","option":0"#)
  }
  return (try? EventScript(parsing: lines.joined(separator: "\n"))) ?? EventScript()
}

func monkeySection(_ options: Options) {
  let engine = releaseEngine()
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-benchmark-\(getpid())").path
  try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let runs = 20
  log("monkey: \(runs) runs of up to 200 steps against \(engine), \(options.runs) campaigns")
  var stepsSeen = 0
  var states = 0
  let campaign = measure(runs: options.runs) { () -> Int in
    var campaignOptions = FuzzCampaign.Options(target: FuzzTarget(engine: [engine]), output: scratch + "/campaign")
    campaignOptions.runs = runs
    let report = (try? FuzzCampaign(campaignOptions).run()) ?? FuzzCampaign.Report()
    stepsSeen = report.steps
    states = report.distinctStates
    return report.steps
  }
  // The peer: as many sessions (engines started) of as many steps on average, played from a
  // script by the recorder: what the monkey's choosing and checking add to playing the steps.
  let script = longScript(rounds: max(1, (stepsSeen / runs - 3) / 3), cancels: 0)
  let sessions = runs
  let scripted = measure(runs: options.runs) { () -> Int in
    var played = 0
    for _ in 0..<sessions {
      var configuration = Recorder.Configuration(engine: [engine], script: script, output: scratch + "/scripted.jsonl", format: .jsonLines)
      configuration.replacing = false
      let outcome = Recorder(configuration).run()
      if !outcome.succeeded { log("  warning: the scripted session failed: \(outcome.problem ?? "")") }
      played += script.steps.count
    }
    return played
  }
  let rows: [(String, Double, Int)] = [
    ("monkey (choose, play, check), \(runs) runs", campaign.median, stepsSeen),
    ("script played by the recorder, \(sessions) sessions", scripted.median, sessions * script.steps.count),
  ]
  print("\nengine monkey against the example engine (release), median of \(options.runs) campaigns; it reached \(states) distinct screens")
  let head = ["what", "seconds", "steps", "steps/s", "µs/step", "× script"]
  let cells = rows.map { name, seconds, steps in
    [name, String(format: "%.3f", seconds), String(steps), String(format: "%.0f", Double(steps) / seconds), String(format: "%.0f", seconds / Double(steps) * 1e6),
     String(format: "%.2f×", (Double(steps) / seconds) / (Double(rows[1].2) / rows[1].1))]
  }
  if options.markdown {
    print("| " + head.joined(separator: " | ") + " |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row in cells { print("| " + row.joined(separator: " | ") + " |") }
  } else {
    let widths = [52, 8, 7, 9, 8, 0]
    for row in [head] + cells { print(zip(row, widths).map { $1 == 0 ? $0 : $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")) }
  }
  // Shrinking a failure found at step 500.
  let long = longScript(rounds: 165, cancels: 2)
  var target = FuzzTarget(engine: [engine, "--bug", "crash-after-two-cancels"])
  target.limits.timeout = 5
  let start = Date()
  let found = try? FuzzShrink.shrink(long, target: target, output: scratch + "/shrink", seconds: 120)
  let seconds = Date().timeIntervalSince(start)
  if let found {
    print("\nshrinking a failure found at step \(found.originalSteps): \(found.steps) steps left after \(found.shrinkRuns) runs of the engine in \(String(format: "%.1f", seconds)) s")
    print("target: the minimal script within 60 s: \(String(format: "%.1f", seconds)) s  \(seconds <= 60 && found.steps == 7 ? "PASS" : "MISS")")
  } else {
    print("\nshrinking: the long script did not fail; MISS")
  }
}

// MARK: - Main

let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; run with -c release for meaningful figures")
#endif
print("cmdtool fuzz benchmark")
for section in options.sections {
  switch section {
  case "streams": streamsSection(options)
  case "monkey": monkeySection(options)
  default: break
  }
}
