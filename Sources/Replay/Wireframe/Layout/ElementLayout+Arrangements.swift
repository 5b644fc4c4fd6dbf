import ReplayCore

extension ElementLayout {
  /// Children in a grid of `columns` equal columns (a table layout's `count`, at least 1, at most
  /// 64), row by row; a row is as high as its highest cell.
  ///
  /// - Complexity: O(n) in the elements of the subtrees.
  mutating func table(_ children: [Element], columns: Int, width: LayoutSpec, depth: Int) -> Content {
    let count = min(max(columns, 1), 64)
    let columnWidth = width.limit.map { $0 / Double(count) } ?? 120
    var boxes: [WireframeBox] = []
    var rowTop = 0.0
    var rowHeight = 0.0
    for (index, child) in children.enumerated() {
      if index > 0 && index % count == 0 {
        rowTop += rowHeight
        rowHeight = 0
        if isFull(used: rowTop, length: .unbounded) { break }
      }
      let margin = style(of: child).margin
      var box = layoutChild(child, width: .atMost(columnWidth), height: .unbounded, depth: depth)
      rowHeight = max(rowHeight, box.frame.height + margin.vertical)
      box.frame.x = Double(index % count) * columnWidth + margin.left
      box.frame.y = rowTop + margin.top
      boxes.append(box)
    }
    return Content(size: WireframeSize(width: width.limit ?? Double(count) * columnWidth, height: rowTop + rowHeight), children: boxes)
  }

  /// Children left to right, starting a new line where the next does not fit (an auto column
  /// layout, GTK's flow box).
  mutating func flow(_ children: [Element], width: LayoutSpec, depth: Int) -> Content {
    let available = width.limit ?? .infinity
    var boxes: [WireframeBox] = []
    var x = 0.0
    var y = 0.0
    var lineHeight = 0.0
    var widest = 0.0
    for child in children {
      if isFull(used: y, length: .unbounded) { break }
      let margin = style(of: child).margin
      var box = layoutChild(child, width: width.limit.map(LayoutSpec.atMost) ?? .unbounded, height: .unbounded, depth: depth)
      let extent = box.frame.width + margin.horizontal
      if x > 0 && x + extent > available {
        y += lineHeight
        x = 0
        lineHeight = 0
      }
      box.frame.x = x + margin.left
      box.frame.y = y + margin.top
      x += extent
      lineHeight = max(lineHeight, box.frame.height + margin.vertical)
      widest = max(widest, x)
      boxes.append(box)
    }
    return Content(size: WireframeSize(width: widest, height: y + lineHeight), children: boxes)
  }

  /// `header` (parts the container draws itself: a title, options, rows) above `children`
  /// stacked down.
  mutating func headed(_ header: Content, _ children: [Element], width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    let gap = header.size.height > 0 && !children.isEmpty ? 8.0 : 0
    let top = header.size.height + gap
    var body = linear(children, vertical: true, width: width, height: height.shrunk(by: top), gravity: StyleAlignment(), depth: depth)
    for index in body.children.indices { body.children[index].frame.y += top }
    var content = header
    content.children += body.children
    content.size = WireframeSize(width: max(header.size.width, body.size.width), height: top + body.size.height)
    return content
  }

  /// A dialog's title, in its font made larger and bold.
  func dialogTitle(_ element: Element, _ style: ResolvedStyle, width: Double?) -> Content {
    guard !element.text.isEmpty else { return .empty }
    let font = StyleFont(size: style.font.size + 4, weight: max(style.font.weight, 600))
    let block = TextBlock(element.text, font: font, maxWidth: width)
    let title = WireframeBox(
      kind: .title, frame: WireframeRect(x: 0, y: 0, width: block.size.width, height: block.size.height), label: element.text,
      text: block.placed(in: block.size.width, color: style.color))
    return Content(size: block.size, children: [title], label: element.text)
  }

