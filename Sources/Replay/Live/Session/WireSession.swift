import CommandCodec
import ReplayCore

/// What a ``WireSession`` tells the one who runs it.
public protocol WireSessionDelegate: AnyObject {
  /// A record from the peer (sync echoes are the session's own and never arrive here).
  func session(_ session: WireSession, received record: TraceRecord) throws(SessionStop)
  /// The session is about to wait for the peer: make what was written so far durable.
  func sessionWillWait(_ session: WireSession) throws(SessionStop)
}

/// The platform's side of the wire protocol (docs/WIRE.md) with one peer process: its header,
/// records both ways, waits bounded by silence (`timeout`) and by a flood without the awaited
/// answer (`maxWait`), sync round trips on the virtual clock and quiet periods on the wall clock.
///
/// It knows nothing of scripts, models or recordings: the recorder (and next the fuzzer) decide
/// what to send and what to do with what arrives, through the ``WireSessionDelegate``.
public final class WireSession {
  /// How long the session waits for the peer.
  public struct Limits: Sendable {
    /// Seconds of silence from the peer, while cmdtool waits for it, after which it counts as hung.
    public var timeout: Double = 10
    /// Seconds cmdtool waits for one answer while the peer keeps writing without giving it.
    public var maxWait: Double = 600
    /// Milliseconds of quiet that count as settled (wall clock).
    public var settle: Double = 200
    /// Seconds between SIGTERM and SIGKILL when the peer is stopped.
    public var grace: Double = 2

    public init() {}
  }

  public let process: PeerProcess
  public let limits: Limits
  public weak var delegate: (any WireSessionDelegate)?
  /// What messages call the peer: "the engine", or "the testee" when cmdtool plays the engine.
  public var peerName = "the engine"
  /// The widget schema of custom commands (docs/WIDGETS.md §6): the peer's are read with the one
  /// given to ``init(process:limits:widgets:)``; cmdtool's own are written (with their binary
  /// codes) with the one set here before ``open(answering:waitingFor:)``. Nil: built-ins only.
  public var widgets: WidgetSchema?
  private var decoder: TraceDecoder
  private var encoder: TraceEncoder?
  private var syncNumber = 0
  private var lastEcho = -1
  /// What cmdtool sent last, for messages ("" before anything was).
  public private(set) var lastSent = ""
  /// Records the peer wrote (sync echoes aside).
  public private(set) var recordsReceived = 0

