import CommandCodec

/// An element's styles: for each selector (NORMAL, ACTIVE, ...), key → value, as SET_STYLE set them.
///
/// SET_STYLE is most of what engines send, so the table is laid out for setting a style: one small
/// array of 16-byte slots, each a style's identity in one word (its selector and its key's number)
/// beside its value, scanned linearly (elements carry a handful of styles). A known key
/// (``StyleKeys/known``) is numbered by its place in that list and stores no string; any other key
/// is kept once, in the order first set, and numbered after the known ones. A value of up to 12
/// UTF-8 bytes (colors, sizes, `wrap-content`: nearly all of them) is stored in its slot; a longer
/// one in a side array. So slots hold nothing to release: destroying a table frees one buffer
/// without reading it, and setting a style that exists copies a few bytes in place.
public struct StyleTable: Hashable, Sendable {
  /// One style: its selector, key and value.
  public struct Entry: Hashable, Sendable {
    public var selector: StyleSelector
    public var key: String
    public var value: String
  }

  /// The styles in the order they were first set (see StyleTable+Slot.swift).
  private var slots: [Slot] = []
  /// The keys that are not known keys, in the order first set; key number
  /// `StyleKeyCatalog.count + i` is `otherKeys[i]`.
  private var otherKeys: [String] = []
  /// Values longer than a slot holds; an empty string is an entry no slot uses (a long value is
  /// never empty), reused before the array grows.
  private var longValues: [String] = []

  public init() {}

  /// The styles in the order they were first set.
  public var entries: [Entry] {
    slots.map { Entry(selector: selector(of: $0), key: key(of: $0), value: value(of: $0)) }
  }

  public var isEmpty: Bool { slots.isEmpty }

  /// The entries of the side array of long values, used or not (for tests of its reuse).
  var longValueEntries: Int { longValues.count }

  /// The number of styles (of all selectors).
  public var count: Int { slots.count }

  /// Sets `key` for `selector`, replacing an earlier value.
  ///
  /// - Complexity: O(n) in the element's number of styles (and in its keys that are not known keys
  ///   when `key` is one of them).
  public mutating func set(_ key: String, to value: String, for selector: StyleSelector) {
    let identity = StyleTable.identity(keyNumber: number(ofSettingKey: key), selector)
    let index: Int
    if let found = self.index(of: identity) {
      index = found
    } else {
      // Most elements get a few styles: room for five at once spares the first regrowths, and
      // with the array's header (112 bytes) stays within what glibc frees to a fast bin, without
      // reading the neighbouring blocks to merge them (a cache miss each on a teardown: six slots
      // took 6% more misses over a whole replay).
      if slots.isEmpty { slots.reserveCapacity(5) }
      slots.append(Slot(identity: identity))
      index = slots.count - 1
    }
    if value.utf8.count <= Slot.inlineCapacity {
      if slots[index].isLong { longValues[Int(slots[index].tail)] = "" }
      var value = value
      value.withUTF8 { slots[index].setInline($0) }
    } else if slots[index].isLong {
      longValues[Int(slots[index].tail)] = value
    } else {
      let entry = longValues.firstIndex { $0.isEmpty } ?? longValues.count
      if entry == longValues.count { longValues.append(value) } else { longValues[entry] = value }
      slots[index].setLong(entry: UInt32(entry))
    }
  }

  /// The value of `key` for `selector`, if set.
  public func value(_ key: String, for selector: StyleSelector = .normal) -> String? {
    if let position = StyleKeyCatalog.position(of: key) {
      return index(of: StyleTable.identity(keyNumber: UInt32(position), selector)).map { value(of: slots[$0]) }
    }
    // Any other key is found by `==`, as a lookup by string always was.
    return slots.first { $0.identity & 7 == UInt32(selector.rawValue) && isOtherKey($0) && self.key(of: $0) == key }
      .map(value(of:))
  }

  /// The styles of one selector, sorted by key (as snapshots list them).
  public func sorted(for selector: StyleSelector) -> [(key: String, value: String)] {
    slots.filter { $0.identity & 7 == UInt32(selector.rawValue) }
      .map { (key(of: $0), value(of: $0)) }
      .sorted { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }
  }

