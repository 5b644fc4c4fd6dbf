import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// The virtual clock, and toasts and timers on it through the model.
@Suite("Virtual clock")
struct VirtualClockTests {
  typealias Clock = VirtualClock<String>

  /// Advances `clock` to `instant`, returning "item@instant" for every item run.
  static func run(_ clock: inout Clock, to instant: Double, onRun: (inout Clock, String, Double) -> Void = { _, _, _ in }) -> [String] {
    var log: [String] = []
    clock.advance(to: instant) { clock, item, at in
      #expect(clock.now == at)
      log.append("\(item)@\(Int(at))")
      onRun(&clock, item, at)
    }
    return log
  }

  @Test("advance(to:) runs what is due, earliest first, and stops at the instant")
  func deadlineOrder() {
    var clock = Clock()
    clock.schedule("c", at: 300)
    clock.schedule("a", at: 100)
    clock.schedule("b", at: 200)
    #expect(clock.nextDeadline == 100)
    #expect(Self.run(&clock, to: 250) == ["a@100", "b@200"])
    #expect(clock.now == 250)
    #expect(clock.pendingCount == 1)
    #expect(Self.run(&clock, to: 300) == ["c@300"])  // due exactly at the instant: runs
    #expect(clock.pendingCount == 0)
    #expect(clock.nextDeadline == nil)
  }

  @Test("Items due at the same instant run in the order they were scheduled")
  func tiesInSchedulingOrder() {
    var clock = Clock()
    clock.schedule("1", at: 100)
    clock.schedule("x", at: 50)
    clock.schedule("2", at: 100)
    clock.schedule("y", at: 200)
    clock.schedule("3", at: 100)
    #expect(Self.run(&clock, to: 1000) == ["x@50", "1@100", "2@100", "3@100", "y@200"])
  }

  @Test("Ties stay in scheduling order among many items (the heap is made stable by sequence numbers)")
  func manyTies() {
    var clock = Clock()
    var state: UInt64 = 12345
    var expected: [(deadline: Double, index: Int)] = []
    for index in 0..<500 {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      let deadline = Double((state >> 33) % 7) * 10
      clock.schedule(String(index), at: deadline)
      expected.append((deadline, index))
    }
    expected.sort { ($0.deadline, $0.index) < ($1.deadline, $1.index) }
    #expect(Self.run(&clock, to: 100) == expected.map { "\($0.index)@\(Int($0.deadline))" })
  }

  @Test("Items a handler schedules run in the same advance when due by its instant, after earlier-scheduled ties")
  func scheduledDuringAdvance() {
    var clock = Clock()
    clock.schedule("a", at: 100)
    clock.schedule("b", at: 100)
    clock.schedule("c", at: 200)
    let log = Self.run(&clock, to: 200) { clock, item, _ in
      guard item == "a" else { return }
      clock.schedule("a-same", at: 100)
      clock.schedule("a-150", at: 150)
      clock.schedule("a-200", at: 200)
      clock.schedule("a-past", at: 20)  // clamped to now (100)
      clock.schedule("a-late", at: 500)
    }
    #expect(log == ["a@100", "b@100", "a-same@100", "a-past@100", "a-150@150", "c@200", "a-200@200"])
    #expect(clock.now == 200)
    #expect(clock.scheduled.map(\.item) == ["a-late"])
    #expect(Self.run(&clock, to: 500) == ["a-late@500"])
  }

  @Test("A handler that reschedules itself runs once per period within one advance")
  func repeatingItem() {
    var clock = Clock()
    clock.schedule("tick", at: 100)
    let log = Self.run(&clock, to: 450) { clock, item, at in clock.schedule(item, at: at + 100) }
    #expect(log == ["tick@100", "tick@200", "tick@300", "tick@400"])
    #expect(clock.nextDeadline == 500)
  }

  @Test("advance(by:) moves relative to now; a negative duration does not move")
  func advanceBy() {
    var clock = Clock(now: 1000)
    clock.schedule("a", at: 1100)
    var log: [String] = []
    clock.advance(by: 60) { _, item, _ in log.append(item) }
    #expect(log.isEmpty)
    #expect(clock.now == 1060)
    clock.advance(by: 40) { _, item, at in log.append("\(item)@\(Int(at))") }
    #expect(log == ["a@1100"])
    clock.advance(by: -5) { _, _, _ in }
    #expect(clock.now == 1100)
  }

