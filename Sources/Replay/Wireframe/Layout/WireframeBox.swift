import ReplayCore

/// One positioned box of a wireframe: an element, or a part of one the wireframe draws (a
/// picker's option, a list's row, a switch's track), or something on the screen that is not an
/// element (the screen, a scrim, a toast).
///
/// Boxes are plain data: a renderer (``WireframeSVG``, the HTML viewer) draws them without
/// measuring anything, and tests read them. Frames are absolute, in points from the screen's top
/// left corner; children are drawn after (on top of) their parent, in order.
public struct WireframeBox: Hashable, Sendable {
  /// What a box is.
  public enum Kind: Hashable, Sendable {
    /// The screen: the viewport, the root of every wireframe.
    case screen
    /// An element of the state.
    case element(ElementKind)
    /// The shade over the screen under the open drawer or a dialog.
    case scrim
    /// A toast on screen.
    case toast
    /// A dialog's, action sheet's or action bar's title; a notification's title; a custom
    /// widget's kind.
    case title
    /// An action bar's subtitle.
    case subtitle
    /// The message of an element's error (SET_ERROR), under it.
    case error
    /// A link a text label holds (CREATE_LINK).
    case link
    /// An option: of a picker, a radio group, a segmented control, an action sheet or an action
    /// bar (its buttons: options, the back and save buttons).
    case option
    /// A drawn control: a switch's track, a checkbox, a radio button, a page dot, a slider, a
    /// spinner.
    case control(Control)
    /// A list's row of column names.
    case listHeader
    /// A list's or grid's sheet title.
    case listSheet
    /// A list's row, or a grid's tile.
    case listRow
    /// One cell of a list row.
    case listCell
    /// What stands for more rows or options than are drawn: `… 190 more`.
    case more
    /// A caption the wireframe adds: an image's URL and size, an OpenGL view's name, a custom
    /// widget's inspectable values.
    case caption
    /// A note on an empty screen (no active view).
    case notice

    /// The class name a renderer gives the box: the element's kind (`button`, `textField`), or
    /// the part's name (`option`, `list-row`, `control switch`).
    public var className: String {
      switch self {
      case .screen: return "screen"
      case .element(let kind): return kind.rawValue
      case .scrim: return "scrim"
      case .toast: return "toast"
      case .title: return "title"
      case .subtitle: return "subtitle"
      case .error: return "error"
      case .link: return "link"
      case .option: return "option"
      case .control(let control): return "control " + control.rawValue
      case .listHeader: return "list-header"
      case .listSheet: return "list-sheet"
      case .listRow: return "list-row"
      case .listCell: return "list-cell"
      case .more: return "more"
      case .caption: return "caption"
      case .notice: return "notice"
      }
    }
  }

  /// The controls a renderer draws by shape.
  public enum Control: String, Hashable, Sendable {
    case switchTrack = "switch"
    case checkbox
    case radio
    case dot
    case slider
    case spinner
    case back
  }

  public var kind: Kind
  /// The element the box draws; nil for parts and for what is not an element.
  public var elementId: Int32?
  /// A custom widget's kind (`PieChart`, the schema's name for it: an identifier); nil for
  /// other boxes.
  public var widgetKind: String?
  /// For a custom widget, the size its parent's layout offered (a style's width, a match-parent
  /// width, a `given` axis's offer) before its size rules clamped it (docs/WIDGETS.md §7.1);
  /// nil for other boxes.
  public var givenSize: WireframeSize?
  /// A toast's number in the session (toasts have no element id).
  public var toastNumber: Int?
  /// Where the box is, margins excluded, the error message under it included.
  public var frame: WireframeRect
  /// Where the background and border go: the frame without the error message under it.
  public var body: WireframeRect
  /// The area the box can be seen in (scroll layouts, dialogs and the screen clip what they
  /// hold); nil when nothing clips it.
  public var clip: WireframeRect?
  /// Whether the box clips its children to its body (scroll layouts, lists, dialogs, views).
  public var clipsChildren: Bool
  /// The resolved style the box is drawn with.
  public var style: ResolvedStyle
  /// What the box says, in one string: a label, a field's contents (masked for passwords), a
  /// hint, an option. "" for none.
  public var label: String
  /// The label laid out in lines; nil when the box draws no text of its own.
  public var text: WireframeText?
  /// Whether the element is hidden (or a custom widget not yet displayable) and drawn only
  /// because hidden elements were asked for.
  public var isHidden: Bool
  /// On (a switch), checked (a checkbox, a radio button), selected (an option, a page dot), spinning (a spinner).
  public var isSelected: Bool
  /// Whether the element has an error (SET_ERROR), with or without a message.
  public var hasError: Bool
  /// The boxes drawn on top of this one, in order.
  public var children: [WireframeBox]

  /// A box at `frame` (relative to its parent's frame origin while laid out); its body, relative
  /// to the box itself, is the whole frame unless given.
  init(
    kind: Kind, elementId: Int32? = nil, frame: WireframeRect, body: WireframeRect? = nil, style: ResolvedStyle = ResolvedStyle(),
    label: String = "", text: WireframeText? = nil, isSelected: Bool = false, children: [WireframeBox] = []
  ) {
    self.kind = kind
    self.elementId = elementId
    self.widgetKind = nil
    self.givenSize = nil
    self.toastNumber = nil
    self.frame = frame
    self.body = body ?? WireframeRect(x: 0, y: 0, width: frame.width, height: frame.height)
    self.clip = nil
    self.clipsChildren = false
    self.style = style
    self.label = label
    self.text = text
    self.isHidden = false
    self.isSelected = isSelected
    self.hasError = false
    self.children = children
  }

  /// The element kind, for element boxes.
  public var elementKind: ElementKind? {
    if case .element(let kind) = kind { return kind }
    return nil
  }

  /// This box and every box inside it, parents before children: the order they are drawn in.
  ///
  /// - Complexity: O(n) in the boxes.
  public var flattened: [WireframeBox] {
    var out: [WireframeBox] = []
    func visit(_ box: WireframeBox) {
      out.append(box)
      for child in box.children { visit(child) }
    }
    visit(self)
    return out
  }

  /// The box in screen coordinates, from the layout's local ones: while laid out, a box's frame
  /// is relative to its parent's frame origin, and its body and text to its own.
  ///
  /// - Parameters:
  ///   - origin: the parent's frame origin on the screen.
  ///   - clip: the area the parent lets its children be seen in.
  /// - Complexity: O(n) in the boxes of the subtree.
  func absolutized(originX: Double, originY: Double, clip: WireframeRect?) -> WireframeBox {
    var placed = self
    placed.frame = frame.offsetBy(dx: originX, dy: originY)
    placed.body = body.offsetBy(dx: placed.frame.x, dy: placed.frame.y)
    placed.text = text?.offsetBy(dx: placed.frame.x, dy: placed.frame.y)
    placed.clip = clip
    var inner = clip
    if clipsChildren { inner = clip.map { $0.intersection(placed.body) } ?? placed.body }
    placed.children = children.map { $0.absolutized(originX: placed.frame.x, originY: placed.frame.y, clip: inner) }
    return placed
  }
}
