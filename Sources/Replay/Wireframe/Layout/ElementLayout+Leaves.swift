import CommandCodec
import ReplayCore

extension ElementLayout {
  /// The content of an element that holds no children, in a content box at most `width` wide
  /// (exactly `width` × `height` when `exact`, the second time it is laid out).
  ///
  /// - Complexity: O(t) in the element's text, options and rows drawn.
  mutating func leaf(_ element: Element, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool) -> Content {
    switch element.kind {
    case .text where element.text.isEmpty && element.links.isEmpty && options.showsOrder:
      return textContent("\(element.kind.rawValue) \(element.id)", style, width: width, height: height, exact: exact, isPlaceholder: true, label: "")
    case .text:
      return label(element, style, width: width, height: height, exact: exact)
    case .textField, .textView, .searchBar:
      return field(element, style, width: width, height: height, exact: exact)
    case .switch, .checkbox:
      return toggle(element, style, width: width, height: height, exact: exact)
    case .imageView:
      return image(element, style, width: width, height: height, exact: exact)
    case .picker:
      return picker(element, style, width: width, exact: exact)
    case .segmentedControl:
      return segments(element, style, width: width, exact: exact)
    case .actionSheet:
      return actionSheet(element, style, width: width, exact: exact)
    case .pageControl:
      return pageDots(element, width: width, exact: exact)
    case .notification:
      return notification(element, style, width: width, exact: exact)
    case .separator:
      return Content(size: WireframeSize(width: exact ? width ?? 0 : 0, height: 0))
    case .slider:
      return control(.slider, natural: WireframeSize(width: 120, height: 28), width: width, height: height, exact: exact, isSelected: false)
    case .custom:
      return customWidget(element, style, width: width, height: height, exact: exact)
    case .progressSpinner:
      return control(.spinner, natural: WireframeSize(width: 24, height: 24), width: width, height: height, exact: exact, isSelected: !element.isStopped)
    default:
      // Buttons, navigation bar items and anything else with a text.
      if element.text.isEmpty && options.showsOrder {
        return textContent("\(element.kind.rawValue) \(element.id)", style, width: width, height: height, exact: exact, vertical: element.kind == .button ? .center : nil, isPlaceholder: true, label: "")
      }
      return textContent(element.text, style, width: width, height: height, exact: exact, vertical: element.kind == .button ? .center : nil)
    }
  }

  /// `string` in the element's font and colour, aligned by `text-align` (else `gravity`).
  func textContent(
    _ string: String, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool, vertical: StyleAlignment.Vertical? = nil,
    color: StyleColor? = nil, isPlaceholder: Bool = false, singleLine: Bool = false, minimumLines: Int = 1, label: String? = nil
  ) -> Content {
    let block = TextBlock(string, font: style.font, maxWidth: width, singleLine: singleLine || style.isSingleLine, minimumLines: minimumLines)
    let contentWidth = exact ? (width ?? block.size.width) : block.size.width
    let top = height.map { Self.offset(style.gravity.vertical ?? vertical, space: $0, length: block.size.height, before: 0, after: 0) } ?? 0
    let align = style.textAlign ?? style.gravity.horizontal ?? .leading
    let text = block.placed(in: contentWidth, align: align, top: max(0, top), color: color ?? style.color, isPlaceholder: isPlaceholder)
    return Content(size: block.size, text: text, label: label ?? string)
  }

  /// A text label, with its links (CREATE_LINK) under it in the LINK selector's colour, underlined.
  func label(_ element: Element, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool) -> Content {
    var content = textContent(element.text, style, width: width, height: nil, exact: exact)
    guard !element.links.isEmpty else { return content }
    let linkColor = element.styles.value("color", for: .link).flatMap(StyleColor.parse) ?? ResolvedStyle.defaultLinkColor
    var y = content.size.height
    for link in element.links.prefix(WireframeOptions.maximumOptions) {
      let block = TextBlock(link, font: style.font, maxWidth: width, singleLine: true)
      let frame = WireframeRect(x: 0, y: y, width: block.size.width, height: block.size.height)
      content.children.append(WireframeBox(kind: .link, frame: frame, label: link, text: block.placed(in: block.size.width, color: linkColor, isUnderlined: true)))
      y += block.size.height
      content.size.width = max(content.size.width, block.size.width)
    }
    content.size.height = y
    return content
  }

