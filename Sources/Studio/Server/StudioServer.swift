import NIOCore
import NIOPosix
import NIOHTTP1

/// The studio's HTTP server: SwiftNIO on 127.0.0.1 only, at a port the system picks, and every
/// request refused (403) unless its `?token=` is the server's random one, as Jupyter does, since
/// the page drives a process.
///
/// `GET /` is the page, `GET /events` the frames as server-sent events (the latest at once, then
/// each new one), `POST /act` an action for the session (``StudioAction``; 400 with the reason
/// for a body that is none).
public final class StudioServer: Sendable {
  /// The address to open, token included: `http://127.0.0.1:PORT/?token=…`.
  public let address: String
  public let port: Int
  private let group: MultiThreadedEventLoopGroup
  private let channel: Channel

  /// More `GET` routes a studio session answers (its time travel: `/rows`, `/frame`, `/locate`,
  /// `/search`): the request in; the status, content type and body out.
  public typealias Routes = @Sendable (RequestQuery) -> (status: Int, contentType: String, body: [UInt8])

  /// Starts listening, for a studio session.
  /// - Parameter travel: the time-travel routes, nil for none (404).
  /// - Throws: NIO's error when no port on 127.0.0.1 can be bound.
  public convenience init(hub: StudioHub, title: String, token: String = AccessToken.random(), travel: Routes? = nil) throws {
    try self.init(token: token) { StudioRequestHandler(hub: hub, title: title, token: $0, travel: travel) }
  }

  /// Starts listening, each connection answered by a handler of its own from `handler` (given
  /// the token, which it checks on every request): the studio's, or the trace viewer's
  /// (`cmdtool view --serve`), on the same loopback server.
  /// - Throws: NIO's error when no port on 127.0.0.1 can be bound.
  public init(token: String = AccessToken.random(), handler: @escaping @Sendable (_ token: String) -> any ChannelInboundHandler & RemovableChannelHandler) throws {
    // One thread: a page, its event stream and its taps are all the traffic there is.
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(.backlog, value: 16)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        // Built on the channel's own event loop: the handler is not Sendable.
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(handler(token))
        }
      }
    do {
      channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
    } catch {
      try? group.syncShutdownGracefully()
      throw error
    }
    self.group = group
    port = channel.localAddress?.port ?? 0
    address = "http://127.0.0.1:\(port)/?token=\(token)"
  }

  /// Closes the listening socket and every connection (the page's event stream ends).
  public func stop() {
    try? channel.close().wait()
    try? group.syncShutdownGracefully()
  }
}
