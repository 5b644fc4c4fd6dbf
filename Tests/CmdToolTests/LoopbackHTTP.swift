import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking HTTP/1.1 client for servers on 127.0.0.1 (the studio, chromedriver): one request
/// per connection (`Connection: close`), the answer read to its Content-Length or the close.
enum LoopbackHTTP {
  struct Answer: CustomStringConvertible {
    var status: Int
    var body: String
    var description: String { "\(status): \(body.prefix(2000))" }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Sends `method path` with `body` (JSON) to 127.0.0.1:`port`; a reply is awaited for at most
  /// `timeout` seconds of silence.
  static func request(_ method: String, port: Int, _ path: String, body: String? = nil, timeout: Int32 = 60) throws -> Answer {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)") }
    let payload = Array((body ?? "").utf8)
    var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    if body != nil { request += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n" }
    let bytes = Array((request + "\r\n").utf8) + payload
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
      guard n > 0 else { throw Failure(description: "send to 127.0.0.1:\(port): errno \(errno)") }
      sent += n
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, timeout * 1000) > 0 else { throw Failure(description: "no answer from 127.0.0.1:\(port)\(path) within \(timeout) s") }
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      answer += buffer[0..<n]
      if let expected = Self.expectedLength(answer), answer.count >= expected { break }
    }
    let text = String(decoding: answer, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n"), let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap({ Int($0) }) else {
      throw Failure(description: "not an HTTP answer from 127.0.0.1:\(port)\(path): \(text.prefix(200))")
    }
    return Answer(status: status, body: String(text[end.upperBound...]))
  }

  /// The whole answer's length in bytes once its head is in and names a Content-Length.
  private static func expectedLength(_ answer: [UInt8]) -> Int? {
    let text = String(decoding: answer, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n") else { return nil }
    let head = text[..<end.lowerBound].lowercased()
    guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    else { return nil }
    return text[..<end.upperBound].utf8.count + length
  }
}
