import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An engine running as a child process: its standard input, output and error as pipes, read
/// with timeouts (`poll(2)`), never blocking the recorder indefinitely.
final class EngineProcess {
  enum ReadResult {
    case data([UInt8])
    case timeout
    case endOfOutput
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private var stderrBytes: [UInt8] = []
  private var outputClosed = false
  private var stderrClosed = false
  private var inputClosed = false
  let command: [String]

  /// The last bytes the engine wrote to its standard error.
  static let stderrTailLimit = 4096

  /// Starts `command` (looked up on PATH).
  init(command: [String], environment: [String: String] = [:]) throws {
    self.command = command
    // A closed pipe to the engine must be an error to report, not a signal that ends cmdtool.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    try process.run()
  }

  var processIdentifier: Int32 { process.processIdentifier }

  /// Writes all of `bytes` to the engine's input; false when the engine no longer reads it.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    guard !inputClosed else { return false }
    let fd = input.fileHandleForWriting.fileDescriptor
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { posixWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  /// Closes the engine's input: end of session.
  func closeInput() {
    guard !inputClosed else { return }
    inputClosed = true
    try? input.fileHandleForWriting.close()
  }

  /// Waits up to `timeout` milliseconds for output; standard error is drained on the way.
  func read(timeout milliseconds: Int) -> ReadResult {
    if outputClosed { return .endOfOutput }
    let out = output.fileHandleForReading.fileDescriptor
    let err = errors.fileHandleForReading.fileDescriptor
    let deadline = Self.now() + Double(max(milliseconds, 0))
    while true {
      var fds = [pollfd(fd: out, events: Int16(POLLIN), revents: 0)]
      if !stderrClosed { fds.append(pollfd(fd: err, events: Int16(POLLIN), revents: 0)) }
      let remaining = max(0, Int32(deadline - Self.now()))
      let ready = poll(&fds, nfds_t(fds.count), remaining)
      if ready < 0 {
        if errno == EINTR { continue }
        return .endOfOutput
      }
      if fds.count > 1 && fds[1].revents != 0 { drainStderr(err) }
      if fds[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { posixRead(out, $0.baseAddress!, $0.count) }
        if n > 0 { return .data(Array(buffer[0..<n])) }
        if n < 0 && errno == EINTR { continue }
        outputClosed = true
        return .endOfOutput
      }
      if ready == 0 || Self.now() >= deadline { return .timeout }
    }
  }

  private func drainStderr(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress!, $0.count) }
    if n <= 0 {
      stderrClosed = true
      return
    }
    stderrBytes.append(contentsOf: buffer[0..<n])
    if stderrBytes.count > Self.stderrTailLimit { stderrBytes.removeFirst(stderrBytes.count - Self.stderrTailLimit) }
  }

  /// The tail of the engine's standard error, as text.
  var stderrTail: String {
    if !stderrClosed {
      var fds = [pollfd(fd: errors.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)]
      while poll(&fds, 1, 0) > 0 && fds[0].revents != 0 && !stderrClosed {
        drainStderr(fds[0].fd)
      }
    }
    return String(decoding: stderrBytes, as: UTF8.self)
  }

  /// Waits up to `timeout` seconds for the engine to exit, terminating it after that.
  /// - Returns: the exit status, or the negated signal number when a signal ended it.
  func waitForExit(timeout: Double) -> Int32 {
    let deadline = Self.now() + timeout * 1000
    while process.isRunning && Self.now() < deadline { usleep(2_000) }
    if process.isRunning {
      process.terminate()
      let killDeadline = Self.now() + 1000
      while process.isRunning && Self.now() < killDeadline { usleep(2_000) }
      if process.isRunning { posixKill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
  }

  /// Ends the engine at once.
  func kill() {
    if process.isRunning { posixKill(process.processIdentifier, SIGKILL) }
  }

  var isRunning: Bool { process.isRunning }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixKill(_ pid: Int32, _ signal: Int32) { _ = kill(pid, signal) }
