// The record benchmark: does `cmdtool record` keep up with an engine that floods its pipe, and
// does it lose nothing?
//
//   swift run -c release --package-path Benchmarks record-benchmark [--commands N] [--runs K]
//       [--batch B,...] [--engine PATH] [--timeout S] [--markdown]
//
// The engine is the example engine (Examples/ExampleEngine) built in release by the parent
// package, run as `example-engine --flood N --flood-batch B [--binary]`: after its UI and its
// ready marker it writes N SET_TEXT_VALUE commands in batches of B as fast as the pipe takes
// them. B is 7 (about what real engines send: the codec corpus averages 6.7 commands a batch) and
// 1000 (the kindest case). For each batch size and format the benchmark measures, every run in a
// child process of its own:
//
//   engine alone     the engine writing to /dev/null (what the engine costs by itself);
//   pipe alone       the engine's stdout read by a posix read loop that only counts bytes (the peer:
//                    what a pipe between two processes carries on this machine);
//   pipe + decode    the same loop feeding `TraceDecoder` and taking records with `next()`, as the
//                    recorder does, counting commands (what the engine sent);
//   recorder         `Recorder(Recorder.Configuration(...)).run()` with an empty script, writing
//                    the recording to a temporary file in the engine's format.
//
// After each recorder run the parent decodes the recording and checks that the flood's N plus the
// engine's UI commands equal both what the recorder reports and what the file holds.
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
  var commands = 3_000_000
  var runs = 3
  var batches = [7, 1000]
  var engine: String? = nil
  var timeout: Double = 300
  var markdown = false
  var formats: [TraceFormat] = [.jsonLines, .binary]
  // Child mode: one measurement.
  var child: String? = nil
  var output: String? = nil

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--commands": commands = max(0, Int(iterator.next() ?? "") ?? commands)
      case "--runs": runs = max(1, Int(iterator.next() ?? "") ?? runs)
      case "--batch":
        let sizes = (iterator.next() ?? "").split(separator: ",").map { Int($0) ?? 0 }
        if sizes.isEmpty || sizes.contains(where: { $0 < 1 }) { usage("--batch takes sizes ≥ 1, e.g. 7,1000") }
        batches = sizes
      case "--engine": engine = iterator.next()
      case "--timeout": timeout = Double(iterator.next() ?? "") ?? timeout
      case "--markdown": markdown = true
      case "--only":
        let names = (iterator.next() ?? "").split(separator: ",")
        formats = names.compactMap { $0 == "json" ? .jsonLines : $0 == "binary" ? .binary : nil }
        if formats.count != names.count || formats.isEmpty { usage("--only takes json, binary or json,binary") }
      case "--child": child = iterator.next()
      case "--output": output = iterator.next()
      default: usage("unknown option \(argument)")
      }
    }
  }

  func usage(_ message: String) -> Never {
    FileHandle.standardError.write(
      Data("\(message); use --commands N, --runs K, --batch B,..., --engine PATH, --timeout S, --only json|binary, --markdown\n".utf8))
    exit(64)
  }
}

func log(_ text: String) {
  FileHandle.standardError.write(Data("[record-benchmark] \(text)\n".utf8))
}

/// The parent's temporary directory, removed at exit whatever the way out.
nonisolated(unsafe) var temporaryDirectory: String? = nil

func removeTemporaryDirectory() {
  if let path = temporaryDirectory { try? FileManager.default.removeItem(atPath: path) }
}

func fail(_ text: String) -> Never {
  log("error: \(text)")
  removeTemporaryDirectory()
  exit(1)
}

// MARK: - The engine

/// The example-engine built in release by the parent package (BenchmarkSupport's ReleaseProduct).
func locateEngine(_ given: String?) -> String {
  do {
    return try ReleaseProduct.locate("example-engine", given: given, option: "--engine")
  } catch {
    fail("\(error)")
  }
}

func engineCommand(_ engine: String, commands: Int, batch: Int, format: TraceFormat) -> [String] {
  [engine, "--flood", String(commands), "--flood-batch", String(batch)] + (format == .binary ? ["--binary"] : [])
}

