import ReplayCore

/// Draws boxes into an ``SVGWriter``: each box as a group holding its background and border,
/// its kind's shapes, its text and its children, clipped where the box clips.
struct BoxPainter {
  var writer: SVGWriter
  let highlighted: Set<Int32>

  init(writer: SVGWriter, highlighted: Set<Int32>) {
    self.writer = writer
    self.highlighted = highlighted
  }

  /// Draws `box` and everything in it; a box wholly outside its clip is left out.
  ///
  /// - Parameter parent: the kind of the box it is drawn in (options look like their control).
  /// - Complexity: O(n) in the boxes of the subtree.
  mutating func draw(_ box: WireframeBox, parent: WireframeBox.Kind?) {
    if let clip = box.clip, !box.frame.intersects(clip) { return }
    var classes: [String]
    var attributes: [(String, String)] = []
    if let id = box.elementId {
      classes = ["element", box.kind.className]
      if box.isHidden { classes.append("hidden") }
      if box.hasError { classes.append("error") }
      if box.isSelected { classes.append("selected") }
      if highlighted.contains(id) { classes.append("highlight") }
      attributes.append(("data-id", String(id)))
      if let kind = box.widgetKind, Self.isWidgetName(kind) { attributes.append(("data-widget", kind)) }
    } else {
      classes = ["part", box.kind.className]
      if box.isSelected { classes.append("selected") }
      if let number = box.toastNumber { attributes.append(("data-toast", String(number))) }
    }
    attributes.insert(("class", classes.joined(separator: " ")), at: 0)
    let opacity = box.style.opacity * (box.isHidden ? WireframeSVG.hiddenOpacity : 1)
    if opacity < 1 { attributes.append(("opacity", SVGWriter.number(opacity))) }
    writer.open("g", attributes)
    if let id = box.elementId { writer.element("title", [], text: Self.title(box, id: id)) }
    drawBody(box, parent: parent)
    drawShapes(box)
    if let text = box.text { drawText(text) }

    let inside = box.children.filter { $0.kind != .error }
    if box.clipsChildren && !inside.isEmpty {
      let id = writer.newId("clip")
      writer.open("clipPath", [("id", id)])
      writer.empty("rect", SVGWriter.rect(box.body))
      writer.close("clipPath")
      writer.open("g", [("clip-path", "url(#\(id))")])
      for child in inside { draw(child, parent: box.kind) }
      writer.close("g")
    } else {
      for child in inside { draw(child, parent: box.kind) }
    }
    for child in box.children where child.kind == .error { draw(child, parent: box.kind) }

    if box.isHidden {
      writer.empty("rect", SVGWriter.rect(box.body) + [("fill", "none")] + SVGWriter.stroke(WireframePalette.muted, width: 1) + [("stroke-dasharray", "4 3")])
    }
    if let id = box.elementId, highlighted.contains(id) {
      writer.empty("rect", [("class", "highlight-outline")] + SVGWriter.rect(box.frame) + [("fill", "none")] + SVGWriter.stroke(WireframePalette.highlight, width: 2))
    }
    writer.close("g")
  }

  /// A tooltip naming the element and what it says (its first 200 characters): `button 7: Log in`,
  /// `PieChart 5: Spent`.
  static func title(_ box: WireframeBox, id: Int32) -> String {
    let name = "\(box.widgetKind ?? box.kind.className) \(id)"
    guard !box.label.isEmpty else { return name }
    let label = box.label.count > 200 ? box.label.prefix(199) + TextMetric.ellipsis : box.label
    return name + ": " + String(label.map { $0 == "\n" ? " " : $0 })
  }

  /// Whether `name` may stand in a `data-widget` attribute: an identifier as the widget schema
  /// requires (an ASCII letter, then letters, digits and `_`). Anything else is left out.
  static func isWidgetName(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    func letter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    guard let first = scalars.first, letter(first), scalars.count <= 200 else { return false }
    return scalars.allSatisfy { letter($0) || ("0"..."9").contains($0) || $0 == "_" }
  }

