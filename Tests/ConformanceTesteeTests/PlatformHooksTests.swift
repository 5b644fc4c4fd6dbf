import CommandCodec
import ConformanceTestee
import Testing

/// A platform shaped like the reference testee: it takes batches whole, keeps its own virtual
/// timers (run in `advance`), and has work queued until `synchronize`. It notes every call.
final class HookedPlatform: TesteePlatform {
  var calls: [String] = []
  /// A tick its own timer owes, sent at its own instant when `advance` passes it.
  var tickDue: Double? = 50
  /// An event its toolkit queued, sent only when the queue is drained.
  var queued: Int32?

  func begin(_ context: TesteeContext) { calls.append("begin") }

  func apply(_ command: Command, in context: TesteeContext) throws(TesteeRefusal) {
    calls.append("apply one")
  }

  func applyBatch(_ commands: [Command], in context: TesteeContext) throws(TesteeRefusal) {
    calls.append("batch of \(commands.count) as record \(context.recordIndex) in \(context.caseName ?? "-")")
    queued = commands.first?.childInternalId
  }

  func advance(to time: Double, in context: TesteeContext) {
    calls.append("advance \(Int(time))")
    if let due = tickDue, due <= time {
      context.send(TraceRecord(time: due, .event(target: 1, .timer(TimerEvent(id: 9)))))
      tickDue = nil
    }
  }

  func synchronize(in context: TesteeContext) {
    if let id = queued { context.send(.value(ValueEvent(value: 1)), to: id) }
    queued = nil
  }

  func perform(_ action: TesteeAction, in context: TesteeContext) throws(TesteeRefusal) {
    calls.append("perform as record \(context.recordIndex)")
  }

  func report(into state: inout StateBuilder, in context: TesteeContext) {}

  func reset() { calls.append("reset") }
}

@Suite("ConformanceTestee: the hooks a platform with its own model needs")
struct PlatformHooksTests {
  @Test("Batches whole, the platform's timers before each record at their own instant, queued work before the echo, record indexes and the case's name")
  func hooks() throws {
    let transport = try ScriptedTransport([
      [
        TesteeSessionTests.marker("case", "First"),
        .batch([Command(.createButton, internalId: 1, childInternalId: 2), Command(.createButton, internalId: 1, childInternalId: 3)], at: 0),
        TesteeSessionTests.marker("tap", "2", at: 80),
        TesteeSessionTests.marker("sync", "1", at: 80),
        TesteeSessionTests.marker("end", at: 80),
      ],
      [
        TesteeSessionTests.marker("case", "Second"),
        .batch([Command(.createButton, internalId: 1, childInternalId: 4)], at: 0),
      ],
    ])
    let platform = HookedPlatform()
    let declaration = TesteeDeclaration(events: ["user", "timer"], servesManySessions: true)
    #expect(TesteeSession(platform: platform, declaration: declaration, creator: "hooked", transport: transport).run() == .finished)
    #expect(platform.calls == [
      "begin", "advance 0", "advance 0", "batch of 2 as record 0 in First", "advance 80", "perform as record 1", "advance 80", "advance 80",
      "reset", "begin", "advance 0", "advance 0", "batch of 1 as record 0 in Second",
    ])
    let bodies = TesteeSessionTests.bodies(try #require(transport.traces().first))
    // The tick at 50, sent while handling the tap at 80, keeps its own time; the button's event
    // queued by the batch comes out before the echo.
    #expect(bodies.dropFirst() == ["50 TimerEvent → 1", "80 ValueEvent → 2", "80 sync 1"])
  }
}
