/// A clock that moves only when told to, running what falls due synchronously, in a fixed order.
///
/// Time is injected, never read from the system: replay never sleeps, so an hour of session time
/// replays in milliseconds. Items scheduled for the same instant come due in the order they were
/// scheduled (a sequence number breaks ties), so runs are deterministic.
///
/// ```swift
/// var clock = VirtualClock<String>()
/// clock.schedule("toast expires", at: 2000)
/// clock.advance(to: 2500) { item, instant in print(item, instant) }  // "toast expires 2000.0"
/// ```
///
/// Handlers may schedule further items; those due by the target instant run in the same call,
/// like NIO's `EmbeddedEventLoop.advanceTime`.
public struct VirtualClock<Item>: Sendable where Item: Sendable {
  /// An instant in milliseconds since the session started.
  public typealias Instant = Double

  /// The current instant.
  public private(set) var now: Instant = 0

  private var heap = ScheduleHeap<Item>()
  private var nextSequence: UInt64 = 0

  public init(now: Instant = 0) {
    self.now = now
  }

  /// The number of scheduled items not yet due.
  public var pendingCount: Int { heap.count }

  /// The instant of the earliest scheduled item, if any.
  public var nextDeadline: Instant? { heap.min?.deadline }

  /// Schedules `item` at `deadline` (clamped to now: the past runs at the next advance).
  ///
  /// - Complexity: O(log n).
  public mutating func schedule(_ item: Item, at deadline: Instant) {
    heap.insert(ScheduleHeap.Entry(deadline: max(deadline, now), sequence: nextSequence, item: item))
    nextSequence += 1
  }

  /// Moves to `instant` (never backwards), running every item due at or before it, earliest first,
  /// ties in scheduling order. `handler` gets each item with its deadline, with ``now`` set to it.
  ///
  /// - Complexity: O(k log n) for k items run.
  public mutating func advance(to instant: Instant, _ handler: (inout VirtualClock, Item, Instant) -> Void) {
    let target = max(instant, now)
    while let first = heap.min, first.deadline <= target {
      let entry = heap.removeMin()
      now = entry.deadline
      handler(&self, entry.item, entry.deadline)
    }
    now = target
  }

  /// Removes and returns the earliest item due at or before `instant`, moving ``now`` to its
  /// deadline; nil when nothing is due by then.
  ///
  /// The pull form of ``advance(to:_:)`` for owners that handle items with their own mutable
  /// state: loop on it, then call ``settle(at:)``.
  ///
  /// - Complexity: O(log n).
  public mutating func popNextDue(through instant: Instant) -> (item: Item, deadline: Instant)? {
    guard let first = heap.min, first.deadline <= instant else { return nil }
    let entry = heap.removeMin()
    now = max(now, entry.deadline)
    return (entry.item, entry.deadline)
  }

  /// Moves ``now`` to `instant` (never backwards) without running anything.
  public mutating func settle(at instant: Instant) {
    now = max(now, instant)
  }

  /// Moves forward by `duration` milliseconds; see ``advance(to:_:)``.
  public mutating func advance(by duration: Double, _ handler: (inout VirtualClock, Item, Instant) -> Void) {
    advance(to: now + max(duration, 0), handler)
  }

  /// Runs scheduled items until none is left, stopping after `limit` items.
  ///
  /// - Returns: nil when the clock became idle; otherwise the item that was next when the limit
  ///   was hit, so the caller can name the culprit (typically a timer that repeats forever).
  public mutating func runUntilIdle(limit: Int, _ handler: (inout VirtualClock, Item, Instant) -> Void) -> Item? {
    var ran = 0
    while let first = heap.min {
      if ran >= limit { return first.item }
      let entry = heap.removeMin()
      now = entry.deadline
      handler(&self, entry.item, entry.deadline)
      ran += 1
    }
    return nil
  }

  /// Removes every scheduled item for which `shouldRemove` is true.
  ///
  /// - Complexity: O(n).
  public mutating func removeAll(where shouldRemove: (Item) -> Bool) {
    heap.removeAll { shouldRemove($0.item) }
  }

  /// Calls `body` with every scheduled item and its deadline, in no particular order, without
  /// allocating (for checks after every record).
  public func forEachScheduled(_ body: (_ deadline: Instant, _ item: Item) -> Void) {
    heap.forEach { body($0.deadline, $0.item) }
  }

  /// The scheduled items, earliest first (ties in scheduling order).
  public var scheduled: [(deadline: Instant, item: Item)] {
    heap.sortedEntries.map { ($0.deadline, $0.item) }
  }
}
