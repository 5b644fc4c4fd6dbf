import CommandCodec

/// One element of the platform's UI as the reference model holds it.
///
/// Fields mean what the commands that set them mean (docs/PROTOCOL.md); `value` in particular is
/// the element's integer state whose meaning depends on its kind (a switch's on/off, a picker's
/// selected index, a pager's page, a text field's focus, a linear layout's direction).
///
/// An element is a value of 72 bytes. What the frequent commands touch (SET_STYLE, SET_TEXT_VALUE,
/// SET_INT_VALUE, SET_VISIBILITY, the tree) is stored in it; what only some kinds or rare commands
/// use (a second text, options, links, list and image content, a custom widget's state, an error,
/// a modal result, a count, creation flags) is in one copy-on-write box, allocated the first time
/// one of those is set to something other than its default (Element+Extras.swift). A replay keeps
/// thousands of elements and visits them in no order: at 72 bytes they take one or two cache lines
/// each, where the 248 bytes of every field stored inline took four or five, and destroying one
/// reads little more than its first line.
public struct Element: Hashable, Sendable {
  /// An option added with ADD_OPTION: its id and label.
  public struct Option: Hashable, Sendable {
    public var id: Int32
    public var label: String
  }

  // Stored properties are laid out in the order they are declared: the small ones first, packed
  // into sixteen bytes, then the references.

  public let id: Int32
  public let kind: ElementKind
  /// Whether SET_VISIBILITY left the element visible (elements start visible).
  public var isVisible = true
  /// Whether STOP stopped the element (a progress spinner).
  public var isStopped = false
  /// Whether `parentId` is the parent (an `Int32?` would take eight bytes where this takes one).
  private var hasParent: Bool
  /// The integer state (see the type's documentation).
  public var value: Int32 = 0
  private var parentId: Int32
  public var styles = StyleTable()
  /// The text: a label, a title, a field's contents, a button's caption, an on-label.
  public var text: String = ""
  /// The children, in order.
  public internal(set) var children: [Int32] = []
  /// Everything else, nil while all of it is at its default.
  ///
  /// Spelled `Optional<...>` so that it has no implicit `nil` default: the initializer assigns it
  /// once, where assigning it after a default made the compiler copy the whole element.
  var extras: Optional<ElementExtras>

  public init(id: Int32, kind: ElementKind, parent: Int32?) {
    self.id = id
    self.kind = kind
    self.hasParent = parent != nil
    self.parentId = parent ?? 0
    switch kind {
    case .listView, .gridView: self.extras = ElementExtras(list: ListContent())
    case .imageView: self.extras = ElementExtras(image: ImageState())
    default: self.extras = nil
    }
  }

  /// The parent, or nil for the application and for elements detached by REMOVE_CHILD.
  public internal(set) var parent: Int32? {
    get { hasParent ? parentId : nil }
    set {
      hasParent = newValue != nil
      parentId = newValue ?? 0
    }
  }

  /// Whether the element takes a password (flag 1, the engine's COMMAND_FLAG_PASSWORD, or 16,
  /// Android's FLAG_PASSWORD).
  public var isPassword: Bool { (kind == .textField || kind == .textView) && flags & (1 | 16) != 0 }

  /// A linear layout's direction: 1 (FW_VERTICAL) is vertical, anything else horizontal, as on
  /// iOS and GTK.
  public var isHorizontal: Bool { kind == .linearLayout && value != 1 }
}
