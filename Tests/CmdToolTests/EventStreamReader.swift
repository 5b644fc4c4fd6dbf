import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a server-sent event stream (the studio's `/events`) on a thread of its own, from the
/// request until the server closes it, so that a test can wait for a frame and, once the server
/// has stopped, search every byte it was served.
final class EventStreamReader: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [UInt8] = []
  private var closed = false
  private let fd: Int32

  init(port: Int, path: String) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard connected == 0 else {
      close(fd)
      throw LoopbackHTTP.Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)")
    }
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    Thread { [self] in readToEnd() }.start()
  }

  private func readToEnd() {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      lock.lock()
      if n > 0 { received += buffer[0..<n] } else { closed = true }
      lock.unlock()
      if n <= 0 { break }
    }
    close(fd)
  }

  /// Everything received so far, as text.
  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: received, as: UTF8.self)
  }

  /// Every byte received so far.
  var bytes: [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  /// Whether the server has closed the stream.
  var isClosed: Bool {
    lock.lock()
    defer { lock.unlock() }
    return closed
  }

  /// The stream's body so far: after the head, the chunks of its chunked transfer encoding
  /// joined (a frame may be split across chunks).
  var body: String {
    let all = bytes
    let separator = Array("\r\n\r\n".utf8)
    guard let end = (0..<max(0, all.count - 3)).first(where: { all[$0..<($0 + 4)].elementsEqual(separator) }) else { return "" }
    var index = end + 4
    guard String(decoding: all[..<end], as: UTF8.self).lowercased().contains("transfer-encoding: chunked") else {
      return String(decoding: all[index...], as: UTF8.self)
    }
    var body: [UInt8] = []
    while index < all.count {
      guard let lineEnd = (index..<max(index, all.count - 1)).first(where: { all[$0] == 13 && all[$0 + 1] == 10 }),
        let size = Int(String(decoding: all[index..<lineEnd], as: UTF8.self), radix: 16), size > 0, lineEnd + 2 + size <= all.count
      else { break }
      body += all[(lineEnd + 2)..<(lineEnd + 2 + size)]
      index = lineEnd + 2 + size + 2
    }
    return String(decoding: body, as: UTF8.self)
  }

  /// The `data:` lines of the frames so far, as JSON objects.
  var frames: [[String: Any]] {
    body.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("data: ") else { return nil }
      return try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]
    }
  }

  /// The latest frame's script lines.
  var script: [String] { (frames.last?["script"] as? [String]) ?? [] }
}
