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
  }

  /// The styles in the order they were first set.
  public private(set) var entries: [Entry] = []

  public init() {}

  public var isEmpty: Bool { entries.isEmpty }

  /// Sets `key` for `selector`, replacing an earlier value.
  ///
  /// - Complexity: O(n) in the element's number of styles.
  public mutating func set(_ key: String, to value: String, for selector: StyleSelector) {
    for index in entries.indices where entries[index].selector == selector && entries[index].key == key {
      entries[index].value = value
      return
    }
    entries.append(Entry(selector: selector, key: key, value: value))
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
