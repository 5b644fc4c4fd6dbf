// The socket transport of docs/WIRE.md §1, engine side: when cmdtool listens on a socket, it
// says where in CMDTOOL_WIRE (`unix:PATH` or `tcp:127.0.0.1:PORT`) and the engine connects once,
// sending first the token cmdtool put in CMDTOOL_WIRE_TOKEN.
//
// This engine then moves the connection onto its standard input and output, so the rest of it
// is the same for both transports; an engine that really cannot give up stdio would read and
// write the socket itself.
//
// A testee connects the same way: Sources/ConformanceTestee/Session/WireSocket.swift (the
// library the reference testee is built on) holds the same code; change both together.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Connects to the address in CMDTOOL_WIRE, if there is one, and makes the connection the
/// standard input and output. Exits with status 69 when the address is bad or refuses.
func connectToCmdtoolIfAsked() {
  guard let pointer = getenv("CMDTOOL_WIRE") else { return }
  let address = String(cString: pointer)
  guard let fd = connectSocket(address) else {
    log("cannot connect to CMDTOOL_WIRE=\(address): \(String(cString: strerror(errno)))")
    exit(69)
  }
  // The token first, a line of its own: cmdtool admits no other connection (docs/WIRE.md §1).
  var preamble = Array((getenv("CMDTOOL_WIRE_TOKEN").map { String(cString: $0) } ?? "").utf8) + [0x0A]
  var sent = 0
  while sent < preamble.count {
    let count = preamble[sent...].withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count > 0 else {
      log("cannot send CMDTOOL_WIRE_TOKEN to CMDTOOL_WIRE=\(address): \(String(cString: strerror(errno)))")
      exit(69)
    }
    sent += count
  }
  dup2(fd, 0)
  dup2(fd, 1)
  close(fd)
}

private func connectSocket(_ address: String) -> Int32? {
  #if canImport(Darwin)
    let stream = SOCK_STREAM
  #else
    let stream = Int32(SOCK_STREAM.rawValue)
  #endif
  if address.hasPrefix("unix:") {
    let path = Array(address.utf8.dropFirst(5))
    var socketAddress = sockaddr_un()
    guard path.count < MemoryLayout.size(ofValue: socketAddress.sun_path) else { return nil }
    socketAddress.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
      raw.copyBytes(from: path)
      raw[path.count] = 0
    }
    let fd = socket(AF_UNIX, stream, 0)
    guard fd >= 0 else { return nil }
    let result = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    return result == 0 ? fd : nil
  }
  if address.hasPrefix("tcp:127.0.0.1:"), let port = UInt16(address.dropFirst(14)) {
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = port.bigEndian
    socketAddress.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let fd = socket(AF_INET, stream, 0)
    guard fd >= 0 else { return nil }
    let result = withUnsafePointer(to: &socketAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    return result == 0 ? fd : nil
  }
  errno = EINVAL
  return nil
}
