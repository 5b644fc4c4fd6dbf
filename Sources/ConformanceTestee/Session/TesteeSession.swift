import CommandCodec

/// The testee's side of `cmdtool conformance` (docs/CONFORMANCE.md §1): the handshake, then
/// every record cmdtool sends, handled in order on the platform, with the events it produced
/// written before the next record is read.
///
/// ```swift
/// let transport = try FileDescriptorTransport.fromEnvironment()
/// let session = TesteeSession(platform: MyPlatform(), declaration: declaration, creator: "my-platform 1.0", transport: transport)
/// switch session.run() { … }
/// ```
public final class TesteeSession {
  /// How a run ended.
  public enum Ending: Equatable, Sendable {
    /// cmdtool closed the input: exit with status 0.
    case finished
    /// The testee said `unsupported` to a command of a batch (one session), or to a case whose
    /// widget schema it has not loaded, and ends the process: exit with status 0.
    case unsupported
    /// The input was not a trace, or the connection failed: exit with status 2 and log it.
    case failed(TesteeSessionError)
  }

  private let platform: TesteePlatform
  /// What the hello says. Each hello reads it afresh: with `sessions=many`, a change made
  /// between cases (in ``TesteePlatform/reset()``) is what the next case's hello declares.
  public var declaration: TesteeDeclaration
  private let creator: String
  private let format: TraceFormat
  private let transport: TesteeTransport
  private let widgets: WidgetSchema?
  private let context: TesteeContext
  private var input: RecordInput
  private var encoder: TraceEncoder

  /// A session for `platform`, which says `declaration` in its hello and writes `format`.
  /// `widgets` is the custom widget schema the platform has (docs/WIDGETS.md), if any.
  /// `log` receives the testee's log lines (to standard error, say).
  public init(
    platform: TesteePlatform, declaration: TesteeDeclaration, creator: String, format: TraceFormat = .jsonLines,
    widgets: WidgetSchema? = nil, transport: TesteeTransport, log: @escaping (String) -> Void = { _ in }
  ) {
    self.platform = platform
    self.declaration = declaration
    self.creator = creator
    self.format = format
    self.transport = transport
    self.widgets = widgets
    context = TesteeContext(logger: log)
    input = RecordInput(transport: transport, widgets: widgets)
    encoder = TraceEncoder(format: format, widgets: widgets)
  }

  /// Plays cases until cmdtool closes the input (one case, or many with `sessions=many`).
  public func run() -> Ending {
    do throws(TesteeSessionError) {
      while true {
        try hello()
        guard try begin() else { return .unsupported }
        switch try play() {
        case .inputEnded: return .finished
        case .unsupportedBatch where !declaration.servesManySessions: return .unsupported
        case .unsupportedBatch, .unsupported: try discardUntilEnd()
        case .ended: break
        }
        // §1.9: `end` came (or the input, while discarding, ended: then the next read says so).
        platform.reset()
        context.clock.reset()
        context.outbox = []
        context.recordIndex = 0
        input.restart()
        encoder = TraceEncoder(format: format, widgets: widgets)
      }
    } catch {
      return error == .inputClosed ? .finished : .failed(error)
    }
  }

  // MARK: - One case

  private enum CaseEnding {
    case inputEnded, ended
    /// A command of a batch was refused: the commands after it may name what the platform could
    /// not make, so a one-session testee stops reading (§1.3) and a many-session one skips the case.
    case unsupportedBatch
    /// A request or a record was refused (sessions=many only): the case is skipped to its end.
    case unsupported
  }

  /// §1.2 step 1: the header and the hello, before reading anything.
  private func hello() throws(TesteeSessionError) {
    var bytes: [UInt8] = []
    do {
      try encoder.encodeHeader(TraceHeader(creator: creator), into: &bytes)
      try encoder.encode(declaration.hello, into: &bytes)
    } catch {
      throw .output(error)
    }
    try send(bytes)
  }

  /// Reads cmdtool's header and begins the case; false when the case needs a widget schema
  /// this testee has not loaded (answered `unsupported`: nothing after the header can be read).
  private func begin() throws(TesteeSessionError) -> Bool {
    let first: TraceRecord?
    do throws(TesteeSessionError) {
      switch try input.readHeader() {
      case .end: throw .inputClosed
      case .header(let header, let record):
        context.header = header
        first = record
      }
    } catch .input(let error) where error.code == .schemaMissing || error.code == .schemaMismatch {
      let loaded = widgets.map { "it loaded widget schema \($0.reference), another one" } ?? "it has none"
      try write(TraceRecord(time: 0, .marker(label: "unsupported", detail: "\(creator) has not loaded the case's widget schema: \(loaded)")))
      return false
    }
    platform.begin(context)
    pending = first
    return true
  }

