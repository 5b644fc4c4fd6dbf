/// The testee's virtual clock (docs/CONFORMANCE.md §1.3): the time of cmdtool's records and
/// nothing else. The platform registers what its toolkit would hand to wall-clock timers (a
/// CREATE_TIMER's ticks, a toast's expiry) here instead; before each record the session runs the
/// clock to the record's `t`, and every item due by then fires in time order, each at its own
/// instant (``now`` is the item's time while it fires, so the events it sends carry that time).
///
/// Items due at the same instant fire in the order they were scheduled, as the reference model's.
public final class TesteeClock {
  /// A scheduled item, to cancel it or ask when it fires next.
  public struct Token: Hashable, Sendable {
    fileprivate let number: Int
  }

  private struct Item {
    var time: Double
    /// The order of scheduling: the tie-break for items due at the same instant.
    var sequence: Int
    var token: Token
    /// Repeats every `interval` ms after firing; 0 fires once.
    var interval: Double
    var fire: (Double) -> Void
  }

  /// The current virtual time, in ms since the case began.
  public private(set) var now: Double = 0
  private var items: [Item] = []
  private var sequence = 0
  private var nextToken = 0

  public init() {}

  /// Runs `fire` at `time` (at once, on the next run, when `time` has passed already).
  @discardableResult
  public func schedule(at time: Double, _ fire: @escaping (_ time: Double) -> Void) -> Token {
    add(time: time, interval: 0, fire)
  }

  /// Runs `fire` every `interval` ms (positive), the first time at `start + interval`: a timer.
  @discardableResult
  public func repeating(every interval: Double, from start: Double, _ fire: @escaping (_ time: Double) -> Void) -> Token {
    precondition(interval > 0, "a repeating item needs a positive interval")
    return add(time: start + interval, interval: interval, fire)
  }

  /// Removes the item; a token that fired (once) or was cancelled already is ignored.
  public func cancel(_ token: Token) {
    items.removeAll { $0.token == token }
  }

  /// When the item fires next; nil once it has fired (once) or was cancelled.
  public func nextFire(of token: Token) -> Double? {
    items.first { $0.token == token }?.time
  }

  /// How many items are waiting.
  public var pendingCount: Int { items.count }

  /// Fires every item due at or before `time`, earliest first, each at its own instant, then
  /// sets ``now`` to `time`. Items an item schedules fire too if they fall due by `time`.
  /// A time before ``now`` changes nothing (cmdtool's times never decrease).
  public func run(to time: Double) {
    while let index = dueIndex(by: time) {
      var item = items[index]
      now = item.time
      if item.interval > 0 {
        item.time += item.interval
        item.sequence = nextSequence()
        items[index] = item
      } else {
        items.remove(at: index)
      }
      item.fire(now)
    }
    now = max(now, time)
  }

  /// Forgets every item and goes back to 0: a new case (§1.9).
  public func reset() {
    items = []
    now = 0
  }

  private func add(time: Double, interval: Double, _ fire: @escaping (Double) -> Void) -> Token {
    let token = Token(number: nextToken)
    nextToken += 1
    items.append(Item(time: time, sequence: nextSequence(), token: token, interval: interval, fire: fire))
    return token
  }

  private func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  /// The earliest item due by `time`. A linear scan: a testee has a handful of timers and toasts.
  private func dueIndex(by time: Double) -> Int? {
    var best: Int?
    for index in items.indices where items[index].time <= time {
      if let current = best, (items[current].time, items[current].sequence) <= (items[index].time, items[index].sequence) { continue }
      best = index
    }
    return best
  }
}
