import ReplayCore

extension ElementLayout {
  /// Lays out the content of a container: action bars among its children go to its top,
  /// navigation bars to its bottom, and the rest by the container's kind.
  ///
  /// - Complexity: O(n) in the elements of the subtree.
  mutating func arrange(_ element: Element, _ style: ResolvedStyle, width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    var children = flowChildren(of: element)
    guard element.kind != .actionBar, element.kind != .navigationBar,
      children.contains(where: { $0.kind == .actionBar || $0.kind == .navigationBar })
    else {
      return arrangeBody(element, style, children, width: width, height: height, depth: depth)
    }
    let top = children.filter { $0.kind == .actionBar }
    let bottom = children.filter { $0.kind == .navigationBar }
    children.removeAll { $0.kind == .actionBar || $0.kind == .navigationBar }
    var topBoxes = stack(top, width: width, depth: depth)
    var bottomBoxes = stack(bottom, width: width, depth: depth)
    let topHeight = topBoxes.size.height
    let bottomHeight = bottomBoxes.size.height
    var body = arrangeBody(element, style, children, width: width, height: height.shrunk(by: topHeight + bottomHeight), depth: depth)
    for index in body.children.indices { body.children[index].frame.y += topHeight }
    let bodyHeight = height.isExact ? max(0, height.value - topHeight - bottomHeight) : body.size.height
    for index in bottomBoxes.children.indices { bottomBoxes.children[index].frame.y += topHeight + bodyHeight }
    body.children = topBoxes.children + body.children + bottomBoxes.children
    topBoxes.children = []
    body.size = WireframeSize(width: max(body.size.width, topBoxes.size.width, bottomBoxes.size.width), height: topHeight + bodyHeight + bottomHeight)
    return body
  }

  /// Bars stacked top to bottom across the whole width.
  private mutating func stack(_ bars: [Element], width: LayoutSpec, depth: Int) -> Content {
    var content = Content.empty
    for bar in bars {
      let style = style(of: bar)
      var box = layoutChild(bar, width: width, height: .unbounded, depth: depth)
      box.frame.x = style.margin.left
      box.frame.y = content.size.height + style.margin.top
      content.size.height += box.frame.height + style.margin.vertical
      content.size.width = max(content.size.width, box.frame.width + style.margin.horizontal)
      content.children.append(box)
    }
    return content
  }

  /// The content of a container by its kind, bars aside.
  private mutating func arrangeBody(_ element: Element, _ style: ResolvedStyle, _ children: [Element], width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    switch element.kind {
    case .linearLayout:
      return linear(children, vertical: !element.isHorizontal, width: width, height: height, gravity: style.gravity, depth: depth)
    case .scrollLayout:
      return scroll(children, offset: Double(element.value), width: width, height: height, depth: depth)
    case .tableLayout:
      return table(children, columns: Int(element.count), width: width, depth: depth)
    case .autoColumnLayout:
      return flow(children, width: width, depth: depth)
    case .dialog, .alertDialog:
      return headed(dialogTitle(element, style, width: width.limit), children, width: width, height: height, depth: depth)
    case .radioGroup:
      return headed(radioOptions(element, style, width: width.limit), children, width: width, height: height, depth: depth)
    case .listView, .gridView:
      var rows = listContent(element, style, width: width.limit)
      rows.clipsChildren = false
      var content = headed(rows, children, width: width, height: height, depth: depth)
      content.clipsChildren = true
      return content
    case .actionBar:
      return actionBar(element, style, children, width: width, height: height, depth: depth)
    case .navigationBar:
      return navigationBar(children, width: width, height: height, depth: depth)
    case .openGLView:
      var content = overlay(children, width: width, height: height, gravity: style.gravity, depth: depth)
      let caption = TextBlock("OpenGL view" + (element.text.isEmpty ? "" : ": " + element.text), font: StyleFont(size: 12), maxWidth: width.limit, singleLine: true)
      content.children.insert(
        WireframeBox(kind: .caption, frame: WireframeRect(x: 0, y: 0, width: caption.size.width, height: caption.size.height), label: element.text, text: caption.placed(in: caption.size.width, color: WireframePalette.muted, isPlaceholder: true)), at: 0)
      content.clipsChildren = true
      return content
    case .frameView, .navigationView:
      var content = overlay(children, width: width, height: height, gravity: style.gravity, depth: depth)
      content.clipsChildren = true
      return content
    default:
      return overlay(children, width: width, height: height, gravity: style.gravity, depth: depth)
    }
  }

