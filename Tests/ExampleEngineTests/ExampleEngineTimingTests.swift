import CommandCodec
import Foundation
import Testing

// The example engine's options for wall-clock tests (Examples/ExampleEngine/SessionClock.swift):
// a session clock that a periodic timer drives (`--session-timer`), and random pauses before its
// writes (`--jitter`, `--seed`). Times are never asserted: what the engine writes is.

@Suite("example-engine timing options")
struct ExampleEngineTimingTests {
  /// The session clock's label and timer: the next ids after the login form's.
  static let label: Int32 = 8
  static let timer: Int32 = 9

  static func tick(_ number: Int) -> TraceRecord.Body {
    .batch([Command(.setTextValue, internalId: label, textValue: "Session \(number)")])
  }

  @Test func theSessionClockStartsWithTheFirstEventAndCountsItsTicks() throws {
    var script = Script()
    script.sync("started")
    script.type(Id.name, "ann")
    script.sync("typed")
    script.tick(target: Self.label, id: Self.timer)
    script.tick(target: Self.label, id: 0)  // iOS and GTK: id 0, to the owner
    script.tick(target: Self.label, id: 99)  // another timer's: not the clock's
    script.tick(target: Self.label, id: Self.timer)
    script.sync("ticked")
    let run = try EngineProcess.run(["--session-timer", "300"], input: script.text)
    #expect(run.status == 0, "\(run.stderr)")
    // Nothing before the first event.
    #expect(bodies(run.records, after: ready, until: sync("started")) == [])
    #expect(bodies(run.records, after: sync("started"), until: sync("typed")) == [
      .batch([Command(.createText, internalId: Id.loginLayout, childInternalId: Self.label, textValue: "Session 0")]),
      .batch([Command(.createTimer, internalId: Self.label, childInternalId: Self.timer, value: 300)]),
    ])
    #expect(bodies(run.records, after: sync("typed"), until: sync("ticked")) == [Self.tick(1), Self.tick(2), Self.tick(3)])
  }

  @Test func theClockStopsAfterSoManyTicksByDeletingItsLabel() throws {
    var script = Script()
    script.type(Id.name, "ann")
    script.sync("typed")
    for _ in 1...3 { script.tick(target: Self.label, id: Self.timer) }
    script.sync("ticked")
    let run = try EngineProcess.run(["--session-timer", "300", "--session-timer-stop", "2"], input: script.text)
    #expect(run.status == 0, "\(run.stderr)")
    // The third tick finds no clock (a platform would not send it: deleting the owner stopped it).
    #expect(bodies(run.records, after: sync("typed"), until: sync("ticked")) == [
      Self.tick(1), Self.tick(2),
      .batch([Command(.removeChild, internalId: Id.loginLayout, childInternalId: Self.label)]),
      .batch([Command(.deleteElement, internalId: Self.label)]),
    ])
  }

  @Test func jitterDelaysWritesButChangesNothingTheyHold() throws {
    var script = Script(lastUser: "bob")
    script.logIn()
    script.sync("in")
    for _ in 1...3 { script.tick() }
    script.sync("ticked")
    let plain = try EngineProcess.run([], input: script.text)
    #expect(commands(plain.records.map(\.body)).contains(Command(.setTextValue, internalId: Id.label, textValue: "Loading 30%")))
    for seed in ["1", "2", "18446744073709551615"] {
      let jittered = try EngineProcess.run(["--jitter", "5", "--seed", seed], input: script.text)
      #expect(jittered.status == 0, "\(jittered.stderr)")
      #expect(jittered.records.map(\.body) == plain.records.map(\.body))
    }
  }

  @Test(arguments: [
    (["--session-timer", "0"], "--session-timer is at least 1 ms"),
    (["--session-timer", "-5"], "--session-timer needs a whole number ≥ 0, not \"-5\""),
    (["--jitter", "x"], "--jitter needs a whole number ≥ 0, not \"x\""),
    (["--seed", "-1"], "--seed needs a whole number ≥ 0, not \"-1\""),
  ])
  func badValuesAreRefused(_ arguments: [String], _ message: String) throws {
    let run = try EngineProcess.run(arguments, input: "")
    #expect(run.status == 64)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }
}
