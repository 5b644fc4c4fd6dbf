// The conformance benchmark: how long `cmdtool conformance` takes against the reference testee,
// and how fast differential fuzzing (`cmdtool fuzz platform`) plays generated streams, each beside
// peers measured in the same run that show where the time goes.
//
//   swift run -c release --package-path Benchmarks conformance-benchmark [--runs K]
//       [--section suite|fuzz|sessions] [--testee PATH] [--fuzz-runs R] [--commands N]
//       [--startup-delays MS,MS,...] [--markdown]
//
// The testee is the reference testee (Examples/ReferenceTestee, the model itself) built in release
// by the parent package: `.build/release/reference-testee` under the repository root, built first
// if it is missing (--testee PATH to use another).
//
//   suite   the whole standard suite (`ConformanceSuite.standard`) through
//           `ConformanceRun(options).run(suite)`: wall time, cases/s, ms per case; beside it
//           the expectations alone (`CaseExpectation` of every case, no testee); the judging alone
//           (every step's expected state written as a snapshot beforehand, then read back with
//           `StateSnapshotReader`, projected and compared with `StateDiff`, as `CaseRunner` does
//           with the testee's answers); the process floor: as many testee sessions as cases that
//           only start the testee, read its header and hello, answer with a header and finish
//           (`TesteeConnection`'s `open(header:)` and `finish()`), the cost of one process per
//           case; and the testee alone (started on /dev/null and waited for, no session).
//           Target: the suite in under 10 s.
//   fuzz    differential fuzzing: `PlatformFuzzer(options).run()` for R runs of streams of about N
//           commands (10 × 2000 by default, seed 0) against the testee, commands/s and steps/s;
//           beside it the same cases generated alone (`PlatformFuzzer.testCase(ofRun:)`), generated
//           and applied to the model alone (`CaseExpectation`), every step's snapshot read alone,
//           every step's state compared alone, and R sessions of the process floor; the wire's sync
//           round trips per second (two a step: after its requests and after its state request).
//   sessions  the whole suite one testee process per case (`--sessions one`) beside case after
//           case in one process (sessions=many, CONFORMANCE.md §1.9), side by side, with their
//           ratio, for a testee whose launch costs each of `--startup-delays` (0,20,100 ms by
//           default: the reference testee's `--startup-delay`, a simulator app's launch in small).
//           SessionsSection.swift.
//
// Every figure is the median of K rounds in this process, wall time; the rows of a section are
// interleaved (round k runs each once), so a shared machine's drifting load weighs on all alike.
// CPU times are this process's (cmdtool's side) and its reaped children's (the testees).
import BenchmarkSupport
import CommandCodec
import Foundation
import Replay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

struct Options {
  var runs = 5
  var sections: [String] = Section.all
  var markdown = false
  var testee: String? = nil
  var fuzzRuns = 10
  var commands = 2000
  var startupDelays = [0, 20, 100]

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--runs": runs = max(1, Int(iterator.next() ?? "") ?? runs)
      case "--section":
        let name = iterator.next() ?? ""
        guard Section.all.contains(name) else { usage("unknown section \(name); the sections are \(Section.all.joined(separator: ", "))") }
        sections = [name]
      case "--testee": testee = iterator.next()
      case "--fuzz-runs": fuzzRuns = max(1, Int(iterator.next() ?? "") ?? fuzzRuns)
      case "--commands": commands = max(1, Int(iterator.next() ?? "") ?? commands)
      case "--markdown": markdown = true
      case "--startup-delays":
        let text = iterator.next() ?? ""
        let delays = text.split(separator: ",").compactMap { Int($0) }.filter { $0 >= 0 }
        guard !delays.isEmpty, delays.count == text.split(separator: ",").count else { usage("--startup-delays takes milliseconds, comma-separated (0,20,100), not \"\(text)\"") }
        startupDelays = delays
      default: usage("unknown option \(argument)")
      }
    }
  }
}

enum Section {
  static let all = ["suite", "fuzz", "sessions"]
}