/// Calls `body` with a NULL-terminated C array of C strings.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
  var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for pointer in pointers { free(pointer) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A started engine: its pid and, unless its output goes to /dev/null, the read end of its stdout.
struct SpawnedEngine {
  var pid: pid_t
  var output: Int32?
}

/// Starts `command` with stdin from /dev/null (it reads no header, builds its UI, floods and
/// exits at the end of its input) and stdout to a pipe or to /dev/null. Stderr is inherited.
func spawn(_ command: [String], toPipe: Bool) -> SpawnedEngine {
  var pipeFDs: [Int32] = [-1, -1]
  if toPipe && pipe(&pipeFDs) != 0 { fail("pipe: \(String(cString: strerror(errno)))") }
  #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t? = nil
  #else
    var actions = posix_spawn_file_actions_t()
  #endif
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  if toPipe {
    posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
    posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  }
  var pid: pid_t = 0
  let status = withCStrings(command) { argv in
    withCStrings(ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }) { envp in
      posix_spawn(&pid, command[0], &actions, nil, argv, envp)
    }
  }
  guard status == 0 else { fail("cannot start \(command[0]): \(String(cString: strerror(status)))") }
  if toPipe {
    close(pipeFDs[1])
    return SpawnedEngine(pid: pid, output: pipeFDs[0])
  }
  return SpawnedEngine(pid: pid, output: nil)
}

/// Waits for the engine; fails unless it exited with status 0.
func reap(_ engine: SpawnedEngine) {
  var status: Int32 = 0
  while waitpid(engine.pid, &status, 0) < 0 {
    if errno != EINTR { fail("waitpid: \(String(cString: strerror(errno)))") }
  }
  if status != 0 { fail("the engine ended with wait status \(status)") }
}

/// CPU seconds and peak RSS of the children waited for so far (the engine).
func childrenUsage() -> (cpu: Double, peak: Int) {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_CHILDREN, &usage)
    let peak = Int(usage.ru_maxrss)
  #else
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    let peak = Int(usage.ru_maxrss) * 1024
  #endif
  let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  return (cpu, peak)
}

// MARK: - Counting commands

/// Counts commands and records without keeping anything.
struct CommandCounter: TraceRecordHandler {
  var commands = 0
  var records = 0
  mutating func handleBatch(_ batch: [Command], at time: Double) -> Bool {
    commands += batch.count
    records += 1
    return true
  }
  mutating func handle(_ record: TraceRecord) -> Bool {
    records += 1
    return true
  }
}

/// Commands and records in a trace file (header excluded).
func countFile(_ path: String) throws -> CommandCounter {
  let reader = try TraceFileReader(path: path)
  _ = try reader.readHeader()
  var counter = CommandCounter()
  _ = try reader.read(into: &counter)
  reader.close()
  return counter
}

/// Reads the engine's output to its end: counting bytes only, or decoding it record by record with
/// `TraceDecoder.next()` as the recorder does.
func readPipe(_ fd: Int32, decode: Bool) -> (bytes: Int, commands: Int, records: Int) {
  let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)  // the recorder's read size
  defer { buffer.deallocate() }
  var bytes = 0
  var commands = 0
  var records = 0
  var decoder = TraceDecoder()
  func drain() {
    do {
      while let record = try decoder.next() {
        records += 1
        if case .batch(let batch) = record.body { commands += batch.count }
      }
    } catch {
      fail("the engine's output does not decode: \(error)")
    }
  }
  while true {
    let n = read(fd, buffer.baseAddress, buffer.count)
    if n > 0 {
      bytes += n
      if decode {
        decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
        drain()
      }
    } else if n < 0 && errno == EINTR {
      continue
    } else {
      if n < 0 { fail("read: \(String(cString: strerror(errno)))") }
      break
    }
  }
  if decode {
    decoder.finish()
    drain()
  }
  close(fd)
  return (bytes, commands, records)
}

// MARK: - Child: one measurement, printed as `RESULT key=value ...`

func runChild(_ mode: String, options: Options) {
  let format = options.formats[0]
  let engine = locateEngine(options.engine)
  let command = engineCommand(engine, commands: options.commands, batch: options.batches[0], format: format)
  var fields: [String: Double] = [:]
  let before = childrenUsage()
  let cpuStart = processCPUNanoseconds()
  let start = monotonicNanoseconds()
  switch mode {
  case "engine":
    reap(spawn(command, toPipe: false))
  case "pipe", "decode":
    let spawned = spawn(command, toPipe: true)
    let result = readPipe(spawned.output!, decode: mode == "decode")
    reap(spawned)
    fields["bytes"] = Double(result.bytes)
    if mode == "decode" {
      fields["commands"] = Double(result.commands)
      fields["records"] = Double(result.records)
    }
  case "record":
    guard let output = options.output else { fail("--child record needs --output PATH") }
    var configuration = Recorder.Configuration(engine: command, script: EventScript(), output: output, format: format)
    // The first sync is answered only after the whole flood: the timeout must cover it.
    configuration.limits.timeout = options.timeout
    let outcome = Recorder(configuration).run()
    if !outcome.succeeded {
      fail("the recorder failed: \(outcome.problem ?? "\(outcome.exit.map(\.phrase) ?? "no exit status")"); engine stderr: \(outcome.stderrTail)")
    }
    fields["reported"] = Double(outcome.commandsReceived)
    fields["recordsWritten"] = Double(outcome.recordsWritten)
  default:
    fail("unknown child mode \(mode)")
  }
  let end = monotonicNanoseconds()
  let cpuEnd = processCPUNanoseconds()
  let after = childrenUsage()
  fields["seconds"] = Double(end - start) / 1e9
  fields["cpu"] = Double(cpuEnd - cpuStart) / 1e9
  fields["engineCPU"] = after.cpu - before.cpu
  fields["enginePeak"] = Double(after.peak)
  fields["peak"] = Double(peakResidentBytes())
  ChildRun.report(fields)
}

