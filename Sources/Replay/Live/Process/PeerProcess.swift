import CommandCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A peer (an engine today; a fuzzed engine or a platform testee next) running as a child
/// process: the one process supervisor of the live side.
///
/// It starts the peer in a process group of its own, carries its records over stdio or a socket
/// (``WireTransport``), reads and writes with deadlines (`poll(2)`, never blocking indefinitely;
/// while a write waits for the peer to take it, what the peer writes is read and held, so that
/// two sides that both write cannot deadlock), keeps the tail of its standard error, wakes up
/// when cmdtool is asked to stop (``SignalTrap``), and
/// stops it in order: end of input, then SIGTERM to its group, then SIGKILL after a grace period,
/// so that neither it nor a child it started outlives the session.
public final class PeerProcess {
  /// What one wait for output brought.
  public enum ReadResult: Equatable, Sendable {
    /// Bytes arrived and were fed to the decoder.
    case data
    case timeout
    case endOfOutput
    /// cmdtool caught this signal (SIGINT, SIGTERM or SIGHUP) while waiting.
    case interrupted(Int32)
  }

  /// The last bytes of standard error kept.
  public static let stderrTailLimit = PeerWords.tailLimit

  /// The command line the peer was started with.
  public let command: [String]
  /// The peer's process id, which is also its process group's id.
  public let processIdentifier: Int32
  /// The peer's input and output: two pipes, or one socket connection (-1 until it connects).
  var inputFD: Int32
  var outputFD: Int32
  let errorFD: Int32
  /// With a socket transport: the socket the peer connects to, until it does.
  private var gate: WireGate?
  /// Connections to that socket refused because they did not send the token first, in words.
  public private(set) var refusedConnections: [String] = []
  private var stderrWords = PeerWords()
  var outputClosed = false
  var stderrClosed = false
  var inputClosed = false
  /// What the peer wrote while cmdtool was writing to it, not yet handed to a decoder: the next
  /// ``read(timeout:into:)`` returns it first, so records keep their order.
  var heldOutput: [UInt8] = []
  /// How the peer ended, once reaped.
  var exit: PeerExit?
  /// Whether ``stop(grace:)`` had to signal the peer itself (it had not exited on its own).
  public internal(set) var wasStopped = false
  /// One buffer for every read: a flood is read 64 KiB at a time, without allocating each time.
  let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

  /// The prefixes of the variables no peer inherits unless asked: the values of named secrets
  /// (`CMDTOOL_SECRET_NAME`, SecretStore's), which cmdtool reads for itself. A secret reaches an
  /// engine only by being typed; a testee or a fuzzed engine never needs one.
  public static let withheldByDefault = ["CMDTOOL_SECRET_"]

  /// Starts `command` with `environment` added to cmdtool's, less the variables whose names start
  /// with one of `withheldPrefixes` (by default the secrets cmdtool reads for itself: pass `[]`,
  /// or name a variable in `environment`, to hand one over).
  ///
  /// With a socket `transport`, cmdtool listens before starting the peer and tells it where in
  /// `CMDTOOL_WIRE`; the peer's standard input is /dev/null and its standard output joins its
  /// standard error (the log whose tail is kept).
  ///
  /// - Throws: ``SpawnError`` saying what failed: the program, the pipes, the socket.
  public init(command: [String], environment: [String: String] = [:], withholding withheldPrefixes: [String] = PeerProcess.withheldByDefault, transport: WireTransport = .stdio) throws(SpawnError) {
    self.command = command
    // A closed pipe to the peer must be an error to report, not a signal that ends cmdtool.
    signal(SIGPIPE, SIG_IGN)
    var environment = environment
    if transport != .stdio {
      do {
        let gate = try WireGate(transport)
        self.gate = gate
        environment.merge(gate.environment) { _, new in new }
      } catch {
        throw SpawnError(description: "\(error)")
      }
    }
    let spawned: Spawned
    do {
      spawned = try Self.spawn(command, environment: environment, withholding: withheldPrefixes, socket: transport != .stdio)
    } catch {
      gate?.close()
      throw error
    }
    processIdentifier = spawned.pid
    inputFD = spawned.input
    outputFD = spawned.output
    errorFD = spawned.errors
    // cmdtool's end of the peer's input only: a write that does not fit waits in poll(2), where
    // signals, the deadline and the peer's output are seen too.
    if inputFD >= 0 { Self.makeNonBlocking(inputFD) }
  }

  deinit {
    readBuffer.deallocate()
    gate?.close()
    if inputFD >= 0 && !inputClosed && inputFD != outputFD { close(inputFD) }
    if outputFD >= 0 { close(outputFD) }
    close(errorFD)
  }

  // MARK: - Writing

  /// Closes the peer's input: the end of the session, as the peer sees it.
  public func closeInput() {
    guard !inputClosed else { return }
    inputClosed = true
    if inputFD < 0 { return }
    // A socket carries both directions: only cmdtool's half closes (the peer reads its end).
    if inputFD == outputFD { shutdown(inputFD, Int32(SHUT_WR)) } else { close(inputFD) }
  }

  // MARK: - Reading

