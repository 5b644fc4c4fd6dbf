import ConformanceTestee
import Testing

@Suite("ConformanceTestee: the virtual clock")
struct TesteeClockTests {
  @Test("Items fire in time order, each at its own instant, ties in scheduling order")
  func order() {
    let clock = TesteeClock()
    var fired: [String] = []
    clock.schedule(at: 300) { fired.append("toast@\($0) now \(clock.now)") }
    clock.repeating(every: 100, from: 0) { fired.append("timer@\($0)") }
    clock.schedule(at: 200) { fired.append("second@\($0)") }
    clock.run(to: 250)
    // The timer's tick at 200 was scheduled when it fired at 100, after "second": "second" first.
    #expect(fired == ["timer@100.0", "second@200.0", "timer@200.0"])
    #expect(clock.now == 250)
    clock.run(to: 300)
    // The timer's tick at 300 was scheduled (rescheduled at 200) after the toast: the toast first.
    #expect(fired.suffix(2) == ["toast@300.0 now 300.0", "timer@300.0"])
  }

  @Test("An item scheduled while firing fires in the same run when due; cancelled items never fire")
  func nestedAndCancelled() {
    let clock = TesteeClock()
    var fired: [Double] = []
    let cancelled = clock.schedule(at: 50) { fired.append(-$0) }
    clock.schedule(at: 10) { time in
      fired.append(time)
      clock.schedule(at: time + 5) { fired.append($0) }
    }
    clock.cancel(cancelled)
    #expect(clock.nextFire(of: cancelled) == nil)
    clock.run(to: 100)
    #expect(fired == [10, 15])
    #expect(clock.pendingCount == 0)
  }

  @Test("A repeating item reports its next tick, and reset forgets everything")
  func repeatingAndReset() {
    let clock = TesteeClock()
    var ticks = 0
    let timer = clock.repeating(every: 40, from: 10) { _ in ticks += 1 }
    #expect(clock.nextFire(of: timer) == 50)
    clock.run(to: 130)
    #expect(ticks == 3)
    #expect(clock.nextFire(of: timer) == 170)
    clock.reset()
    #expect(clock.now == 0)
    clock.run(to: 1000)
    #expect(ticks == 3)
  }
}
