import CommandCodec
import ReplayCore
import Foundation

/// Records a session against a live engine (docs/WIRE.md): plays the platform with the reference
/// model, drives the engine with a script, and writes everything that crosses the wire, in both
/// directions and with times, to a trace file, record by record.
///
/// The file is flushed once everything one read from the engine brought is handled, after every
/// record sent to the engine, and before every wait, so if the engine or the recorder dies, every
/// whole record received before that is in the file and readable.
public final class Recorder {
  /// Where times come from.
  public enum Clock: String, CaseIterable, Sendable {
    /// Virtual time: the clock moves only between script steps; sync markers pace the engine. Deterministic.
    case virtual
    /// Real milliseconds since the start; the engine is given time to settle instead of syncs.
    case wall
  }

  public struct Configuration: Sendable {
    public var engine: [String]
    public var script: EventScript
    public var output: String
    public var format: TraceFormat
    public var clock: Clock = .virtual
    /// Seconds of silence from the engine, while cmdtool waits for it (its header, a sync echo,
    /// its exit), after which it counts as hung.
    public var timeout: Double = 10
    /// Seconds cmdtool waits for one answer (the header, a sync echo) while the engine keeps
    /// writing without giving it: an engine flooding the pipe without end.
    public var maxWait: Double = 600
    /// Milliseconds of quiet that count as settled (wall clock).
    public var settle: Double = 200
    public var viewport: Viewport? = Viewport(width: 375, height: 667, scale: 2)
    /// The preferences the platform has stored when the session starts.
    public var preferences: [String: String] = [:]
    public var redaction = Redaction()
    /// How the engine's records travel: its stdio, or a socket it connects to (docs/WIRE.md §1).
    public var transport = WireTransport.stdio

    public init(engine: [String], script: EventScript, output: String, format: TraceFormat) {
      self.engine = engine
      self.script = script
      self.output = output
      self.format = format
    }
  }

  /// How a recording ended.
  public struct Outcome: Sendable {
    public var recordsWritten = 0
    public var commandsReceived = 0
    /// The engine's name from its header.
    public var engineName: String?
    public var exitStatus: Int32?
    /// What went wrong, if anything; the recording holds everything before it.
    public var problem: String?
    /// Whether the problem is the input's fault (an unreadable engine stream): exit status 2.
    public var problemIsBadInput = false
    public var stderrTail = ""

    public var succeeded: Bool { problem == nil && exitStatus == 0 }
  }

  private let configuration: Configuration
  private var engine: EngineProcess!
  private var decoder = TraceDecoder()
  private var toEngine: TraceEncoder?
  private var writer: TraceFileWriter?
  private var model: ReferenceModel
  private var now: Double = 0
  private var startWall: Double = 0
  private var forwarded = 0
  private var syncNumber = 0
  private var lastEcho = -1
  private var outcome = Outcome()
  /// What cmdtool sent last, for messages ("" before the session opens).
  private var lastSent = ""
  /// The redaction rules with the values hidden so far.
  private var redaction: Redaction

  public init(_ configuration: Configuration) {
    self.configuration = configuration
    self.redaction = configuration.redaction
    let header = TraceHeader(viewport: configuration.viewport, preferences: configuration.preferences)
    model = ReferenceModel(header: header, options: .init(recordEmissions: true))
  }

  /// Why the session stops early.
  struct Stop: Error {
    var message: String
    var badInput = false
    var engineEnded = false
    /// The engine's output stopped inside a record (it died while writing).
    var cutOff = false
    /// The script cannot go on (a selector matches nothing): the engine did nothing wrong.
    var scriptFailed = false
  }

  /// Runs the session to its end (or the first problem) and returns how it went.
  public func run() -> Outcome {
    do {
      engine = try EngineProcess(command: configuration.engine, transport: configuration.transport)
    } catch {
      // SpawnError says what failed (the program, the socket); others get the command line.
      outcome.problem = (error as? EngineProcess.SpawnError)?.description ?? "cannot start \(configuration.engine.joined(separator: " ")): \(error)"
      return outcome
    }
    startWall = EngineProcess.now()
    do {
      try handshake()
      try settle(after: "the engine's start")
      for step in configuration.script.steps { try perform(step) }
      finishSession(problem: nil)
    } catch let stop as Stop {
      finishSession(problem: stop)
    } catch {
      finishSession(problem: Stop(message: "\(error)"))
    }
    return outcome
  }

  // MARK: - Wire

  private func handshake() throws {
    let what = configuration.transport == .stdio ? "the engine's header" : "the engine to connect to \(WireTransport.environmentVariable) and send its header"
    try waitForEngine(until: { self.decoder.header != nil }, waitingFor: what)
  }

