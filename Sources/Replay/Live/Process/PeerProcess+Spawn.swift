#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension PeerProcess {
  /// Why a peer could not be started.
  public struct SpawnError: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// The descriptors a spawned child was given, seen from cmdtool's side.
  struct Spawned {
    var pid: pid_t
    /// cmdtool writes the peer's input here (-1 with a socket transport).
    var input: Int32
    /// cmdtool reads the peer's output here (-1 with a socket transport).
    var output: Int32
    /// cmdtool reads the peer's standard error here.
    var errors: Int32
  }

  /// Starts `command` (looked up on PATH) with pipes, in a process group of its own.
  ///
  /// posix_spawn rather than Foundation's Process or swift-subprocess: the child gets a clean
  /// signal mask and default handlers (so it can be stopped), a process group of its own (so a
  /// stop reaches its children, and the terminal's Ctrl-C reaches only cmdtool, which stops it
  /// in order), nothing cmdtool holds open, and cmdtool reaps it itself with waitpid from the
  /// same poll loop that reads its output.
  ///
  /// - Parameter socket: the peer's records travel over a socket: its standard input is
  ///   /dev/null and its standard output joins its standard error.
  static func spawn(_ command: [String], environment: [String: String], withholding withheldPrefixes: [String] = [], socket: Bool) throws(SpawnError) -> Spawned {
    guard let program = command.first else { throw SpawnError(description: "no command to start") }
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard socket || (pipe(&input) == 0 && pipe(&output) == 0), pipe(&errors) == 0 else {
      let reason = String(cString: strerror(errno))
      for fd in input + output + errors where fd >= 0 { close(fd) }
      throw SpawnError(description: "cannot create pipes: \(reason)")
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
    // The peer gets its three descriptors and nothing else cmdtool holds open (the recording, a
    // parent's pipes, the signal pipe): a peer outliving cmdtool must not keep anyone waiting.
    #if !canImport(Darwin)
      markDescriptorsCloseOnExec()
    #endif
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setpgroup(&attributes, 0)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP
    #if canImport(Darwin)
      flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var merged = currentEnvironment().filter { key, _ in !withheldPrefixes.contains { key.hasPrefix($0) } }
    for (key, value) in environment { merged[key] = value }
    if !socket {
      merged[WireTransport.environmentVariable] = nil
      merged[WireTransport.tokenVariable] = nil
    }
    let environmentStrings = merged.map { "\($0.key)=\($0.value)" }.sorted()
    var pid: pid_t = 0
    let status = withCStrings(command) { argv in
      withCStrings(environmentStrings) { envp in
        posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
      }
    }
    for fd in [input[0], output[1], errors[1]] where fd >= 0 { close(fd) }
    guard status == 0 else {
      for fd in [input[1], output[0], errors[0]] where fd >= 0 { close(fd) }
      throw SpawnError(description: "cannot start \(program): \(String(cString: strerror(status)))")
    }
    for fd in [input[1], output[0], errors[0]] where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return Spawned(pid: pid, input: input[1], output: output[0], errors: errors[0])
  }

  /// Sets close-on-exec on every descriptor above 2 this process has open (Linux; Darwin has
  /// `POSIX_SPAWN_CLOEXEC_DEFAULT`, and glibc's `addclosefrom_np` is not visible to Swift).
  private static func markDescriptorsCloseOnExec() {
    guard let directory = opendir("/proc/self/fd") else { return }
    defer { closedir(directory) }
    let own = dirfd(directory)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let fd = Int32(name), fd > 2, fd != own else { continue }
      let flags = fcntl(fd, F_GETFD)
      if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
  }

  /// This process's environment, read from `environ` (no Foundation).
  private static func currentEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}

/// Calls `body` with a NULL-terminated C array of C strings.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
  var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for pointer in pointers { free(pointer) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
