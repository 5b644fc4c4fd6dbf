import CommandCodec
import NIOCore
import NIOHTTP1

/// Answers one connection's requests (``StudioServer``): the token first, then the route.
final class StudioRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// The most of a request body read: a tap is a few bytes.
  static let maxBody = 4096

  private let hub: StudioHub
  private let title: String
  private let token: String
  private var head: HTTPRequestHead?
  private var body = ByteBuffer()
  /// The hub's key for this connection's event stream, if it is one.
  private var watcher: Int?

  init(hub: StudioHub, title: String, token: String) {
    self.hub = hub
    self.title = title
    self.token = token
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body.clear()
    case .body(var part):
      if body.readableBytes + part.readableBytes <= Self.maxBody { body.writeBuffer(&part) }
    case .end:
      guard let head else { return }
      self.head = nil
      respond(to: head, context: context)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    if let watcher { hub.unwatch(watcher) }
    watcher = nil
    context.fireChannelInactive()
  }

  private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
    guard AccessToken.matches(AccessToken.token(inURI: head.uri), token) else {
      return send(.forbidden, "text/plain; charset=utf-8", "403 Forbidden: open the address cmdtool studio printed, with its token\n", context: context)
    }
    let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    switch (head.method, path) {
    case (.GET, "/"):
      send(.ok, "text/html; charset=utf-8", StudioPage.html(title: title, frame: hub.frame), context: context)
    case (.GET, "/events"):
      streamEvents(context: context)
    case (.POST, "/act"):
      guard case .object(let members)? = try? JSONValue.parse(Array(body.readableBytesView)),
        case .number(let number)? = members["tap"], let id = Int32(exactly: number)
      else {
        return send(.badRequest, "text/plain; charset=utf-8", "400 Bad Request: send {\"tap\":ID}\n", context: context)
      }
      hub.tap(id)
      send(.accepted, "text/plain; charset=utf-8", "tap \(id) queued\n", context: context)
    default:
      send(.notFound, "text/plain; charset=utf-8", "404 Not Found\n", context: context)
    }
  }

  /// A complete response, then the connection closed.
  private func send(_ status: HTTPResponseStatus, _ type: String, _ text: String, context: ChannelHandlerContext) {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: type)
    headers.add(name: "Content-Length", value: String(text.utf8.count))
    headers.add(name: "Cache-Control", value: "no-store")
    headers.add(name: "Connection", value: "close")
    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in
      channel.close(promise: nil)
    }
  }

  /// Server-sent events: each frame as one `data:` line, the latest at once.
  private func streamEvents(context: ChannelHandlerContext) {
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "text/event-stream")
    headers.add(name: "Cache-Control", value: "no-store")
    context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
    let channel = context.channel
    // Watch first, then send the latest: a frame published in between comes twice at worst,
    // and the page ignores one older than what it shows.
    watcher = hub.watch { frame in
      channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(Self.event(frame))), promise: nil)
    }
    if let frame = hub.frame {
      context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(Self.event(frame)))), promise: nil)
    }
  }

  private static func event(_ frame: StudioFrame) -> ByteBuffer {
    ByteBuffer(string: "data: " + frame.json + "\n\n")
  }
}
