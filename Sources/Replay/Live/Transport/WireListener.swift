#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import ReplayCore

/// A listening socket for ``WireTransport/unix(path:)`` or ``WireTransport/tcp(port:)``.
struct WireListener {
  let fd: Int32
  /// What the engine is told (`CMDTOOL_WIRE`): the actual port when 0 was asked for.
  let address: WireTransport
  /// The socket file to remove at the end.
  let socketPath: String?
  /// The socket file this listener made: removed at the end only if it is still that file.
  private var socketFile: FileIdentity?

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(_ transport: WireTransport) throws {
    func failure(_ what: String) -> Failure {
      Failure(description: "cannot listen on \(transport): \(what): \(String(cString: strerror(errno)))")
    }
    #if canImport(Darwin)
      let stream = SOCK_STREAM
    #else
      let stream = Int32(SOCK_STREAM.rawValue)
    #endif
    switch transport {
    case .stdio:
      throw Failure(description: "stdio needs no listener")
    case .unix(let path):
      var address = sockaddr_un()
      let bytes = Array(path.utf8)
      guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        throw Failure(description: "cannot listen on \(transport): the path is longer than \(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes")
      }
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
      }
      let fd = socket(AF_UNIX, stream, 0)
      guard fd >= 0 else { throw failure("socket") }
      do {
        try Self.removeStaleSocket(at: path, address: address, type: stream)
      } catch {
        _ = closeDescriptor(fd)
        throw Failure(description: "cannot listen on \(transport): \(error.description)")
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      guard bound == 0, listen(fd, 1) == 0 else {
        let error = failure("bind")
        _ = closeDescriptor(fd)
        throw error
      }
      self.fd = fd
      self.address = transport
      self.socketPath = path
      socketFile = FileIdentity(entryAt: path)
    case .tcp(let port):
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1: never reachable from outside
      let fd = socket(AF_INET, stream, 0)
      guard fd >= 0 else { throw failure("socket") }
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
          bind(fd, pointer, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, pointer, &length) == 0
        }
      }
      guard bound else {
        let error = failure("bind")
        _ = closeDescriptor(fd)
        throw error
      }
      self.fd = fd
      self.address = .tcp(port: UInt16(bigEndian: address.sin_port))
      self.socketPath = nil
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  /// Accepts the engine's connection (the listener is ready).
  func accept() -> Int32? {
    let connection = acceptConnection(fd)
    guard connection >= 0 else { return nil }
    _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
    return connection
  }

  /// Stops listening and removes the socket file.
  func close() {
    _ = closeDescriptor(fd)
    if let socketPath, let socketFile, FileIdentity(entryAt: socketPath) == socketFile { unlink(socketPath) }
  }

  /// Removes what an earlier run left at `path`: a socket nobody listens on. Anything else there
  /// (a file, a link, a folder, a socket in use) is not cmdtool's to remove.
  private static func removeStaleSocket(at path: String, address: sockaddr_un, type: Int32) throws(Failure) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw Failure(description: "\(path) exists and is not a socket; cmdtool removes only a stale socket of its own, never another file: remove it or pick another path")
    }
    let probe = socket(AF_UNIX, type, 0)
    guard probe >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
    var address = address
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    let code = errno
    _ = closeDescriptor(probe)
    if connected == 0 { throw Failure(description: "another process listens on \(path)") }
    guard code == ECONNREFUSED else { throw Failure(description: "\(path): \(String(cString: strerror(code)))") }
    unlink(path)
  }
}

private func acceptConnection(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