  @Test("The clock never goes backwards; an item scheduled in the past runs at the next advance, at now")
  func neverBackwards() {
    var clock = Clock()
    _ = Self.run(&clock, to: 500)
    #expect(Self.run(&clock, to: 100).isEmpty)
    #expect(clock.now == 500)
    clock.schedule("late", at: 50)
    #expect(clock.scheduled.map(\.deadline) == [500])
    #expect(Self.run(&clock, to: 100) == ["late@500"])
    #expect(clock.now == 500)
    clock.settle(at: 200)
    #expect(clock.now == 500)
  }

  @Test("popNextDue hands out due items one at a time; settle moves now without running anything")
  func pullForm() {
    var clock = Clock()
    clock.schedule("a", at: 10)
    clock.schedule("b", at: 20)
    clock.schedule("c", at: 30)
    #expect(clock.popNextDue(through: 25).map { "\($0.item)@\(Int($0.deadline))" } == "a@10")
    #expect(clock.now == 10)
    #expect(clock.popNextDue(through: 25)?.item == "b")
    #expect(clock.popNextDue(through: 25) == nil)
    clock.settle(at: 25)
    #expect(clock.now == 25)
    #expect(clock.pendingCount == 1)
  }

  @Test("runUntilIdle returns nil when the clock empties, or the next item when the limit is hit")
  func clockRunUntilIdle() {
    var idle = Clock()
    idle.schedule("a", at: 10)
    idle.schedule("b", at: 5)
    var log: [String] = []
    #expect(idle.runUntilIdle(limit: 10) { _, item, _ in log.append(item) } == nil)
    #expect(log == ["b", "a"])
    #expect(idle.now == 10)

    var busy = Clock()
    busy.schedule("forever", at: 10)
    var count = 0
    let culprit = busy.runUntilIdle(limit: 5) { clock, item, at in
      count += 1
      clock.schedule(item, at: at + 10)
    }
    #expect(culprit == "forever")
    #expect(count == 5)
    #expect(busy.now == 50)
  }

  @Test("removeAll(where:) unschedules items and keeps the order of the rest")
  func removeAll() {
    var clock = Clock()
    for (index, deadline) in [30.0, 10, 20, 10, 40, 20].enumerated() { clock.schedule("\(index)", at: deadline) }
    clock.removeAll { Int($0)! % 2 == 0 }
    #expect(clock.scheduled.map(\.item) == ["1", "3", "5"])
    #expect(clock.scheduled.map(\.deadline) == [10, 10, 20])
  }

  // MARK: - Through the model

