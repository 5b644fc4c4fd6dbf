import ReplayLive
import ReplayWireframe

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cmdtool view --serve`: a trace's viewer page served on 127.0.0.1 by the studio's server
/// (``StudioServer``, its random token on every request), records and states computed on demand
/// by a ``TraceViewerService``, until Ctrl-C, SIGTERM or SIGHUP.
public enum TraceViewerServer {
  /// Serves `source` until a signal, then stops the server (closing every connection).
  ///
  /// - Parameters:
  ///   - announce: called with the page's address once the server listens.
  /// - Returns: the signal that ended it.
  /// - Throws: the server's error when it cannot listen on 127.0.0.1.
  public static func serve(_ source: TraceViewerSource, announce: (String) -> Void) throws -> Int32 {
    SignalTrap.install()
    let service = TraceViewerService(source: source)
    let server = try StudioServer { TraceViewerRequestHandler(service: service, token: $0) }
    defer { server.stop() }
    announce(server.address)
    while SignalTrap.caught == nil {
      var descriptor = pollfd(fd: SignalTrap.pollDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, -1)
    }
    return SignalTrap.caught ?? SIGINT
  }
}