/// Runs one measurement in a child process of this executable and returns its fields.
func child(_ mode: String, format: TraceFormat, batch: Int, engine: String, options: Options, output: String? = nil) -> [String: Double] {
  var arguments = [
    "--child", mode, "--only", format == .binary ? "binary" : "json", "--engine", engine,
    "--commands", String(options.commands), "--batch", String(batch), "--timeout", String(options.timeout),
  ]
  if let output { arguments += ["--output", output] }
  do {
    return try ChildRun.run(arguments)
  } catch {
    fail("the \(mode) run (\(format.rawValue), batches of \(batch)) failed: \(error)")
  }
}

// MARK: - Main

let options = Options(CommandLine.arguments)
#if DEBUG
  log("warning: a debug build; run with -c release for meaningful figures")
#endif
if let mode = options.child {
  runChild(mode, options: options)
  exit(0)
}

let engine = locateEngine(options.engine)
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-benchmark-\(getpid())")
do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch { fail("\(error)") }
temporaryDirectory = directory.path

func median(_ values: [Double]) -> Double { Samples(seconds: values).median }
func millions(_ value: Double) -> String { value >= 1e6 ? String(format: "%.2f M", value / 1e6) : String(format: "%.1f k", value / 1e3) }
func megabytes(_ value: Double) -> String { String(format: "%.1f", value / 1e6) }
func count(_ value: Double) -> String {
  let digits = String(Int(value))
  var out = ""
  for (index, character) in digits.reversed().enumerated() {
    if index > 0 && index % 3 == 0 { out.append(",") }
    out.append(character)
  }
  return String(out.reversed())
}

struct Row {
  var name: String
  var runs: [[String: Double]] = []
  func median(_ key: String) -> Double { Samples(seconds: runs.compactMap { $0[key] }).median }
  var seconds: [Double] { runs.compactMap { $0["seconds"] } }
}

struct FormatReport {
  var format: TraceFormat
  var batch: Int
  var uiCommands = 0
  var expected = 0
  var wireBytes = 0.0
  var rows: [Row] = [Row(name: "engine alone (→ /dev/null)"), Row(name: "pipe alone (read, count bytes)"), Row(name: "pipe + decode (TraceDecoder.next)"), Row(name: "recorder (Recorder.run)")]
  var fileBytes = 0.0
  /// Per recorder run: what the recorder reported, what the file holds (commands, records).
  var checks: [(reported: Int, file: Int, recordsWritten: Int, fileRecords: Int)] = []
  var lossRuns: Int { checks.filter { $0.reported != expected || $0.file != expected || $0.recordsWritten != $0.fileRecords }.count }
}

var reports: [FormatReport] = []
var lossFound = false
for batch in options.batches {
for format in options.formats {
  var report = FormatReport(format: format, batch: batch)
  let name = (format == .binary ? "binary" : "JSON Lines") + ", batches of \(batch)"
  // The engine's UI commands (before its flood): its whole output with --flood 0, decoded.
  let calibration = spawn(engineCommand(engine, commands: 0, batch: batch, format: format), toPipe: true)
  report.uiCommands = readPipe(calibration.output!, decode: true).commands
  reap(calibration)
  report.expected = options.commands + report.uiCommands
  let recording = directory.appendingPathComponent("recording.\(format.fileExtension)").path
  for run in 1...options.runs {
    log("\(name), run \(run) of \(options.runs): engine alone, pipe alone, pipe + decode, recorder (each in a child process)")
    report.rows[0].runs.append(child("engine", format: format, batch: batch, engine: engine, options: options))
    report.rows[1].runs.append(child("pipe", format: format, batch: batch, engine: engine, options: options))
    report.rows[2].runs.append(child("decode", format: format, batch: batch, engine: engine, options: options))
    let result = child("record", format: format, batch: batch, engine: engine, options: options, output: recording)
    report.rows[3].runs.append(result)
    // Zero loss: count what the file holds, outside the timing.
    let counter: CommandCounter
    do { counter = try countFile(recording) } catch { fail("the recording \(recording) does not decode: \(error)") }
    report.fileBytes = Double((try? FileManager.default.attributesOfItem(atPath: recording)[.size] as? Int) ?? 0)
    report.checks.append((Int(result["reported"] ?? -1), counter.commands, Int(result["recordsWritten"] ?? -1), counter.records))
    try? FileManager.default.removeItem(atPath: recording)
  }
  report.wireBytes = report.rows[1].median("bytes")
  let sent = report.rows[2].runs.map { Int($0["commands"] ?? -1) }
  if sent.contains(where: { $0 != report.expected }) {
    log("error: the engine sent \(sent) commands, not \(report.expected) (--flood \(options.commands) + \(report.uiCommands) UI commands)")
    lossFound = true
  }
  if report.lossRuns > 0 { lossFound = true }
  reports.append(report)
}
}

