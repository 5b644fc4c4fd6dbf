import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

@Suite("Events diff")
struct EventsDiffTests {
  static func tick(_ target: Int32, timer: Int32, at time: Double, record: Int? = nil) -> PlatformEmission {
    PlatformEmission(time: time, recordIndex: record, kind: .event(target: target, .timer(TimerEvent(id: timer))))
  }

  static func expired(_ number: Int, _ text: String, at time: Double, record: Int? = nil) -> PlatformEmission {
    PlatformEmission(time: time, recordIndex: record, kind: .toastExpired(toast: number, text: text))
  }

  @Test("The same emissions are no difference, and print nothing")
  func equal() {
    let emissions = [Self.tick(3, timer: 50, at: 500), Self.expired(1, "Saved", at: 2_000)]
    let diff = EventsDiff(emissions, emissions)
    #expect(diff.isEmpty)
    #expect(diff.commonPrefix == 2)
    #expect(diff.onlyFirst.isEmpty)
    #expect(diff.onlySecond.isEmpty)
    #expect(diff.renderText() == "")
    #expect(EventsDiff([], []).isEmpty)
  }

  @Test("The record being applied is not compared, the time and the event are")
  func recordIndexIgnored() {
    #expect(EventsDiff([Self.tick(3, timer: 50, at: 500, record: 4)], [Self.tick(3, timer: 50, at: 500, record: nil)]).isEmpty)
    #expect(!EventsDiff([Self.tick(3, timer: 50, at: 500)], [Self.tick(3, timer: 50, at: 501)]).isEmpty)
    #expect(!EventsDiff([Self.tick(3, timer: 50, at: 500)], [Self.tick(4, timer: 50, at: 500)]).isEmpty)
    #expect(!EventsDiff([Self.tick(3, timer: 50, at: 500)], [Self.tick(3, timer: 51, at: 500)]).isEmpty)
    #expect(!EventsDiff([Self.expired(1, "Saved", at: 2_000)], [Self.expired(1, "Saved!", at: 2_000)]).isEmpty)
  }

  @Test("The common prefix, then what each run did instead")
  func prefixThenRest() {
    let first = [Self.tick(3, timer: 50, at: 500), Self.tick(3, timer: 50, at: 1_000), Self.expired(1, "Saved", at: 2_000)]
    let second = [Self.tick(3, timer: 50, at: 500), Self.expired(1, "Saved", at: 1_200), Self.tick(3, timer: 50, at: 1_500)]
    let diff = EventsDiff(first, second)
    #expect(diff.commonPrefix == 1)
    #expect(diff.onlyFirst == Array(first[1...]))
    #expect(diff.onlySecond == Array(second[1...]))
    DiffGolden.check(diff.renderText(), "events-prefix.txt")
  }

  @Test("One run's emissions extend the other's")
  func longer() {
    let first = [Self.tick(3, timer: 50, at: 500)]
    let second = first + [Self.tick(3, timer: 50, at: 1_000)]
    let diff = EventsDiff(first, second)
    #expect(diff.commonPrefix == 1)
    #expect(diff.onlyFirst.isEmpty)
    #expect(diff.onlySecond.count == 1)
    #expect(diff.renderText() == "events: the runs agree on the first 1, then\n+     1.000s  ←  TimerEvent → 3 id=50\n")
  }

  @Test("The paths rules see for emissions")
  func paths() {
    #expect(EventsDiff.path(of: Self.tick(3, timer: 50, at: 0)) == "events › TimerEvent → 3")
    #expect(EventsDiff.path(of: Self.expired(2, "Saved", at: 0)) == "events › toast 2 expired")
    let request = PlatformEmission(time: 0, recordIndex: nil, kind: .event(target: 5, .imageRequest(ImageRequestEvent(mode: 1, imageUrl: "https://x/a.jpg", sourceInternalId: 5))))
    #expect(EventsDiff.path(of: request) == "events › ImageRequestEvent → 5")
  }

  @Test("Ignored emissions are left out before the runs are lined up")
  func ignoring() {
    let first = [Self.tick(3, timer: 50, at: 500), Self.expired(1, "Saved", at: 600), Self.tick(3, timer: 50, at: 1_000)]
    let second = [Self.tick(3, timer: 50, at: 500), Self.tick(3, timer: 50, at: 1_000)]
    #expect(!EventsDiff(first, second).isEmpty)
    let diff = EventsDiff(first, second, ignoring: DiffIgnoreRules(["events › toast * expired"]))
    #expect(diff.isEmpty)
    #expect(diff.commonPrefix == 2)
    #expect(EventsDiff(first, [], ignoring: DiffIgnoreRules(["events*"])).isEmpty)
    // A rule for other paths changes nothing.
    #expect(!EventsDiff(first, second, ignoring: DiffIgnoreRules(["timers*"])).isEmpty)
  }

