import CommandCodec
import ReplayCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Who may connect to the socket cmdtool listens on (docs/WIRE.md §1): only the peer it started.
///
/// Any local process can connect to 127.0.0.1, and the first to connect would be served the
/// session, typed secrets and all. cmdtool puts a random token in the peer's environment
/// (`CMDTOOL_WIRE_TOKEN`, 32 hex digits) and admits the first connection whose first bytes are
/// the token and a newline. The decision waits for all 33 bytes and compares them in constant
/// time, so a connection learns nothing from being closed early; a connection that sends
/// anything else, or closes, is refused and cmdtool goes on listening. Only the preamble is read
/// here: what follows it (the peer's header) is the session's.
struct WireGate {
  let listener: WireListener
  /// The token's ASCII bytes.
  let token: [UInt8]
  /// Connections accepted that have not sent a whole preamble yet, oldest first.
  private var pending: [(fd: Int32, received: [UInt8])] = []
  /// What each refused connection did, for the messages: `it began "{\"trace\":1,…"`.
  private(set) var refusals: [String] = []

  /// Connections waiting for their preamble at most: one more closes the oldest (a process that
  /// opens connections and sends nothing cannot keep the peer out).
  static let pendingLimit = 8

  init(_ transport: WireTransport) throws {
    listener = try WireListener(transport)
    var generator = SystemRandomNumberGenerator()  // getrandom(2) / arc4random: unpredictable
    let digits = Array("0123456789abcdef".utf8)
    token = (0..<32).map { _ in digits[Int(generator.next() % 16)] }
  }

  /// What the peer is told: where to connect and what to send first.
  var environment: [String: String] {
    [WireTransport.environmentVariable: listener.address.description, WireTransport.tokenVariable: String(decoding: token, as: UTF8.self)]
  }

  /// The descriptors to wait on for ``admit()`` to have something to do.
  var descriptors: [Int32] { [listener.fd] + pending.map(\.fd) }

  /// Accepts what is waiting and reads the preambles that came, without blocking.
  /// - Returns: the admitted peer's connection (non-blocking, close-on-exec), or nil.
  mutating func admit() -> Int32? {
    var probe = [pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0)]
    while poll(&probe, 1, 0) > 0, probe[0].revents != 0, let connection = listener.accept() {
      _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
      if pending.count == Self.pendingLimit { refuse(0, "it sent no token while \(Self.pendingLimit) newer connections came") }
      pending.append((connection, []))
    }
    var index = 0
    while index < pending.count {
      let needed = token.count + 1 - pending[index].received.count
      var bytes = [UInt8](repeating: 0, count: needed)
      let count = bytes.withUnsafeMutableBytes { recv(pending[index].fd, $0.baseAddress, needed, 0) }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        index += 1
        continue
      }
      guard count > 0 else {
        refuse(index, pending[index].received.isEmpty ? "it closed without sending anything" : "it closed after \(Self.excerpt(pending[index].received))")
        continue
      }
      pending[index].received += bytes[0..<count]
      guard pending[index].received.count == token.count + 1 else { continue }
      guard Self.matches(pending[index].received, token + [0x0A]) else {
        refuse(index, "it began \(Self.excerpt(pending[index].received))")
        continue
      }
      let admitted = pending.remove(at: index).fd
      while !pending.isEmpty { refuse(0, "it sent no token before the peer connected") }
      return admitted
    }
    return nil
  }

  /// Stops listening; connections still waiting are closed.
  mutating func close() {
    for connection in pending { _ = closeConnection(connection.fd) }
    pending = []
    listener.close()
  }

  private mutating func refuse(_ index: Int, _ why: String) {
    _ = closeConnection(pending.remove(at: index).fd)
    refusals.append(why)
  }

  /// Whether `a` equals `b`, in a time that does not depend on where they differ.
  static func matches(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// A refused connection's first bytes, quoted with control characters escaped (a hostile
  /// process chooses them, and they reach the terminal).
  static func excerpt(_ bytes: [UInt8]) -> String {
    JSONText.quoted(String(decoding: bytes, as: UTF8.self))
  }

  /// The refusals in words, for a message: `; cmdtool refused 1 connection that did not send
  /// CMDTOOL_WIRE_TOKEN first (it began "{\"trace\":1,…")`; empty when there were none.
  static func note(_ refusals: [String]) -> String {
    guard let first = refusals.first else { return "" }
    let count = refusals.count == 1 ? "1 connection" : "\(refusals.count) connections"
    return "; cmdtool refused \(count) that did not send \(WireTransport.tokenVariable) first (\(first)\(refusals.count > 1 ? ", …" : ""))"
  }
}

private func closeConnection(_ fd: Int32) -> Int32 { close(fd) }
