import CommandCodec
import ConformanceTestee
import Testing

/// A platform of buttons and timers, enough to drive the session loop: it refuses the kinds it
/// has no widget for, and requests naming what it does not have.
class ToyPlatform: TesteePlatform {
  var buttons: [Int32: String] = [:]
  var applied: [CommandType] = []
  var begun = 0
  var resets = 0

  func begin(_ context: TesteeContext) { begun += 1 }

  func apply(_ command: Command, in context: TesteeContext) throws(TesteeRefusal) {
    applied.append(command.type)
    switch command.type {
    case .createButton: buttons[command.childInternalId] = command.textValue
    case .createTimer:
      let owner = command.internalId, id = command.childInternalId
      context.clock.repeating(every: Double(command.value), from: context.now) { _ in context.send(.timer(TimerEvent(id: id)), to: owner) }
    default: throw .unsupported("toy has no \(command.typeName)")
    }
  }

  func perform(_ action: TesteeAction, in context: TesteeContext) throws(TesteeRefusal) {
    switch action {
    case .tap(let id):
      guard buttons[id] != nil else { throw .error("no element \(id)") }
      context.send(.value(ValueEvent(value: 1)), to: id)
    case .back: throw .unsupported("toy has no back key")
    default: throw .error("toy has only buttons")
    }
  }

  func report(into state: inout StateBuilder, in context: TesteeContext) {
    for (id, label) in buttons {
      var button = SnapshotElement(kind: "button")
      button.text = label
      state.add(id, button)
    }
  }

  func reset() {
    buttons = [:]
    resets += 1
  }
}

/// A platform whose reset changes the profile it declares.
final class ResettingPlatform: ToyPlatform {
  weak var session: TesteeSession?

  override func reset() {
    super.reset()
    session?.declaration.profile = "ios"
  }
}

@Suite("ConformanceTestee: the session loop")
struct TesteeSessionTests {
  static func marker(_ label: String, _ detail: String = "", at time: Double = 0) -> TraceRecord {
    TraceRecord(time: time, .marker(label: label, detail: detail))
  }

  static func bodies(_ trace: DecodedTrace) -> [String] {
    trace.records.map { record in
      switch record.body {
      case .marker(let label, let detail): return "\(Int(record.time)) \(label) \(detail.prefix(200))"
      case .event(let target, let event): return "\(Int(record.time)) \(event.kind) → \(target)"
      case .modalResult(let dialog, let value): return "\(Int(record.time)) modal \(dialog) \(value)"
      case .batch: return "batch"
      }
    }
  }

  @Test("Every declaration of §1.2 can be made, each written only when it is not the default")
  func everyDeclaration() {
    #expect(TesteeDeclaration().detail == "protocol=1 profile=other reports=tree events=user")
    let gtk = TesteeDeclaration(profile: "gtk", reports: ["tree", "text"], events: ["user", "timer"], lacks: ["pager"], topLevel: ["dialog"],
                                history: "engine", reportsErrorText: false, servesManySessions: true)
    #expect(gtk.detail == "protocol=1 profile=gtk reports=tree,text events=user,timer lacks=pager toplevel=dialog history=engine errortext=none sessions=many")
    var future = TesteeDeclaration()
    future.protocolVersion = 2
    #expect(future.detail == "protocol=2 profile=other reports=tree events=user")
  }

