#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The byte streams between cmdtool and the testee (docs/CONFORMANCE.md §1.1): standard input
/// and output, or one socket connection (``connect(to:token:)``).
public protocol TesteeTransport: AnyObject {
  /// The next bytes cmdtool sent, as soon as some arrive; empty at the end of the input.
  func read() throws(TesteeTransportError) -> [UInt8]
  /// Writes all of `bytes`.
  func write(_ bytes: [UInt8]) throws(TesteeTransportError)
}

/// A transport that failed: the message names the call and the system's reason.
public struct TesteeTransportError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// A transport over file descriptors: standard input and output, or a socket both ways.
public final class FileDescriptorTransport: TesteeTransport {
  private let input: Int32
  private let output: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)

  public init(input: Int32 = 0, output: Int32 = 1) {
    self.input = input
    self.output = output
  }

  /// The transport cmdtool asked for: the socket of `CMDTOOL_WIRE` (connected, the token of
  /// `CMDTOOL_WIRE_TOKEN` sent first) when it is set, else standard input and output.
  public static func fromEnvironment() throws(TesteeTransportError) -> FileDescriptorTransport {
    // A reader that goes away makes write() fail with EPIPE, reported, instead of killing the
    // process with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    guard let address = getenv("CMDTOOL_WIRE").map({ String(cString: $0) }) else { return FileDescriptorTransport() }
    let token = getenv("CMDTOOL_WIRE_TOKEN").map { String(cString: $0) } ?? ""
    let fd = try WireSocket.connect(to: address)
    let transport = FileDescriptorTransport(input: fd, output: fd)
    // The token first, a line of its own: cmdtool admits no other connection (WIRE.md §1).
    try transport.write(Array(token.utf8) + [0x0A])
    return transport
  }

  public func read() throws(TesteeTransportError) -> [UInt8] {
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
      if count >= 0 { return Array(buffer[..<count]) }
      if errno != EINTR { throw TesteeTransportError("cannot read cmdtool's input: \(String(cString: strerror(errno)))") }
    }
  }

  public func write(_ bytes: [UInt8]) throws(TesteeTransportError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { systemWrite(output, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw TesteeTransportError("cannot write to cmdtool: \(String(cString: strerror(errno)))") }
      offset += written
    }
  }
}

// The C library's read and write under names the class's own methods do not shadow.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, buffer, count) }
