/// Why the platform did not carry out a command or a user's action (docs/CONFORMANCE.md §1.3).
public enum TesteeRefusal: Error, Hashable, Sendable {
  /// It cannot: a kind of element it has no widget for, an action its platform has not (a
  /// desktop's back key). The session writes `unsupported` and the case is skipped.
  case unsupported(String)
  /// The request itself is wrong: an id that does not exist, typing into a button. The session
  /// writes `error` and the case is an error.
  case error(String)

  /// The marker that says so.
  var label: String {
    switch self {
    case .unsupported: return "unsupported"
    case .error: return "error"
    }
  }

  /// The reason, in the platform's words.
  public var reason: String {
    switch self {
    case .unsupported(let reason), .error(let reason): return reason
    }
  }
}
