import CommandCodec
import ReplayCore
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
    /// Bytes arrived and were fed to the decoder.
    case data
    case timeout
    case endOfOutput
  }

  /// Why the engine could not be started.
  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  private let pid: pid_t
  /// The engine's input and output: two pipes, or one socket connection (-1 until it connects).
  private var inputFD: Int32
  private var outputFD: Int32
  private let errorFD: Int32
  /// With a socket transport: the socket the engine connects to, until it does.
  private var listener: WireListener?
  private var stderrBytes: [UInt8] = []
  private var outputClosed = false
  private var stderrClosed = false
  private var inputClosed = false
  private var exitStatus: Int32? = nil
  /// One buffer for every read: a flood is read 64 KiB at a time, without allocating each time.
  private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
  let command: [String]

  /// Sets close-on-exec on every descriptor above 2 this process has open (Linux; Darwin has
  /// `POSIX_SPAWN_CLOEXEC_DEFAULT`, and glibc's `addclosefrom_np` is not visible to Swift).
  private static func markDescriptorsCloseOnExec() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
    for name in names {
      guard let fd = Int32(name), fd > 2 else { continue }
      let flags = fcntl(fd, F_GETFD)
      if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// The last bytes the engine wrote to its standard error.
  static let stderrTailLimit = 4096

  /// Starts `command` (looked up on PATH) with pipes for its standard input, output and error.
  ///
  /// posix_spawn, not Foundation's Process: the child gets a clean signal mask and default
  /// handlers (so it can be terminated), and cmdtool reaps it itself with waitpid.
  ///
  /// With a socket `transport`, cmdtool listens before starting the engine and tells it where in
  /// `CMDTOOL_WIRE`; the engine's standard input is /dev/null and its standard output joins its
  /// standard error (the log whose tail is kept).
  init(command: [String], environment: [String: String] = [:], transport: WireTransport = .stdio) throws {
    self.command = command
    // A closed pipe to the engine must be an error to report, not a signal that ends cmdtool.
    signal(SIGPIPE, SIG_IGN)
    guard let program = command.first else { throw SpawnError(description: "no engine command") }
    var environment = environment
    if transport != .stdio {
      do {
        let listener = try WireListener(transport)
        self.listener = listener
        environment[WireTransport.environmentVariable] = listener.address.description
      } catch {
        throw SpawnError(description: "\(error)")
      }
    } else {
      environment[WireTransport.environmentVariable] = nil
    }
    let socket = transport != .stdio
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard socket || (pipe(&input) == 0 && pipe(&output) == 0), pipe(&errors) == 0 else {
      listener?.close()
      throw SpawnError(description: "cannot create pipes: \(String(cString: strerror(errno)))")
    }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    if socket {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, errors[1], 1)
    } else {
      posix_spawn_file_actions_adddup2(&actions, input[0], 0)
      posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    }
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for fd in input + output + errors where fd >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
    // The engine gets its three pipes and nothing else cmdtool holds open (the recording, a
    // parent's pipes): an engine outliving cmdtool must not keep a parent waiting on them.
    #if !canImport(Darwin)
      Self.markDescriptorsCloseOnExec()
    #endif
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    #if canImport(Darwin)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT))
    #else
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    #endif
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    if !socket { merged[WireTransport.environmentVariable] = nil }
    var environmentStrings = merged.map { "\($0.key)=\($0.value)" }
    environmentStrings.sort()
    var childPID: pid_t = 0
    let status = withCStrings(command) { argv in
      withCStrings(environmentStrings) { envp in
        posix_spawnp(&childPID, program, &actions, &attributes, argv, envp)
      }
    }
    for fd in [input[0], output[1], errors[1]] where fd >= 0 { close(fd) }
    guard status == 0 else {
      for fd in [input[1], output[0], errors[0]] where fd >= 0 { close(fd) }
      listener?.close()
      throw SpawnError(description: "cannot start \(program): \(String(cString: strerror(status)))")
    }
    pid = childPID
    inputFD = input[1]
    outputFD = output[0]
    errorFD = errors[0]
    for fd in [inputFD, outputFD, errorFD] where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  }

  deinit {
    readBuffer.deallocate()
    listener?.close()
    if inputFD >= 0 && !inputClosed && inputFD != outputFD { close(inputFD) }
    if outputFD >= 0 { close(outputFD) }
    close(errorFD)
  }

  /// Accepts the engine's connection when it has come; until then the engine has written nothing.
  /// - Returns: false while the engine is not connected.
  private func connectIfReady(waiting milliseconds: Int32) -> Bool {
    guard outputFD < 0 else { return true }
    guard let listener else { return false }
    var fds = [pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)]
    if !stderrClosed { fds.append(pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)) }
    let ready = poll(&fds, nfds_t(fds.count), milliseconds)
    if ready > 0 && fds.count > 1 && fds[1].revents != 0 { drainStderr(errorFD) }
    guard ready > 0, fds[0].revents != 0, let connection = listener.accept() else { return false }
    listener.close()
    self.listener = nil
    inputFD = connection
    outputFD = connection
    return true
  }

  var processIdentifier: Int32 { pid }

  /// Writes all of `bytes` to the engine's input; false when the engine no longer reads it.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    guard !inputClosed, inputFD >= 0 else { return false }
    let fd = inputFD
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
    if inputFD < 0 { return }
    // A socket carries both directions: only cmdtool's half closes (the engine reads its end).
    if inputFD == outputFD { shutdown(inputFD, Int32(SHUT_WR)) } else { close(inputFD) }
  }

  /// Waits up to `timeout` milliseconds for output and feeds what arrives to `decoder`; standard
  /// error is drained on the way.
  func read(timeout milliseconds: Int, into decoder: inout TraceDecoder) -> ReadResult {
    if outputClosed { return .endOfOutput }
    let deadline = Self.now() + Double(max(milliseconds, 0))
    // A socket engine: wait for its connection first (an engine that exits without connecting
    // has ended its output).
    while !connectIfReady(waiting: Int32(max(0, min(50, deadline - Self.now())))) {
      if !isRunning && !connectIfReady(waiting: 0) {
        outputClosed = true
        return .endOfOutput
      }
      if Self.now() >= deadline { return .timeout }
    }
    let out = outputFD
    let err = errorFD
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
        let n = posixRead(out, readBuffer.baseAddress!, readBuffer.count)
        if n > 0 {
          decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
          return .data
        }
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
      var fds = [pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)]
      while poll(&fds, 1, 0) > 0 && fds[0].revents != 0 && !stderrClosed {
        drainStderr(fds[0].fd)
      }
    }
    return String(decoding: stderrBytes, as: UTF8.self)
  }

  /// Whether the engine has exited (reaping it if so).
  var isRunning: Bool {
    reap(blocking: false)
    return exitStatus == nil
  }

  /// Collects the engine's exit status with waitpid.
  private func reap(blocking: Bool) {
    guard exitStatus == nil else { return }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : -signal
        return
      }
      if result < 0 && errno == EINTR { continue }
      if result < 0 { exitStatus = -1 }
      return
    }
  }

  /// Waits up to `timeout` seconds for the engine to exit, then terminates it (SIGTERM, and
  /// SIGKILL a second later).
  /// - Returns: the exit status, or the negated signal number when a signal ended it.
  func waitForExit(timeout: Double) -> Int32 {
    let deadline = Self.now() + timeout * 1000
    while isRunning && Self.now() < deadline { usleep(2_000) }
    if isRunning {
      posixKill(pid, SIGTERM)
      let killDeadline = Self.now() + 1000
      while isRunning && Self.now() < killDeadline { usleep(2_000) }
      if isRunning { posixKill(pid, SIGKILL) }
    }
    reap(blocking: true)
    return exitStatus ?? -1
  }

  /// Ends the engine at once.
  func kill() {
    if isRunning { posixKill(pid, SIGKILL) }
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
private func posixKill(_ pid: Int32, _ signal: Int32) { _ = kill(pid, signal) }

/// Calls `body` with a NULL-terminated C array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
  var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for pointer in pointers { free(pointer) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
