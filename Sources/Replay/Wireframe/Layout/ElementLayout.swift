import CommandCodec
import ReplayCore

/// Lays out elements of a state into boxes, one subtree at a time (docs/WIREFRAME.md).
///
/// Measuring and placing happen in one pass, as Android's measure specs do it: a parent tells a
/// child how wide and high it may be (``LayoutSpec``: exactly, at most, anything), the child
/// takes its size from its style and its content, and the parent places it. Every element is laid
/// out once, so a subtree costs time linear in its elements; linear layouts size the children
/// that share the space left (weights, match-parent along the layout) after the others.
///
/// While laid out, a box's frame is relative to its parent's frame origin and its body and text
/// to its own; ``WireframeLayout`` makes them absolute at the end.
///
/// Only what can be seen is laid out: a layout stops placing children along its axis once they
/// reach past ``reach`` (the viewport, and what an enclosing scroll layout scrolled), and no
/// more than ``WireframeOptions/maximumElements`` elements are laid out in all, so that a list
/// of a million items costs a screenful of boxes (docs/WIREFRAME.md §2).
struct ElementLayout {
  let state: UIState
  let options: WireframeOptions
  let viewport: WireframeSize
  private var styles: [Int32: ResolvedStyle] = [:]
  /// Elements that may still be laid out.
  var budget = WireframeOptions.maximumElements
  /// How far from a layout's origin along its axis a child can still be on screen: the
  /// viewport's longer side, plus the offsets of the scroll layouts around it.
  var reach: Double
  /// The leaves laid out, noted when asked (``WidgetFrameProbe``), else nil.
  var leaves: LaidOutLeaves?

  init(state: UIState, options: WireframeOptions, viewport: WireframeSize) {
    self.state = state
    self.options = options
    self.viewport = viewport
    reach = max(viewport.width, viewport.height)
  }

  /// Whether a container that has placed children `used` points along its axis (of `length`,
  /// when fixed) lays out no more: they could not be seen, or the budget is spent.
  func isFull(used: Double, length: LayoutSpec) -> Bool {
    // Reaching the end is full too: in a layout of fixed length the children share what is
    // left, so once it is used up each gets none and `used` never passes it (a million
    // siblings in the screen's root layout were all laid out, up to the budget).
    budget <= 0 || (used > 0 && used >= max(reach, length.isExact ? length.value : 0))
  }

  /// What a layout function computes for the content box of an element: the size the content
  /// wants and the boxes in it, relative to the content origin.
  struct Content {
    var size: WireframeSize
    var children: [WireframeBox] = []
    var text: WireframeText?
    var label = ""
    var clipsChildren = false
    var isSelected = false

    static let empty = Content(size: .zero)
  }

  /// The resolved style of `element` in the state it is drawn in (computed once per element).
  ///
  /// A layout directly in a view or the drawer fills it unless its height is set: the screen's
  /// root layout, whose gravity and weights are meant for the whole screen. A custom widget's
  /// size rules and preview apply over its style (``widgetStyle(_:of:)``).
  mutating func style(of element: Element) -> ResolvedStyle {
    if let cached = styles[element.id] { return cached }
    var style = ResolvedStyle(element.styles, kind: element.kind, selector: options.selector(for: element))
    if Self.rootLayoutKinds.contains(element.kind), let parent = element.parent,
      state.elements.read(parent, { $0.kind.isView || $0.kind == .navigationView }) == true,
      element.styles.value("height", for: .normal).flatMap(StyleLength.parse) == nil
    {
      style.height = .matchParent
    }
    if element.kind == .custom { style = widgetStyle(style, of: element) }
    styles[element.id] = style
    return style
  }

  /// Takes `style` as element `id`'s resolved style: one resolved before from the same styles.
  mutating func reuse(_ style: ResolvedStyle, for id: Int32) {
    styles[id] = style
  }

  /// The layouts that fill the view they are directly in.
  static let rootLayoutKinds: Set<ElementKind> = [.linearLayout, .frameLayout, .eventLayout, .scrollLayout, .flipperLayout, .pager, .tableLayout, .autoColumnLayout]

