#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to a peer with deadlines, reading it meanwhile (docs/WIRE.md §8).
///
/// A pipe or socket holds 64 KiB or so; a peer that answers what it reads with more than that
/// (every one of 3,000 timer ticks with a batch) blocks in its write until cmdtool reads, and
/// stops reading its own input meanwhile. A cmdtool that blocked in its write too would wait
/// forever, deaf to Ctrl-C. So the peer's input is non-blocking: a write that does not fit waits
/// in `poll(2)` for room, for the peer's output (read and held, up to ``heldOutputLimit``, and
/// decoded at the next read so that records keep their order), its standard error, the deadline
/// and the signal pipe.
extension PeerProcess {
  /// How one write to the peer ended; `sent` is how many of its bytes the peer took.
  public enum WriteResult: Equatable, Sendable {
    /// The peer took every byte.
    case written
    /// For `timeout` milliseconds the peer took no byte and wrote none: it no longer reads.
    case stalled(sent: Int)
    /// For `maxWait` milliseconds the peer kept writing without taking every byte.
    case flooded(sent: Int)
    /// The peer closed its input, or exited.
    case closed(sent: Int)
    /// cmdtool caught this signal (SIGINT, SIGTERM or SIGHUP) while writing.
    case interrupted(Int32, sent: Int)
  }

  /// The most a write holds of what the peer writes meanwhile. Past it cmdtool stops reading
  /// until the peer takes its bytes, so a peer that neither reads nor stops writing costs 16 MiB
  /// at most, and stalls (``WriteResult/stalled(sent:)``) instead of flooding memory.
  public static let heldOutputLimit = 16 << 20

  /// How many bytes of the peer's output a write read and holds for the next read.
  public var heldOutputCount: Int { heldOutput.count }

  /// Writes all of `bytes` to the peer's input.
  ///
  /// The write counts as stalled after `timeout` milliseconds in which the peer neither took a
  /// byte nor wrote one (silence either way, as for reads), and as flooded after `maxWait`
  /// milliseconds in all; a caught signal ends it at once.
  public func write(_ bytes: [UInt8], timeout: Double, maxWait: Double) -> WriteResult {
    guard !inputClosed, inputFD >= 0 else { return .closed(sent: 0) }
    let start = Monotonic.now()
    var lastMoved = start
    var offset = 0
    while offset < bytes.count {
      if let signal = SignalTrap.caught { return .interrupted(signal, sent: offset) }
      let n = bytes.withUnsafeBytes { systemWrite(inputFD, $0.baseAddress! + offset, bytes.count - offset) }
      if n > 0 {
        offset += n
        lastMoved = Monotonic.now()
        continue
      }
      if n < 0 && errno == EINTR { continue }
      if n < 0 && errno != EAGAIN && errno != EWOULDBLOCK { return .closed(sent: offset) }
      // Full: wait for room, reading the peer meanwhile.
      let now = Monotonic.now()
      if now - start >= maxWait { return .flooded(sent: offset) }
      if now - lastMoved >= timeout { return .stalled(sent: offset) }
      // A peer that exited takes nothing more, even when a child it left holds its input open.
      if !isRunning { return .closed(sent: offset) }
      let remaining = min(lastMoved + timeout, start + maxWait) - now
      if waitForRoom(milliseconds: min(Self.writeCheckInterval, Int32(remaining.rounded(.up)))) { lastMoved = Monotonic.now() }
    }
    return .written
  }

  /// Milliseconds between checks, while a write waits, whether the peer has exited.
  private static let writeCheckInterval: Int32 = 50

  /// Waits up to `milliseconds` for room in the peer's input, reading its output (while less
  /// than ``heldOutputLimit`` is held) and standard error meanwhile.
  /// - Returns: whether the peer wrote something (which counts as progress).
  private func waitForRoom(milliseconds: Int32) -> Bool {
    let reading = !outputClosed && outputFD >= 0 && heldOutput.count < Self.heldOutputLimit
    let shared = inputFD == outputFD
    var fds = [
      pollfd(fd: inputFD, events: Int16(POLLOUT) | (shared && reading ? Int16(POLLIN) : 0), revents: 0),
      pollfd(fd: !shared && reading ? outputFD : -1, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stderrClosed ? -1 : errorFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: SignalTrap.pollDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    guard poll(&fds, nfds_t(fds.count), max(milliseconds, 0)) > 0 else { return false }
    if fds[2].revents != 0 { drainStderr() }
    let outputReady = shared ? fds[0].revents & Int16(POLLIN | POLLHUP) != 0 && reading : fds[1].revents != 0
    guard outputReady else { return false }
    let n = systemRead(outputFD, readBuffer.baseAddress!, readBuffer.count)
    if n > 0 {
      heldOutput.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
      return true
    }
    if n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) { outputClosed = true }
    return false
  }

  /// Sets `O_NONBLOCK` on cmdtool's end of a descriptor shared with the peer.
  static func makeNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
