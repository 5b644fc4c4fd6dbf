/// How a peer process ended: its exit status, or the signal that ended it.
public enum PeerExit: Hashable, Sendable, CustomStringConvertible {
  /// The process exited with this status.
  case exited(Int32)
  /// A signal ended the process.
  case signaled(Int32)

  /// Decodes a `waitpid` status (WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import).
  init(waitStatus status: Int32) {
    let signal = status & 0x7F
    self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }

  /// Whether the process exited with status 0.
  public var succeeded: Bool { self == .exited(0) }

  /// `status 3` or `signal 9`: the form the `engine-exit` marker records.
  public var description: String {
    switch self {
    case .exited(let status): return "status \(status)"
    case .signaled(let signal): return "signal \(signal)"
    }
  }

  /// `exit status 3` or `signal 9 (SIGKILL)`, for messages.
  public var phrase: String {
    switch self {
    case .exited(let status): return "exit status \(status)"
    case .signaled(let signal): return "signal \(signal)" + (SignalTrap.name(of: signal).map { " (\($0))" } ?? "")
    }
  }
}