  /// - Parameter widgets: the schema of the peer's custom widget commands, if it sends any.
  public init(process: PeerProcess, limits: Limits, widgets: WidgetSchema? = nil) {
    self.process = process
    self.limits = limits
    self.widgets = widgets
    decoder = TraceDecoder(binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
  }

  /// The peer's header, once read.
  public var peerHeader: TraceHeader? { decoder.header }
  /// The encoding the peer chose (and cmdtool answers in), once known.
  public var format: TraceFormat? { decoder.format }
  /// Whether the handshake is done (cmdtool's header has been sent).
  public var isOpen: Bool { encoder != nil }

  /// What was sent last, unless `what` cmdtool waited for names it already (a step's sync).
  private func afterSending(besides what: String) -> String { lastSent.isEmpty || what.contains(lastSent) ? "" : ", after sending \(lastSent)" }

  // MARK: - Handshake

  /// Waits for the peer's header (docs/WIRE.md §2) and answers with `platformHeader(peerHeader)`
  /// in the peer's encoding.
  public func open(answering platformHeader: (TraceHeader) -> TraceHeader, waitingFor what: String) throws(SessionStop) {
    try wait(until: { self.decoder.header != nil }, waitingFor: what)
    guard encoder == nil, let format = decoder.format else { return }
    var encoder = TraceEncoder(format: format, widgets: widgets)
    var bytes: [UInt8] = []
    do {
      try encoder.encodeHeader(platformHeader(decoder.header ?? TraceHeader()), into: &bytes)
    } catch {
      throw SessionStop(.other, "cannot encode the platform's header: \(error)")
    }
    self.encoder = encoder
    lastSent = "the platform's header"
    try transmit(bytes, what: lastSent)
  }

  /// Ends both traces after their last records and makes ready for the next pair on the same
  /// connection (a testee serving many cases, docs/CONFORMANCE.md §1.9): what the peer writes
  /// next is read as a new trace, from its header, and ``open(answering:waitingFor:)`` answers it
  /// with a new header of cmdtool's. Sync numbers start again.
  public func startNextTraces() {
    decoder.startNextTrace()
    encoder = nil
    syncNumber = 0
    lastEcho = -1
    lastSent = ""
  }

  // MARK: - Sending

  /// Sends a record to the peer. `description` names it in later messages (nil keeps the last).
  public func send(_ record: TraceRecord, describedAs description: String?) throws(SessionStop) {
    guard var encoder else { throw SessionStop(.other, "cannot send before the peer's header arrived") }
    var bytes: [UInt8] = []
    do {
      try encoder.encode(record, into: &bytes)
    } catch {
      throw SessionStop(.other, "cannot encode \(description ?? "a record"): \(error)")
    }
    self.encoder = encoder
    if let description { lastSent = description }
    var what = description ?? "a record"
    if description == nil, case .marker(let label, let detail) = record.body { what = "the \(label) marker \(detail)" }
    try transmit(bytes, what: what)
  }

  /// Writes `bytes` (`what`, for messages) to the peer within the limits: `timeout` seconds
  /// without progress either way, `maxWait` seconds in all (docs/WIRE.md §8).
  private func transmit(_ bytes: [UInt8], what: String) throws(SessionStop) {
    let result = process.write(bytes, timeout: limits.timeout * 1000, maxWait: limits.maxWait * 1000)
    if result == .written { return }
    // What the peer wrote meanwhile was received before the problem: it goes where it belongs
    // first (a peer's last words may say why it stopped reading).
    let held = process.heldOutputCount
    try handleHeldOutput()
    func progress(_ sent: Int) -> String { "\(sent) of \(bytes.count) bytes" }
    switch result {
    case .written:
      return
    case .closed:
      throw SessionStop(.ended, "\(peerName) stopped reading its input (after \(lastSent))")
    case .stalled(let sent):
      let meanwhile = held > 0 ? " (and wrote \(held) bytes meanwhile)" : ""
      throw SessionStop(.silent, "\(peerName) did not read its input for \(Format.seconds(limits.timeout)) (--timeout) while cmdtool was sending \(what): it took \(progress(sent))\(meanwhile)")
    case .flooded(let sent):
      throw SessionStop(.flooding, "\(peerName) kept writing for \(Format.seconds(limits.maxWait)) (--max-wait) without reading what cmdtool was sending (\(what)): it took \(progress(sent))")
    case .interrupted(let signal, let sent):
      throw interruption(signal, while: "while cmdtool was sending \(what) (\(peerName) had taken \(progress(sent)))")
    }
  }

  /// Decodes and handles what a failed write read from the peer and held.
  private func handleHeldOutput() throws(SessionStop) {
    guard process.heldOutputCount > 0 else { return }
    _ = process.read(timeout: 0, into: &decoder)
    try drain()
  }

  /// A sync round trip (docs/WIRE.md §4): sends a sync marker at `time` and waits for its echo, so
  /// that everything the peer wrote in answer to what came before has been received.
  public func sync(at time: Double, after what: String) throws(SessionStop) {
    syncNumber += 1
    let number = syncNumber
    try send(TraceRecord(time: time, .marker(label: "sync", detail: String(number))), describedAs: nil)
    try wait(until: { self.lastEcho >= number }, waitingFor: "the echo of sync \(number) after \(what)")
  }

  /// Waits until the peer has been quiet for `limits.settle` milliseconds (the wall clock's
  /// stand-in for a sync round trip, for peers that do not echo), for `limits.maxWait` seconds
  /// at most: an engine that changes a label every 100 ms (a clock, an animation) is never quiet,
  /// and its session must go on all the same (docs/WIRE.md §5).
  /// - Returns: nil when the peer settled; else how many records it wrote while cmdtool waited.
  @discardableResult
  public func quiet(after what: String) throws(SessionStop) -> Int? {
    let start = Monotonic.now()
    let cap = start + limits.maxWait * 1000
    let recordsBefore = recordsReceived
    var quietSince = start
    while true {
      let now = Monotonic.now()
      let quietEnds = quietSince + limits.settle
      if now >= quietEnds { return nil }
      if now >= cap { return recordsReceived - recordsBefore }
      if try pump(timeout: Int((min(quietEnds, cap) - now).rounded(.up)), after: what) {
        quietSince = Monotonic.now()
      }
    }
  }

  // MARK: - Receiving

  /// Reads from the peer for up to `milliseconds` and handles every whole record.
  /// - Returns: whether anything arrived.
  @discardableResult
  public func pump(timeout milliseconds: Int, after what: String) throws(SessionStop) -> Bool {
    switch try read(timeout: milliseconds) {
    case .data:
      try drain()
      return true
    case .timeout:
      return false
    case .endOfOutput:
      decoder.finish()
      try drain()
      throw SessionStop(.ended, "\(peerName) closed its output after \(what)")
    case .interrupted(let signal):
      throw interruption(signal, while: "after \(what)")
    }
  }

  /// Reads and handles the peer's records until `condition` holds.
  ///
  /// The peer counts as hung after `timeout` seconds of silence (a long flood is not silence),
  /// and as flooding when it writes for `maxWait` seconds without giving the answer.
  public func wait(until condition: () -> Bool, waitingFor what: String) throws(SessionStop) {
    let start = Monotonic.now()
    let cap = start + limits.maxWait * 1000
    var lastHeard = start
    let recordsBefore = recordsReceived
    while !condition() {
      let now = Monotonic.now()
      if now >= cap {
        throw SessionStop(.flooding, "\(peerName) did not answer within \(Format.seconds(limits.maxWait)) (--max-wait): it kept writing (\(recordsReceived - recordsBefore) records) but cmdtool was waiting for \(what)\(afterSending(besides: what))")
      }
      let silenceEnds = lastHeard + limits.timeout * 1000
      if now >= silenceEnds {
        throw SessionStop(.silent, "\(peerName) did not answer within \(Format.seconds(limits.timeout)): cmdtool was waiting for \(what)\(afterSending(besides: what))\(WireGate.note(process.refusedConnections))")
      }
      switch try read(timeout: Int((min(silenceEnds, cap) - now).rounded(.up))) {
      case .data:
        lastHeard = Monotonic.now()
        try drain()
      case .timeout:
        continue
      case .endOfOutput:
        if decoder.format == nil {
          // Not a cut-off record: nothing at all (a peer that failed to start, or to connect).
          throw SessionStop(.ended, "\(peerName) closed its output without writing anything while cmdtool was waiting for \(what)\(WireGate.note(process.refusedConnections))")
        }
        decoder.finish()
        try drain()
        throw SessionStop(.ended, "\(peerName) closed its output while cmdtool was waiting for \(what)")
      case .interrupted(let signal):
        throw interruption(signal, while: "while cmdtool was waiting for \(what)")
      }
    }
  }

  /// After the peer's input was closed: reads what it still writes until its output ends or
  /// `timeout` seconds pass.
  /// - Returns: what went wrong in that output (a cut-off or unreadable record), if anything.
  public func drainToEnd(timeout: Double) -> SessionStop? {
    let deadline = Monotonic.now() + timeout * 1000
    while Monotonic.now() < deadline {
      let result = (try? read(timeout: Int(max(1, deadline - Monotonic.now())))) ?? .timeout
      // At the end of the output, a record the peer left unfinished is a cut-off record.
      if result == .endOfOutput && decoder.format != nil { decoder.finish() }
      do {
        try drain()
      } catch {
        return error
      }
      if result != .data { return nil }
    }
    return nil
  }

  private func read(timeout milliseconds: Int) throws(SessionStop) -> PeerProcess.ReadResult {
    try delegate?.sessionWillWait(self)
    return process.read(timeout: milliseconds, into: &decoder)
  }

  private func drain() throws(SessionStop) {
    while true {
      let record: TraceRecord?
      do {
        record = try decoder.next()
      } catch {
        if error.code == .truncated {
          throw SessionStop(.cutOff, "\(peerName)'s output stopped in the middle of a record: \(error)")
        }
        if error.code == .schemaMissing || error.code == .schemaMismatch, let named = decoder.header?.widgets {
          let given = widgets.map { "; the schema given is \($0.reference)" } ?? ""
          throw SessionStop(.unreadable, "\(peerName)'s header names the widget schema \(named)\(given): give its file with --widgets FILE (docs/WIDGETS.md)")
        }
        throw SessionStop(.unreadable, Self.unreadable(error, from: peerName))
      }
      guard let record else { return }
      if case .marker("sync", let detail) = record.body {
        if let number = Int(detail) { lastEcho = max(lastEcho, number) }
        continue
      }
      recordsReceived += 1
      try delegate?.session(self, received: record)
    }
  }

  /// Why the peer's output cannot be read, for people: a line of text on the wire is a log in
  /// the wrong place (docs/WIRE.md §1), and is shown.
  static func unreadable(_ error: CodecError, from peerName: String) -> String {
    guard case .text(let line)? = error.foreignContent else { return "\(peerName) wrote something that is not a trace record: \(error)" }
    let place = error.location.description + (error.recordIndex.map { " (record #\($0))" } ?? "")
    return "\(peerName) wrote a line of text, not a trace record: \(place): \(ForeignContent.excerpt(line)); logs go to standard error: standard output carries only trace records (docs/WIRE.md §1)"
  }

  private func interruption(_ signal: Int32, while what: String) -> SessionStop {
    SessionStop(.interrupted(signal: signal), "interrupted by \(SignalTrap.name(of: signal) ?? "signal \(signal)") \(what)")
  }
}