  @Test("At most `limit` lines per run, then a count of the rest")
  func limit() {
    let first = (1...5).map { Self.tick(3, timer: 50, at: Double($0) * 100) }
    let second = (1...3).map { Self.tick(3, timer: 50, at: Double($0) * 100 + 1) }
    let text = EventsDiff(first, second).renderText(limit: 2)
    DiffGolden.check(text, "events-limit.txt")
    #expect(text.contains("  … and 3 more in the first run\n"))
    #expect(text.contains("  … and 1 more in the second run\n"))
    #expect(text.split(separator: "\n").count == 7)
  }

  @Test("Colors on a terminal only")
  func palette() {
    let diff = EventsDiff([Self.tick(3, timer: 50, at: 500)], [Self.tick(3, timer: 51, at: 500)])
    #expect(!diff.renderText(.plain).contains("\u{1B}"))
    #expect(diff.renderText(.terminal).contains("\u{1B}[31m- "))
    #expect(diff.renderText(.terminal).contains("\u{1B}[32m+ "))
  }

  @Test("From models: timers of different intervals tick at different times")
  func fromModels() {
    let a = screenModel(c("CREATE_TIMER", #""internalId":3,"childInternalId":50,"value":500"#), #"{"t":1600,"marker":"later"}"#)
    let b = screenModel(c("CREATE_TIMER", #""internalId":3,"childInternalId":50,"value":700"#), #"{"t":1600,"marker":"later"}"#)
    let diff = EventsDiff(a.emissions, b.emissions)
    #expect(diff.commonPrefix == 0)
    #expect(diff.onlyFirst.map(\.time) == [500, 1_000, 1_500])
    #expect(diff.onlySecond.map(\.time) == [700, 1_400])
    DiffGolden.check(diff.renderText(), "events-timers.txt")
  }

  @Test("With a tolerance, emissions within it of each other may come in either order")
  func anyOrderWithinTheTolerance() {
    // Two timers that tick 2 ms apart: on the wall clock, in either order.
    let first = [Self.tick(3, timer: 50, at: 1_000), Self.tick(4, timer: 60, at: 1_002), Self.tick(3, timer: 50, at: 2_000)]
    let second = [Self.tick(4, timer: 60, at: 999), Self.tick(3, timer: 50, at: 1_004), Self.tick(3, timer: 50, at: 2_003)]
    #expect(EventsDiff(first, second, timeTolerance: 500).isEmpty)
    // Without one, the order is the order, and the times the times.
    #expect(EventsDiff(first, second).commonPrefix == 0)
    // The n-th tick of a timer goes with the n-th: one tick missing is one tick missing.
    let missing = EventsDiff(first, Array(second.dropLast()), timeTolerance: 500)
    #expect(missing.commonPrefix == 2)
    #expect(missing.onlyFirst == [first[2]])
  }

  @Test("With a tolerance and the runs' ends, the clock's last emissions that one run's session ended before make no difference")
  func theEnd() {
    let first = [Self.tick(3, timer: 50, at: 1_000), Self.tick(3, timer: 50, at: 2_000), Self.expired(1, "Saved", at: 2_100)]
    let second = [Self.tick(3, timer: 50, at: 1_010)]
    // The second run ended at 1,900 ms: its clock would have ticked and taken the toast away
    // within 500 ms of that; the first run's, which ended at 2,150 ms, did.
    #expect(EventsDiff(first, second, timeTolerance: 500, ends: (2_150, 1_900)).isEmpty)
    // Long before the end, a missing tick is missing.
    #expect(!EventsDiff(first, second, timeTolerance: 500, ends: (3_000, 1_900)).isEmpty)
    #expect(!EventsDiff(first, second, timeTolerance: 500).isEmpty)
    // Only the clock's: an image request (or anything a record caused) is never made up for.
    let request = PlatformEmission(time: 2_000, recordIndex: 7, kind: .event(target: 5, .imageRequest(ImageRequestEvent(imageUrl: "a.png", requestedWidth: 10, requestedHeight: 10))))
    #expect(!EventsDiff(first.prefix(1) + [request], second, timeTolerance: 500, ends: (2_150, 1_900)).isEmpty)
  }

  @Test("Every bundled trace's emissions equal themselves", arguments: diffTraces)
  func bundled(_ name: String) throws {
    let first = try replayFile(name).model.emissions
    let second = try replayFile(name).model.emissions
    let diff = EventsDiff(first, second)
    #expect(diff.isEmpty)
    #expect(diff.commonPrefix == first.count)
  }
}