  @Test("ReferenceModel.runUntilIdle returns nil once toasts have expired")
  func modelIdle() {
    var m = screenModel(#"{"t":100,"type":"CREATE_TOAST","internalId":3,"textValue":"Hi"}"#)
    #expect(m.runUntilIdle() == nil)
    #expect(m.state.toasts.isEmpty)
    #expect(m.state.time == 2100)
  }

  @Test("ReferenceModel.runUntilIdle names the endless timer", arguments: [
    (count: 1, suffix: ""), (count: 2, suffix: ", and 1 more timer"), (count: 3, suffix: ", and 2 more timers"),
  ])
  func modelEndlessTimer(count: Int, suffix: String) {
    let timers = (0..<count).map { #"{"type":"CREATE_TIMER","internalId":3,"childInternalId":\#(7 + $0),"value":500}"# }
    var m = screenModel(#"{"t":10,"batch":[\#(timers.joined(separator: ","))]}"#)
    #expect(m.runUntilIdle(limit: 20) == "timer 7 (owner 3, every 500 ms) keeps firing" + suffix)
    // The limit counts instants: timers due together fire together.
    #expect(m.state.timers.values.map(\.fireCount) == Array(repeating: 20, count: count))
  }

  @Test("ReferenceModel.runUntilIdle without timers says how much is left when the limit is hit")
  func modelLimitWithoutTimers() {
    var m = screenModel(#"{"t":0,"batch":[{"type":"CREATE_TOAST","textValue":"a"},{"type":"CREATE_TOAST","value":1,"textValue":"b"}]}"#, #"{"t":1000,"type":"CREATE_TOAST","value":1,"textValue":"c"}"#)
    #expect(m.runUntilIdle(limit: 1) == "the clock still has 2 scheduled items")
    #expect(m.state.toasts.map(\.text) == ["b", "c"])
    #expect(m.runUntilIdle() == nil)
  }

  @Test("A toast is on screen until exactly shownAt + duration")
  func toastExpiry() {
    var m = screenModel(#"{"t":1000,"type":"CREATE_TOAST","internalId":3,"textValue":"Saved"}"#)
    m.advance(to: 2999)
    #expect(m.state.toasts.map(\.text) == ["Saved"])
    #expect(m.emissions.isEmpty)
    m.advance(to: 3000)
    #expect(m.state.toasts.isEmpty)
    #expect(m.emissions == [PlatformEmission(time: 3000, recordIndex: nil, kind: .toastExpired(toast: 1, text: "Saved"))])
    #expect(m.state.time == 3000)
  }

  @Test("Toast durations as Android has them: 1 is long (3500 ms), anything else short (2000 ms)", arguments: [
    (value: Int32(0), duration: 2000.0), (value: 1, duration: 3500), (value: -3, duration: 2000),
    (value: 2, duration: 2000), (value: 9, duration: 2000), (value: 5000, duration: 2000),
  ])
  func toastDurations(value: Int32, duration: Double) {
    #expect(Toast.duration(forValue: value) == duration)
    let m = screenModel(#"{"t":100,"type":"CREATE_TOAST","internalId":3,"value":\#(value),"textValue":"x"}"#)
    #expect(m.state.toasts.first?.expiresAt == 100 + duration)
  }

  @Test("Toasts are numbered in the session and expire independently")
  func severalToasts() {
    var m = screenModel(
      #"{"t":0,"type":"CREATE_TOAST","internalId":3,"value":1,"textValue":"long"}"#,
      #"{"t":500,"type":"CREATE_TOAST","internalId":3,"textValue":"short"}"#)
    m.advance(to: 2500)
    #expect(m.state.toasts.map(\.number) == [1])
    m.advance(to: 3500)
    #expect(m.emissions.map(\.kind) == [.toastExpired(toast: 2, text: "short"), .toastExpired(toast: 1, text: "long")])
  }

  @Test("A timer fires every interval from its creation, to its owner, with its id")
  func timerPeriod() {
    var m = screenModel(#"{"t":100,"type":"CREATE_TIMER","internalId":3,"childInternalId":7,"value":250}"#)
    m.advance(to: 1000)
    let tick = PlatformEmission.Kind.event(target: 3, .timer(TimerEvent(id: 7)))
    #expect(m.emissions == [350.0, 600, 850].map { PlatformEmission(time: $0, recordIndex: nil, kind: tick) })
    #expect(m.state.timers[7]?.fireCount == 3)
    #expect(m.state.timers[7]?.nextFire == 1100)
    #expect(m.state.timers[7]?.createdAt == 100)
    #expect(m.nextDeadline == 1100)
  }

  @Test("A timer and a toast due at a record's instant run before the record")
  func dueBeforeRecord() {
    let m = screenModel(
      #"{"batch":[{"type":"CREATE_TEXT","internalId":3,"childInternalId":10,"textValue":"Loading"},{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":11},{"type":"CREATE_TOAST","internalId":3,"textValue":"Hi"},{"type":"CREATE_TIMER","internalId":10,"childInternalId":12,"value":500}]}"#,
      #"{"t":2000,"batch":[{"type":"DELETE_ELEMENT","internalId":10},{"type":"SET_VISIBILITY","internalId":11,"value":1}]}"#)
    expectClean(m)
    let tick = PlatformEmission.Kind.event(target: 10, .timer(TimerEvent(id: 12)))
    #expect(m.emissions == [
      PlatformEmission(time: 500, recordIndex: nil, kind: tick),
      PlatformEmission(time: 1000, recordIndex: nil, kind: tick),
      PlatformEmission(time: 1500, recordIndex: nil, kind: tick),
      PlatformEmission(time: 2000, recordIndex: nil, kind: .toastExpired(toast: 1, text: "Hi")),
      PlatformEmission(time: 2000, recordIndex: nil, kind: tick),
      PlatformEmission(time: 2000, recordIndex: 3, kind: .event(target: 11, .visibility(VisibilityEvent(visible: true)))),
    ])
    #expect(m.state.timers.isEmpty)
    #expect(m.state.toasts.isEmpty)
    #expect(m.nextDeadline == nil)
  }

  @Test("The model's clock never goes backwards either")
  func modelNeverBackwards() {
    var m = screenModel(#"{"t":100,"type":"CREATE_TOAST","internalId":3,"textValue":"x"}"#)
    m.advance(to: 5000)
    m.advance(to: 200)
    #expect(m.state.time == 5000)
    #expect(m.emissions.count == 1)
  }

  @Test("emissionCount counts emissions even when they are not kept")
  func emissionsNotKept() {
    var m = screenModel(#"{"t":0,"type":"CREATE_TIMER","internalId":3,"childInternalId":7,"value":100}"#, options: .init(recordEmissions: false))
    m.advance(to: 1000)
    #expect(m.emissions.isEmpty)
    #expect(m.emissionCount == 10)
    #expect(m.state.timers[7]?.fireCount == 10)
  }
}
