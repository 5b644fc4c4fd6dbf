/// Why the model's virtual clock stopped: running it to the next record (or replay point) would
/// fire timers more often than ``ReferenceModel/Options/clockLimit`` allows without a command in
/// between (docs/PROTOCOL.md §2.1).
///
/// A 1 ms timer followed by a record at t=1e15 (a 218-byte trace) asks for 10^15 ticks; fake
/// timers' `loopLimit` is the model: stop with an error naming the timer instead of running
/// forever. The model decides before it fires anything, so the error comes at once.
public struct ClockOverrun: Error, Hashable, Sendable, CustomStringConvertible {
  /// The timer that would fire most often.
  public var timer: ModelTimer
  /// How often that timer would fire.
  public var timerFirings: Double
  /// How often all timers together would fire.
  public var firings: Double
  /// How often timers fired since the last command before the clock stopped.
  public var fired: Int
  /// The limit.
  public var limit: Int
  /// The clock's time when it stopped, and the time it was asked to run to.
  public var from: Double
  public var until: Double
  /// The record the clock was running to (nil: a replay point, or the end).
  public var recordIndex: Int?

  public var description: String {
    let target = recordIndex.map { "record #\($0) at \(Format.time(milliseconds: until))" } ?? Format.time(milliseconds: until)
    let others = firings > timerFirings ? " (all timers: \(Format.number(firings)) times)" : ""
    let before = fired > 0 ? ", on top of \(fired) since the last command" : ""
    return "the virtual clock stops at \(Format.time(milliseconds: from)): running it to \(target) would fire timer \(timer.id) (owner \(timer.owner), every \(Format.number(timer.interval)) ms) \(Format.number(timerFirings)) times\(others)\(before), and the clock fires timers at most \(Format.number(Double(limit))) times without a command in between (docs/PROTOCOL.md §2.1)"
  }
}

extension ReferenceModel {
  /// The firings of timers the clock allows between two commands, unless the options say otherwise:
  /// a million, what a 100 ms timer does in 28 hours, or a 16 ms (60 Hz) one in 4.4 hours, of an
  /// engine that answers none of its ticks with a command.
  public static let defaultClockLimit = 1_000_000

  /// Whether running the clock to `time` stays within the limit; nil when it does.
  ///
  /// Timers never change while the clock runs (only commands create and stop them), so the
  /// ticks due are counted exactly, before any fires, in O(timers), and only when one is due.
  func overrun(advancingTo time: Double, record: Int?) -> ClockOverrun? {
    guard let next = clock.nextDeadline, next <= time else { return nil }
    let (due, busiest) = timerFirings(through: time)
    guard Double(timerFiringsSinceCommand) + due > Double(options.clockLimit), let busiest else { return nil }
    return ClockOverrun(timer: busiest.timer, timerFirings: busiest.firings, firings: due, fired: timerFiringsSinceCommand, limit: options.clockLimit, from: clock.now, until: time, recordIndex: record)
  }

  /// How often the running timers fire if the clock runs from now to `time` with no command in
  /// between: all of them together, and the one that fires most (the lowest id of equals).
  public func timerFirings(through time: Double) -> (total: Double, busiest: (timer: ModelTimer, firings: Double)?) {
    var total = 0.0
    var busiest: (timer: ModelTimer, firings: Double)?
    for timer in state.timers.values where timer.nextFire <= time {
      let firings = ((time - timer.nextFire) / timer.interval).rounded(.down) + 1
      total += firings
      if let known = busiest, known.firings > firings || (known.firings == firings && known.timer.id < timer.id) { continue }
      busiest = (timer, firings)
    }
    return (total, busiest)
  }
}
