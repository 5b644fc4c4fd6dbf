import CommandCodec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Support for the end-to-end tests of `cmdtool record` and `cmdtool replay --engine`: the built
// binaries, subprocesses that can never hang the suite, and readers for the recordings.

/// kill(2), under a name no method shadows.
@discardableResult
func sendSignal(_ pid: Int32, _ signal: Int32) -> Int32 { kill(pid, signal) }

/// The binaries of the same build, next to the test bundle.
enum Built {
  static var cmdtool: URL { CommandRunner.binary }
  static var engine: URL { CommandRunner.binary.deletingLastPathComponent().appendingPathComponent("example-engine") }
  /// The example engine as a `replay --engine` command (run with `sh -c`).
  static func engineCommand(_ options: String = "") -> String {
    "'\(engine.path)'" + (options.isEmpty ? "" : " " + options)
  }
}

/// A finished subprocess.
struct FinishedRun: CustomStringConvertible {
  /// The exit status; nil when the process was killed (by the deadline or a signal).
  var status: Int32?
  var signal: Int32?
  var stdout: String
  var stderr: String
  var seconds: Double
  var timedOut: Bool

  var description: String {
    "status \(status.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-") after \(String(format: "%.2f", seconds)) s\(timedOut ? " (TIMED OUT)" : "")\nstdout: \(stdout)\nstderr: \(stderr)"
  }
}

/// A process whose output goes to files (so a full pipe can never block it), waited for with a
/// deadline and killed at the deadline.
final class Subprocess {
  let process = Process()
  private let outFile: URL
  private let errFile: URL
  private let started = Date()

  init(_ executable: URL, _ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil) throws {
    signal(SIGPIPE, SIG_IGN)
    let scratch = FileManager.default.temporaryDirectory
    outFile = scratch.appendingPathComponent("cmdtool-rec-\(UUID().uuidString).out")
    errFile = scratch.appendingPathComponent("cmdtool-rec-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
    process.executableURL = executable
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    // A developer's (or a CI runner's) record mode must not change what the tests run.
    for name in ["CMDTOOL_RERECORD", "CMDTOOL_RECORD", "CI"] { merged[name] = nil }
    // Nor may the secrets of the developer's shell: a test that types one sets it itself.
    for name in merged.keys where name.hasPrefix("CMDTOOL_SECRET_") { merged[name] = nil }
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: outFile)
    process.standardError = try FileHandle(forWritingTo: errFile)
    try process.run()
  }

  var pid: Int32 { process.processIdentifier }

  /// What the process has written to its standard output so far.
  var stdoutSoFar: String { (try? String(contentsOf: outFile, encoding: .utf8)) ?? "" }

  /// Waits for the process to end; `timeout` seconds from now it is killed.
  func wait(timeout: Double) -> FinishedRun {
    let deadline = Date().addingTimeInterval(timeout)
    var timedOut = false
    while process.isRunning {
      if Date() > deadline {
        timedOut = true
        sendSignal(pid, SIGKILL)
        break
      }
      usleep(5_000)
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(started)
    let stdout = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
    let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(at: outFile)
    try? FileManager.default.removeItem(at: errFile)
    let signalled = process.terminationReason == .uncaughtSignal
    return FinishedRun(
      status: signalled ? nil : process.terminationStatus, signal: signalled ? process.terminationStatus : nil,
      stdout: stdout, stderr: stderr, seconds: seconds, timedOut: timedOut)
  }

  /// Ends the process at once (SIGKILL), if it still runs.
  func kill() {
    if process.isRunning { sendSignal(pid, SIGKILL) }
  }

  /// Runs the built cmdtool to its end, killed after `timeout` seconds.
  static func cmdtool(_ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil, timeout: Double = patience) throws -> FinishedRun {
    let process = try Subprocess(Built.cmdtool, arguments, environment: environment, in: directory)
    defer { process.kill() }
    return process.wait(timeout: timeout)
  }
}

/// A scratch directory for one test, removed with `remove()`.
struct Scratch {
  let url: URL

  init() throws {
    url = try CommandRunner.temporaryDirectory()
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = self.path(name)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The example engine started through `sh -c` that writes its process id to a file first (`exec`
/// keeps the id), so a test can check that cmdtool ended it, and end it if not.
struct TrackedEngine {
  let pidFile: String

  init(in scratch: Scratch, name: String = "engine.pid") {
    pidFile = scratch.path(name)
  }

  /// The shell command line (for `replay --engine`).
  func command(_ options: String = "") -> String {
    "echo $$ > '\(pidFile)'; exec " + Built.engineCommand(options)
  }

  /// The argument vector (for `record -- …`).
  func arguments(_ options: String = "") -> [String] { ["sh", "-c", command(options)] }

  var pid: Int32? {
    (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  /// Whether the engine process still exists (a zombie counts: nobody reaped it).
  var isAlive: Bool {
    guard let pid else { return false }
    return sendSignal(pid, 0) == 0 || errno != ESRCH
  }

  /// Kills the engine if it is still there (a test's clean-up).
  func killIfAlive() {
    if let pid, sendSignal(pid, 0) == 0 { sendSignal(pid, SIGKILL) }
  }
}

/// A recording read back.
struct Recording {
  let bytes: [UInt8]
  let trace: DecodedTrace

  init(_ path: String) throws {
    bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    trace = DecodedTrace(decoding: bytes)
  }

  var records: [TraceRecord] { trace.records }
  var header: TraceHeader? { trace.header }
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The markers, as (label, detail).
  var markers: [(label: String, detail: String)] {
    records.compactMap { record in
      if case .marker(let label, let detail) = record.body { return (label, detail) }
      return nil
    }
  }

  /// The last record's marker, if it is one.
  var lastMarker: (label: String, detail: String)? {
    guard case .marker(let label, let detail)? = records.last?.body else { return nil }
    return (label, detail)
  }

  /// Every command of every batch.
  var commands: [Command] {
    records.flatMap { record -> [Command] in
      if case .batch(let commands) = record.body { return commands }
      return []
    }
  }

  /// The events the platform sent, with their times.
  var events: [(time: Double, target: Int32, event: Event)] {
    records.compactMap { record in
      if case .event(let target, let event) = record.body { return (record.time, target, event) }
      return nil
    }
  }
}

/// The script and recording of the example session in traces/.
enum Example {
  static let script = CommandRunner.path("traces/example.script.jsonl")
  static let recording = CommandRunner.path("traces/example.jsonl")
}