  /// Called once the engine's encoding and header are known: answers with the platform's header
  /// and opens the recording.
  private func openSession() throws {
    guard toEngine == nil, let format = decoder.format else { return }
    let engineHeader = decoder.header ?? TraceHeader()
    outcome.engineName = engineHeader.creator
    var encoder = TraceEncoder(format: format)
    var bytes: [UInt8] = []
    let platformHeader = TraceHeader(creator: "cmdtool record", viewport: configuration.viewport, preferences: configuration.preferences)
    try encoder.encodeHeader(platformHeader, into: &bytes)
    toEngine = encoder
    engine.write(bytes)
    lastSent = "the engine's header"
    try openWriter(numbering: engineHeader.numbering)
  }

  private func openWriter(numbering: String?) throws {
    guard writer == nil else { return }
    var header = TraceHeader(numbering: numbering, viewport: configuration.viewport, preferences: configuration.preferences)
    header.creator = "cmdtool record" + (outcome.engineName.map { " of \($0)" } ?? "")
    if configuration.clock == .wall { header.created = Self.timestamp() }
    // Flushed by flushRecording() once everything one read brought is handled, and before every
    // wait: one write(2) per read of the engine's output, not per record (docs/WIRE.md §8).
    writer = try TraceFileWriter(path: configuration.output, format: configuration.format, header: header, flush: .buffered)
  }

