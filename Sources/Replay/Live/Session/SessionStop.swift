/// Why a live session stopped before its end: what went wrong, in words, and what kind of thing
/// it was, which decides the recording's last marker and cmdtool's exit status.
public struct SessionStop: Error, CustomStringConvertible, Sendable {
  public enum Kind: Sendable, Equatable {
    /// The peer wrote bytes that are not a trace record.
    case unreadable
    /// The peer's output stopped inside a record (it died while writing).
    case cutOff
    /// The peer closed its output, or stopped reading its input.
    case ended
    /// The peer was silent for `--timeout` while cmdtool waited for it.
    case silent
    /// The peer kept writing for `--max-wait` without giving the answer cmdtool waited for.
    case flooding
    /// The peer did not exit after the end of its input until it was stopped.
    case lingered
    /// cmdtool was asked to stop (SIGINT, SIGTERM or SIGHUP).
    case interrupted(signal: Int32)
    /// The script cannot go on (a selector matches nothing); the peer did nothing wrong.
    case scriptFailed
    /// Something else: the recording could not be written, the peer and the platform kept
    /// exchanging events without end.
    case other
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// The label of the marker that records it (docs/WIRE.md §8).
  public var markerLabel: String {
    switch kind {
    case .unreadable, .cutOff: return "engine-error"
    case .silent, .flooding, .lingered: return "engine-timeout"
    case .interrupted: return "interrupted"
    case .ended, .scriptFailed, .other: return "engine-stopped"
    }
  }

  /// Whether cmdtool closes the peer's input and lets it finish, rather than stopping it at once.
  var letsPeerFinish: Bool {
    switch kind {
    case .ended, .scriptFailed: return true
    default: return false
    }
  }
}