  /// The children laid out inside `element`: live, shown (``isShown(_:)``; hidden ones too when
  /// asked), not views, drawers or modals (drawn as layers of their own), and of a pager or
  /// flipper layout only the page its value selects (docs/PROTOCOL.md §2.5). At most
  /// ``budget`` of them: each costs at least one element of it.
  func flowChildren(of element: Element) -> [Element] {
    var ids = element.children
    if element.kind == .pager || element.kind == .flipperLayout {
      let page = Int(element.value)
      ids = page >= 0 && page < ids.count ? [ids[page]] : []
    }
    var children: [Element] = []
    for id in ids {
      guard children.count < budget else { break }
      guard let child = state[id] else { continue }
      guard !child.kind.isModal, !child.kind.isView, child.kind != .navigationView, child.kind != .application else { continue }
      if Self.isShown(child) || options.showsHidden { children.append(child) }
    }
    return children
  }

  /// Lays out `element` within `width` × `height` (its margins already taken off by the parent).
  ///
  /// - Returns: the element's box at the origin, its error message under its body.
  /// - Complexity: O(n) in the elements of the subtree (and the rows and options drawn).
  mutating func layout(_ element: Element, width: LayoutSpec, height: LayoutSpec, depth: Int) -> WireframeBox {
    budget -= 1
    let style = style(of: element)
    let insets = style.contentInsets
    let widthSpec = width.capped(at: style.maxWidth)
    var error: WireframeBox?
    if let message = element.error, !message.isEmpty {
      error = errorBox(message, width: widthSpec.limit)
    }
    let errorHeight = error.map { $0.frame.height + 2 } ?? 0
    let heightSpec = height.capped(at: style.maxHeight).shrunk(by: errorHeight)
    let contentWidth = widthSpec.shrunk(by: insets.horizontal)
    let contentHeight = heightSpec.shrunk(by: insets.vertical)

    let isLeaf = isLeaf(element)
    var content: Content
    if isLeaf {
      content = leaf(element, style, width: contentWidth.limit, height: contentHeight.isExact ? contentHeight.value : nil, exact: contentWidth.isExact)
    } else if depth >= WireframeOptions.maximumDepth {
      content = .empty
    } else if element.kind == .custom {
      content = widgetContainer(element, style, width: contentWidth, height: contentHeight, depth: depth)
    } else {
      content = arrange(element, style, width: contentWidth, height: contentHeight, depth: depth)
    }
    let bodyWidth = clamp(widthSpec.resolve(content.size.width + insets.horizontal), style.minWidth, style.maxWidth)
    let bodyHeight = clamp(heightSpec.resolve(content.size.height + insets.vertical), style.minHeight, style.maxHeight)
    let finalWidth = max(0, bodyWidth - insets.horizontal)
    let finalHeight = max(0, bodyHeight - insets.vertical)
    if isLeaf && (finalWidth != content.size.width || finalHeight != content.size.height) {
      content = leaf(element, style, width: finalWidth, height: finalHeight, exact: true)
    }

    var box = WireframeBox(
      kind: .element(element.kind), elementId: element.id,
      frame: WireframeRect(x: 0, y: 0, width: bodyWidth, height: bodyHeight + errorHeight),
      body: WireframeRect(x: 0, y: 0, width: bodyWidth, height: bodyHeight),
      style: style, label: content.label, text: content.text?.offsetBy(dx: insets.left, dy: insets.top), isSelected: content.isSelected)
    box.children = content.children.map { child in
      var moved = child
      moved.frame = child.frame.offsetBy(dx: insets.left, dy: insets.top)
      return moved
    }
    box.clipsChildren = content.clipsChildren
    box.isHidden = !Self.isShown(element)
    box.widgetKind = element.widget?.kind
    if element.kind == .custom, let rules = definition(of: element)?.size {
      // What the layout offered before the widget's size rules narrowed the style: the size
      // `widget-size` judges (docs/WIDGETS.md §2.7).
      let base = ResolvedStyle(element.styles, kind: element.kind, selector: options.selector(for: element))
      box.givenSize = WireframeSize(
        width: offered(width.capped(at: base.maxWidth), given: rules.widthIsGiven, drawn: bodyWidth, base.minWidth, base.maxWidth),
        height: offered(height.capped(at: base.maxHeight).shrunk(by: errorHeight), given: rules.heightIsGiven, drawn: bodyHeight, base.minHeight, base.maxHeight))
    }
    box.hasError = element.error != nil
    if var error {
      error.frame.y = bodyHeight + 2
      box.children.append(error)
    }
    if leaves != nil {
      if isLeaf {
        leaves!.note(element, width: width, height: height, depth: depth, box: box, selector: options.selector(for: element))
      } else {
        leaves!.containers.insert(element.id)
      }
    }
    return box
  }