  @Test("Hello first; commands applied; a tap's event and the timers' ticks, each at its instant, before the sync echo")
  func requests() throws {
    let transport = try ScriptedTransport([[
      .batch([Command(.createButton, internalId: 1, childInternalId: 2, textValue: "OK"), Command(.createTimer, internalId: 2, childInternalId: 7, value: 100)], at: 0),
      Self.marker("sync", "1"),
      Self.marker("tap", "2", at: 250),
      Self.marker("sync", "2", at: 250),
      Self.marker("state", at: 260),
    ]])
    let platform = ToyPlatform()
    let declaration = TesteeDeclaration(profile: "ios", reports: ["tree", "text"], events: ["user", "timer"])
    let ending = TesteeSession(platform: platform, declaration: declaration, creator: "toy", transport: transport).run()
    #expect(ending == .finished)
    let trace = try #require(transport.traces().first)
    #expect(trace.error == nil)
    #expect(trace.header?.creator == "toy")
    #expect(Self.bodies(trace) == [
      "0 testee protocol=1 profile=ios reports=tree,text events=user,timer",
      "0 sync 1",
      "100 TimerEvent → 2", "200 TimerEvent → 2", "250 ValueEvent → 2",
      "250 sync 2",
      "260 state {\n  \"version\": 1,\n  \"time\": 260,\n  \"detached\": [2],\n  \"elements\": {\n    \"2\": {\"kind\":\"button\",\"text\":\"OK\"}\n  }\n}\n",
    ])
  }

  @Test("A command it cannot carry out: unsupported at once, nothing after it applied, the session ends")
  func unsupportedInBatch() throws {
    let transport = try ScriptedTransport([[
      .batch([Command(.createSwitch, internalId: 1, childInternalId: 2), Command(.createButton, internalId: 2, childInternalId: 3)], at: 5),
      Self.marker("sync", "1", at: 5),
    ]])
    let platform = ToyPlatform()
    let ending = TesteeSession(platform: platform, declaration: TesteeDeclaration(), creator: "toy", transport: transport).run()
    #expect(ending == .unsupported)
    #expect(platform.applied == [.createSwitch])
    #expect(Self.bodies(try #require(transport.traces().first)).dropFirst() == ["5 unsupported toy has no CREATE_SWITCH"])
  }

  @Test("Wrong requests are answered error, unknown ones unsupported, before the echo", arguments: [
    ("tap", "9", "error no element 9"),
    ("tap", "four", "error tap needs \"ID\" (decimal numbers), not \"four\""),
    ("select", "2", "error select needs \"ID VALUE\" (decimal numbers), not \"2\""),
    ("wiggle", "2", "unsupported unknown request wiggle"),
    ("back", "", "unsupported toy has no back key"),
  ])
  func refusedRequests(label: String, detail: String, answer: String) throws {
    let transport = try ScriptedTransport([[Self.marker(label, detail, at: 3), Self.marker("sync", "1", at: 3)]])
    _ = TesteeSession(platform: ToyPlatform(), declaration: TesteeDeclaration(), creator: "toy", transport: transport).run()
    let bodies = Self.bodies(try #require(transport.traces().first))
    #expect(bodies.dropFirst().first == "3 \(answer)")
    // Both keep reading: cmdtool ends the case at the answer; only a refused command of a
    // batch ends a one-session testee (§6.2).
    #expect(bodies.dropFirst(2) == ["3 sync 1"])
  }

  @Test("An event record is answered unsupported, and a one-session testee reads on")
  func eventRecord() throws {
    let transport = try ScriptedTransport([[.event(.value(ValueEvent(value: 1)), to: 2, at: 1), Self.marker("sync", "1", at: 1)]])
    let ending = TesteeSession(platform: ToyPlatform(), declaration: TesteeDeclaration(), creator: "toy", transport: transport).run()
    #expect(ending == .finished)
    let bodies = Self.bodies(try #require(transport.traces().first))
    #expect(bodies.dropFirst().first?.hasPrefix("1 unsupported an event record is not a request") == true)
    #expect(bodies.dropFirst(2) == ["1 sync 1"])
  }

  @Test("sessions=many: a declaration changed between cases is what the next hello says")
  func declarationChangedOnReset() throws {
    let transport = try ScriptedTransport([[Self.marker("end")], [Self.marker("end")]])
    let platform = ResettingPlatform()
    let session = TesteeSession(platform: platform, declaration: TesteeDeclaration(servesManySessions: true), creator: "toy", transport: transport)
    platform.session = session
    #expect(session.run() == .finished)
    let hellos = transport.traces().map { Self.bodies($0).first ?? "" }
    #expect(hellos == [
      "0 testee protocol=1 profile=other reports=tree events=user sessions=many",
      "0 testee protocol=1 profile=ios reports=tree events=user sessions=many",
      "0 testee protocol=1 profile=ios reports=tree events=user sessions=many",
    ])
  }

  @Test("sessions=many: end resets the platform and the clock, then a new header and hello answer it")
  func manySessions() throws {
    let transport = try ScriptedTransport([
      [
        Self.marker("case", "First"),
        .batch([Command(.createButton, internalId: 1, childInternalId: 2), Command(.createTimer, internalId: 2, childInternalId: 7, value: 100)], at: 0),
        Self.marker("sync", "1", at: 150),
        Self.marker("end", at: 150),
      ],
      [
        // A skipped case: the records after unsupported are dropped until end.
        .batch([Command(.createSwitch, internalId: 1, childInternalId: 3)], at: 0),
        Self.marker("tap", "3", at: 0),
        Self.marker("end", at: 0),
      ],
      [
        Self.marker("sync", "1", at: 120),
        Self.marker("state", at: 120),
        Self.marker("end", at: 120),
      ],
    ])
    let platform = ToyPlatform()
    let declaration = TesteeDeclaration(servesManySessions: true)
    let ending = TesteeSession(platform: platform, declaration: declaration, creator: "toy", transport: transport).run()
    #expect(ending == .finished)
    let traces = transport.traces()
    #expect(traces.count == 4)
    #expect(traces.allSatisfy { $0.error == nil && $0.header?.creator == "toy" })
    #expect(Self.bodies(traces[0]) == ["0 testee protocol=1 profile=other reports=tree events=user sessions=many", "100 TimerEvent → 2", "150 sync 1"])
    #expect(Self.bodies(traces[1]).dropFirst() == ["0 unsupported toy has no CREATE_SWITCH"])
    // The first case's timer is gone and its button too: no tick at 100, an empty state.
    #expect(Self.bodies(traces[2]).dropFirst() == ["120 sync 1", "120 state {\n  \"version\": 1,\n  \"time\": 120,\n  \"elements\": {}\n}\n"])
    #expect(Self.bodies(traces[3]).count == 1)
    #expect(platform.resets == 3 && platform.begun == 3)
  }

  @Test("Binary in, binary out: the session writes the encoding it chose and reads cmdtool's")
  func binary() throws {
    let transport = try ScriptedTransport([[.batch([Command(.createButton, internalId: 1, childInternalId: 2)], at: 0), Self.marker("tap", "2", at: 4)]], format: .binary)
    let ending = TesteeSession(platform: ToyPlatform(), declaration: TesteeDeclaration(), creator: "toy", format: .binary, transport: transport).run()
    #expect(ending == .finished)
    let trace = DecodedTrace(decoding: transport.written)
    #expect(trace.format == .binary && trace.error == nil)
    #expect(Self.bodies(trace) == ["0 testee protocol=1 profile=other reports=tree events=user", "4 ValueEvent → 2"])
  }

  @Test("Input that is not a trace fails the session with the decoder's words")
  func garbage() {
    let transport = ScriptedTransport(chunks: [Array("hello\n".utf8)])
    let ending = TesteeSession(platform: ToyPlatform(), declaration: TesteeDeclaration(), creator: "toy", transport: transport).run()
    guard case .failed(let error) = ending else {
      Issue.record("expected a failure, got \(ending)")
      return
    }
    #expect(error.description.hasPrefix("cannot read cmdtool's input"))
  }
}