func usage(_ message: String) -> Never {
  FileHandle.standardError.write(
    Data("[conformance-benchmark] \(message); use --runs K, --section \(Section.all.joined(separator: "|")), --testee PATH, --fuzz-runs R, --commands N, --startup-delays MS,MS,..., --markdown\n".utf8))
  exit(64)
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[conformance-benchmark] \(text)\n".utf8))
}

func fail(_ text: String) -> Never {
  log("error: \(text)")
  exit(1)
}

// MARK: - The testee

/// The reference-testee built in release by the parent package (BenchmarkSupport's ReleaseProduct).
func locateTestee(_ given: String?) -> String {
  do {
    return try ReleaseProduct.locate("reference-testee", given: given, option: "--testee")
  } catch {
    fail("\(error)")
  }
}

// MARK: - Timing

/// One timed run: wall seconds, this process's CPU seconds, and its reaped children's.
struct Timing {
  var seconds: Double
  var cpu: Double
  var childrenCPU: Double
}

/// The runs of one row, reported by their median wall time (the CPU columns are medians too).
struct Timings {
  var runs: [Timing] = []
  var median: Double { Samples(seconds: runs.map(\.seconds)).median }
  var cpuMedian: Double { Samples(seconds: runs.map(\.cpu)).median }
  var childrenCPUMedian: Double { Samples(seconds: runs.map(\.childrenCPU)).median }
  var spread: Double { Samples(seconds: runs.map(\.seconds)).spread }
  var min: Double { runs.map(\.seconds).min() ?? .nan }
  var max: Double { runs.map(\.seconds).max() ?? .nan }
  var all: String { runs.map { String(format: "%.3f", $0.seconds) }.joined(separator: ", ") }
}

/// Times each of `bodies` `runs` times, interleaved (round k runs every body once, in order), so
/// that a shared machine's load, which drifts over seconds, weighs on every row alike. What a
/// body returns is released after the clock stops.
func timeInterleaved(runs: Int, _ bodies: [(name: String, body: (Int) -> Int)]) -> [Timings] {
  var timings = Array(repeating: Timings(), count: bodies.count)
  for run in 0..<runs {
    for (index, entry) in bodies.enumerated() {
      if run == 0 { log("  \(entry.name)") }
      let children = childrenCPUNanoseconds()
      let cpu = processCPUNanoseconds()
      let start = monotonicNanoseconds()
      let result = entry.body(run)
      let end = monotonicNanoseconds()
      let cpuEnd = processCPUNanoseconds()
      let childrenEnd = childrenCPUNanoseconds()
      blackHole(result)
      timings[index].runs.append(Timing(seconds: Double(end - start) / 1e9, cpu: Double(cpuEnd - cpu) / 1e9, childrenCPU: Double(childrenEnd - children) / 1e9))
    }
    log("  round \(run + 1) of \(runs): " + timings.map { String(format: "%.3f", $0.runs.last!.seconds) }.joined(separator: ", ") + " s")
  }
  return timings
}

/// What cmdtool does with a testee's answer to `state` once it has its bytes (`CaseRunner`, after
/// every step): the snapshot read (`StateSnapshotReader`), then both sides projected onto the
/// reported parts (all of them, as the reference testee declares) and compared (`StateDiff`).
func readSnapshots(_ snapshots: [[UInt8]]) -> [UIState] {
  snapshots.map { bytes in
    guard let state = try? StateSnapshotReader.read(bytes) else { fail("a snapshot of the model's cannot be read back") }
    return state
  }
}

/// The number of `actual` states that differ from `expected` once projected (0 for the model's own).
func compare(_ expected: [UIState], _ actual: [UIState]) -> Int {
  var differing = 0
  for (expected, actual) in zip(expected, actual) where !StateDiff(from: expected.projected(onto: .all), to: actual.projected(onto: .all)).isEmpty {
    differing += 1
  }
  return differing
}

/// Both: the whole judging of a step's state.
func judge(_ snapshots: [[UInt8]], against states: [UIState]) -> Int {
  compare(states, readSnapshots(snapshots))
}

