import CommandCodec
import ReplayCore
import ReplayLive

/// One session with a testee process (docs/CONFORMANCE.md §1): cmdtool plays the engine over
/// the wire protocol's transports, sends a case's steps and collects what comes back.
public final class TesteeConnection: WireSessionDelegate {
  /// How to start a testee and how long to wait for it.
  public struct Settings: Sendable {
    public var command: [String]
    public var environment: [String: String] = [:]
    public var transport = WireTransport.stdio
    public var limits = WireSession.Limits()
    /// How many cases a process serves (`--sessions`): nil for what its hello declares, `.one`
    /// to start a process per case even for a testee that declares `sessions=many`, `.many` to
    /// require that declaration (docs/CONFORMANCE.md §1.9).
    public var sessions: TesteeHello.Sessions?

    public init(command: [String]) {
      self.command = command
    }
  }

  /// Why a session could not go on: the case is an error (or skipped, for `unsupported`).
  public struct Problem: Error, CustomStringConvertible, Sendable {
    public enum Kind: String, Sendable {
      /// The testee could not be started.
      case spawn
      /// It crashed, exited early, hung, flooded or wrote what is not a trace record.
      case session
      /// Its hello marker is missing or wrong.
      case hello
      /// Its snapshot cannot be read.
      case snapshot
      /// It answered a request with an `error` marker.
      case refused
      /// It answered a request with an `unsupported` marker: the case is skipped.
      case unsupported
    }

    public var kind: Kind
    public var description: String
  }

  public let settings: Settings
  let process: PeerProcess
  let session: WireSession
  var received: [TraceRecord] = []
  var helloDetail: String?
  var sawFirstRecord = false
  /// The detail of the first `unsupported` marker the testee wrote: from then on the case is
  /// skipped, whatever the testee does next (it may exit at once: §1.2).
  var unsupported: String?
  /// What cmdtool was doing, for the reason of a skip.
  var doing = "the case's header"
  /// The schema the case's header names (nil: none), and whether a step has been answered since.
  var schema: WidgetSchemaReference?
  var answeredAStep = false
  /// The case being served (its name goes in the `case` marker of §1.9).
  var caseName: String
  /// With `sessions=many`: the process's first hello, which every later one must repeat word for
  /// word, and whether cmdtool serves it case after case (§1.9).
  var firstHello: (detail: String, hello: TesteeHello)?
  /// Whether cmdtool sends this process case after case: its hello declares `sessions=many`
  /// and `--sessions one` does not forbid it (§1.9).
  public internal(set) var servesMany = false
  /// Whether the testee's new header and hello have arrived after a case (§1.9 step 4), so
  /// that ``open(header:widgets:)`` only answers them.
  var reset = false

  /// Starts the testee for a case (its name in `CMDTOOL_CASE`).
  public init(_ settings: Settings, caseName: String) throws(Problem) {
    self.settings = settings
    self.caseName = caseName
    var environment = settings.environment
    environment["CMDTOOL_CASE"] = caseName
    do {
      process = try PeerProcess(command: settings.command, environment: environment, transport: settings.transport)
    } catch {
      throw Problem(kind: .spawn, description: "\(error)")
    }
    session = WireSession(process: process, limits: settings.limits)
    session.peerName = "the testee"
    session.delegate = self
  }

  /// The testee's name, from its header's creator ("" when it gives none).
  public var creator: String { session.peerHeader?.creator ?? "" }

  /// The testee's standard error, its last 4 KiB.
  public var stderrTail: String { process.stderrTail }

  /// What the testee said on its standard error (its start, its end, its crash message).
  public var stderr: PeerWords { process.stderr }

  /// Whether the handshake is done: the testee's header and a hello cmdtool accepts.
  public private(set) var handshook = false

  /// Reads the testee's header and hello, and answers with the case's header; `widgets` is the
  /// schema of the case's custom commands, which the header names.
  public func open(header: TraceHeader, widgets: WidgetSchema? = nil) throws(Problem) -> TesteeHello {
    session.widgets = widgets
    schema = header.widgets
    if reset, let firstHello { return try openAfterReset(header: header, hello: firstHello.hello) }
    try run { () throws(SessionStop) in
      try session.open(answering: { _ in header }, waitingFor: "the testee's header")
      try session.wait(until: { self.sawFirstRecord }, waitingFor: "the testee's hello marker")
    }
    guard let helloDetail else {
      throw Problem(kind: .hello, description: "the testee's first record is not its hello marker ({\"marker\":\"testee\",\"detail\":\"protocol=1 …\"})")
    }
    let hello: TesteeHello
    do {
      hello = try TesteeHello(parsing: helloDetail)
    } catch {
      throw Problem(kind: .hello, description: "the testee's hello: \(error.description)")
    }
    try chooseSessions(hello, detail: helloDetail)
    handshook = true
    return hello
  }

