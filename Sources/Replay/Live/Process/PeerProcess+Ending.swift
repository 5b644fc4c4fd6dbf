#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ending a peer: reaping it, waiting for it to exit, stopping it and its process group.
extension PeerProcess {
  /// Whether the peer is still running (reaping it if it has exited).
  public var isRunning: Bool {
    reap(blocking: false)
    return exit == nil
  }

  /// How the peer ended, once it has.
  public var exitStatus: PeerExit? {
    reap(blocking: false)
    return exit
  }

  /// Waits up to `timeout` seconds for the peer to exit on its own, then stops it (``stop(grace:)``).
  /// - Returns: how it ended.
  @discardableResult
  public func waitForExit(timeout: Double, grace: Double) -> PeerExit {
    let deadline = Monotonic.now() + timeout * 1000
    // Most peers exit within a millisecond of their input's end: look often at first, then back
    // off to every 2 ms (a conformance run waits for one testee per case).
    var pause = 0.05
    while isRunning && Monotonic.now() < deadline {
      // A second Ctrl-C while waiting means: do not wait.
      if SignalTrap.count > 1 { break }
      // A crash report longer than the pipe holds must not block the peer's exit.
      drainBufferedStderr()
      Monotonic.sleep(milliseconds: pause)
      pause = min(pause * 2, 2)
    }
    return stop(grace: grace)
  }

  /// Stops the peer and everything in its process group: SIGTERM (and the end of its input),
  /// then SIGKILL after `grace` seconds (at once if cmdtool is asked to stop a second time
  /// meanwhile). Children the peer left behind after exiting are stopped the same way.
  /// - Returns: how the peer ended.
  @discardableResult
  public func stop(grace: Double) -> PeerExit {
    // The signal that asked for this stop (if one did) is the first; any signal after it means
    // "now", also one caught before this call (a double Ctrl-C arrives before the stop begins).
    let patience = min(SignalTrap.count, 1)
    // SIGTERM before the end of input, so the status recorded says the peer was stopped, not
    // that it happened to exit on its own when its input ended.
    if isRunning {
      wasStopped = true
      signalGroup(SIGTERM)
    } else if groupExists {
      signalGroup(SIGTERM)
    }
    closeInput()
    if isRunning || groupExists {
      let deadline = Monotonic.now() + grace * 1000
      while (isRunning || groupExists) && Monotonic.now() < deadline && SignalTrap.count <= patience {
        Monotonic.sleep(milliseconds: 5)
      }
      if isRunning || groupExists { signalGroup(SIGKILL) }
    }
    reap(blocking: true)
    return exit ?? .exited(-1)
  }

  /// Ends the peer and its group at once (SIGKILL).
  public func kill() {
    signalGroup(SIGKILL)
    reap(blocking: true)
  }

  /// Whether any process of the peer's group is still alive (the peer itself, or children it left).
  ///
  /// `kill(-group, 0)` also counts members that died but that nobody has reaped yet (orphans wait
  /// for init, which in a container may never come): on Linux those are told apart by their state
  /// in /proc, so a stop does not wait its whole grace for the dead.
  private var groupExists: Bool {
    guard systemKill(-processIdentifier, 0) == 0 else { return false }
    #if os(Linux)
      return Self.hasLiveMembers(group: processIdentifier)
    #else
      return true
    #endif
  }

  #if os(Linux)
    /// Whether a process of `group` is alive: its `/proc/PID/stat` names the group and a state
    /// other than zombie (Z) or dead (X).
    private static func hasLiveMembers(group: Int32) -> Bool {
      guard let directory = opendir("/proc") else { return true }
      defer { closedir(directory) }
      var buffer = [UInt8](repeating: 0, count: 512)
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard Int32(name) != nil else { continue }
        let fd = open("/proc/\(name)/stat", O_RDONLY)
        guard fd >= 0 else { continue }
        let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
        close(fd)
        guard count > 0 else { continue }
        // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses: after the last ")".
        let stat = buffer[0..<count]
        guard let commEnd = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
        let fields = stat[(commEnd + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 2, let pgrp = Int32(String(decoding: fields[2], as: UTF8.self)), pgrp == group else { continue }
        let state = fields[0].first ?? 0
        if state != UInt8(ascii: "Z") && state != UInt8(ascii: "X") { return true }
      }
      return false
    }
  #endif

  private func signalGroup(_ signal: Int32) {
    // The group outlives its leader while children remain; its id cannot be reused meanwhile.
    if systemKill(-processIdentifier, signal) != 0 && exit == nil { _ = systemKill(processIdentifier, signal) }
  }

  /// Collects the peer's exit status with waitpid.
  private func reap(blocking: Bool) {
    guard exit == nil else { return }
    var status: Int32 = 0
    while true {
      let result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
      if result == processIdentifier {
        exit = PeerExit(waitStatus: status)
        return
      }
      if result < 0 && errno == EINTR { continue }
      if result < 0 { exit = .exited(-1) }
      return
    }
  }
}

private func systemKill(_ pid: Int32, _ signal: Int32) -> Int32 { kill(pid, signal) }
