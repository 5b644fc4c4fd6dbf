import NIOCore
import NIOHTTP1

/// Answers one connection's requests for `cmdtool view --serve`: the token first (403 without
/// it, as the studio's), then ``TraceViewerService``'s routes; only `GET`.
final class TraceViewerRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let service: TraceViewerService
  private let token: String

  init(service: TraceViewerService, token: String) {
    self.service = service
    self.token = token
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // The viewer takes no bodies: the head says all, and the answer goes at its end.
    guard case .head(let head) = unwrapInboundIn(data) else { return }
    let answer: TraceViewerService.Answer
    if !AccessToken.matches(AccessToken.token(inURI: head.uri), token) {
      answer = .init(status: 403, contentType: "text/plain; charset=utf-8", body: Array("403 Forbidden: open the address cmdtool view --serve printed, with its token\n".utf8))
    } else if head.method != .GET {
      answer = .init(status: 405, contentType: "text/plain; charset=utf-8", body: Array("405 Method Not Allowed\n".utf8))
    } else {
      answer = service.answer(RequestQuery(uri: head.uri))
    }
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: answer.contentType)
    headers.add(name: "Content-Length", value: String(answer.body.count))
    headers.add(name: "Cache-Control", value: "no-store")
    headers.add(name: "Connection", value: "close")
    let status = HTTPResponseStatus(statusCode: answer.status)
    context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in
      channel.close(promise: nil)
    }
  }
}