// MARK: - Report

let target = 1_000_000.0
print("cmdtool record benchmark")
print("engine: \(engine) --flood \(count(Double(options.commands))) --flood-batch B [--binary]: SET_TEXT_VALUE in batches of B after its UI")
print("median of \(options.runs) runs, each measurement in its own process, runs interleaved; MB = 10^6 bytes; commands/s counts every command the engine sends")
print("columns: reader CPU s = CPU time of the reading process (the recorder, the read loop); engine CPU s = the engine's")
let head = ["what", "seconds", "commands/s", "wire MB/s", "× pipe", "reader CPU s", "engine CPU s", "reader peak MB", "engine peak MB"]
func line(_ cells: [String]) -> String {
  if options.markdown { return "| " + cells.joined(separator: " | ") + " |" }
  return cells[0].padding(toLength: 34, withPad: " ", startingAt: 0) + cells[1...].map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined(separator: " ")
}
for report in reports {
  let name = (report.format == .binary ? "binary" : "JSON Lines") + ", batches of \(report.batch)"
  print("")
  print("\(name): \(count(Double(report.expected))) commands (\(count(Double(options.commands))) flood + \(report.uiCommands) UI), \(megabytes(report.wireBytes)) MB on the wire (\(String(format: "%.1f", report.wireBytes / Double(report.expected))) bytes/command), recording \(megabytes(report.fileBytes)) MB")
  if options.markdown { print("") }
  print(line(head))
  if options.markdown { print("| --- |" + String(repeating: " ---: |", count: head.count - 1)) }
  let pipeSeconds = report.rows[1].median("seconds")
  for row in report.rows {
    let seconds = row.median("seconds")
    let isEngine = row.name.hasPrefix("engine")
    print(line([
      row.name, String(format: "%.3f", seconds), millions(Double(report.expected) / seconds),
      String(format: "%.1f", report.wireBytes / seconds / 1e6), String(format: "%.2f×", pipeSeconds / seconds),
      isEngine ? "—" : String(format: "%.2f", row.median("cpu")), String(format: "%.2f", row.median("engineCPU")),
      isEngine ? "—" : megabytes(row.median("peak")), megabytes(row.median("enginePeak")),
    ]))
  }
  if options.markdown { print("") }
  let recorder = report.rows[3]
  print("recorder runs: " + recorder.seconds.map { String(format: "%.3f s", $0) }.joined(separator: ", ")
    + String(format: " (spread %.0f%%); ", Samples(seconds: recorder.seconds).spread * 100)
    + String(format: "%.0f ns of recorder CPU per command", recorder.median("cpu") / Double(report.expected) * 1e9))
  for (index, check) in report.checks.enumerated() {
    let sent = Int(report.rows[2].runs[index]["commands"] ?? -1)
    let ok = sent == report.expected && check.reported == report.expected && check.file == report.expected && check.recordsWritten == check.fileRecords
    print("zero loss, run \(index + 1): expected \(count(Double(report.expected))), engine sent \(count(Double(sent))) (pipe + decode), recorder reported \(count(Double(check.reported))), file holds \(count(Double(check.file))) commands; records written \(count(Double(check.recordsWritten))), in the file \(count(Double(check.fileRecords)))  \(ok ? "OK" : "LOSS")")
  }
}

print("")
print("target: the recorder keeps up with ≥ 1,000,000 commands/s with zero loss")
for report in reports {
  let name = (report.format == .binary ? "binary" : "JSON") + " B=\(report.batch)"
  let rate = Double(report.expected) / report.rows[3].median("seconds")
  let lossless = report.lossRuns == 0
  let pass = rate >= target && lossless
  print("  \(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(millions(rate)) commands/s, \(lossless ? "zero loss" : "LOSS in \(report.lossRuns) of \(report.checks.count) runs"), peak \(megabytes(report.rows[3].median("peak"))) MB  \(pass ? "PASS" : "MISS")")
}
removeTemporaryDirectory()
if lossFound {
  log("error: LOSS: the commands recorded differ from the commands sent (see above)")
  exit(1)
}
