import CommandCodec
import ReplayCore

/// Where a live session's times come from.
public enum SessionClock: String, CaseIterable, Sendable {
  /// Virtual time: the clock moves only between steps; sync markers pace the peer. Deterministic.
  case virtual
  /// Real milliseconds since the start; the peer is given time to settle instead of syncs.
  case wall
}

/// What a ``ScriptRunner`` reports to the one who runs it (the recorder, next the fuzzer).
public protocol ScriptRunnerDelegate: AnyObject {
  /// A record that crossed the wire, either way, or a note the runner makes (a `script` marker),
  /// with the state of the platform before it applies. Called in order, once each.
  func runner(_ runner: ScriptRunner, observed record: TraceRecord, before state: UIState) throws(SessionStop)
  /// The runner is about to wait for the peer: make what was observed so far durable.
  func runnerWillWait(_ runner: ScriptRunner) throws(SessionStop)
}

/// Plays the platform for a peer engine: the one script runner of the live side.
///
/// It holds the reference model (the platform's state), drives the peer through a
/// ``WireSession`` step by step (user actions from an ``EventScript`` or from a generator), moves
/// the platform's clock (timer ticks and toast expiry happen in their turn, on the virtual clock
/// without waiting), forwards the events the platform sends on its own, and lets the peer settle
/// after every step. Every record that crosses the wire goes through the delegate before the model
/// applies it, so a recorder can write it and a fuzzer can check it.
public final class ScriptRunner: WireSessionDelegate {
  public let session: WireSession
  public let clock: SessionClock
  public weak var delegate: (any ScriptRunnerDelegate)?
  /// The platform's state.
  public private(set) var model: ReferenceModel
  /// Values of named secrets, for `typeSecret` steps.
  public var secret: (String) -> String? = { _ in nil }
  private var now: Double = 0
  private let startWall = Monotonic.now()
  private var forwarded = 0
  /// Records observed (and applied), which is each record's index in a recording.
  public private(set) var recordCount = 0
  /// Commands the peer sent.
  public private(set) var commandsReceived = 0
  /// The step being played (from its `script` marker on), nil before the first.
  public private(set) var currentStep: EventScript.Step?
  /// Steps played so far.
  public private(set) var stepsPlayed = 0

  /// - Parameter header: the platform's viewport and stored preferences at the start.
  ///
  /// The model knows the custom widgets of the session's schema (``WireSession/widgets``): it
  /// creates them, checks their values and taps them as the schema says (docs/WIDGETS.md §6).
  public init(session: WireSession, clock: SessionClock, header: TraceHeader) {
    self.session = session
    self.clock = clock
    model = ReferenceModel(header: header, options: .init(recordEmissions: true), widgets: session.widgets)
    session.delegate = self
  }

  /// The platform's time now, in milliseconds since the start.
  public var currentTime: Double {
    clock == .virtual ? now : max(now, (Monotonic.now() - startWall).rounded())
  }

  // MARK: - The session

  /// Waits for the peer's header, answers with the platform's, and lets the peer settle.
  public func start(platformHeader: @escaping (TraceHeader) -> TraceHeader, waitingFor what: String) throws(SessionStop) {
    try session.open(answering: platformHeader, waitingFor: what)
    try settle(after: "the engine's start")
  }

  /// Plays one step at its time: the platform's clock runs up to it, the step is noted (a
  /// `script` marker holding its source), its records are sent, and the peer settles.
  public func perform(_ step: EventScript.Step) throws(SessionStop) {
    try advance(to: step.time)
    currentStep = step
    stepsPlayed += 1
    try note(TraceRecord(time: currentTime, .marker(label: "script", detail: step.source)))
    let records: [TraceRecord]
    do {
      records = try step.records(at: currentTime, in: model.state, secret: secret)
    } catch {
      throw SessionStop(.scriptFailed, error.message)
    }
    if case .marker(let label) = step.action {
      try note(TraceRecord(time: currentTime, .marker(label: label, detail: "")))
    }
    for record in records { try send(record) }
    try settle(after: "script line \(step.line) (\(Format.clipped(step.source, to: Self.quoteLimit)))")
  }

  /// Records a note of the runner's own (a marker) in its turn.
  public func note(_ record: TraceRecord) throws(SessionStop) {
    try observe(record)
  }

