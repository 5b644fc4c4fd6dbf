// The conformance cases, testee side (docs/CONFORMANCE.md §1): the handshake, then every record
// cmdtool sends, handled on the reference model in order, with what it produced written before
// the next record is read. With `--sessions many`, case after case: an `end` marker resets the
// testee, which answers with a new header and hello (§1.9; the reset's bugs in reset()).

import CommandCodec
import ReplayCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

final class TesteeSession {
  static let creator = "reference-testee"

  private let options: Options
  private let input: TesteeInput
  private var output: TesteeOutput
  private var model = ReferenceModel()
  private var bugs: Bugs
  /// How many of the model's emissions were looked at (written or left out): the rest are new.
  private var emissionsSeen = 0
  /// The index of the record being handled, counted from 0 after cmdtool's header.
  private var index = 0
  /// After `unsupported` with `--sessions many`: the case's records are read and dropped until
  /// its `end` marker (§1.9).
  private var skipping = false
  /// `--bug keep-state-on-reset` struck: the next case starts on the model as it is.
  private var keepsState = false

  /// `widgets` is the schema of `--widgets`: the custom widgets this platform has.
  init(options: Options, widgets: WidgetSchema?) {
    self.options = options
    input = TesteeInput(widgets: widgets)
    bugs = Bugs(options.bugs, delay: options.delay)
    // §1.2 step 1: the header and the hello marker, before reading anything.
    output = TesteeOutput(format: options.binary ? .binary : .jsonLines, creator: Self.creator)
    output.marker("testee", options.declaration.detail, at: 0)
  }

  func run() -> Never {
    serveCase(next: false)
    while true {
      reset()
      serveCase(next: true)
    }
  }

  /// Serves one case; returns at its `end` marker (§1.9), exits at the end of the input.
  private func serveCase(next: Bool) {
    // §1.2 step 2: cmdtool's header holds the screen, the stored preferences and the widget
    // schema the case needs.
    let header: TraceHeader
    switch input.readHeader(next: next) {
    case .end:
      exit(0)
    case .unknownSchema(let message):
      // §1.2: a case whose schema this platform has not loaded is answered unsupported (skipped),
      // and nothing after the header can be read without it: the session ends here.
      log("cannot take the case: \(message)")
      let loaded = input.widgets.map { "it loaded widget schema \($0.reference) (--widgets), another one" } ?? "it was started without --widgets"
      output.marker("unsupported", "reference-testee has not loaded the case's widget schema: \(loaded)", at: 0)
      // Its records cannot be read without the schema: exit rather than reset (§1.9 allows it).
      exit(0)
    case .header(let read):
      header = read
    }
    if !keepsState { model = ReferenceModel(header: header, widgets: bugs.widgets(input.widgets)) }
    if options.bugs.contains(.stallOnBigRecords) {
      input.stall(onRecordsLongerThan: 1 << 16) { [options] in Bugs.stallForever(file: options.stallFile) }
    }
    while let record = input.next() {
      if options.declaration.servesMany, case .marker(let label, let detail) = record.body {
        // §1.9: the case's name for the log, needing no answer; the end of the case.
        if label == "case" {
          caseName = detail
          continue
        }
        if label == "end" { return }
      }
      if skipping { continue }
      handle(record)
      index += 1
    }
    exit(0)
  }

  /// After `unsupported`: the session ends, or with `--sessions many` the case's records are
  /// dropped until its `end` (§1.9).
  private func stopCase() {
    if !options.declaration.servesMany { exit(0) }
    skipping = true
  }

  /// §1.9 step 4: forgets the case (a fresh model, clock at 0) and writes a new header and the
  /// same hello; the reset's bugs strike here, after the case `--bug-case` names (or every one).
  private func reset() {
    let strikes = options.bugCase == nil || options.bugCase == caseName
    let bug = { (bug: Options.Bug) in strikes && self.options.bugs.contains(bug) }
    if bug(.hangOnReset) {
      log("the end marker: hanging instead of resetting (--bug hang-on-reset)")
      while true { sleep(3600) }
    }
    if bug(.garbageAfterEnd) { writeRaw("reset done (--bug garbage-after-end)\n") }
    keepsState = bug(.keepStateOnReset)
    if !keepsState {
      model = ReferenceModel()
      emissionsSeen = 0
    }
    index = 0
    skipping = false
    bugs = Bugs(options.bugs, delay: options.delay)
    var declaration = options.declaration
    if bug(.changeHelloOnReset) { declaration.profile = declaration.profile == "ios" ? "android" : "ios" }
    output = TesteeOutput(format: options.binary ? .binary : .jsonLines, creator: Self.creator)
    output.marker("testee", declaration.detail, at: 0)
  }

