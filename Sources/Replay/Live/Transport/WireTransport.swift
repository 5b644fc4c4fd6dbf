#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a peer's records travel (docs/WIRE.md §1): its standard input and output, or one
/// connection to a socket cmdtool listens on, for engines that cannot give up stdio.
public enum WireTransport: Hashable, Sendable, CustomStringConvertible {
  /// The engine's standard output and input (the default).
  case stdio
  /// A Unix-domain socket at this path, created by cmdtool (and removed after).
  case unix(path: String)
  /// TCP on 127.0.0.1 at this port (0: any free port).
  case tcp(port: UInt16)

  /// The environment variable that tells the engine where to connect.
  public static let environmentVariable = "CMDTOOL_WIRE"
  /// The environment variable holding the token the engine sends first on its connection, a
  /// line of its own, to prove it is the process cmdtool started (``WireGate``).
  public static let tokenVariable = "CMDTOOL_WIRE_TOKEN"

  /// Parses `stdio`, `unix:PATH` or `tcp:PORT` (also `tcp:127.0.0.1:PORT`).
  public init?(parsing text: String) {
    if text == "stdio" {
      self = .stdio
    } else if text.hasPrefix("unix:"), text.count > 5 {
      self = .unix(path: String(text.dropFirst(5)))
    } else if text.hasPrefix("tcp:") {
      var rest = text.dropFirst(4)
      if rest.hasPrefix("127.0.0.1:") { rest = rest.dropFirst(10) }
      guard let port = UInt16(rest) else { return nil }
      self = .tcp(port: port)
    } else {
      return nil
    }
  }

  public var description: String {
    switch self {
    case .stdio: return "stdio"
    case .unix(let path): return "unix:\(path)"
    case .tcp(let port): return "tcp:127.0.0.1:\(port)"
    }
  }
}