// MARK: - A bare process

/// Starts `path` with its standard input, output and error on /dev/null and waits for it: what one
/// testee process costs by itself (it writes its header and hello, reads the end of its input and
/// exits), with no session around it.
func runAlone(_ path: String) -> Bool {
  #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
  #else
    var actions = posix_spawn_file_actions_t()
  #endif
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var pid: pid_t = 0
  var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
  defer { free(argv[0]) }
  guard posix_spawn(&pid, path, &actions, nil, &argv, environ) == 0 else { return false }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    if errno != EINTR { return false }
  }
  return status == 0
}

// MARK: - Tables

/// Prints a table: a header row, right-aligned numbers after the first column.
func printTable(_ head: [String], _ rows: [[String]], widths: [Int], markdown: Bool) {
  if markdown {
    print("| " + head.joined(separator: " | ") + " |")
    print("| --- |" + String(repeating: " ---: |", count: head.count - 1))
    for row in rows { print("| " + row.joined(separator: " | ") + " |") }
  } else {
    for row in [head] + rows {
      print(zip(row, widths).map { $1 == 0 ? $0 : $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
    }
  }
}

func seconds(_ value: Double) -> String { String(format: value < 10 ? "%.3f" : "%.2f", value) }
func rate(_ value: Double) -> String { value >= 1e6 ? String(format: "%.2f M", value / 1e6) : value >= 1e4 ? String(format: "%.0f k", value / 1e3) : String(format: "%.0f", value) }

/// One testee session that only opens and finishes: the testee started, its header and hello read,
/// a header sent, its input closed and its exit waited for.
func floorSession(_ settings: TesteeConnection.Settings, caseName: String, header: TraceHeader) -> Bool {
  do {
    let connection = try TesteeConnection(settings, caseName: caseName)
    _ = try connection.open(header: header)
    if let problem = connection.finish() {
      log("  warning: a floor session ended badly: \(problem)")
      return false
    }
    return true
  } catch {
    log("  warning: a floor session failed: \(error)")
    return false
  }
}

// MARK: - Section: the standard suite

func suiteSection(_ options: Options, testee: String) {
  let suite = ConformanceSuite.standard
  let cases = suite.cases.count
  let settings = TesteeConnection.Settings(command: [testee])
  var expectations: [CaseExpectation] = []
  do {
    for testCase in suite.cases { expectations.append(try CaseExpectation(testCase)) }
  } catch {
    fail("a case cannot be played on the model: \(error)")
  }
  let steps = expectations.reduce(0) { $0 + $1.steps.count }
  let commands = suite.cases.reduce(0) { $0 + $1.commandCount }
  let states = expectations.flatMap { $0.steps.map(\.state) }
  let snapshots = states.map { StateSnapshotWriter.snapshot(of: $0) }
  let snapshotBytes = snapshots.reduce(0) { $0 + $1.count }
  log("suite: \(cases) cases (\(steps) steps, \(commands) commands) against \(testee), \(options.runs) rounds, the rows interleaved")

  // One untimed session first, so the testee's binary is in the page cache for every row alike.
  _ = floorSession(settings, caseName: "warm-up", header: suite.cases[0].header)

  var verdicts: [CaseResult.Verdict: Int] = [:]
  var slowest: [(String, Double)] = []
  var floorFailures = 0
  let timings = timeInterleaved(runs: options.runs, [
    ("suite (ConformanceRun.run)", { run in
      let results: [CaseResult]
      do {
        results = try ConformanceRun(ConformanceRun.Options(testee: settings)).run(suite).results
      } catch {
        fail("a case cannot be played on the model: \(error)")
      }
      if run == 0 {
        for result in results { verdicts[result.verdict, default: 0] += 1 }
        for result in results where result.isFailure { log("  warning: \(result.name): \(result.verdict.rawValue): \(result.reason)") }
        slowest = results.sorted { $0.seconds > $1.seconds }.prefix(3).map { ($0.name, $0.seconds) }
      }
      return results.count
    }),
    ("expectations only (CaseExpectation of every case)", { _ in
      var made = 0
      for testCase in suite.cases {
        guard let expectation = try? CaseExpectation(testCase) else { fail("\(testCase.name) cannot be played on the model") }
        made += expectation.steps.count
      }
      return made
    }),
    ("judging only (read every step's snapshot, project, diff)", { _ in
      let differing = judge(snapshots, against: states)
      if differing > 0 { fail("\(differing) snapshots of the model's differ from the model's states") }
      return differing
    }),
    ("process floor (\(cases) sessions: start, header and hello, answer, finish)", { _ in
      var finished = 0
      for testCase in suite.cases {
        if floorSession(settings, caseName: testCase.name, header: testCase.header) { finished += 1 } else { floorFailures += 1 }
      }
      return finished
    }),
    ("testee alone (\(cases) processes, input and output /dev/null, no session)", { _ in
      var finished = 0
      for _ in 0..<cases where runAlone(testee) { finished += 1 }
      if finished != cases { fail("the testee alone failed \(cases - finished) times") }
      return finished
    }),
  ])
  let (suiteTimings, expectationTimings, judgingTimings, floorTimings, aloneTimings) = (timings[0], timings[1], timings[2], timings[3], timings[4])

  let floor = floorTimings.median
  let rows: [(String, Timings)] = [
    ("suite (ConformanceRun.run)", suiteTimings),
    ("expectations only (no testee)", expectationTimings),
    ("judging only (snapshots read, diffed)", judgingTimings),
    ("process floor (open + finish per case)", floorTimings),
    ("testee alone (a process per case, no session)", aloneTimings),
  ]
  let head = ["what", "seconds", "cases/s", "ms/case", "× floor", "cmdtool CPU s", "testee CPU s"]
  let cells = rows.map { name, timings in
    [name, seconds(timings.median), rate(Double(cases) / timings.median), String(format: "%.3f", timings.median / Double(cases) * 1000),
     String(format: "%.2f×", timings.median / floor), String(format: "%.2f", timings.cpuMedian), timings.childrenCPUMedian > 0.0005 ? String(format: "%.2f", timings.childrenCPUMedian) : "—"]
  }
  let counts = CaseResult.Verdict.allCases.map { "\(verdicts[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", ")
  print("\nthe standard suite: \(cases) cases, \(steps) steps, \(commands) commands, \(snapshotBytes / 1000) kB of snapshots; against the reference testee: \(counts)")
  print("standard suite against the reference testee (release), median of \(options.runs) rounds (rows interleaved):")
  printTable(head, cells, widths: [46, 8, 8, 8, 8, 14, 0], markdown: options.markdown)
  let suiteSeconds = suiteTimings.median
  let beyond = suiteSeconds - floor - expectationTimings.median - judgingTimings.median
  let noise = max(floorTimings.max - floorTimings.min, suiteTimings.max - suiteTimings.min)
  let stepsCost = beyond > noise
    ? "the suite beyond the floor, the expectations and the judging: \(seconds(beyond)) s, \(String(format: "%.0f", beyond / Double(2 * steps) * 1e6)) µs for each of its \(2 * steps) sync round trips (one after each step's requests, one after its state request; the testee's work included)"
    : "the suite beyond the floor, the expectations and the judging: \(seconds(beyond)) s (noise: \(seconds(noise)) s between a row's fastest and slowest run): "
      + "its \(2 * steps) sync round trips do not show; a case costs what opening and finishing a session costs (\(String(format: "%.2f", suiteSeconds / Double(cases) * 1000)) ms against \(String(format: "%.2f", floor / Double(cases) * 1000)) ms)"
  print("\nsuite / floor: \(String(format: "%.2f", suiteSeconds / floor))×; " + stepsCost)
  print("the process floor: \(String(format: "%.2f", floorTimings.median / Double(cases) * 1000)) ms a session, of which the testee's own start and exit \(String(format: "%.2f", aloneTimings.median / Double(cases) * 1000)) ms; "
    + "the session around it (pipes, header and hello, closing, waiting for the exit) \(String(format: "%.2f", (floorTimings.median - aloneTimings.median) / Double(cases) * 1000)) ms")
  print("suite runs: \(suiteTimings.all) s (spread \(String(format: "%.0f", suiteTimings.spread * 100))%); floor runs: \(floorTimings.all) s (spread \(String(format: "%.0f", floorTimings.spread * 100))%)")
  print("slowest cases (first round): " + slowest.map { "\($0.0) \(String(format: "%.1f", $0.1 * 1000)) ms" }.joined(separator: ", "))
  if floorFailures > 0 { print("warning: \(floorFailures) floor sessions failed") }
  print("target: the whole suite in under 10 s: \(seconds(suiteSeconds)) s  \(suiteSeconds < 10 ? "PASS" : "MISS")")
}

// MARK: - Section: differential fuzzing

func fuzzSection(_ options: Options, testee: String) {
  let settings = TesteeConnection.Settings(command: [testee])
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-benchmark-\(getpid())").path
  try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  var fuzzOptions = PlatformFuzzer.Options(testee: settings, output: scratch)
  fuzzOptions.runs = options.fuzzRuns
  fuzzOptions.commands = options.commands
  let fuzzer = PlatformFuzzer(fuzzOptions)
  let runs = options.fuzzRuns
  let cases = (0..<runs).map { generated(fuzzer, run: $0) }
  let commands = cases.reduce(0) { $0 + $1.commandCount }
  let steps = cases.reduce(0) { $0 + $1.steps.count }
  var states: [UIState] = []
  for testCase in cases {
    guard let expectation = try? CaseExpectation(testCase) else { fail("\(testCase.name) cannot be played on the model") }
    states += expectation.steps.map(\.state)
  }
  let snapshots = states.map { StateSnapshotWriter.snapshot(of: $0) }
  let snapshotBytes = snapshots.reduce(0) { $0 + $1.count }
  let readBack = readSnapshots(snapshots)
  let elements = states.reduce(0) { $0 + $1.elements.count }
  log("fuzz: \(runs) runs of about \(options.commands) commands (\(commands) commands, \(steps) steps) against \(testee), \(options.runs) rounds, the rows interleaved")

  _ = floorSession(settings, caseName: "warm-up", header: cases[0].header)

  var divergences = 0
  var notPassed = 0
  let timings = timeInterleaved(runs: options.runs, [
    ("differential (PlatformFuzzer.run)", { _ in
      let report: PlatformFuzzer.Report
      do {
        report = try fuzzer.run { event in
          if case .runFinished(let run, _, _, let result) = event, result.verdict != .pass {
            notPassed += 1
            log("  warning: run \(run): \(result.verdict.rawValue): \(result.reason)")
          }
        }
      } catch {
        fail("a generated case cannot be played on the model: \(error)")
      }
      divergences += report.divergences.count
      if report.commands != commands { log("  warning: the fuzzer played \(report.commands) commands, not \(commands)") }
      return report.commands
    }),
    ("generate + model alone (CaseExpectation)", { _ in
      var made = 0
      for run in 0..<runs {
        guard let expectation = try? CaseExpectation(fuzzer.testCase(ofRun: run)) else { fail("run \(run) cannot be played on the model") }
        made += expectation.steps.count
      }
      return made
    }),
    ("generate alone (PlatformFuzzer.testCase(ofRun:))", { _ in
      var made = 0
      for run in 0..<runs { made += generated(fuzzer, run: run).commandCount }
      return made
    }),
    ("snapshots read (StateSnapshotReader, every step's)", { _ in
      readSnapshots(snapshots).count
    }),
    ("states compared (projected, StateDiff)", { _ in
      let differing = compare(states, readBack)
      if differing > 0 { fail("\(differing) snapshots of the model's differ from the model's states") }
      return differing
    }),
    ("process floor (\(runs) sessions)", { _ in
      var finished = 0
      for testCase in cases where floorSession(settings, caseName: testCase.name, header: testCase.header) { finished += 1 }
      return finished
    }),
  ])
  let (differential, model, generate, reading, comparing, floor) = (timings[0], timings[1], timings[2], timings[3], timings[4], timings[5])

  let rows: [(String, Timings)] = [
    ("differential (PlatformFuzzer.run)", differential),
    ("generate + model alone (CaseExpectation)", model),
    ("generate alone (testCase(ofRun:))", generate),
    ("snapshots read alone", reading),
    ("states compared alone (project + diff)", comparing),
    ("process floor (\(runs) sessions)", floor),
  ]
  let modelRate = Double(commands) / model.median
  let head = ["what", "seconds", "commands/s", "steps/s", "× model alone", "cmdtool CPU s", "testee CPU s"]
  let cells = rows.map { name, timings in
    [name, seconds(timings.median), rate(Double(commands) / timings.median), rate(Double(steps) / timings.median),
     String(format: "%.3f×", (Double(commands) / timings.median) / modelRate), String(format: "%.2f", timings.cpuMedian),
     timings.childrenCPUMedian > 0.0005 ? String(format: "%.2f", timings.childrenCPUMedian) : "—"]
  }
  print("\ndifferential fuzzing against the reference testee (release): \(runs) runs of about \(options.commands) commands (seed 0): \(commands) commands in \(steps) steps, "
    + "\(elements / max(steps, 1)) elements alive a step on average, \(snapshotBytes / max(steps, 1) / 1000) kB a snapshot; \(divergences) divergences, \(notPassed) runs not passed")
  print("median of \(options.runs) rounds (rows interleaved):")
  printTable(head, cells, widths: [42, 8, 10, 8, 13, 14, 0], markdown: options.markdown)
  let roundTrips = 2 * steps
  let wire = differential.median - model.median - reading.median - comparing.median - floor.median
  print("\nthe wire: \(roundTrips) sync round trips (one after each step's requests, one after its state request) in \(seconds(differential.median)) s: "
    + "\(rate(Double(steps) / differential.median)) steps/s, \(rate(Double(roundTrips) / differential.median)) round trips/s; "
    + "beyond the model, the snapshots' reading and comparing and the process floor \(seconds(wire)) s, \(String(format: "%.0f", wire / Double(roundTrips) * 1e6)) µs a round trip (the testee's work, writing the snapshots included)")
  print("cmdtool's side of a step: \(String(format: "%.0f", reading.median / Double(steps) * 1e6)) µs reading the testee's snapshot (\(String(format: "%.0f", Double(snapshotBytes) / Double(steps) / 1000)) kB), "
    + "\(String(format: "%.0f", comparing.median / Double(steps) * 1e6)) µs comparing it, \(String(format: "%.0f", model.median / Double(steps) * 1e6)) µs generating and computing its expectation: "
    + "reading is \(String(format: "%.0f", reading.median / differential.median * 100))% of the differential run's wall time")
  print("differential runs: \(differential.all) s (spread \(String(format: "%.0f", differential.spread * 100))%)")
  if divergences > 0 || notPassed > 0 { print("warning: the reference testee diverged (\(divergences) divergences, \(notPassed) runs not passed); it should not") }
}

/// The case of run `run` (the model refusing one is a bug of the generator's: the benchmark stops).
func generated(_ fuzzer: PlatformFuzzer, run: Int) -> ConformanceCase {
  do {
    return try fuzzer.testCase(ofRun: run)
  } catch {
    fail("run \(run)'s case cannot be played on the model: \(error)")
  }
}

// MARK: - Main

let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; run with -c release for meaningful figures")
#endif
let testee = locateTestee(options.testee)
print("cmdtool conformance benchmark")
for section in options.sections {
  switch section {
  case "suite": suiteSection(options, testee: testee)
  case "fuzz": fuzzSection(options, testee: testee)
  case "sessions": sessionsSection(options, testee: testee)
  default: break
  }
}