  /// Sends a step's requests, then a sync, and returns what the testee sent in answer.
  public func perform(_ requests: [TraceRecord], at time: Double, describedAs what: String) throws(Problem) -> [TraceRecord] {
    received.removeAll()
    doing = what
    try run { () throws(SessionStop) in
      for request in requests { try session.send(request, describedAs: what) }
      try session.sync(at: time, after: what)
    }
    answeredAStep = true
    for record in received {
      guard case .marker(let label, let detail) = record.body else { continue }
      if label == "unsupported" { throw Problem(kind: .unsupported, description: "the testee cannot do \(what): \(detail)") }
      if label == "error" { throw Problem(kind: .refused, description: "the testee refused \(what): \(detail)") }
    }
    return received.filter { EventKinds.of($0) != nil }
  }

  /// Asks for the testee's state and reads its snapshot.
  public func state(at time: Double, after what: String) throws(Problem) -> UIState {
    _ = try perform([TesteeRequest.state(at: time)], at: time, describedAs: "the state request after \(what)")
    guard let snapshot = lastState else {
      throw Problem(kind: .snapshot, description: "the testee answered the state request after \(what) with no state marker")
    }
    do {
      return try StateSnapshotReader.read(Array(snapshot.utf8))
    } catch {
      throw Problem(kind: .snapshot, description: "the testee's state after \(what) is not a snapshot (docs/STATE_FORMAT.md): \(error)")
    }
  }

  private var lastState: String? {
    for record in received.reversed() {
      if case .marker("state", let detail) = record.body { return detail }
    }
    return nil
  }

  /// Closes the testee's input and waits for it to exit.
  /// - Returns: a problem when it did not exit with status 0 on its own.
  public func finish() -> Problem? {
    process.closeInput()
    let leftover = session.drainToEnd(timeout: settings.limits.timeout)
    let exit = process.waitForExit(timeout: settings.limits.timeout, grace: settings.limits.grace)
    if let unsupported { return unsupportedProblem(unsupported) }
    if let leftover { return Problem(kind: .session, description: leftover.message) }
    if process.wasStopped {
      return Problem(kind: .session, description: "the testee did not exit within \(Format.seconds(settings.limits.timeout)) after its input ended: cmdtool stopped it (\(exit.phrase))")
    }
    if !exit.succeeded { return Problem(kind: .session, description: "the testee ended with \(exit.phrase) at the end of the case") }
    return nil
  }

  /// Stops the testee at once (after a problem).
  public func abandon() {
    process.stop(grace: settings.limits.grace)
  }

  func run(_ body: () throws(SessionStop) -> Void) throws(Problem) {
    do {
      try body()
    } catch {
      // A testee that stopped reading or writing may have said why first: read what is left.
      if unsupported == nil && (error.kind == .ended || error.kind == .cutOff) {
        _ = session.drainToEnd(timeout: min(settings.limits.timeout, 2))
      }
      if let unsupported { throw unsupportedProblem(unsupported) }
      // A crash explains a closed output better than the closing does.
      var message = error.message
      // A testee that closed its output is usually dying: wait for it (a crash reporter may take
      // a while to write) to say how it ended.
      if error.kind == .ended || error.kind == .cutOff {
        let exit = process.waitForExit(timeout: min(settings.limits.timeout, 5), grace: settings.limits.grace)
        // Named however it ended: an exit(0) in the middle of a case (QUIT_APP taken as "quit
        // the process") is as much a finding as a crash.
        message += process.wasStopped ? " (it was still running: cmdtool stopped it)" : " (the testee ended with \(exit.phrase))"
      } else if let exit = process.exitStatus, !exit.succeeded {
        message += " (the testee ended with \(exit.phrase))"
      }
      throw Problem(kind: .session, description: message)
    }
  }

  // MARK: - WireSessionDelegate

  public func session(_ session: WireSession, received record: TraceRecord) throws(SessionStop) {
    if !sawFirstRecord {
      sawFirstRecord = true
      if case .marker("testee", let detail) = record.body { helloDetail = detail }
      return
    }
    received.append(record)
    // The case is skipped: stop waiting for anything else.
    if unsupported == nil, case .marker("unsupported", let detail) = record.body {
      unsupported = detail
      throw SessionStop(.other, "the testee answered unsupported")
    }
  }

  func unsupportedProblem(_ detail: String) -> Problem {
    // Before its first answer, a testee that answers unsupported to a header naming a widget
    // schema has not loaded that schema (§1.2).
    if let schema, !answeredAStep {
      return Problem(kind: .unsupported, description: "the testee cannot take widget schema \(schema): \(detail)")
    }
    return Problem(kind: .unsupported, description: "the testee cannot do \(doing): \(detail)")
  }

  public func sessionWillWait(_ session: WireSession) throws(SessionStop) {}
}
