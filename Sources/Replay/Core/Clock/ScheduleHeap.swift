/// A binary min-heap of scheduled items ordered by (deadline, sequence).
///
/// The sequence number makes the order total: a heap alone is not stable, and items due at the
/// same instant must come out in the order they were scheduled.
struct ScheduleHeap<Item>: Sendable where Item: Sendable {
  struct Entry: Sendable {
    var deadline: Double
    var sequence: UInt64
    var item: Item

    @inline(__always)
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
      a.deadline < b.deadline || (a.deadline == b.deadline && a.sequence < b.sequence)
    }
  }

  private var storage: [Entry] = []

  var count: Int { storage.count }
  var min: Entry? { storage.first }

  /// Calls `body` with every entry, in heap (not deadline) order, without allocating.
  func forEach(_ body: (Entry) -> Void) {
    for entry in storage { body(entry) }
  }

  /// - Complexity: O(log n).
  mutating func insert(_ entry: Entry) {
    storage.append(entry)
    siftUp(storage.count - 1)
  }

  /// Removes and returns the earliest entry; the heap must not be empty.
  ///
  /// - Complexity: O(log n).
  mutating func removeMin() -> Entry {
    let first = storage[0]
    let last = storage.removeLast()
    if !storage.isEmpty {
      storage[0] = last
      siftDown(0)
    }
    return first
  }

  /// - Complexity: O(n).
  mutating func removeAll(where shouldRemove: (Entry) -> Bool) {
    storage.removeAll(where: shouldRemove)
    // Re-heapify bottom-up.
    var index = storage.count / 2 - 1
    while index >= 0 {
      siftDown(index)
      index -= 1
    }
  }

  var sortedEntries: [Entry] { storage.sorted(by: Entry.precedes) }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard Entry.precedes(storage[child], storage[parent]) else { return }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    let count = storage.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var smallest = left
      let right = left + 1
      if right < count && Entry.precedes(storage[right], storage[left]) { smallest = right }
      guard Entry.precedes(storage[smallest], storage[parent]) else { return }
      storage.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