  /// Children one after the other, down (`vertical`) or across: the ones with a weight, or
  /// match-parent along the layout, share what the others leave when the layout's length is
  /// fixed (in proportion to their weights, 1 for match-parent without one); `gravity` places
  /// the group along the layout and each child across it.
  ///
  /// - Complexity: O(n) in the elements of the subtrees.
  mutating func linear(_ children: [Element], vertical: Bool, width: LayoutSpec, height: LayoutSpec, gravity: StyleAlignment, depth: Int) -> Content {
    let main = vertical ? height : width
    let cross = vertical ? width : height
    func mainLength(_ style: ResolvedStyle) -> StyleLength { vertical ? style.height : style.width }
    func mainMargins(_ style: ResolvedStyle) -> Double { vertical ? style.margin.vertical : style.margin.horizontal }
    func crossMargins(_ style: ResolvedStyle) -> Double { vertical ? style.margin.horizontal : style.margin.vertical }
    func extent(_ box: WireframeBox) -> Double { vertical ? box.frame.height : box.frame.width }
    // Styles are resolved as children are reached: past what can be seen, none is.
    var childStyles: [ResolvedStyle] = []
    var flexible: [Bool] = []
    var boxes: [WireframeBox?] = []
    var used = 0.0
    func place(_ index: Int, main mainSpec: LayoutSpec, depth: Int, into layout: inout ElementLayout) {
      let style = childStyles[index]
      let crossSpec = cross.child(vertical ? style.width : style.height, margins: crossMargins(style))
      let box = layout.layout(children[index], width: vertical ? crossSpec : mainSpec, height: vertical ? mainSpec : crossSpec, depth: depth + 1)
      used += extent(box) + mainMargins(style)
      boxes[index] = box
    }
    // Children past what can be seen are not laid out (nor any after them).
    for index in children.indices {
      let style = style(of: children[index])
      let isFlexible = main.isExact && (style.weight > 0 || mainLength(style) == .matchParent)
      if !isFlexible && isFull(used: used, length: main) { break }
      childStyles.append(style)
      flexible.append(isFlexible)
      boxes.append(nil)
      guard !isFlexible else { continue }
      let room = main.limit.map { max(0, $0 - used) }
      let mainSpec: LayoutSpec
      if case .points(let points) = mainLength(style) {
        mainSpec = .exactly(points)
      } else {
        mainSpec = room.map { .atMost($0 - mainMargins(style)) } ?? .unbounded
      }
      place(index, main: mainSpec, depth: depth, into: &self)
    }
    let kept = boxes.count
    let left = max(0, main.value - used)
    let weights = childStyles.enumerated().map { flexible[$0.offset] ? ($0.element.weight > 0 ? $0.element.weight : 1) : 0 }
    let totalWeight = weights.reduce(0, +)
    for index in 0..<kept where flexible[index] {
      let share = left * weights[index] / totalWeight
      place(index, main: .exactly(share - mainMargins(childStyles[index])), depth: depth, into: &self)
    }

    let crossExtent = cross.isExact ? cross.value : (0..<kept).map { (vertical ? boxes[$0]!.frame.width : boxes[$0]!.frame.height) + crossMargins(childStyles[$0]) }.max() ?? 0
    var cursor = 0.0
    if main.isExact {
      let free = max(0, main.value - used)
      switch vertical ? gravity.vertical.map(Self.horizontal) : gravity.horizontal {
      case .center?: cursor = free / 2
      case .trailing?: cursor = free
      default: break
      }
    }
    var placed: [WireframeBox] = []
    for index in 0..<kept {
      var box = boxes[index]!
      let margin = childStyles[index].margin
      if vertical {
        box.frame.y = cursor + margin.top
        box.frame.x = Self.offset(gravity.horizontal, space: crossExtent, length: box.frame.width, before: margin.left, after: margin.right)
      } else {
        box.frame.x = cursor + margin.left
        box.frame.y = Self.offset(gravity.vertical, space: crossExtent, length: box.frame.height, before: margin.top, after: margin.bottom)
      }
      cursor += extent(box) + mainMargins(childStyles[index])
      placed.append(box)
    }
    return Content(size: vertical ? WireframeSize(width: crossExtent, height: used) : WireframeSize(width: used, height: crossExtent), children: placed)
  }

  /// The horizontal alignment that places along a line as `vertical` places down a column.
  static func horizontal(_ vertical: StyleAlignment.Vertical) -> StyleAlignment.Horizontal {
    switch vertical {
    case .top: return .leading
    case .center: return .center
    case .bottom: return .trailing
    }
  }

  /// Children on top of each other, each placed by `gravity` (top left without one).
  mutating func overlay(_ children: [Element], width: LayoutSpec, height: LayoutSpec, gravity: StyleAlignment, depth: Int) -> Content {
    var boxes: [WireframeBox] = []
    var size = WireframeSize.zero
    for child in children {
      if budget <= 0 { break }
      let margin = style(of: child).margin
      let box = layoutChild(child, width: width, height: height, depth: depth)
      size.width = max(size.width, box.frame.width + margin.horizontal)
      size.height = max(size.height, box.frame.height + margin.vertical)
      boxes.append(box)
    }
    let spaceWidth = width.isExact ? width.value : size.width
    let spaceHeight = height.isExact ? height.value : size.height
    for (index, child) in children.prefix(boxes.count).enumerated() {
      let margin = style(of: child).margin
      boxes[index].frame.x = Self.offset(gravity.horizontal, space: spaceWidth, length: boxes[index].frame.width, before: margin.left, after: margin.right)
      boxes[index].frame.y = Self.offset(gravity.vertical, space: spaceHeight, length: boxes[index].frame.height, before: margin.top, after: margin.bottom)
      if options.showsOrder {
        // Cascaded, so that every child shows and their order can be read.
        boxes[index].frame.x += Double(index) * WireframeOptions.cascade.width
        boxes[index].frame.y += Double(index) * WireframeOptions.cascade.height
      }
    }
    if options.showsOrder && children.count > 1 {
      size.width += Double(children.count - 1) * WireframeOptions.cascade.width
      size.height += Double(children.count - 1) * WireframeOptions.cascade.height
    }
    return Content(size: size, children: boxes)
  }

  /// Children down a column of any height, shown through the layout's own height, scrolled by
  /// `offset` points (kept within what can be scrolled) and clipped.
  mutating func scroll(_ children: [Element], offset: Double, width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    // What is scrolled past can be seen too: the reach grows by the offset while inside.
    let outerReach = reach
    reach = max(reach, height.limit ?? 0) + max(0, offset)
    var content = linear(children, vertical: true, width: width, height: .unbounded, gravity: StyleAlignment(), depth: depth)
    reach = outerReach
    let visible = height.resolve(content.size.height)
    let scrolled = min(max(0, offset), max(0, content.size.height - visible))
    for index in content.children.indices { content.children[index].frame.y -= scrolled }
    content.size.height = visible
    content.clipsChildren = true
    return content
  }
}
