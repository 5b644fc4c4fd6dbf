import CommandCodec
@testable import ReplayCore
import Testing

/// The clock's limit (docs/PROTOCOL.md §2.1): at most `clockLimit` timer firings between two
/// commands, decided before anything fires, so a trace that asks for 10^15 ticks ends at once.
@Suite("Clock limit")
struct ClockLimitTests {
  /// A model with an application (1) and timers of `intervals` (ids 10, 11, …) created at 0.
  static func model(intervals: [Int32], limit: Int, emissions: Bool = false) -> ReferenceModel {
    var model = ReferenceModel(options: .init(recordEmissions: emissions, clockLimit: limit))
    let commands = [Command(.createApplication, childInternalId: 1)]
      + intervals.enumerated().map { Command(.createTimer, internalId: 1, childInternalId: 10 + Int32($0.offset), value: $0.element) }
    model.apply(TraceRecord(time: 0, .batch(commands)), index: 0)
    return model
  }

  static func fired(_ model: ReferenceModel) -> Int { model.state.timers.values.reduce(0) { $0 + $1.fireCount } }

  /// Many timers and gaps: under the limit every tick fires (as many as the limit's own count
  /// says); over it, nothing fires, the clock stops, and the overrun names the busiest timer.
  @Test func theLimitCountsExactlyWhatTheClockWouldFire() throws {
    var random = SplitMix64(seed: 22)
    for _ in 0..<400 {
      let intervals = (0..<(1 + random.below(4))).map { _ in Int32([1, 3, 16, 100, 250, 1000][random.below(6)]) }
      let limit = 1 + random.below(3000)
      let gap = Double(random.below(40_000))
      var model = Self.model(intervals: intervals, limit: limit)
      let expected = intervals.reduce(0) { $0 + Int(gap) / Int($1) }
      model.apply(TraceRecord(time: gap, .marker(label: "later", detail: "")), index: 1)
      if expected <= limit {
        #expect(model.clockOverrun == nil, "\(intervals) for \(gap) ms, limit \(limit)")
        #expect(Self.fired(model) == expected, "\(intervals) for \(gap) ms")
      } else {
        let overrun = try #require(model.clockOverrun, "\(intervals) for \(gap) ms, limit \(limit): \(expected) ticks ran")
        #expect(Self.fired(model) == 0)
        #expect(overrun.firings == Double(expected))
        #expect(overrun.timer.interval == Double(intervals.min()!))
        #expect(overrun.timerFirings == Double(Int(gap) / Int(intervals.min()!)))
        #expect(overrun.recordIndex == 1 && overrun.until == gap && overrun.limit == limit)
      }
    }
  }

  @Test func aCommandInBetweenStartsTheCountAgain() {
    // Two gaps of 600 ticks of a 1 ms timer, limit 1000.
    var model = Self.model(intervals: [1], limit: 1000)
    model.apply(TraceRecord(time: 600, .batch([Command(.setTextValue, internalId: 1, textValue: "tick")])), index: 1)
    model.apply(TraceRecord(time: 1200, .batch([Command(.setTextValue, internalId: 1, textValue: "tock")])), index: 2)
    #expect(model.clockOverrun == nil)
    #expect(Self.fired(model) == 1200)
    // A marker or an event is not a command: the ticks add up.
    var quiet = Self.model(intervals: [1], limit: 1000)
    quiet.apply(TraceRecord(time: 600, .marker(label: "a", detail: "")), index: 1)
    quiet.apply(TraceRecord(time: 1200, .event(target: 1, .timer(TimerEvent(id: 10)))), index: 2)
    #expect(quiet.clockOverrun?.fired == 600)
    #expect(quiet.clockOverrun?.recordIndex == 2)
    #expect(Self.fired(quiet) == 600)
    // Stopped, it fires nothing more, whatever comes.
    quiet.apply(TraceRecord(time: 5000, .batch([Command(.setTextValue, internalId: 1, textValue: "far")])), index: 3)
    #expect(Self.fired(quiet) == 600)
    #expect(quiet.runUntilIdle() == quiet.clockOverrun?.description)
  }

  /// Twice the limit (the real bomb, t=1e15, is the command-line tests': here a broken limit
  /// must fail the test, not hang it).
  @Test func aGapOverTheLimitStopsAtOnceNamingTheTimer() throws {
    var model = Self.model(intervals: [1], limit: ReferenceModel.defaultClockLimit, emissions: true)
    model.apply(TraceRecord(time: 2e6, .batch([Command(.setTextValue, internalId: 1, textValue: "later")])), index: 1)
    let overrun = try #require(model.clockOverrun)
    #expect(overrun.description == "the virtual clock stops at 0.000s: running it to record #1 at 2000.000s would fire timer 10 (owner 1, every 1 ms) 2000000 times, and the clock fires timers at most 1000000 times without a command in between (docs/PROTOCOL.md §2.1)")
    #expect(model.emissions.isEmpty)
    // Replaying records in memory says so too.
    #expect(throws: Replayer.Failure.self) {
      _ = try Replayer.replay([TraceRecord(time: 0, .batch([Command(.createApplication, childInternalId: 1), Command(.createTimer, internalId: 1, childInternalId: 2, value: 1)])), TraceRecord(time: 2e6, .marker(label: "x", detail: ""))], options: .init(recordEmissions: false))
    }
  }

  @Test func theDefaultLimitLetsAMillionTicksThrough() {
    // 1,000,000 ticks of a 1 ms timer and no command: exactly the limit, which runs.
    var model = Self.model(intervals: [1], limit: ReferenceModel.defaultClockLimit)
    model.apply(TraceRecord(time: 1_000_000, .marker(label: "at the limit", detail: "")), index: 1)
    #expect(model.clockOverrun == nil)
    #expect(Self.fired(model) == 1_000_000)
    model.apply(TraceRecord(time: 1_000_001, .marker(label: "one more", detail: "")), index: 2)
    #expect(model.clockOverrun?.timerFirings == 1)
  }
}
