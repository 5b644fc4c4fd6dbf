import CommandCodec
import ReplayCore

/// Custom widgets (docs/WIDGETS.md §6.4, docs/WIREFRAME.md §2.6): a box sized by the widget's
/// size rules, labelled with its kind and its inspectable values, filled and captioned as its
/// schema's `preview` says.
extension ElementLayout {
  /// What a custom widget's box says.
  struct WidgetFace {
    /// The kind's name: `PieChart`.
    var kind: String
    /// The value of the property or attribute the preview's `text` names; "" for none.
    var main: String
    /// `name value` per inspectable property, then attribute: `piePercentage 40`,
    /// `title "Spent"`, `flight unset`.
    var values: [String]
  }

  /// The definition of a custom element's kind in the state's schema; nil for other elements
  /// and without a schema (a snapshot read alone).
  func definition(of element: Element) -> WidgetDefinition? {
    guard let widget = element.widget else { return nil }
    return state.widgets?.widget(named: widget.kind)
  }

  /// Whether `element` shows: visible (SET_VISIBILITY) and, for a custom widget, displayable
  /// (every property its `displayableAfter` lists set). Elements that do not show are drawn only
  /// with ``WireframeOptions/showsHidden``, dimmed.
  static func isShown(_ element: Element) -> Bool {
    element.isVisible && element.widget?.isDisplayable != false
  }

  /// A custom element's style: its size rules narrow its `min-`/`max-` sizes (a style still
  /// sizes it, within the rules), and the preview's colour fills it.
  func widgetStyle(_ base: ResolvedStyle, of element: Element) -> ResolvedStyle {
    guard let widget = element.widget, let definition = definition(of: element) else { return base }
    var style = base
    let rules = definition.size
    (style.minWidth, style.maxWidth) = Self.bounds(style.minWidth, style.maxWidth, within: rules.minWidth, rules.maxWidth)
    (style.minHeight, style.maxHeight) = Self.bounds(style.minHeight, style.maxHeight, within: rules.minHeight, rules.maxHeight)
    if let fill = Self.previewFill(definition.preview.fill.flatMap { widget.value(of: $0) }) {
      style.background = .color(fill)
    }
    return style
  }

  /// A style's `low`…`high` narrowed to a widget's `ruleLow`…`ruleHigh`: the tighter of each
  /// bound, and never outside the rules, so that whatever the style asks for, the size that
  /// ``clamp(_:_:_:)`` gives lies within the rules.
  static func bounds(_ low: Double?, _ high: Double?, within ruleLow: Double?, _ ruleHigh: Double?) -> (Double?, Double?) {
    var newLow = [low, ruleLow].compactMap { $0 }.max()
    if let value = newLow, let ruleHigh { newLow = min(value, ruleHigh) }
    var newHigh = [high, ruleHigh].compactMap { $0 }.min()
    if let value = newHigh, let ruleLow { newHigh = max(value, ruleLow) }
    return (newLow, newHigh)
  }

  /// The colour a preview's `fill` property holds: `#rgb`, `#rrggbb`, `#aarrggbb` or one of the
  /// schema format's colour names (docs/WIDGETS.md §3), parsed from its digits; anything else
  /// (`rgb(…)`, another name, a hostile value a snapshot smuggled in) fills nothing.
  static func previewFill(_ value: String?) -> StyleColor? {
    guard let value, let digits = WidgetValueSyntax.canonicalColour(value) else { return nil }
    return StyleColor.parse(digits)
  }

  /// What a widget's box says: with its schema, the inspectable properties and attributes;
  /// without (a snapshot read alone), every property and attribute, by name.
  static func face(_ widget: CustomWidget, _ definition: WidgetDefinition?) -> WidgetFace {
    let main = definition?.preview.text.flatMap { widget.value(of: $0) } ?? ""
    guard let definition else {
      let all = widget.properties.merging(widget.attributes) { property, _ in property }
      return WidgetFace(kind: widget.kind, main: main, values: all.keys.sorted().map { "\($0) \(all[$0]!)" })
    }
    let values = definition.inspectable.map { property in
      guard let value = widget.value(of: property.name) else { return property.name + " unset" }
      return property.name + " " + (property.type == .string ? WidgetValueSyntax.quoted(value) : value)
    }
    return WidgetFace(kind: widget.kind, main: main, values: values)
  }

