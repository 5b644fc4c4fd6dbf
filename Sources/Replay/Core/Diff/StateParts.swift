import CommandCodec

/// Parts of a UI state that a platform can report (docs/CONFORMANCE.md §1.5): a platform under
/// test declares the ones its snapshots hold, and both sides are projected onto them before they
/// are compared, so a platform that cannot read back its styles is not failed for them.
///
/// ```swift
/// let parts = try StateParts(parsing: "tree,text,values")
/// StateDiff(from: expected.projected(onto: parts), to: actual.projected(onto: parts))
/// ```
public struct StateParts: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Time, application, active view, history, drawer, modals, detached; each element's kind,
  /// parent and children. Always reported.
  public static let tree = StateParts(rawValue: 1 << 0)
  /// `text`, `secondaryText`, `links`.
  public static let text = StateParts(rawValue: 1 << 1)
  /// `value`, `count`, `modalResult`, `stopped`.
  public static let values = StateParts(rawValue: 1 << 2)
  /// `hidden` (and so whether the drawer is shown).
  public static let visibility = StateParts(rawValue: 1 << 3)
  public static let errors = StateParts(rawValue: 1 << 4)
  public static let flags = StateParts(rawValue: 1 << 5)
  public static let styles = StateParts(rawValue: 1 << 6)
  public static let options = StateParts(rawValue: 1 << 7)
  public static let lists = StateParts(rawValue: 1 << 8)
  public static let images = StateParts(rawValue: 1 << 9)
  public static let toasts = StateParts(rawValue: 1 << 10)
  public static let timers = StateParts(rawValue: 1 << 11)
  public static let preferences = StateParts(rawValue: 1 << 12)
  /// `requests`, `networkActivity`, `quit`.
  public static let requests = StateParts(rawValue: 1 << 13)

  /// Every part, by the name a testee declares it with, in the documented order.
  public static let named: [(name: String, part: StateParts)] = [
    ("tree", .tree), ("text", .text), ("values", .values), ("visibility", .visibility), ("errors", .errors),
    ("flags", .flags), ("styles", .styles), ("options", .options), ("lists", .lists), ("images", .images),
    ("toasts", .toasts), ("timers", .timers), ("preferences", .preferences), ("requests", .requests),
  ]

  public static let all = StateParts(named.map(\.part))

  /// Why a list of parts cannot be read.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Parts from a comma-separated list of names (`tree` is always added).
  /// - Throws: ``Failure`` naming an unknown part and listing the known ones.
  public init(parsing text: some StringProtocol) throws(Failure) {
    var parts: StateParts = .tree
    for name in text.split(separator: ",") where !name.isEmpty {
      guard let part = Self.named.first(where: { $0.name == name })?.part else {
        throw Failure(description: "unknown state part \"\(name)\"; the parts are \(Self.named.map(\.name).joined(separator: ", "))")
      }
      parts.insert(part)
    }
    self = parts
  }

  /// The names, comma-separated, in the documented order.
  public var description: String {
    Self.named.filter { contains($0.part) }.map(\.name).joined(separator: ",")
  }
}

extension UIState {
  /// The state with every part not in `parts` reset to its default, and without the record index
  /// (a platform does not count records), so that two projections compare only what was reported.
  ///
  /// - Complexity: O(n) for n elements.
  public func projected(onto parts: StateParts) -> UIState {
    var state = self
    state.lastRecordIndex = nil
    if !parts.contains(.toasts) { state.toasts = [] }
    if !parts.contains(.timers) { state.timers = [:] }
    if !parts.contains(.preferences) { state.preferences = PreferenceStore() }
    if !parts.contains(.requests) {
      state.requests = []
      state.networkActivity = false
      state.hasQuit = false
    }
    let full: StateParts = [.text, .values, .visibility, .errors, .flags, .styles, .options, .lists, .images]
    guard !parts.isSuperset(of: full) else { return state }
    for id in state.elements.sortedIds {
      _ = state.elements.update(id) { element in
        if !parts.contains(.text) {
          element.text = ""
          element.secondaryText = ""
          element.links = []
        }
        if !parts.contains(.values) {
          element.value = 0
          element.count = 0
          element.modalResult = nil
          element.isStopped = false
        }
        if !parts.contains(.visibility) { element.isVisible = true }
        if !parts.contains(.errors) { element.error = nil }
        if !parts.contains(.flags) { element.flags = 0 }
        if !parts.contains(.styles) { element.styles = StyleTable() }
        if !parts.contains(.options) { element.options = [] }
        if !parts.contains(.lists) { element.list = nil }
        if !parts.contains(.images) { element.image = nil }
      }
    }
    return state
  }
}