  /// The selectors that have at least one style, in selector order.
  public var selectors: [StyleSelector] {
    StyleSelector.allCases.filter { selector in slots.contains { $0.identity & 7 == UInt32(selector.rawValue) } }
  }

  // MARK: - Equality

  /// Two tables are equal when they hold the same styles, whatever order they were set in (as
  /// their snapshots are equal): the order is how the table is stored, not what it says.
  public static func == (a: StyleTable, b: StyleTable) -> Bool {
    let count = a.slots.count
    guard count == b.slots.count else { return false }
    // Slot by slot first, the fields compared where they are (diffs compare every element's
    // styles): tables set by the same commands hold their styles in one order, and a known key's
    // number is the same in every table.
    var index = 0
    while index < count && a.slots[index].identity == b.slots[index].identity && !a.isOtherKey(a.slots[index])
      && a.slots[index].holdsSameInlineValue(as: b.slots[index])
    {
      index += 1
    }
    if index == count { return true }
    // Keys are unique per selector, so the same count and every style found means the same set.
    // Values compare as strings (canonically equivalent ones are equal), as they always did.
    return a.slots.allSatisfy { slot in
      b.slots.contains { a.sameStyle(slot, as: $0, in: b) && ($0.holdsSameInlineValue(as: slot) || b.value(of: $0) == a.value(of: slot)) }
    }
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent, as == is.
    hasher.combine(slots.count)
    hasher.combine(entries.reduce(0) { $0 &+ $1.hashValue })
  }

  // MARK: - Slots

  @inline(__always)
  private static func identity(keyNumber: UInt32, _ selector: StyleSelector) -> UInt32 {
    keyNumber << 3 | UInt32(selector.rawValue)
  }

  /// The slot holding the style `identity`.
  @inline(__always)
  private func index(of identity: UInt32) -> Int? {
    slots.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].identity == identity { return index }
      return nil
    }
  }

  /// The number of `key`, entering it among the other keys when it is new.
  @inline(__always)
  private mutating func number(ofSettingKey key: String) -> UInt32 {
    if let position = StyleKeyCatalog.position(of: key) { return UInt32(position) }
    // Which other key this is, as a style was always matched: the same length and first, middle
    // and last bytes, then `==`.
    let print = StyleTable.fingerprint(key)
    let found = otherKeys.firstIndex { StyleTable.fingerprint($0) == print && $0 == key }
    if let found { return UInt32(StyleKeyCatalog.count + found) }
    otherKeys.append(key)
    return UInt32(StyleKeyCatalog.count + otherKeys.count - 1)
  }

  private func isOtherKey(_ slot: Slot) -> Bool { Int(slot.identity >> 3) >= StyleKeyCatalog.count }

  private func key(of slot: Slot) -> String {
    let number = Int(slot.identity >> 3)
    return number < StyleKeyCatalog.count ? StyleKeyCatalog.key(at: number) : otherKeys[number - StyleKeyCatalog.count]
  }

  /// The value of `slot`.
  private func value(of slot: Slot) -> String {
    slot.isLong ? longValues[Int(slot.tail)] : slot.inlineValue
  }

  private func selector(of slot: Slot) -> StyleSelector { StyleSelector(rawValue: Int32(slot.identity & 7))! }

  /// Whether `slot` of this table and `other` of `table` are the same selector and key.
  private func sameStyle(_ slot: Slot, as other: Slot, in table: StyleTable) -> Bool {
    guard slot.identity & 7 == other.identity & 7 else { return false }
    if !isOtherKey(slot) && !table.isOtherKey(other) { return slot.identity == other.identity }
    return key(of: slot) == table.key(of: other)
  }

  /// Length, first, middle and last bytes of a key.
  private static func fingerprint(_ key: String) -> UInt32 {
    var key = key
    return key.withUTF8 { utf8 in
      let count = UInt32(truncatingIfNeeded: utf8.count)
      guard count > 0 else { return 0 }
      return (count << 24) ^ (UInt32(utf8[0]) << 16) ^ (UInt32(utf8[Int(count) / 2]) << 8) ^ UInt32(utf8[Int(count) - 1])
    }
  }
}