  /// The font of a widget's kind line, and of its values.
  static let widgetKindFont = StyleFont(size: 12, weight: 700)
  static let widgetValueFont = StyleFont(size: 11)
  /// The space between the kind, the main label and the values.
  static let widgetGap = 4.0

  /// A custom widget: its kind (bold), the preview's main label (in the element's font), its
  /// values (small), stacked and centred, in a box its preferred size (less padding and border)
  /// or, without one, as large as the texts. What does not fit the box is cut to the lines
  /// that fit: the values first, then the main label (no values without it); the kind stays.
  ///
  /// - Complexity: O(t) in the texts shown.
  func customWidget(_ element: Element, _ style: ResolvedStyle, width: Double?, height: Double?, exact: Bool) -> Content {
    let widget = element.widget ?? CustomWidget(kind: element.kindName)
    let definition = definition(of: element)
    let face = Self.face(widget, definition)
    let insets = style.contentInsets
    let (preferredWidth, preferredHeight) = Self.preferredContentSize(definition?.size, insets: insets, width: width, height: height)
    let breakWidth = exact ? width : [preferredWidth, width].compactMap { $0 }.min()

    let kind = TextBlock(face.kind, font: Self.widgetKindFont, maxWidth: breakWidth, singleLine: true)
    let main = TextBlock(face.main, font: style.font, maxWidth: breakWidth, singleLine: style.isSingleLine)
    let values = TextBlock(face.values.joined(separator: "\n"), font: Self.widgetValueFont, maxWidth: breakWidth)
    let hasMain = !face.main.isEmpty
    let hasValues = !face.values.isEmpty
    let stacked = kind.size.height + (hasMain ? Self.widgetGap + main.size.height : 0) + (hasValues ? Self.widgetGap + values.size.height : 0)
    let natural = WireframeSize(
      width: preferredWidth ?? max(kind.size.width, hasMain ? main.size.width : 0, hasValues ? values.size.width : 0),
      height: preferredHeight ?? stacked)
    let boxWidth = exact ? (width ?? natural.width) : min(natural.width, width ?? .infinity)
    let boxHeight = exact ? (height ?? natural.height) : natural.height

    // Cut to the lines that fit: the main label before the values, the kind always.
    var room = boxHeight - kind.size.height
    func fitted(_ text: String, _ full: TextBlock, singleLine: Bool) -> TextBlock? {
      guard !text.isEmpty, room >= Self.widgetGap + full.font.lineHeight else { return nil }
      let lines = Int(((room - Self.widgetGap) / full.font.lineHeight).rounded(.down))
      let block = lines >= full.lines.count ? full : TextBlock(text, font: full.font, maxWidth: breakWidth, singleLine: singleLine, maxLines: lines)
      room -= Self.widgetGap + block.size.height
      return block
    }
    let shownMain = fitted(face.main, main, singleLine: style.isSingleLine)
    let shownValues = hasMain && shownMain == nil ? nil : fitted(face.values.joined(separator: "\n"), values, singleLine: false)
    // A small box (about 44 points or less) has room for the kind line only: it carries the key
    // value too (docs/WIREFRAME.md §2.6, WIDGETS.md §7.7).
    let key = shownMain != nil || shownValues != nil ? "" : Self.key(face, label: state.widgetLabel(of: element))
    let kindLine = key.isEmpty ? kind : Self.keyLine(kind: face.kind, key: key, width: breakWidth)

    let colors = Self.widgetColors(style)
    let align = style.textAlign ?? style.gravity.horizontal ?? .center
    let used = kind.size.height + (shownMain.map { Self.widgetGap + $0.size.height } ?? 0) + (shownValues.map { Self.widgetGap + $0.size.height } ?? 0)
    var y = max(0, Self.offset(style.gravity.vertical ?? .center, space: boxHeight, length: used, before: 0, after: 0))
    var content = Content(size: natural, label: face.main)
    content.clipsChildren = true
    content.children.append(
      WireframeBox(
        kind: .title, frame: WireframeRect(x: 0, y: y, width: boxWidth, height: kind.size.height), label: face.kind,
        text: kindLine.placed(in: boxWidth, align: align, color: colors.kind)))
    y += kind.size.height
    if let shownMain {
      y += Self.widgetGap
      content.text = shownMain.placed(in: boxWidth, align: align, top: y, color: colors.main)
      y += shownMain.size.height
    }
    if let shownValues {
      y += Self.widgetGap
      content.children.append(
        WireframeBox(
          kind: .caption, frame: WireframeRect(x: 0, y: y, width: boxWidth, height: shownValues.size.height), label: face.values.joined(separator: "\n"),
          text: shownValues.placed(in: boxWidth, align: align, color: colors.values)))
    }
    return content
  }