  /// A text field, text view or search bar: its contents (a password field's masked: always
  /// ``PasswordMask/dots``, whatever its length), or its hint in grey while empty. Fields and
  /// search bars keep to one line; a text view is at least three lines high. A focused field (value ≠ 0) is selected.
  func field(_ element: Element, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool) -> Content {
    let shown = element.isPassword ? PasswordMask.masked(element.text) : element.text
    let isEmpty = shown.isEmpty
    let hint = style.hint ?? (element.kind == .searchBar ? "Search" : "")
    let multiLine = element.kind == .textView
    var content = textContent(
      isEmpty ? hint : shown, style, width: width, height: height, exact: exact, vertical: multiLine ? .top : .center,
      color: isEmpty ? WireframePalette.hint : nil, isPlaceholder: isEmpty, singleLine: !multiLine, minimumLines: multiLine ? 3 : 1, label: shown)
    content.size.width = max(content.size.width, min(120, width ?? 120))
    content.isSelected = element.value != 0
    return content
  }

  /// A switch (its on- or off-label, then the track) or a checkbox (the box, then its label).
  func toggle(_ element: Element, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool) -> Content {
    let isSwitch = element.kind == .switch
    let isOn = element.value != 0
    let string = isSwitch ? (isOn ? element.text : element.secondaryText) : element.text
    let controlSize = isSwitch ? WireframeSize(width: 36, height: 20) : WireframeSize(width: 18, height: 18)
    let gap = string.isEmpty ? 0.0 : (isSwitch ? 12 : 8)
    let block = TextBlock(string, font: style.font, maxWidth: width.map { max(1, $0 - controlSize.width - gap) })
    let natural = WireframeSize(width: block.size.width + gap + controlSize.width, height: max(block.size.height, controlSize.height))
    let contentWidth = exact ? (width ?? natural.width) : natural.width
    let contentHeight = exact ? (height ?? natural.height) : natural.height
    let controlX = isSwitch ? max(0, contentWidth - controlSize.width) : 0
    let textX = isSwitch ? 0 : controlSize.width + gap
    let control = WireframeBox(
      kind: .control(isSwitch ? .switchTrack : .checkbox),
      frame: WireframeRect(x: controlX, y: (contentHeight - controlSize.height) / 2, width: controlSize.width, height: controlSize.height), isSelected: isOn)
    let text = block.placed(in: block.size.width, left: textX, top: (contentHeight - block.size.height) / 2, color: style.color)
    return Content(size: natural, children: [control], text: text, label: string, isSelected: isOn)
  }

  /// A drawn control filling the content box, `natural` big when nothing sizes it.
  func control(_ shape: WireframeBox.Control, natural: WireframeSize, width: Double?, height: Double?, exact: Bool, isSelected: Bool) -> Content {
    let size = exact ? WireframeSize(width: width ?? natural.width, height: height ?? natural.height) : WireframeSize(width: min(natural.width, width ?? .infinity), height: natural.height)
    let part = WireframeBox(kind: .control(shape), frame: WireframeRect(x: 0, y: 0, width: size.width, height: size.height), isSelected: isSelected)
    return Content(size: natural, children: [part], isSelected: isSelected)
  }

  /// A notification: its title in bold over its text.
  func notification(_ element: Element, _ style: ResolvedStyle, width: Double?, exact: Bool) -> Content {
    let title = TextBlock(element.text, font: StyleFont(size: style.font.size, weight: 700), maxWidth: width)
    let body = TextBlock(element.secondaryText, font: style.font, maxWidth: width)
    let contentWidth = exact ? (width ?? 0) : max(title.size.width, body.size.width)
    var children: [WireframeBox] = []
    if !element.text.isEmpty {
      children.append(
        WireframeBox(kind: .title, frame: WireframeRect(x: 0, y: 0, width: contentWidth, height: title.size.height), label: element.text, text: title.placed(in: contentWidth, color: style.color)))
    }
    let text = body.placed(in: contentWidth, top: title.size.height, color: style.color)
    return Content(size: WireframeSize(width: max(title.size.width, body.size.width), height: title.size.height + body.size.height), children: children, text: text, label: element.secondaryText)
  }
}