  /// The size a layout offered a custom widget on one axis (docs/WIDGETS.md §2.7): an exact
  /// `spec` (a style's size, match-parent, a weight's share), or on a `given` axis the room the
  /// parent offers. Anything else is no offer: the widget's own content decides (an empty panel
  /// wrapping nothing is not "given 14 high"), so the size `drawn` counts, within the style's
  /// own `minimum`…`maximum`.
  func offered(_ spec: LayoutSpec, given: Bool, drawn: Double, _ minimum: Double?, _ maximum: Double?) -> Double {
    let offer = spec.isExact || (given && spec.limit != nil) ? spec.value : drawn
    return clamp(offer, minimum, maximum)
  }

  /// Whether `element` is laid out without children: a kind that holds none, or a custom widget
  /// that is not a container.
  func isLeaf(_ element: Element) -> Bool {
    !element.kind.canHaveChildren && !state.isContainerWidget(element)
  }

  /// The box of an error message, at the origin.
  func errorBox(_ message: String, width: Double?) -> WireframeBox {
    let font = StyleFont(size: 12)
    let block = TextBlock(message, font: font, maxWidth: width, maxLines: 3)
    let text = block.placed(in: block.size.width, color: WireframePalette.error)
    return WireframeBox(kind: .error, frame: WireframeRect(x: 0, y: 0, width: block.size.width, height: block.size.height), label: message, text: text)
  }

  /// Lays out a child of a container whose content spec is `width` × `height`: the child's style
  /// decides its own spec (``LayoutSpec/child(_:margins:)``).
  mutating func layoutChild(_ child: Element, width: LayoutSpec, height: LayoutSpec, depth: Int) -> WireframeBox {
    let style = style(of: child)
    return layout(
      child, width: width.child(style.width, margins: style.margin.horizontal), height: height.child(style.height, margins: style.margin.vertical), depth: depth + 1)
  }

  /// `value` no smaller than `minimum` and no larger than `maximum` (the minimum wins, as in CSS).
  func clamp(_ value: Double, _ minimum: Double?, _ maximum: Double?) -> Double {
    var result = value
    if let maximum { result = min(result, maximum) }
    if let minimum { result = max(result, minimum) }
    return result
  }

  /// Where a thing of `length` goes in `space` aligned `alignment`, its margins `before` and `after`.
  static func offset(_ alignment: StyleAlignment.Horizontal?, space: Double, length: Double, before: Double, after: Double) -> Double {
    switch alignment ?? .leading {
    case .leading: return before
    case .center: return before + (space - length - before - after) / 2
    case .trailing: return space - length - after
    }
  }

  /// The vertical counterpart of ``offset(_:space:length:before:after:)``.
  static func offset(_ alignment: StyleAlignment.Vertical?, space: Double, length: Double, before: Double, after: Double) -> Double {
    switch alignment ?? .top {
    case .top: return offset(StyleAlignment.Horizontal.leading, space: space, length: length, before: before, after: after)
    case .center: return offset(StyleAlignment.Horizontal.center, space: space, length: length, before: before, after: after)
    case .bottom: return offset(StyleAlignment.Horizontal.trailing, space: space, length: length, before: before, after: after)
    }
  }
}
