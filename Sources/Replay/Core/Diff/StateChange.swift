/// One difference between two UI states: what changed, where, and the old and new values.
///
/// Paths read from the top of the tree down to the element, then the property:
/// `frameView 8 › linearLayout 9 › text 10 · text`. Values are compact JSON, as in a snapshot.
public struct StateChange: Hashable, Sendable {
  public enum Kind: String, Sendable {
    /// Only in the second state (an element with its subtree, a toast, a preference...).
    case added
    /// Only in the first state.
    case removed
    /// In both, with another value.
    case changed
    /// An element under another parent, or at another place among its siblings.
    case moved
  }

  public var kind: Kind
  /// Where: the element path (or the top-level section, e.g. `toasts › toast 1`), then ` · ` and
  /// the property when the change is to one property.
  public var path: String
  /// The element concerned, if any.
  public var element: Int32?
  /// The property (e.g. `text`, `styles.ACTIVE.color`, `list.cells[0,3,1]`), nil for a whole thing.
  public var property: String?
  /// The value in the first state, as JSON; nil when added.
  public var old: String?
  /// The value in the second state, as JSON; nil when removed.
  public var new: String?
  /// For an added or removed element, how many descendants came or went with it.
  public var descendants: Int

  public init(_ kind: Kind, path: String, element: Int32? = nil, property: String? = nil, old: String? = nil, new: String? = nil, descendants: Int = 0) {
    self.kind = kind
    self.path = path
    self.element = element
    self.property = property
    self.old = old
    self.new = new
    self.descendants = descendants
  }
}
