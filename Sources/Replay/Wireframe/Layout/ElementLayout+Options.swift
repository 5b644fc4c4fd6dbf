import ReplayCore

extension ElementLayout {
  /// A picker drawn open, as a wheel or list shows it: its options one per row (ADD_OPTION order),
  /// the one at the selected row index (its value) selected; `(no options)` when it has none.
  func picker(_ element: Element, _ style: ResolvedStyle, width: Double?, exact: Bool) -> Content {
    let labels = element.options.map(\.label)
    return optionRows(labels, selected: Int(element.value), style, width: width, exact: exact, rowPadding: 4, centred: false, color: style.color)
  }

  /// An action sheet: its title (small, grey) over its options as a column of buttons.
  func actionSheet(_ element: Element, _ style: ResolvedStyle, width: Double?, exact: Bool) -> Content {
    var title = Content.empty
    if !element.text.isEmpty {
      let block = TextBlock(element.text, font: StyleFont(size: 13, weight: 500), maxWidth: width)
      let titleWidth = exact ? (width ?? block.size.width) : block.size.width
      title = Content(
        size: WireframeSize(width: block.size.width, height: block.size.height + 8),
        children: [WireframeBox(kind: .title, frame: WireframeRect(x: 0, y: 0, width: titleWidth, height: block.size.height + 8), label: element.text, text: block.placed(in: titleWidth, align: .center, top: 4, color: WireframePalette.muted))])
    }
    var rows = optionRows(element.options.map(\.label), selected: nil, style, width: width, exact: exact, rowPadding: 12, centred: true, color: WireframePalette.accent)
    for index in rows.children.indices { rows.children[index].frame.y += title.size.height }
    return Content(
      size: WireframeSize(width: max(title.size.width, rows.size.width), height: title.size.height + rows.size.height), children: title.children + rows.children, label: element.text)
  }

  /// Options one per row, at most ``WireframeOptions/maximumOptions`` and a row saying how many
  /// more there are.
  func optionRows(_ labels: [String], selected: Int?, _ style: ResolvedStyle, width: Double?, exact: Bool, rowPadding: Double, centred: Bool, color: StyleColor) -> Content {
    let shown = labels.prefix(WireframeOptions.maximumOptions)
    let blocks = shown.map { TextBlock($0, font: style.font, maxWidth: width.map { max(1, $0 - 16) }, singleLine: true) }
    let natural = (blocks.map(\.size.width).max() ?? TextMetric.width(of: "(no options)", font: style.font)) + 16
    let rowWidth = exact ? (width ?? natural) : natural
    let rowHeight = style.font.lineHeight + 2 * rowPadding
    var rows: [WireframeBox] = []
    for (index, block) in blocks.enumerated() {
      let frame = WireframeRect(x: 0, y: Double(index) * rowHeight, width: rowWidth, height: rowHeight)
      let text = block.placed(in: rowWidth - 16, align: centred ? .center : .leading, left: 8, top: rowPadding, color: color)
      rows.append(WireframeBox(kind: .option, frame: frame, label: shown[shown.startIndex + index], text: text, isSelected: index == selected))
    }
    var more: String?
    if labels.isEmpty {
      more = "(no options)"
    } else if labels.count > shown.count {
      more = "… \(labels.count - shown.count) more"
    }
    if let more {
      let block = TextBlock(more, font: style.font, maxWidth: width, singleLine: true)
      let frame = WireframeRect(x: 0, y: Double(rows.count) * rowHeight, width: rowWidth, height: rowHeight)
      rows.append(WireframeBox(kind: .more, frame: frame, label: more, text: block.placed(in: rowWidth - 16, align: centred ? .center : .leading, left: 8, top: rowPadding, color: WireframePalette.hint, isPlaceholder: true)))
    }
    return Content(size: WireframeSize(width: natural, height: Double(rows.count) * rowHeight), children: rows)
  }

  /// A segmented control: its options side by side, the one at the selected index (its value)
  /// filled in the control's colour; equally wide when the control's width is set.
  func segments(_ element: Element, _ style: ResolvedStyle, width: Double?, exact: Bool) -> Content {
    let shown = Array(element.options.prefix(WireframeOptions.maximumOptions))
    guard !shown.isEmpty else { return textContent("(no options)", style, width: width, height: nil, exact: exact, color: WireframePalette.hint, isPlaceholder: true, label: "") }
    let blocks = shown.map { TextBlock($0.label, font: style.font, maxWidth: nil, singleLine: true) }
    let naturalWidths = blocks.map { $0.size.width + 24 }
    let natural = naturalWidths.reduce(0, +)
    let equal = exact ? (width ?? natural) / Double(shown.count) : nil
    let height = style.font.lineHeight + 12
    var x = 0.0
    var parts: [WireframeBox] = []
    for (index, option) in shown.enumerated() {
      let segmentWidth = equal ?? naturalWidths[index]
      let isSelected = index == Int(element.value)
      let text = TextBlock(option.label, font: style.font, maxWidth: segmentWidth - 8, singleLine: true)
        .placed(in: segmentWidth, align: .center, top: 6, color: isSelected ? WireframePalette.paper : style.color)
      parts.append(WireframeBox(kind: .option, frame: WireframeRect(x: x, y: 0, width: segmentWidth, height: height), style: style, label: option.label, text: text, isSelected: isSelected))
      x += segmentWidth
    }
    return Content(size: WireframeSize(width: natural, height: height), children: parts)
  }

  /// A radio group's options, one per row with its radio button, the one whose id is the
  /// group's value checked.
  func radioOptions(_ element: Element, _ style: ResolvedStyle, width: Double?) -> Content {
    let rowHeight = max(style.font.lineHeight, 18) + 8
    var rows: [WireframeBox] = []
    var widest = 0.0
    for (index, option) in element.options.prefix(WireframeOptions.maximumOptions).enumerated() {
      let block = TextBlock(option.label, font: style.font, maxWidth: width.map { max(1, $0 - 26) }, singleLine: true)
      let isChecked = option.id == element.value
      let rowWidth = 26 + block.size.width
      let radio = WireframeBox(kind: .control(.radio), frame: WireframeRect(x: 0, y: (rowHeight - 18) / 2, width: 18, height: 18), isSelected: isChecked)
      rows.append(
        WireframeBox(
          kind: .option, frame: WireframeRect(x: 0, y: Double(index) * rowHeight, width: rowWidth, height: rowHeight), label: option.label,
          text: block.placed(in: block.size.width, left: 26, top: (rowHeight - block.size.height) / 2, color: style.color), isSelected: isChecked, children: [radio]))
      widest = max(widest, rowWidth)
    }
    return Content(size: WireframeSize(width: widest, height: Double(rows.count) * rowHeight), children: rows)
  }

  /// A page control's dots (its count, at most 20), the active page's (its value) selected.
  func pageDots(_ element: Element, width: Double?, exact: Bool) -> Content {
    let count = min(max(Int(element.count), 0), 20)
    let natural = WireframeSize(width: max(0, Double(count) * 16 - 8), height: 8)
    let start = exact ? max(0, ((width ?? natural.width) - natural.width) / 2) : 0
    let dots = (0..<count).map { index in
      WireframeBox(kind: .control(.dot), frame: WireframeRect(x: start + Double(index) * 16, y: 0, width: 8, height: 8), isSelected: index == Int(element.value))
    }
    return Content(size: natural, children: dots)
  }
}
