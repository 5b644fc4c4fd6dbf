import CommandCodec

/// An element's styles: for each selector (NORMAL, ACTIVE, ...), key → value, as SET_STYLE set them.
///
/// Stored as a small array scanned linearly: elements carry a handful of styles, and a scan over
/// strings that the decoder interned is faster than hashing them.
public struct StyleTable: Hashable, Sendable {
  /// One style: its selector, key and value.
  public struct Entry: Hashable, Sendable {
    public var selector: StyleSelector
    public var key: String
    public var value: String
    /// A cheap fingerprint of selector and key, compared before any string: a scan over it costs
    /// no reference counting and stays within the one allocation of the table.
    let fingerprint: UInt32

    init(selector: StyleSelector, key: String, value: String) {
      self.selector = selector
      self.key = key
      self.value = value
      self.fingerprint = StyleTable.fingerprint(key, selector)
    }

    public static func == (a: Entry, b: Entry) -> Bool {
      // The strings first: in this order the optimizer compares them in place, where with the
      // selector first it retains and releases both entries' strings around the comparisons
      // (diffs compare every element's styles).
      a.value == b.value && a.key == b.key && a.selector == b.selector
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(selector)
      hasher.combine(key)
      hasher.combine(value)
    }
  }

  /// The styles in the order they were first set.
  public private(set) var entries: [Entry] = []

  public init() {}

  /// Two tables are equal when they hold the same styles, whatever order they were set in (as
  /// their snapshots are equal): the order is how the table is stored, not what it says.
  public static func == (a: StyleTable, b: StyleTable) -> Bool {
    let count = a.entries.count
    guard count == b.entries.count else { return false }
    // Entry by entry through the two arrays: `a.entries == b.entries` copies every entry it
    // compares (a retain and a release of each string), and diffs compare the styles of every
    // element. Tables set by the same commands hold their entries in one order.
    var index = 0
    while index < count && a.entries[index] == b.entries[index] { index += 1 }
    if index == count { return true }
    // Keys are unique per selector, so the same count and every entry found means the same set.
    return a.entries.allSatisfy { entry in b.entries.contains(entry) }
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent, as == is.
    hasher.combine(entries.count)
    hasher.combine(entries.reduce(0) { $0 &+ $1.hashValue })
  }

  public var isEmpty: Bool { entries.isEmpty }

  /// Sets `key` for `selector`, replacing an earlier value.
  ///
  /// - Complexity: O(n) in the element's number of styles.
  public mutating func set(_ key: String, to value: String, for selector: StyleSelector) {
    let fingerprint = StyleTable.fingerprint(key, selector)
    let found: Int? = entries.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].fingerprint == fingerprint {
        if buffer[index].selector == selector && buffer[index].key == key { return index }
      }
      return nil
    }
    if let found {
      entries[found].value = value
    } else {
      entries.append(Entry(selector: selector, key: key, value: value))
    }
  }

  /// Length, first and last bytes, and selector: distinct for nearly all CSS keys.
  @inline(__always)
  static func fingerprint(_ key: String, _ selector: StyleSelector) -> UInt32 {
    var key = key
    return key.withUTF8 { utf8 in
      let count = UInt32(truncatingIfNeeded: utf8.count)
      guard count > 0 else { return UInt32(selector.rawValue) }
      return (count << 24) ^ (UInt32(utf8[0]) << 16) ^ (UInt32(utf8[Int(count) / 2]) << 8) ^ UInt32(utf8[Int(count) - 1])
        ^ (UInt32(selector.rawValue) << 29)
    }
  }

  /// The value of `key` for `selector`, if set.
  public func value(_ key: String, for selector: StyleSelector = .normal) -> String? {
    entries.first { $0.selector == selector && $0.key == key }?.value
  }

  /// The styles of one selector, sorted by key (as snapshots list them).
  public func sorted(for selector: StyleSelector) -> [(key: String, value: String)] {
    entries.filter { $0.selector == selector }
      .map { ($0.key, $0.value) }
      .sorted { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }
  }

  /// The selectors that have at least one style, in selector order.
  public var selectors: [StyleSelector] {
    StyleSelector.allCases.filter { selector in entries.contains { $0.selector == selector } }
  }
}
