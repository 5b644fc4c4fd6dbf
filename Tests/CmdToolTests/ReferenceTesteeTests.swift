import CommandCodec
import Foundation
import ReplayCore
import ReplayLive
import Testing

// The reference testee (Examples/ReferenceTestee) against docs/CONFORMANCE.md §1, driven by hand
// over its pipes or a socket: hello first, every request answered, the model's state and events.

@Suite struct ReferenceTesteeTests {
  static let defaultDetail = "protocol=1 profile=android reports=tree,text,values,visibility,errors,flags,styles,options,lists,images,toasts,timers,preferences,requests events=user,timer,image,visibility"

  @Test func theHelloMarkerComesFirstWithoutWaiting() throws {
    // Nothing is sent: the header and the hello arrive all the same (§1.2 step 1).
    let driver = try TesteeDriver()
    #expect(try driver.read { !$0.isEmpty })
    #expect(driver.header?.creator == "reference-testee")
    #expect(driver.received.first?.body == .marker(label: "testee", detail: Self.defaultDetail))
    #expect(try driver.finish() == .exited(0), "the input ended before cmdtool's header: a plain end")
  }

  @Test func theDeclarationFollowsTheFlags() throws {
    let driver = try TesteeDriver(["--profile", "gtk", "--reports", "tree,text,styles", "--events", "user,timer", "--protocol", "2"])
    let detail = try driver.handshake()
    #expect(detail == "protocol=2 profile=gtk reports=tree,text,styles events=user,timer")
  }

  @Test func theSampleCaseGivesTheModelsEventsAndState() throws {
    let run = try TesteeSample.play()
    #expect(run.exit == .exited(0), "\(run.stderr)")
    // The switch toggles to 1, the checkbox too; the timer ticks at its own instants, before the
    // state request that follows them.
    #expect(run.events == [
      .event(.value(ValueEvent(value: 1)), to: 4, at: 100),
      .event(.value(ValueEvent(value: 1)), to: 6, at: 100),
      .event(.timer(TimerEvent(id: 7)), to: 2, at: 1000),
      .event(.timer(TimerEvent(id: 7)), to: 2, at: 2000),
    ])
    #expect(run.markers.map(\.label) == ["sync", "sync", "state", "sync"])
    #expect(run.markers.filter { $0.label == "sync" }.map(\.detail) == ["1", "2", "3"])
    #expect(run.snapshots == [try TesteeSample.expectedSnapshot()])
    let lastTimer = run.records.lastIndex { if case .event(_, .timer) = $0.body { return true } else { return false } }
    let state = run.records.firstIndex { if case .marker("state", _) = $0.body { return true } else { return false } }
    #expect(lastTimer != nil && state != nil && lastTimer! < state!)
  }

  @Test func onlyTheDeclaredKindsOfEventsAreSent() throws {
    let run = try TesteeSample.play(["--events", "timer"])
    #expect(run.events.count == 2)
    #expect(run.events.allSatisfy { if case .event(_, .timer) = $0.body { return true } else { return false } })
    // The taps were still acted out: the state is the same.
    #expect(run.snapshots == [try TesteeSample.expectedSnapshot()])
  }

  @Test(arguments: [(["--binary"], "unix"), ([], "tcp"), (["--binary"], "stdio")])
  func otherEncodingsAndTransports(_ arguments: [String], _ transport: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let wire: WireTransport = transport == "unix" ? .unix(path: scratch.path("t.sock")) : transport == "tcp" ? .tcp(port: 0) : .stdio
    let run = try TesteeSample.play(arguments, transport: wire)
    #expect(run.exit == .exited(0), "\(run.stderr)")
    #expect(run.events.count == 4)
    #expect(run.snapshots == [try TesteeSample.expectedSnapshot()])
  }

  @Test func theOtherUserActions() throws {
    let build: [Command] = [
      Command(.createApplication, childInternalId: 1),
      Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(.createTextField, internalId: 2, childInternalId: 3),
      Command(.createPicker, internalId: 2, childInternalId: 4),
      Command(.createDialog, internalId: 2, childInternalId: 5, textValue: "Sure?"),
    ]
    let run = try TesteeSample.play(steps: [
      [.batch(build, at: 0)],
      [
        TesteeSample.marker("type", "3 hello,  world ", at: 10), TesteeSample.marker("select", "4 2", at: 20),
        TesteeSample.marker("choose", "5 1", at: 30), TesteeSample.marker("back", at: 40),
        TesteeSample.marker("state", at: 40),
      ],
    ])
    #expect(run.events == [
      .event(.value(ValueEvent(text: "hello,  world ")), to: 3, at: 10),
      .event(.value(ValueEvent(value: 2)), to: 4, at: 20),
      TraceRecord(time: 30, .modalResult(dialog: 5, value: 1)),
      .event(.sys(SysEvent(type: 3)), to: 1, at: 40),
    ])
    let state = try StateSnapshotReader.read(Array(try #require(run.snapshots.first).utf8))
    #expect(state[3]?.text == "hello,  world ")
    #expect(state[4]?.value == 2)
    #expect(state.modalStack.isEmpty, "the answer closed the dialog")
  }

  @Test func requestsItCannotDoAreAnswered() throws {
    let run = try TesteeSample.play(steps: [
      [.batch(TesteeSample.build, at: 0)],
      [
        TesteeSample.marker("tap", "99", at: 1), TesteeSample.marker("type", "4 text", at: 1),
        TesteeSample.marker("tap", "four", at: 1), TesteeSample.marker("swipe", "4 left", at: 1),
        .event(.value(ValueEvent(value: 1)), to: 4, at: 1),
      ],
    ])
    #expect(run.exit == .exited(0))
    #expect(run.events.isEmpty)
    #expect(run.markers.map(\.label) == ["sync", "error", "error", "error", "unsupported", "unsupported", "sync"])
    #expect(run.markers[1].detail == "element 99 does not exist")
    #expect(run.markers[2].detail == "element 4 is a switch, not a text field")
    #expect(run.markers[4].detail == "unknown request swipe")
    #expect(run.stderr.contains("reference-testee [driver]: "), "the log names the case from CMDTOOL_CASE")
  }

  @Test func inputThatIsNotATraceExitsWithStatus2() throws {
    let driver = try TesteeDriver()
    try driver.write(Array("hello?\n".utf8))
    #expect(try driver.finish() == .exited(2))
    #expect(driver.peer.stderrTail.contains("cannot read cmdtool's input"))
  }

  @Test func aDelayWithoutTheSlowBugIsAUsageError() throws {
    let process = try Subprocess(Built.referenceTestee, ["--delay", "5"])
    let run = process.wait(timeout: patience)
    #expect(run.status == 64)
    #expect(run.stderr.contains("--delay needs --bug slow"))
  }
}