  // MARK: - Records

  /// Handles one record (§1.3): the clock first, then the record, then the events it caused.
  private func handle(_ record: TraceRecord) {
    let time = record.time
    // Timers due before the record fire at their own instants, before it is handled.
    model.advance(to: time)
    sendNewEvents()
    switch record.body {
    case .batch(let commands):
      if !options.partial, let kind = options.declaration.lackedKind(in: commands) {
        // A platform without the widget cannot go on (§1.3): the case is skipped.
        output.marker("unsupported", "reference-testee has no \(kind.rawValue) (--lacks)", at: time)
        return stopCase()
      }
      var carried = bugs.filter(commands)
      if options.partial {
        switch Partial.filter(carried, in: model.state) {
        case .success(let kept):
          carried = kept
        case .failure(let unsupported):
          // §1.3: said at once, and nothing after it is applied (a real platform might crash on
          // the commands that name the element it could not make); the session ends here.
          log(unsupported.message)
          output.marker("unsupported", unsupported.message, at: time)
          return stopCase()
        }
      }
      bugs.crashOnUnknownDelete(carried, from: model, at: time, index: index)
      bugs.exitOnQuit(carried)
      model.applyBatch(carried, at: time, index: index)
      bugs.noteToasts(in: model.state)
    case .marker(let label, let detail):
      handleRequest(label: label, detail: detail, at: time)
    case .event, .modalResult:
      // Events travel from the platform to the engine; cmdtool asks for them with requests.
      output.marker("unsupported", "an event record is not a request: cmdtool asks with tap, type, select, choose or back", at: time)
    }
    sendNewEvents()
  }

  private func handleRequest(label: String, detail: String, at time: Double) {
    let request: Request
    do {
      request = try Request(label: label, detail: detail)
    } catch {
      log("refused a request: \(error.message)")
      output.marker("error", error.message, at: time)
      return
    }
    switch request {
    case .act(let action):
      act(action, at: time)
    case .advance:
      break  // the clock already ran to the marker's time
    case .state:
      let snapshot = bugs.snapshot(of: model, shaped: options.partial ? Partial.reported : { $0 })
      output.marker("state", String(decoding: snapshot, as: UTF8.self), at: time)
    case .sync(let detail):
      // Everything before the marker is written: handle() sends events before each request.
      bugs.waitBeforeEcho()
      output.marker("sync", detail, at: time)
    case .unknown(let label):
      output.marker("unsupported", "unknown request \(label)", at: time)
    }
  }

  /// Acts as the user (§1.4): sends the event the platform sends for the action, and applies it,
  /// so that the platform's own state changes as the action does (the switch shows its new value).
  private func act(_ action: UserAction, at time: Double) {
    let record: TraceRecord
    do {
      record = bugs.userEvent(try action.record(at: time, in: model.state), for: action, in: model.state)
    } catch {
      log("refused \(action): \(error.message)")
      output.marker("error", error.message, at: time)
      return
    }
    if options.declaration.sendsUserEvents { output.send(record) }
    model.apply(record, index: index)
  }

  /// Sends the events the model emitted since the last call, of the declared kinds, each at its
  /// own time. Toast expiries are emissions too, but no event: the engine never hears of them.
  private func sendNewEvents() {
    let emissions = model.emissions
    guard emissionsSeen < emissions.count else { return }
    for emission in emissions[emissionsSeen...] {
      if case .event(let target, let event) = emission.kind, options.declaration.sends(event) {
        output.send(TraceRecord(time: emission.time, .event(target: target, event)))
      }
    }
    emissionsSeen = emissions.count
  }
}
