import CommandCodec

/// One element of the platform's UI as the reference model holds it.
///
/// Fields mean what the commands that set them mean (docs/PROTOCOL.md); `value` in particular is
/// the element's integer state whose meaning depends on its kind (a switch's on/off, a picker's
/// selected index, a pager's page, a text field's focus, a linear layout's direction).
public struct Element: Hashable, Sendable {
  /// An option added with ADD_OPTION: its id and label.
  public struct Option: Hashable, Sendable {
    public var id: Int32
    public var label: String
  }

  // Stored properties are laid out in the order they are declared. The ones the frequent commands
  // touch (SET_STYLE, SET_TEXT_VALUE, SET_INT_VALUE, SET_VISIBILITY, and finding the parent) come
  // first, within some fifty bytes, so that a command on an element not in the cache reads one or
  // two of its cache lines rather than three or four. New fields belong after them.

  public let id: Int32
  public let kind: ElementKind
  /// Whether SET_VISIBILITY left the element visible (elements start visible).
  public var isVisible = true
  /// The integer state (see the type's documentation).
  public var value: Int32 = 0
  /// The parent, or nil for the application and for elements detached by REMOVE_CHILD.
  public internal(set) var parent: Int32?
  public var styles = StyleTable()
  /// The text: a label, a title, a field's contents, a button's caption, an on-label.
  public var text: String = ""
  /// The children, in order.
  public internal(set) var children: [Int32] = []
  /// The second text: a switch's off-label, an action bar's subtitle, a notification's body.
  public var secondaryText: String = ""
  /// A count: a table layout's columns, a page control's pages.
  public var count: Int32 = 0
  /// The creation flags (password 1 or 16, numeric 32, ...).
  public var flags: UInt32 = 0
  /// The error message of SET_ERROR, nil when there is none.
  public var error: String?
  public var options: [Option] = []
  /// Link texts CREATE_LINK added to a label.
  public var links: [String] = []
  /// List or grid content.
  ///
  /// Spelled `Optional<...>` so that it has no implicit `nil` default: the initializer assigns it
  /// once, where assigning it after a default made the compiler copy the whole element.
  public var list: Optional<ListContent>
  /// Image sources and request (spelled out as ``list`` is, for the same reason).
  public var image: Optional<ImageState>
  /// Whether STOP stopped the element (a progress spinner).
  public var isStopped = false
  /// The value that closed the element, for dialogs and action sheets.
  public var modalResult: Int32?
  /// A custom widget's kind, attributes and properties; nil for built-in kinds.
  public var widget: CustomWidget?

  public init(id: Int32, kind: ElementKind, parent: Int32?) {
    self.id = id
    self.kind = kind
    self.parent = parent
    self.list = kind == .listView || kind == .gridView ? ListContent() : nil
    self.image = kind == .imageView ? ImageState() : nil
  }

  /// Whether the element takes a password (flag 1, the engine's COMMAND_FLAG_PASSWORD, or 16,
  /// Android's FLAG_PASSWORD).
  public var isPassword: Bool { (kind == .textField || kind == .textView) && flags & (1 | 16) != 0 }

  /// A linear layout's direction: 1 (FW_VERTICAL) is vertical, anything else horizontal, as on
  /// iOS and GTK.
  public var isHorizontal: Bool { kind == .linearLayout && value != 1 }
}
