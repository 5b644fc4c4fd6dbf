#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Connects to the address of `CMDTOOL_WIRE` (docs/WIRE.md §1): `unix:PATH` or
/// `tcp:127.0.0.1:PORT`, the only two cmdtool listens on.
enum WireSocket {
  static func connect(to address: String) throws(TesteeTransportError) -> Int32 {
    #if canImport(Darwin)
      let stream = SOCK_STREAM
    #else
      let stream = Int32(SOCK_STREAM.rawValue)
    #endif
    func failure() -> TesteeTransportError {
      TesteeTransportError("cannot connect to CMDTOOL_WIRE=\(address): \(String(cString: strerror(errno)))")
    }
    if address.hasPrefix("unix:") {
      let path = Array(address.utf8.dropFirst(5))
      var socketAddress = sockaddr_un()
      guard path.count < MemoryLayout.size(ofValue: socketAddress.sun_path) else {
        throw TesteeTransportError("cannot connect to CMDTOOL_WIRE=\(address): the path is longer than a socket address holds")
      }
      socketAddress.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
        raw.copyBytes(from: path)
        raw[path.count] = 0
      }
      let fd = socket(AF_UNIX, stream, 0)
      guard fd >= 0 else { throw failure() }
      let result = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      guard result == 0 else { throw failure() }
      return fd
    }
    if address.hasPrefix("tcp:127.0.0.1:"), let port = UInt16(address.dropFirst(14)) {
      var socketAddress = sockaddr_in()
      socketAddress.sin_family = sa_family_t(AF_INET)
      socketAddress.sin_port = port.bigEndian
      socketAddress.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
      let fd = socket(AF_INET, stream, 0)
      guard fd >= 0 else { throw failure() }
      let result = withUnsafePointer(to: &socketAddress) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
      }
      guard result == 0 else { throw failure() }
      return fd
    }
    throw TesteeTransportError("cannot connect to CMDTOOL_WIRE=\(address): not unix:PATH or tcp:127.0.0.1:PORT")
  }
}

private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
