import CommandCodec
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `example-engine`, run as a child process with pipes on all three streams, the way
/// `cmdtool record` runs it. Its output is collected by background threads, so a test can write
/// a little input, wait for what the engine answers, and write more.
final class EngineProcess: @unchecked Sendable {
  /// The test bundle's directory holds the binaries of the same build.
  static var binary: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = testBinary.deletingLastPathComponent()
    // On macOS the test bundle is a directory: Foo.xctest/Contents/MacOS/Foo.
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" || directory.lastPathComponent == "Contents" {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("example-engine")
  }

  private let process = Process()
  private let input = Pipe()
  private let condition = NSCondition()
  private var stdout = Data()
  private var stderr = Data()
  private var stdoutEnded = false
  private var stderrEnded = false

  init(_ arguments: [String] = []) throws {
    signal(SIGPIPE, SIG_IGN)  // writing to an engine that has exited must not kill the tests
    let output = Pipe()
    let errors = Pipe()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    collect(output.fileHandleForReading, isStdout: true)
    collect(errors.fileHandleForReading, isStdout: false)
  }

  private func collect(_ handle: FileHandle, isStdout: Bool) {
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        condition.lock()
        if data.isEmpty {
          if isStdout { stdoutEnded = true } else { stderrEnded = true }
        } else if isStdout {
          stdout.append(data)
        } else {
          stderr.append(data)
        }
        condition.broadcast()
        condition.unlock()
        if data.isEmpty { return }
      }
    }
  }

  /// Writes to the engine's input (errors, such as an engine that has exited, are ignored).
  func send(_ text: String) { send(Data(text.utf8)) }

  func send(_ bytes: Data) { try? input.fileHandleForWriting.write(contentsOf: bytes) }

  /// Ends the engine's input.
  func closeInput() { try? input.fileHandleForWriting.close() }

  /// Everything the engine wrote to its standard output so far.
  var output: Data { condition.withLock { stdout } }

  /// Everything the engine wrote to its standard error so far.
  var errorText: String { condition.withLock { String(decoding: stderr, as: UTF8.self) } }

  /// The records decoded from the output so far (a record still being written is left out).
  var records: [TraceRecord] { DecodedTrace(decoding: [UInt8](output)).records }

  /// Waits until `predicate` holds for the output; false after `timeout` seconds or when the
  /// output has ended without it.
  @discardableResult
  func waitForOutput(timeout: TimeInterval = 20, until predicate: (Data) -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !predicate(stdout) {
      if stdoutEnded || !condition.wait(until: deadline) { return predicate(stdout) }
    }
    return true
  }

  /// Waits for the echo of the sync marker `detail`.
  @discardableResult
  func waitForSync(_ detail: String, timeout: TimeInterval = 20) -> Bool {
    waitForOutput(timeout: timeout) { data in
      DecodedTrace(decoding: [UInt8](data)).records.contains { $0.body == .marker(label: "sync", detail: detail) }
    }
  }

  /// Waits until the engine's standard error holds `text` (a line it logs when it gets to a
  /// point: "hanging (--hang)…", "ignored the modal result…"); false after `timeout` seconds or
  /// when its standard error has ended without it.
  @discardableResult
  func waitForError(containing text: String, timeout: TimeInterval = 20) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !String(decoding: stderr, as: UTF8.self).contains(text) {
      if stderrEnded || !condition.wait(until: deadline) { return String(decoding: stderr, as: UTF8.self).contains(text) }
    }
    return true
  }

  /// Whether the engine closed its standard output within `timeout` seconds.
  func waitForOutputToClose(timeout: TimeInterval = 20) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while !stdoutEnded {
      if !condition.wait(until: deadline) { return stdoutEnded }
    }
    return true
  }

  var isRunning: Bool { process.isRunning }

  /// The exit status, once the engine has exited and both its streams have ended; nil after
  /// `timeout` seconds (the engine is then killed).
  func waitForExit(timeout: TimeInterval = 30) -> Int32? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while process.isRunning {
      if Date() > deadline {
        stop()
        return nil
      }
      usleep(2_000)
    }
    condition.lock()
    while !(stdoutEnded && stderrEnded) {
      if !condition.wait(until: deadline) { break }
    }
    condition.unlock()
    return process.terminationStatus
  }

  /// Kills the engine (SIGKILL: a hanging engine may have blocked SIGTERM) and reaps it.
  func stop() {
    if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
    let deadline = Date(timeIntervalSinceNow: 10)
    while process.isRunning && Date() < deadline { usleep(2_000) }
  }

  /// Runs the engine with the whole of `input` and waits for it to exit.
  static func run(_ arguments: [String] = [], input: Data) throws -> Run {
    let engine = try EngineProcess(arguments)
    engine.send(input)
    engine.closeInput()
    let status = engine.waitForExit()
    return Run(status: status, stdout: engine.output, stderr: engine.errorText)
  }

  static func run(_ arguments: [String] = [], input: String) throws -> Run {
    try run(arguments, input: Data(input.utf8))
  }

  /// What a finished engine wrote.
  struct Run {
    /// Nil when it had to be killed.
    var status: Int32?
    var stdout: Data
    var stderr: String

    var trace: DecodedTrace { DecodedTrace(decoding: [UInt8](stdout)) }
    var records: [TraceRecord] { trace.records }
  }
}