  /// Runs the platform's clock to `time`: timer ticks and toast expiry in their turn (each
  /// followed by a settle when the platform sent something), in real time on the wall clock.
  public func advance(to time: Double) throws(SessionStop) {
    if clock == .virtual {
      // Every tick is a round trip with the engine: a step far ahead of a fast timer (t=1e15
      // after a 1 ms timer) would take forever even when the engine answers every tick.
      let (firings, busiest) = model.timerFirings(through: time)
      if let busiest, firings > Double(model.options.clockLimit) {
        let timer = busiest.timer
        throw SessionStop(.scriptFailed, "running the platform's clock from \(Format.time(milliseconds: now)) to \(Format.time(milliseconds: time)) would fire timer \(timer.id) (owner \(timer.owner), every \(Format.number(timer.interval)) ms) \(Format.number(busiest.firings)) times, and a session fires timers at most \(Format.number(Double(model.options.clockLimit))) times between two steps (docs/PROTOCOL.md §2.1)")
      }
      while let deadline = model.nextDeadline, deadline <= time {
        now = max(now, deadline)
        model.advance(to: deadline)
        try checkClock()
        if forwarded < model.emissions.count { try settle(after: "the platform's clock at \(Format.time(milliseconds: deadline))") }
      }
      now = max(now, time)
      model.advance(to: now)
      return try checkClock()
    }
    let due = startWall + time
    while Monotonic.now() < due {
      // Wake up for the platform's own deadlines too, so timers fire in real time.
      let wake = min(due, model.nextDeadline.map { startWall + $0 } ?? due)
      try session.pump(timeout: Int(max(0, wake - Monotonic.now()).rounded(.up)), after: "waiting for \(Format.time(milliseconds: time))")
      model.advance(to: currentTime)
      try checkClock()
      try forwardEmissions()
    }
    now = currentTime
  }

  /// Stops the session when the platform's clock stopped at its limit: the engine's timers kept
  /// ticking without a command in between (docs/PROTOCOL.md §2.1).
  private func checkClock() throws(SessionStop) {
    if let overrun = model.clockOverrun { throw SessionStop(.other, overrun.description) }
  }

  /// Lets the peer finish what it was given: a sync round trip on the virtual clock (again while
  /// the platform has events of its own to forward), quiet time on the wall clock.
  ///
  /// An engine never quiet for `--settle` within `--max-wait` on the wall clock is not waited for
  /// longer: the session goes on, and an ``unsettledMarker`` in the recording says where.
  public func settle(after what: String) throws(SessionStop) {
    for _ in 0..<10_000 {
      try forwardEmissions()
      switch clock {
      case .virtual: try session.sync(at: currentTime, after: what)
      case .wall:
        if let written = try session.quiet(after: what) {
          let limits = session.limits
          let detail = "\(session.peerName) was not quiet for \(Format.number(limits.settle)) ms (--settle) within \(Format.seconds(limits.maxWait)) (--max-wait) after \(what): it wrote \(written) records meanwhile; cmdtool went on"
          try forwardEmissions()
          try note(TraceRecord(time: currentTime, .marker(label: Self.unsettledMarker, detail: detail)))
          return
        }
      }
      if forwarded == model.emissions.count { return }
    }
    throw SessionStop(.other, "the engine and the platform kept exchanging events after \(what) (10,000 rounds)")
  }

  /// Sends a record to the peer and observes it.
  public func send(_ record: TraceRecord) throws(SessionStop) {
    try observe(record)
    try delegate?.runnerWillWait(self)
    try session.send(record, describedAs: Self.describe(record))
  }

  /// Sends the events the platform produced on its own (timer ticks, image requests, the drawer's
  /// visibility) since the last call.
  private func forwardEmissions() throws(SessionStop) {
    while forwarded < model.emissions.count {
      let emission = model.emissions[forwarded]
      forwarded += 1
      if case .event(let target, let event) = emission.kind {
        try send(TraceRecord(time: currentTime, .event(target: target, event)))
      }
    }
  }

  private func observe(_ record: TraceRecord) throws(SessionStop) {
    try delegate?.runner(self, observed: record, before: model.state)
    model.apply(record, index: recordCount)
    recordCount += 1
  }

  /// A record as messages name it: `0.100s  ←  ValueEvent → 7 value=1`, clipped (a typed text
  /// may be megabytes long).
  static func describe(_ record: TraceRecord) -> String {
    TraceRecordFormatter.lines(for: record, index: 0).first.map { line in
      Format.clipped(line.drop { $0 != " " }.drop { $0 == " " }, to: quoteLimit)
    } ?? "a record"
  }

  /// The label of the marker that notes a step played while the engine was not quiet (wall clock).
  public static let unsettledMarker = "unsettled"

  /// The most characters of a record or a script line a message quotes.
  static let quoteLimit = 120

  // MARK: - WireSessionDelegate

  public func session(_ session: WireSession, received record: TraceRecord) throws(SessionStop) {
    if case .batch(let commands) = record.body { commandsReceived += commands.count }
    // Re-timed on the platform's clock (docs/WIRE.md §3).
    try observe(TraceRecord(time: currentTime, record.body))
  }

  public func sessionWillWait(_ session: WireSession) throws(SessionStop) {
    try delegate?.runnerWillWait(self)
  }
}
