#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into something the live side's poll loops see, so that a
/// session stopped by Ctrl-C (or a CI runner's SIGTERM) still stops its peer and writes its last
/// record instead of dying mid-way.
///
/// The handler only notes the signal and writes a byte to a pipe (both async-signal-safe);
/// ``PeerProcess`` polls the pipe's read end beside the peer's output, so a wait wakes up at once.
/// The peer processes run in process groups of their own and never receive the terminal's
/// signals: cmdtool stops them itself.
public enum SignalTrap {
  /// The signals trapped.
  public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Installs the handlers (once; later calls do nothing).
  public static func install() {
    guard trapReadFD < 0 else { return }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    trapReadFD = fds[0]
    trapWriteFD = fds[1]
    for signal in signals {
      // A signal the parent set to be ignored stays ignored, as `nohup` and `cmd &` expect.
      var inherited = sigaction()
      sigaction(signal, nil, &inherited)
      if isIgnored(inherited) { continue }
      var action = sigaction()
      #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = trapHandler
      #else
        action.__sigaction_handler.sa_handler = trapHandler
      #endif
      // The handler is not reentrant (a count, a first signal): while it runs, the other trapped
      // signals wait. Without this, a SIGTERM right behind a SIGINT interrupts its handler and
      // runs first, and an increment can be lost.
      sigemptyset(&action.sa_mask)
      for other in signals { sigaddset(&action.sa_mask, other) }
      action.sa_flags = 0  // no SA_RESTART: a blocking call returns EINTR and the loop looks
      sigaction(signal, &action, nil)
    }
    // A parent may have started cmdtool with these signals blocked (Foundation's Process on
    // Linux passes on its spawning thread's mask, and so do some CI runners): blocked, they would
    // stay pending and cmdtool would never stop its peer. Unblocked on the calling thread (the
    // one that runs the session), they are delivered to it.
    var trapped = sigset_t()
    sigemptyset(&trapped)
    for signal in signals { sigaddset(&trapped, signal) }
    pthread_sigmask(SIG_UNBLOCK, &trapped, nil)
  }

  /// Whether a disposition is SIG_IGN, which is the handler address 1 on Linux and Darwin alike
  /// (the macro is not a value Swift can compare with).
  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #else
      let handler = action.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1
  }

  /// The first signal caught since ``install()`` (or ``reset()``), nil when none.
  public static var caught: Int32? { firstSignal == 0 ? nil : firstSignal }

  /// How many signals were caught (a second Ctrl-C while a peer is being stopped kills it at once).
  public static var count: Int { Int(signalCount) }

  /// The descriptor to poll for a caught signal (-1 when not installed).
  package static var pollDescriptor: Int32 { trapReadFD }

  /// Forgets caught signals (tests).
  package static func reset() {
    firstSignal = 0
    signalCount = 0
    guard trapReadFD >= 0 else { return }
    var byte: UInt8 = 0
    while read(trapReadFD, &byte, 1) > 0 {}
  }

  /// The exit status a shell gives a process ended by `signal`: 128 + its number (130 for SIGINT).
  public static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }

  /// `SIGINT` for 2, and so on, for the trapped signals and the ones that end peers.
  public static func name(of signal: Int32) -> String? {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    case SIGKILL: return "SIGKILL"
    case SIGSEGV: return "SIGSEGV"
    case SIGABRT: return "SIGABRT"
    case SIGPIPE: return "SIGPIPE"
    case SIGQUIT: return "SIGQUIT"
    case SIGBUS: return "SIGBUS"
    case SIGILL: return "SIGILL"
    case SIGFPE: return "SIGFPE"
    default: return nil
    }
  }
}

// Signal handlers can touch only plain globals; these are written by the handler and read by the
// poll loops of the one thread that runs a live session.
nonisolated(unsafe) private var trapReadFD: Int32 = -1
nonisolated(unsafe) private var trapWriteFD: Int32 = -1
nonisolated(unsafe) private var firstSignal: Int32 = 0
nonisolated(unsafe) private var signalCount: Int32 = 0

private let trapHandler: @convention(c) (Int32) -> Void = { signal in
  if firstSignal == 0 { firstSignal = signal }
  signalCount += 1
  var byte: UInt8 = 1
  _ = write(trapWriteFD, &byte, 1)
}