  /// A container widget (docs/WIDGETS.md §2.10): its children placed as its schema's `layout`
  /// says (stacked top left as in a frame layout, one below the other, or side by side), in a
  /// box of its preferred size (or, on an axis without one, as large as they are), clipped to
  /// it. Its kind and values are not drawn over its children; the SVG group names it.
  mutating func widgetContainer(_ element: Element, _ style: ResolvedStyle, width: LayoutSpec, height: LayoutSpec, depth: Int) -> Content {
    let definition = definition(of: element)
    let insets = style.contentInsets
    let (preferredWidth, preferredHeight) = Self.preferredContentSize(
      definition?.size, insets: insets, width: width.limit, height: height.isExact ? height.value : nil)
    // The children get the box the widget will have (as ``layout(_:width:height:depth:)`` sizes
    // it: the offer, else the preferred size within it and the bounds), so that a vertical or
    // horizontal layout shares that box rather than the parent's room.
    func box(_ offered: LayoutSpec, _ preferred: Double?, _ inset: Double, _ low: Double?, _ high: Double?) -> LayoutSpec {
      guard let preferred else { return offered }
      return .exactly(clamp(offered.resolve(preferred) + inset, low, high) - inset)
    }
    let boxWidth = box(width, preferredWidth, insets.horizontal, style.minWidth, style.maxWidth)
    let boxHeight = box(height, preferredHeight, insets.vertical, style.minHeight, style.maxHeight)
    // Grouped by how their kinds are placed (one group unless the schema's layout names kinds),
    // in the order each group's first child comes; each group has the whole box, as PGToolbar's
    // items row and the views it hands to `super` share its bounds.
    let rules = definition?.container ?? WidgetContainerRules()
    var groups: [(layout: WidgetContainerRules.Layout, children: [Element])] = []
    for child in flowChildren(of: element) {
      let layout = rules.layout(of: child.kindName)
      if let index = groups.firstIndex(where: { $0.layout == layout }) { groups[index].children.append(child) } else { groups.append((layout, [child])) }
    }
    var content = Content(size: .zero)
    for group in groups.isEmpty ? [(rules.layout, [])] : groups {
      let placed: Content
      switch group.layout {
      case .frame: placed = overlay(group.children, width: boxWidth, height: boxHeight, gravity: style.gravity, depth: depth)
      case .vertical: placed = linear(group.children, vertical: true, width: boxWidth, height: boxHeight, gravity: style.gravity, depth: depth)
      case .horizontal: placed = linear(group.children, vertical: false, width: boxWidth, height: boxHeight, gravity: style.gravity, depth: depth)
      }
      content.children += placed.children
      content.size = WireframeSize(width: max(content.size.width, placed.size.width), height: max(content.size.height, placed.size.height))
    }
    if let preferredWidth { content.size.width = preferredWidth }
    if let preferredHeight { content.size.height = preferredHeight }
    content.label = element.widget?.kind ?? ""
    content.clipsChildren = true
    return content
  }