  /// Items of a navigation bar side by side, equally wide, as high as the bar.
  mutating func navigationBar(_ children: [Element], width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    guard !children.isEmpty else { return .empty }
    let itemWidth = width.limit.map { $0 / Double(children.count) }
    var boxes: [WireframeBox] = []
    var x = 0.0
    var tallest = 0.0
    for child in children {
      if budget <= 0 { break }
      let margin = style(of: child).margin
      let itemSpec = itemWidth.map { LayoutSpec.exactly($0 - margin.horizontal) } ?? .unbounded
      let heightSpec = height.isExact ? LayoutSpec.exactly(height.value - margin.vertical) : .unbounded
      var box = layout(child, width: itemSpec, height: heightSpec, depth: depth + 1)
      box.frame.x = x + margin.left
      box.frame.y = margin.top
      x += (itemWidth ?? box.frame.width + margin.horizontal)
      tallest = max(tallest, box.frame.height + margin.vertical)
      boxes.append(box)
    }
    return Content(size: WireframeSize(width: x, height: tallest), children: boxes)
  }

  /// An action bar: the back button (flags bit 0), the title over the subtitle, the bar's
  /// children, and at the right its options (ADD_OPTION, ADD_COLUMN) and the save button
  /// (flags bit 1); everything centred down the bar.
  mutating func actionBar(_ element: Element, _ style: ResolvedStyle, _ children: [Element], width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    let barHeight = height.isExact ? height.value : 40
    let optionFont = StyleFont(size: 14, weight: 500)
    var parts: [WireframeBox] = []
    var x = 0.0
    if element.flags & 1 != 0 {
      parts.append(WireframeBox(kind: .control(.back), frame: WireframeRect(x: 0, y: (barHeight - 24) / 2, width: 24, height: 24), label: "Back"))
      x = 32
    }
    // The buttons at the right, last first.
    var labels = element.options.prefix(WireframeOptions.maximumOptions).map(\.label)
    if element.flags & 2 != 0 { labels.append("Save") }
    var right = width.limit ?? 0
    var buttons: [WireframeBox] = []
    for label in labels.reversed() {
      let block = TextBlock(label, font: optionFont, maxWidth: 120, singleLine: true)
      let buttonWidth = block.size.width + 16
      right -= buttonWidth
      let frame = WireframeRect(x: right, y: (barHeight - block.size.height - 8) / 2, width: buttonWidth, height: block.size.height + 8)
      buttons.insert(WireframeBox(kind: .option, frame: frame, label: label, text: block.placed(in: buttonWidth, align: .center, top: 4, color: WireframePalette.accent)), at: 0)
    }
    let room = width.limit.map { _ in max(0, right - x - 8) }
    var titleHeight = 0.0
    var titleWidth = 0.0
    if !element.text.isEmpty || !element.secondaryText.isEmpty {
      let title = TextBlock(element.text, font: style.font, maxWidth: room, singleLine: true)
      let subtitle = TextBlock(element.secondaryText, font: StyleFont(size: 12), maxWidth: room, singleLine: true)
      titleHeight = title.size.height + subtitle.size.height
      titleWidth = max(title.size.width, subtitle.size.width)
      let top = (barHeight - titleHeight) / 2
      parts.append(
        WireframeBox(kind: .title, frame: WireframeRect(x: x, y: top, width: title.size.width, height: title.size.height), label: element.text, text: title.placed(in: title.size.width, color: style.color)))
      if !element.secondaryText.isEmpty {
        parts.append(
          WireframeBox(
            kind: .subtitle, frame: WireframeRect(x: x, y: top + title.size.height, width: subtitle.size.width, height: subtitle.size.height), label: element.secondaryText,
            text: subtitle.placed(in: subtitle.size.width, color: WireframePalette.muted)))
      }
      x += titleWidth + 16
    }
    var row = linear(children, vertical: false, width: room.map { LayoutSpec.atMost(max(0, $0 - titleWidth - 16)) } ?? .unbounded, height: .atMost(barHeight), gravity: StyleAlignment(vertical: .center), depth: depth)
    for index in row.children.indices {
      row.children[index].frame.x += x
      row.children[index].frame.y += (barHeight - row.size.height) / 2
    }
    let buttonsWidth = buttons.reduce(0) { $0 + $1.frame.width }
    let used = x + row.size.width + buttonsWidth
    if width.limit == nil {
      // No right edge to hang the buttons from: they follow the rest.
      for index in buttons.indices { buttons[index].frame.x += used }
    }
    return Content(size: WireframeSize(width: used, height: max(barHeight, titleHeight)), children: parts + row.children + buttons, label: element.text)
  }
}
