import CommandCodec
import Dispatch
import NIOCore
import NIOHTTP1

/// Answers one connection's requests (``StudioServer``): the token first, then the route.
final class StudioRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  /// The most of a request body read: an action is a few bytes, a typed text may be long.
  static let maxBody = 1 << 20

  private let hub: StudioHub
  private let travel: StudioServer.Routes?
  private let title: String
  private let token: String
  private var head: HTTPRequestHead?
  private var body = ByteBuffer()
  /// Whether the body was cut at ``maxBody``: refused, never read in part.
  private var bodyTooLarge = false
  /// The hub's key for this connection's event stream, if it is one.
  private var watcher: Int?

  init(hub: StudioHub, title: String, token: String, travel: StudioServer.Routes?) {
    self.hub = hub
    self.travel = travel
    self.title = title
    self.token = token
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      self.head = head
      body.clear()
      bodyTooLarge = false
    case .body(var part):
      if body.readableBytes + part.readableBytes <= Self.maxBody { body.writeBuffer(&part) } else { bodyTooLarge = true }
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
      send(.ok, "text/html; charset=utf-8", StudioPage.html(title: title, frame: hub.frame, secretNames: hub.secretNames.sorted(), saveRefusal: hub.saveRefusal, wallClock: hub.wallClock), context: context)
    case (.GET, "/events"):
      streamEvents(context: context)
    case (.POST, "/act") where bodyTooLarge:
      send(.badRequest, "text/plain; charset=utf-8", "400 Bad Request: the body is over \(Self.maxBody) bytes\n", context: context)
    case (.POST, "/act"):
      switch StudioAction.parse(Array(body.readableBytesView), secrets: hub.secretNames) {
      case .success(let action):
        hub.act(action)
        send(.accepted, "text/plain; charset=utf-8", "queued\n", context: context)
      case .failure(let refusal):
        send(.badRequest, "text/plain; charset=utf-8", "400 Bad Request: \(refusal)\n", context: context)
      }
    case (.POST, "/save"):
      // Saving goes on the session's thread, in its turn: the page learns the outcome in a frame.
      if let refusal = hub.saveRefusal {
        send(.conflict, "text/plain; charset=utf-8", "409 Conflict: \(refusal)\n", context: context)
      } else {
        hub.act(.save)
        send(.accepted, "text/plain; charset=utf-8", "queued\n", context: context)
      }
    case (.GET, "/rows"), (.GET, "/frame"), (.GET, "/locate"), (.GET, "/search"):
      // Time travel: the trace viewer's routes over the recording so far.
      guard let travel else { return send(.notFound, "text/plain; charset=utf-8", "404 Not Found\n", context: context) }
      let answer = travel(RequestQuery(uri: head.uri))
      send(HTTPResponseStatus(statusCode: answer.status), answer.contentType, String(decoding: answer.body, as: UTF8.self), context: context)
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
    // The session has ended: its last frame, and the stream ends (the page stops listening).
    if let frame = hub.frame, frame.ended != nil {
      context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(Self.event(frame)))), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
      return
    }
    // Watch first, then send the latest: a frame published in between comes twice at worst,
    // and the page ignores one older than what it shows.
    watcher = hub.watch { frame in
      let written = channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(Self.event(frame))))
      guard frame.ended != nil else { return }
      // The last frame: on its way before the server stops (bounded: a page that does not read
      // must not keep cmdtool from exiting), then the stream ends.
      let done = DispatchSemaphore(value: 0)
      written.flatMap { channel.writeAndFlush(HTTPServerResponsePart.end(nil)) }.whenComplete { _ in
        channel.close(promise: nil)
        done.signal()
      }
      _ = done.wait(timeout: .now() + 2)
    }
    if let frame = hub.frame {
      context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(Self.event(frame)))), promise: nil)
    }
  }

  private static func event(_ frame: StudioFrame) -> ByteBuffer {
    ByteBuffer(string: "data: " + frame.json + "\n\n")
  }
}