  /// The content size a widget's size rules ask for, in an area `width` × `height` (the content
  /// box the parent offers; nil for unbounded): a preferred size, or on a `given` axis the size
  /// offered, and an `aspect` deriving the axis not sized (from the box size within the rules).
  /// Nil on an axis the rules leave to the texts.
  static func preferredContentSize(_ rules: WidgetSizeRules?, insets: StyleInsets, width: Double?, height: Double?) -> (Double?, Double?) {
    guard let rules else { return (nil, nil) }
    var boxWidth = rules.widthIsGiven ? width.map { $0 + insets.horizontal } : rules.preferredWidth
    var boxHeight = rules.heightIsGiven ? height.map { $0 + insets.vertical } : rules.preferredHeight
    if let aspect = rules.aspect {
      if boxHeight == nil, let known = boxWidth {
        boxHeight = min(max(known, rules.minWidth ?? 0), rules.maxWidth ?? known) / aspect
      } else if boxWidth == nil, let known = boxHeight {
        boxWidth = min(max(known, rules.minHeight ?? 0), rules.maxHeight ?? known) * aspect
      }
    }
    // A hostile offer (infinite, NaN) sizes nothing rather than an unbounded box.
    func content(_ box: Double?, _ inset: Double) -> Double? {
      guard let box, box.isFinite else { return nil }
      return max(0, box - inset)
    }
    return (content(boxWidth, insets.horizontal), content(boxHeight, insets.vertical))
  }

  /// The key value of a widget whose box has room for one line: the preview's text, else its
  /// first inspectable value (in declaration order), else its label (its first string
  /// attribute, the one script selectors match: a bar button item's title); "" for none.
  static func key(_ face: WidgetFace, label: String?) -> String {
    if !face.main.isEmpty { return face.main }
    return face.values.first ?? label ?? ""
  }

  /// The one line of a small box: `Kind · key` when it fits `width`; the kind whole and the key
  /// cut when that leaves the key a few characters; else, in a box too narrow for the kind, the
  /// key alone in the values' font, cut with `…`: a 60-point bar button item shows its title,
  /// not `PGBar…`, and a 120-point button `cornerRadius 22` (docs/WIREFRAME.md §2.6).
  static func keyLine(kind: String, key: String, width: Double?) -> TextBlock {
    let both = kind + " · " + key
    func fits(_ text: String, _ font: StyleFont) -> Bool {
      guard let width else { return true }
      let capacity = Int(min((width + 0.001) / TextMetric.characterWidth(font), 1e9))
      return text.prefix(capacity + 1).count <= capacity
    }
    if fits(both, widgetKindFont) || fits(kind + " · " + String(key.prefix(Self.keyCharacters)) + TextMetric.ellipsis, widgetKindFont) {
      return TextBlock(both, font: widgetKindFont, maxWidth: width, singleLine: true)
    }
    return TextBlock(key, font: widgetValueFont, maxWidth: width, singleLine: true)
  }

  /// The fewest characters of a key shown beside the kind, before the kind gives way to it.
  static let keyCharacters = 4

  /// The colours of a widget's texts: on no background or a light one, the kind in the accent
  /// (ink on a colour) and the values muted (ink); on a dark background colour, white, the main
  /// label too unless a `color` style chose its colour.
  static func widgetColors(_ style: ResolvedStyle) -> (kind: StyleColor, main: StyleColor, values: StyleColor) {
    guard case .color(let fill)? = style.background, fill.alpha >= 128 else {
      return (WireframePalette.accent, style.color, WireframePalette.muted)
    }
    let luminance = (0.2126 * Double(fill.red) + 0.7152 * Double(fill.green) + 0.0722 * Double(fill.blue)) / 255
    guard luminance < 0.45 else { return (WireframePalette.ink, style.color, WireframePalette.ink) }
    let main = style.color == ResolvedStyle.defaults(for: .custom).color ? WireframePalette.paper : style.color
    return (WireframePalette.paper, main, WireframePalette.paper)
  }
}

extension CustomWidget {
  /// The text form of the property or attribute called `name`; nil while unset.
  func value(of name: String) -> String? {
    properties[name] ?? attributes[name]
  }
}