  static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }

  private var afterSending: String { lastSent.isEmpty ? "" : ", after sending \(lastSent)" }

  /// Reads from the engine and handles every whole record until `condition` holds.
  ///
  /// The engine counts as hung after `timeout` seconds of silence (a long flood is not silence),
  /// and as flooding when it writes for `maxWait` seconds without giving the answer.
  private func waitForEngine(until condition: () -> Bool, waitingFor what: String) throws {
    let start = EngineProcess.now()
    let cap = start + configuration.maxWait * 1000
    var lastHeard = start
    let recordsBefore = outcome.recordsWritten
    while !condition() {
      let now = EngineProcess.now()
      if now >= cap {
        let records = outcome.recordsWritten - recordsBefore
        throw Stop(message: "the engine did not answer within \(Format.seconds(configuration.maxWait)) (--max-wait): it kept writing (\(records) records) but cmdtool was waiting for \(what)\(afterSending)")
      }
      let silenceEnds = lastHeard + configuration.timeout * 1000
      if now >= silenceEnds {
        throw Stop(message: "the engine did not answer within \(Format.seconds(configuration.timeout)): cmdtool was waiting for \(what)\(afterSending)")
      }
      switch try readEngine(timeout: Int((min(silenceEnds, cap) - now).rounded(.up))) {
      case .data:
        lastHeard = EngineProcess.now()
        try drainDecoder()
      case .timeout:
        continue
      case .endOfOutput:
        if decoder.format == nil {
          // Not a cut-off record: nothing at all (an engine that failed to start, or to connect).
          throw Stop(message: "the engine closed its output without writing anything while cmdtool was waiting for \(what)", engineEnded: true)
        }
        decoder.finish()
        try drainDecoder()
        throw Stop(message: "the engine closed its output while cmdtool was waiting for \(what)", engineEnded: true)
      }
    }
  }

  private func drainDecoder() throws {
    while true {
      let record: TraceRecord?
      do {
        record = try decoder.next()
      } catch {
        if error.code == .truncated {
          throw Stop(message: "the engine's output stopped in the middle of a record: \(error)", badInput: true, cutOff: true)
        }
        throw Stop(message: "the engine wrote something that is not a trace record: \(error)", badInput: true)
      }
      // toEngine first: it is nil only until the session opens, and reading the header copies it.
      if toEngine == nil && decoder.header != nil { try openSession() }
      guard let record else {
        try flushRecording()
        return
      }
      try receive(record)
    }
  }

  /// One record from the engine: re-timed on the platform's clock, applied, recorded.
  private func receive(_ record: TraceRecord) throws {
    if case .marker("sync", let detail) = record.body {
      if let number = Int(detail) { lastEcho = max(lastEcho, number) }
      return
    }
    let retimed = TraceRecord(time: currentTime(), record.body)
    if case .batch(let commands) = record.body { outcome.commandsReceived += commands.count }
    try write(retimed)
  }

  private func currentTime() -> Double {
    configuration.clock == .virtual ? now : max(now, (EngineProcess.now() - startWall).rounded())
  }

  /// Applies a record to the model and appends it (redacted) to the recording.
  private func write(_ record: TraceRecord) throws {
    guard let writer else { return }
    let redacted = redaction.redact(record, in: model.state)
    model.apply(record, index: writer.recordCount)
    do {
      try writer.write(redacted)
    } catch {
      throw Stop(message: "\(error)")
    }
    outcome.recordsWritten = writer.recordCount
  }

  /// Flushes the recording, then waits up to `timeout` milliseconds for the engine's output and
  /// feeds it to the decoder.
  private func readEngine(timeout milliseconds: Int) throws -> EngineProcess.ReadResult {
    try flushRecording()
    return engine.read(timeout: milliseconds, into: &decoder)
  }

  /// Hands the records written so far to the operating system: from here on they survive the
  /// recorder's death.
  private func flushRecording() throws {
    do {
      try writer?.flush()
    } catch {
      throw Stop(message: "\(error)")
    }
  }

  /// Sends a record to the engine and, unless it is a sync marker, records it.
  private func send(_ record: TraceRecord, recordIt: Bool = true) throws {
    guard var encoder = toEngine else { return }
    var bytes: [UInt8] = []
    try encoder.encode(record, into: &bytes)
    toEngine = encoder
    if recordIt {
      try write(record)
      try flushRecording()
      lastSent = Self.describe(record)
    }
    if !engine.write(bytes) {
      throw Stop(message: "the engine stopped reading its input (after \(lastSent))", engineEnded: true)
    }
  }

  static func describe(_ record: TraceRecord) -> String {
    TraceRecordFormatter.lines(for: record, index: 0).first.map { line in
      let trimmed = line.drop { $0 != " " }.drop { $0 == " " }
      return String(trimmed)
    } ?? "a record"
  }


  /// Lets the engine finish what it was given: a sync round trip on the virtual clock (again
  /// while the platform has events of its own to forward), quiet time on the wall clock.
  private func settle(after what: String) throws {
    for _ in 0..<10_000 {
      try forwardEmissions()
      switch configuration.clock {
      case .virtual:
        syncNumber += 1
        let number = syncNumber
        try send(TraceRecord(time: currentTime(), .marker(label: "sync", detail: String(number))), recordIt: false)
        try waitForEngine(until: { self.lastEcho >= number }, waitingFor: "the echo of sync \(number) after \(what)")
      case .wall:
        while true {
          let quietUntil = EngineProcess.now() + configuration.settle
          var heard = false
          while EngineProcess.now() < quietUntil {
            switch try readEngine(timeout: Int(quietUntil - EngineProcess.now())) {
            case .data:
              try drainDecoder()
              heard = true
            case .timeout: break
            case .endOfOutput:
              decoder.finish()
              try drainDecoder()
              throw Stop(message: "the engine closed its output after \(what)", engineEnded: true)
            }
            if heard { break }
          }
          if !heard { break }
        }
      }
      if forwarded == model.emissions.count { return }
    }
    throw Stop(message: "the engine and the platform kept exchanging events after \(what) (10,000 rounds)")
  }

  /// Sends the events the platform produced on its own (timer ticks, image requests, the drawer's
  /// visibility) since the last call.
  private func forwardEmissions() throws {
    while forwarded < model.emissions.count {
      let emission = model.emissions[forwarded]
      forwarded += 1
      if case .event(let target, let event) = emission.kind {
        try send(TraceRecord(time: currentTime(), .event(target: target, event)))
      }
    }
  }

  // MARK: - Script

  private func perform(_ step: EventScript.Step) throws {
    // What the platform's clock does before the step: timer ticks, toasts expiring.
    if configuration.clock == .virtual {
      while let deadline = model.nextDeadline, deadline <= step.time {
        now = max(now, deadline)
        model.advance(to: deadline)
        if forwarded < model.emissions.count { try settle(after: "the platform's clock at \(Format.time(milliseconds: deadline))") }
      }
      now = max(now, step.time)
      model.advance(to: now)
    } else {
      let due = startWall + step.time
      while EngineProcess.now() < due {
        // Wake up for the platform's own deadlines too, so timers fire in real time.
        let wake = min(due, model.nextDeadline.map { startWall + $0 } ?? due)
        if case .data = try readEngine(timeout: Int(max(0, wake - EngineProcess.now()).rounded(.up))) {
          try drainDecoder()
        }
        model.advance(to: currentTime())
        try forwardEmissions()
      }
      now = currentTime()
    }
    try write(TraceRecord(time: currentTime(), .marker(label: "script", detail: redactedSource(step))))
    for record in try records(for: step) { try send(record) }
    try settle(after: "script line \(step.line) (\(step.source))")
  }

  /// The step as the recording keeps it: typed passwords hidden like the events they make.
  private func redactedSource(_ step: EventScript.Step) -> String {
    guard case .type(let selector, let text) = step.action, let id = selector.resolve(in: model.state),
      (redaction.passwords && model.state.elements[id]?.isPassword == true) || redaction.hidesText(of: id, in: model.state)
    else { return step.source }
    var object = (try? JSONSerialization.jsonObject(with: Data(step.source.utf8))) as? [String: Any] ?? [:]
    object["text"] = Redaction.standIn(for: text)
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return step.source }
    return String(decoding: data, as: UTF8.self)
  }

  /// The records a step sends.
  private func records(for step: EventScript.Step) throws -> [TraceRecord] {
    let time = currentTime()
    func target(_ selector: ElementSelector) throws -> Int32 {
      guard let id = selector.resolve(in: model.state) else {
        throw Stop(message: "script line \(step.line): \(selector) matches no element at \(Format.time(milliseconds: time))", scriptFailed: true)
      }
      return id
    }
    switch step.action {
    case .tap(let selector):
      let id = try target(selector)
      let element = model.state.elements[id]!
      let value: Int32
      switch element.kind {
      case .switch, .checkbox: value = element.value == 0 ? 1 : 0
      default: value = 1  // a click is 1, as iOS and GTK send it
      }
      return [TraceRecord(time: time, .event(target: id, .value(ValueEvent(value: value))))]
    case .type(let selector, let text):
      let id = try target(selector)
      guard model.state.elements[id]!.kind.isTextInput else {
        throw Stop(message: "script line \(step.line): \(selector) is a \(model.state.elements[id]!.kind.rawValue), not a text field", scriptFailed: true)
      }
      return [TraceRecord(time: time, .event(target: id, .value(ValueEvent(text: text))))]
    case .back:
      return [TraceRecord(time: time, .event(target: model.state.applicationId ?? 0, .sys(SysEvent(type: 3))))]
    case .choose(let selector, let option):
      let id = try target(selector)
      guard model.state.modalStack.contains(id) else {
        throw Stop(message: "script line \(step.line): \(selector) is not an open dialog or action sheet at \(Format.time(milliseconds: time))", scriptFailed: true)
      }
      return [TraceRecord(time: time, .modalResult(dialog: id, value: option))]
    case .marker(let label):
      // Recorded, not sent: markers are notes for people reading the recording.
      try write(TraceRecord(time: time, .marker(label: label, detail: "")))
      return []
    case .send(let target, let event):
      return [TraceRecord(time: time, .event(target: target, event))]
    }
  }

  // MARK: - End

  private func finishSession(problem: Stop?) {
    if writer == nil { try? openWriter(numbering: nil) }
    var stop = problem
    // The engine is closed in like at the end of the script, unless it is what went wrong.
    let closesInput = stop == nil || stop?.engineEnded == true || stop?.scriptFailed == true
    if closesInput {
      engine.closeInput()
      // Read whatever the engine still writes before it exits.
      let deadline = EngineProcess.now() + configuration.timeout * 1000
      while EngineProcess.now() < deadline {
        let result = try? readEngine(timeout: Int(max(1, deadline - EngineProcess.now())))
        // At the end of the output, a record the engine left unfinished is a cut-off record.
        if result == .endOfOutput && decoder.format != nil { decoder.finish() }
        do {
          try drainDecoder()
        } catch let error as Stop {
          stop = error
          break
        } catch {
          break
        }
        if result != .data { break }
      }
    } else {
      engine.kill()
    }
    // An engine whose input was closed gets --timeout to exit, so its own status is recorded (an
    // engine that closed its output early, a script that could not go on), not SIGTERM's.
    let status = engine.waitForExit(timeout: closesInput ? configuration.timeout : 0)
    outcome.exitStatus = status
    outcome.stderrTail = engine.stderrTail
    if let stop {
      outcome.problem = stop.message
      // Output cut off by an engine that then died is the engine's failure, not unreadable input.
      outcome.problemIsBadInput = stop.badInput && !(stop.cutOff && status != 0)
      let label = stop.badInput ? "engine-error" : stop.message.contains("did not answer") ? "engine-timeout" : "engine-stopped"
      try? writer?.write(TraceRecord(time: currentTime(), .marker(label: label, detail: stop.message)))
    }
    var detail = status >= 0 ? "status \(status)" : "signal \(-status)"
    let tail = outcome.stderrTail.trimmingWhitespace
    if !tail.isEmpty { detail += "; stderr: " + String(tail.suffix(1000)) }
    try? writer?.write(TraceRecord(time: currentTime(), .marker(label: "engine-exit", detail: detail)))
    try? writer?.close()
    outcome.recordsWritten = writer?.recordCount ?? 0
    if stop == nil && status != 0 { outcome.problem = "the engine exited with status \(status)" }
  }
}
