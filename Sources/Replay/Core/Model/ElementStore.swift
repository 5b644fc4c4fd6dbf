/// The live elements, by id: a dense slot array addressed through an id → slot map.
///
/// Elements are large values; a `Dictionary<Int32, Element>` copies a whole element to read one
/// field. Slots are read and mutated in place (array addressors), and freed slots are reused, so
/// memory follows the number of live elements, not the number ever created.
public struct ElementStore: Sendable, Equatable {
  private var slots: ContiguousArray<Element> = []
  private var slotById = IdTable()
  private var freeSlots: [Int32] = []
  /// The ids inserted, mutated or removed since ``takeChanges()``, in order, repeats kept; nil once
  /// more than ``changeLimit`` were noted (then anything may have changed).
  private var changes: [Int32]? = []
  /// Whether mutations are noted for ``takeChanges()`` (off by default: only a model that lays
  /// custom widgets out after every record needs them).
  var tracksChanges = false
  /// The most changes noted between two ``takeChanges()``: a record changing more is laid out
  /// anew whatever they were, so a long list of them would only cost memory.
  static let changeLimit = 64

  public init() {}

  /// The number of live elements.
  public var count: Int { slotById.count }

  public var isEmpty: Bool { slotById.count == 0 }

  /// The element with `id` (a copy).
  ///
  /// - Complexity: O(1) on average.
  public subscript(id: Int32) -> Element? {
    guard let slot = slotById[id] else { return nil }
    return slots[Int(slot)]
  }

  /// Whether `id` is live.
  @inline(__always)
  public func contains(_ id: Int32) -> Bool { slotById[id] != nil }

  /// One property of element `id`, read in place (no copy of the element); nil when `id` is not live.
  ///
  /// - Complexity: O(1) on average.
  @inline(__always)
  public func read<T>(_ id: Int32, _ body: (borrowing Element) -> T) -> T? {
    guard let slot = slotById[id] else { return nil }
    return body(slots[Int(slot)])
  }

  /// The ids of every live element, ascending.
  ///
  /// - Complexity: O(n log n).
  public var sortedIds: [Int32] { slotById.pairs.map(\.key).sorted() }

  /// Every live element, in no particular order.
  public var values: [Element] { slotById.pairs.map { slots[Int($0.value)] } }

  /// The ids of the live elements `predicate` accepts, read in place, in no particular order.
  public func ids(where predicate: (borrowing Element) -> Bool) -> [Int32] {
    slotById.pairs.compactMap { predicate(slots[Int($0.value)]) ? $0.key : nil }
  }

  /// Whether an element without a parent other than `id` is live.
  ///
  /// - Complexity: O(n), reading each element in place, and stopping at the first.
  public func containsRoot(other id: Int32?) -> Bool {
    slotById.pairs.contains { slots[Int($0.value)].parent == nil && $0.key != id }
  }

  // MARK: - In-place access for the model

  /// The slot of `id`, for in-place access with ``subscript(slot:)``.
  @inline(__always)
  func slot(of id: Int32) -> Int? {
    slotById[id].map(Int.init)
  }

  /// The element in `slot`, read and mutated in place.
  subscript(slot slot: Int) -> Element {
    _read { yield slots[slot] }
    _modify {
      if tracksChanges { noteChange(slots[slot].id) }
      yield &slots[slot]
    }
  }

  /// The ids of the elements inserted, mutated or removed since the last call (a superset: a
  /// mutation that changed nothing counts), or nil when more than ``changeLimit`` were, or when
  /// changes are not tracked; then forgets them.
  mutating func takeChanges() -> [Int32]? {
    guard tracksChanges else { return nil }
    defer { changes = [] }
    return changes
  }

  @inline(__always)
  private mutating func noteChange(_ id: Int32) {
    guard changes != nil else { return }
    if changes!.count < Self.changeLimit { changes!.append(id) } else { changes = nil }
  }

  /// Every slot, live or free, as the array it is (a free slot holds an element with id 0), for
  /// walks that compare whole elements, such as a diff's.
  ///
  /// Elements compared as `slots[i] == other[j]`, both arrays held in `let`s, are read in place:
  /// the optimizer knows nothing writes to an array a `let` holds. The same comparison through
  /// ``withSlots(_:)``'s buffers copies both elements first (some twenty retains and releases),
  /// since the opaque `==` might write to the memory a buffer points at.
  var slotArray: ContiguousArray<Element> { slots }

  /// Calls `body` with every slot, live or free, in place and without allocating (for checks
  /// that visit every element after every record). A free slot holds an element with id 0, an
  /// id no live element has (the model refuses to create one).
  @inline(__always)
  func withSlots<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
    try slots.withUnsafeBufferPointer(body)
  }

  /// One more than the highest slot in use: slots are `0..<slotCount` (freed ones included).
  var slotCount: Int { slots.count }

  /// Adds an element whose id is not live (moved in: the caller's element is consumed, not
  /// copied), and returns its slot.
  @discardableResult
  mutating func insert(_ element: consuming Element) -> Int {
    // The id is read first, so that storing the element is its last use: a move, not a copy.
    let id = element.id
    if tracksChanges { noteChange(id) }
    if let free = freeSlots.popLast() {
      slotById.set(id, to: free)
      slots[Int(free)] = element
      return Int(free)
    } else {
      slotById.set(id, to: Int32(slots.count))
      slots.append(element)
      return slots.count - 1
    }
  }

  /// Removes the element with `id`, after `body` has read what it needs of it in place.
  ///
  /// The element is never copied: it is read where it is, then destroyed in its slot, which
  /// takes the vacant element. (Swapping it out moved the whole element three times, and on a
  /// teardown of cold elements those copies were most of the cost.)
  ///
  /// - Returns: what `body` returned, or nil when `id` is not live.
  @discardableResult
  mutating func remove<T>(_ id: Int32, reading body: (borrowing Element) -> T) -> T? {
    guard let slot = slotById.remove(id) else { return nil }
    if tracksChanges { noteChange(id) }
    let result = body(slots[Int(slot)])
    slots[Int(slot)] = .vacant
    freeSlots.append(slot)
    return result
  }

  /// Mutates the element with `id` in place; false when it is not live.
  @inline(__always)
  @discardableResult
  mutating func update(_ id: Int32, _ body: (inout Element) -> Void) -> Bool {
    guard let slot = slotById[id] else { return false }
    if tracksChanges { noteChange(id) }
    body(&slots[Int(slot)])
    return true
  }

  /// The same live elements, whatever slots they are in.
  ///
  /// - Complexity: O(n): slot by slot, each element looked for in the same slot of `rhs` before
  ///   it is looked up by id (stores built by the same commands agree on slots), and compared in
  ///   place (see ``slotArray``).
  public static func == (lhs: ElementStore, rhs: ElementStore) -> Bool {
    guard lhs.count == rhs.count else { return false }
    let left = lhs.slots
    let right = rhs.slots
    let zero = lhs.slotById[0].map(Int.init)  // a live element 0, which a snapshot may hold
    for slot in left.indices {
      let id = left[slot].id
      if id == 0 && slot != zero { continue }  // a free slot
      if id != 0 && slot < right.count && right[slot].id == id {
        guard left[slot] == right[slot] else { return false }
      } else {
        guard let other = rhs.slotById[id], left[slot] == right[Int(other)] else { return false }
      }
    }
    return true
  }
}

extension Element {
  /// What a freed slot holds. Built anew each time: copying a stored one retains all its fields.
  static var vacant: Element { Element(id: 0, kind: .separator, parent: nil) }
}