  /// A record that came with the header, handled first.
  private var pending: TraceRecord?

  private func play() throws(TesteeSessionError) -> CaseEnding {
    while true {
      // The record that came with the header first, then the input's.
      let record: TraceRecord
      if let first = pending.take() {
        record = first
      } else if let next = try input.next() {
        record = next
      } else {
        return .inputEnded
      }
      context.clock.run(to: record.time)
      platform.advance(to: record.time, in: context)
      let refusal: TesteeRefusal?
      let isBatch = record.body.isBatch
      switch record.body {
      case .batch(let commands):
        refusal = apply(commands)
        context.recordIndex += 1
      case .marker(let label, let detail):
        switch try handleRequest(label: label, detail: detail, at: record.time) {
        case .refused(let reason): refusal = reason
        case .end: return .ended
        case .handled: refusal = nil
        }
        if label != "case" { context.recordIndex += 1 }
      case .event, .modalResult:
        refusal = .unsupported("an event record is not a request: cmdtool asks with tap, type, select, choose or back")
        context.recordIndex += 1
      }
      try flushEvents()
      if let refusal {
        context.log("\(refusal.label): \(refusal.reason)")
        try write(TraceRecord(time: record.time, .marker(label: refusal.label, detail: refusal.reason)))
        // §1.3: cmdtool stops the case at `unsupported`. A refused command ends a one-session
        // testee (what follows may name what it could not make); a refused request does not (the
        // C++ kit's rule too): the testee reads on and exits when cmdtool closes its input.
        if case .unsupported = refusal {
          if isBatch { return .unsupportedBatch }
          if declaration.servesManySessions { return .unsupported }
        }
      }
    }
  }

  /// Applies a batch's commands in order; at the first one refused, stops (§1.3).
  private func apply(_ commands: [Command]) -> TesteeRefusal? {
    do {
      try platform.applyBatch(commands, in: context)
    } catch {
      return error
    }
    return nil
  }

  private enum RequestOutcome {
    case handled, end, refused(TesteeRefusal)
  }

  private func handleRequest(label: String, detail: String, at time: Double) throws(TesteeSessionError) -> RequestOutcome {
    let request: TesteeRequest
    do {
      request = try TesteeRequest(label: label, detail: detail)
    } catch {
      return .refused(.error(error.message))
    }
    switch request {
    case .act(let action):
      do {
        try platform.perform(action, in: context)
      } catch {
        return .refused(error)
      }
    case .advance:
      break  // the clock ran to the marker's time already
    case .state:
      var state = StateBuilder(time: time)
      platform.report(into: &state, in: context)
      try flushEvents()
      try write(TraceRecord(time: time, .marker(label: "state", detail: String(decoding: state.snapshot(), as: UTF8.self))))
    case .sync(let detail):
      // Every event before it is written first: the echo says "all of it is out".
      platform.synchronize(in: context)
      try flushEvents()
      try write(TraceRecord(time: time, .marker(label: "sync", detail: detail)))
    case .caseName(let name):
      // Not logged: a platform's log names the case itself, if it wants (cmdtool gives each
      // case's report the log lines written after its `case` marker).
      context.caseName = name
    case .end:
      return declaration.servesManySessions ? .end : .refused(.unsupported("end marker without sessions=many"))
    case .unknown(let label):
      return .refused(.unsupported("unknown request \(label)"))
    }
    return .handled
  }

  /// §1.9: after `unsupported`, the records already on the way are read and dropped until `end`.
  private func discardUntilEnd() throws(TesteeSessionError) {
    while let record = try input.next() {
      if case .marker("end", _) = record.body { return }
    }
  }

  // MARK: - Output

  private func flushEvents() throws(TesteeSessionError) {
    guard !context.outbox.isEmpty else { return }
    let events = context.outbox
    context.outbox = []
    for event in events { try write(event) }
  }

  private func write(_ record: TraceRecord) throws(TesteeSessionError) {
    var bytes: [UInt8] = []
    do {
      try encoder.encode(record, into: &bytes)
    } catch {
      throw .output(error)
    }
    try send(bytes)
  }

  private func send(_ bytes: [UInt8]) throws(TesteeSessionError) {
    do {
      try transport.write(bytes)
    } catch {
      throw .transport(error)
    }
  }
}

extension TraceRecord.Body {
  fileprivate var isBatch: Bool {
    if case .batch = self { return true }
    return false
  }
}

extension Optional {
  /// The value, leaving nil behind.
  fileprivate mutating func take() -> Wrapped? {
    defer { self = nil }
    return self
  }
}