  /// Waits up to `milliseconds` for output and feeds what arrives to `decoder`; standard error is
  /// drained on the way, and a caught signal ends the wait at once.
  public func read(timeout milliseconds: Int, into decoder: inout TraceDecoder) -> ReadResult {
    if !heldOutput.isEmpty {
      heldOutput.withUnsafeBytes { decoder.feed($0) }
      // Not kept: a write that had to hold a flood may have held megabytes.
      heldOutput = []
      return .data
    }
    if outputClosed { return .endOfOutput }
    let deadline = Monotonic.now() + Double(max(milliseconds, 0))
    // A socket peer: wait for its connection first (one that exits without connecting has ended
    // its output).
    while true {
      if let signal = SignalTrap.caught { return .interrupted(signal) }
      if connectIfReady(waiting: Int32(max(0, min(50, deadline - Monotonic.now())))) { break }
      if !isRunning && !connectIfReady(waiting: 0) {
        outputClosed = true
        return .endOfOutput
      }
      if Monotonic.now() >= deadline { return .timeout }
    }
    while true {
      if let signal = SignalTrap.caught { return .interrupted(signal) }
      var fds = [pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0)]
      fds.append(pollfd(fd: stderrClosed ? -1 : errorFD, events: Int16(POLLIN), revents: 0))
      fds.append(pollfd(fd: SignalTrap.pollDescriptor, events: Int16(POLLIN), revents: 0))
      // A peer that has exited writes nothing more, even when a child it left in its group
      // still holds its output open (and so the end of file never comes): once what it wrote
      // before exiting is read, its output has ended. Checked before the poll, so that bytes
      // written before the exit are read first; polled in slices, so that an exit is noticed.
      let exited = !isRunning
      let remaining = exited ? 0 : max(0, min(Self.exitCheckInterval, Int32((deadline - Monotonic.now()).rounded(.up))))
      let ready = poll(&fds, nfds_t(fds.count), remaining)
      if ready < 0 {
        if errno == EINTR { continue }
        return .endOfOutput
      }
      if fds[1].revents != 0 { drainStderr() }
      if fds[0].revents != 0 {
        let n = systemRead(outputFD, readBuffer.baseAddress!, readBuffer.count)
        if n > 0 {
          decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
          return .data
        }
        if n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
        outputClosed = true
        return .endOfOutput
      }
      if let signal = SignalTrap.caught { return .interrupted(signal) }
      if exited {
        outputClosed = true
        return .endOfOutput
      }
      if Monotonic.now() >= deadline { return .timeout }
    }
  }

  /// The descriptors that become readable when the peer has written something (its output and
  /// its standard error), for a caller that waits on other things too (the studio's page) and
  /// then reads with ``read(timeout:into:)``: -1 for one that is closed or not connected yet.
  package var readinessDescriptors: [Int32] {
    [outputClosed ? -1 : outputFD, stderrClosed ? -1 : errorFD]
  }

  /// Milliseconds between checks, while waiting for output, whether the peer has exited.
  private static let exitCheckInterval: Int32 = 50

  /// Accepts the peer's connection when it has come and sent the token; until then the peer has
  /// written nothing. Other connections are refused (``WireGate``).
  /// - Returns: false while the peer is not connected.
  private func connectIfReady(waiting milliseconds: Int32) -> Bool {
    guard outputFD < 0 else { return true }
    guard var gate else { return false }
    var fds = gate.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    fds.append(pollfd(fd: stderrClosed ? -1 : errorFD, events: Int16(POLLIN), revents: 0))
    fds.append(pollfd(fd: SignalTrap.pollDescriptor, events: Int16(POLLIN), revents: 0))
    let ready = poll(&fds, nfds_t(fds.count), milliseconds)
    if ready > 0 && fds[fds.count - 2].revents != 0 { drainStderr() }
    guard ready > 0, fds.dropLast(2).contains(where: { $0.revents != 0 }) else { return false }
    let connection = gate.admit()
    refusedConnections = gate.refusals
    guard let connection else {
      self.gate = gate
      return false
    }
    gate.close()
    self.gate = nil
    Self.makeNonBlocking(connection)
    inputFD = connection
    outputFD = connection
    return true
  }

  func drainStderr() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { systemRead(errorFD, $0.baseAddress!, $0.count) }
    if n <= 0 {
      if n < 0 && errno == EINTR { return }
      stderrClosed = true
      return
    }
    stderrWords.append(buffer[0..<n])
  }

  /// The tail of the peer's standard error, as text (whatever is buffered is read first).
  public var stderrTail: String { stderr.tailText }

  /// What the peer said on its standard error: its start, its end and its crash message
  /// (whatever is buffered is read first).
  public var stderr: PeerWords {
    drainBufferedStderr()
    return stderrWords
  }

  /// Starts keeping the peer's standard error anew (what it said so far is dropped, after
  /// reading what is buffered): a testee that serves many cases has each case's words reported
  /// with that case alone (docs/CONFORMANCE.md §1.9).
  public func restartStderr() {
    drainBufferedStderr()
    stderrWords = PeerWords()
  }

  /// Reads what standard error holds now, without waiting.
  func drainBufferedStderr() {
    var fds = [pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)]
    while !stderrClosed && poll(&fds, 1, 0) > 0 && fds[0].revents != 0 { drainStderr() }
  }
}

// The C functions under names that don't clash with the methods above.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