  /// The background and border: the style's, with the marks of state over them (an error's red
  /// outline, a focused field's accent, a selected option's fill).
  mutating func drawBody(_ box: WireframeBox, parent: WireframeBox.Kind?) {
    var fill: StyleBackground? = box.style.background
    var border = box.style.border
    switch box.kind {
    case .option where parent == .element(.picker) && box.isSelected:
      fill = .color(WireframePalette.selection)
    case .option where parent == .element(.segmentedControl):
      fill = box.isSelected ? .color(box.style.color) : nil
      border = StyleBorder(width: 0.5, color: box.style.color)
    case .option where parent == .element(.actionSheet):
      border = nil
      writer.empty("line", line(x1: box.frame.x, y1: box.frame.y, x2: box.frame.maxX, y2: box.frame.y, color: WireframePalette.line))
    case .listHeader, .listSheet:
      fill = .color(WireframePalette.surface)
    case .listRow, .more:
      if parent == .element(.gridView) && box.kind == .listRow {
        border = StyleBorder(width: 1, color: WireframePalette.line)
      } else {
        writer.empty("line", line(x1: box.frame.x, y1: box.frame.maxY, x2: box.frame.maxX, y2: box.frame.maxY, color: WireframePalette.line))
      }
    case .element(.textField), .element(.textView), .element(.searchBar):
      if box.isSelected { border = StyleBorder(width: 2, color: WireframePalette.accent) }
    default:
      break
    }
    if box.hasError { border = StyleBorder(width: max(border?.width ?? 0, 1.5), color: WireframePalette.error) }
    guard fill != nil || (border.map { $0.width > 0 } ?? false) else { return }
    var attributes = SVGWriter.rect(box.body)
    let radius = min(box.style.borderRadius, box.body.width / 2, box.body.height / 2)
    if radius > 0 { attributes.append(("rx", SVGWriter.number(radius))) }
    attributes += paint(fill)
    if let border, border.width > 0 {
      attributes += SVGWriter.stroke(border.color ?? WireframePalette.control, width: border.width)
      switch border.line {
      case .solid: break
      case .dashed: attributes.append(("stroke-dasharray", SVGWriter.number(border.width * 4) + " " + SVGWriter.number(border.width * 3)))
      case .dotted: attributes.append(("stroke-dasharray", SVGWriter.number(border.width) + " " + SVGWriter.number(border.width * 2)))
      }
    }
    writer.empty("rect", attributes)
  }

  /// The `fill` of a background: a colour, or a gradient defined right here.
  mutating func paint(_ background: StyleBackground?) -> [(String, String)] {
    switch background {
    case nil: return [("fill", "none")]
    case .color(let color): return SVGWriter.fill(color)
    case .linearGradient(let colors, let horizontal, let reversed):
      let id = writer.newId("gradient")
      let (start, end) = reversed ? ("1", "0") : ("0", "1")
      writer.open("defs", [])
      writer.open("linearGradient", [("id", id), ("x1", horizontal ? start : "0"), ("y1", horizontal ? "0" : start), ("x2", horizontal ? end : "0"), ("y2", horizontal ? "0" : end)])
      stops(colors)
      writer.close("linearGradient")
      writer.close("defs")
      return [("fill", "url(#\(id))")]
    case .radialGradient(let colors):
      let id = writer.newId("gradient")
      writer.open("defs", [])
      writer.open("radialGradient", [("id", id)])
      stops(colors)
      writer.close("radialGradient")
      writer.close("defs")
      return [("fill", "url(#\(id))")]
    }
  }

  private mutating func stops(_ colors: [StyleColor]) {
    for (index, color) in colors.enumerated() {
      let offset = colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0
      var attributes = [("offset", SVGWriter.number(offset)), ("stop-color", color.hex)]
      if color.alpha < 255 { attributes.append(("stop-opacity", SVGWriter.number(color.opacity))) }
      writer.empty("stop", attributes)
    }
  }

  /// The lines of a text, each a `<text>` anchored where the layout put it.
  mutating func drawText(_ text: WireframeText) {
    var common: [(String, String)] = [("font-size", SVGWriter.number(text.font.size))]
    if text.font.weight != StyleFont.normalWeight { common.append(("font-weight", String(text.font.weight))) }
    common += SVGWriter.fill(text.color)
    switch text.anchor {
    case .leading: break
    case .center: common.append(("text-anchor", "middle"))
    case .trailing: common.append(("text-anchor", "end"))
    }
    if text.isPlaceholder { common.append(("font-style", "italic")) }
    if text.isUnderlined { common.append(("text-decoration", "underline")) }
    for line in text.lines where !line.text.isEmpty {
      writer.element("text", [("x", SVGWriter.number(line.x)), ("y", SVGWriter.number(line.baseline))] + common, text: line.text)
    }
  }

  /// The attributes of a line from one point to another.
  func line(x1: Double, y1: Double, x2: Double, y2: Double, color: StyleColor, width: Double = 1) -> [(String, String)] {
    [("x1", SVGWriter.number(x1)), ("y1", SVGWriter.number(y1)), ("x2", SVGWriter.number(x2)), ("y2", SVGWriter.number(y2))] + SVGWriter.stroke(color, width: width)
  }
}
