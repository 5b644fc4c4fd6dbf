import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking HTTP/1.1 request to a server on 127.0.0.1 (chromedriver, `cmdtool view --serve`):
/// one per connection, the answer read to its Content-Length or the close. FoundationNetworking's
/// client refuses some of chromedriver's answers ("Failed writing header"), and the benchmarks
/// need nothing more than this.
public enum LoopbackRequest {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The answer's status and body.
  public static func send(_ method: String, _ url: String, body: Data?) throws -> (status: Int, body: Data) {
    guard let parsed = URLComponents(string: url), let port = parsed.port else { throw Failure(description: "not a loopback URL: \(url)") }
    let target = parsed.percentEncodedPath + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard connected == 0 else { throw Failure(description: "cannot connect to \(url)") }
    let payload = [UInt8](body ?? Data())
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
    let bytes = Array(head.utf8) + payload
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
      guard n > 0 else { throw Failure(description: "send to \(url) failed") }
      sent += n
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      answer += buffer[0..<n]
      // chromedriver may keep the connection open: the answer ends at its Content-Length.
      if let (end, length) = headEnd(answer), let length, answer.count >= end + length { break }
    }
    guard let (end, _) = headEnd(answer) else { throw Failure(description: "no HTTP answer from \(url)") }
    let status = String(decoding: answer.prefix(12), as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return (status, Data(answer[end...]))
  }

  /// Where the head ends (the body's first byte) and the Content-Length it names, once it is in.
  private static func headEnd(_ answer: [UInt8]) -> (Int, Int?)? {
    guard let end = (0..<max(0, answer.count - 3)).first(where: { answer[$0] == 13 && answer[$0 + 1] == 10 && answer[$0 + 2] == 13 && answer[$0 + 3] == 10 }) else { return nil }
    let head = String(decoding: answer[..<end], as: UTF8.self).lowercased()
    let line = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
    return (end + 4, line.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) })
  }
}
