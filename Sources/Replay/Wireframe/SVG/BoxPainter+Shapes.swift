extension BoxPainter {
  /// What a kind draws besides its background, border and text: an image placeholder's cross,
  /// and the controls (switch, checkbox, radio button, page dot, slider, spinner, back button).
  mutating func drawShapes(_ box: WireframeBox) {
    let frame = box.frame
    switch box.kind {
    case .element(.imageView):
      let body = box.body.inset(by: box.style.contentInsets)
      writer.empty("line", line(x1: body.x, y1: body.y, x2: body.maxX, y2: body.maxY, color: WireframePalette.line))
      writer.empty("line", line(x1: body.x, y1: body.maxY, x2: body.maxX, y2: body.y, color: WireframePalette.line))
    case .control(.switchTrack):
      let radius = frame.height / 2
      writer.empty("rect", SVGWriter.rect(frame) + [("rx", SVGWriter.number(radius))] + SVGWriter.fill(box.isSelected ? WireframePalette.accent : WireframePalette.control))
      let knobX = box.isSelected ? frame.maxX - radius : frame.x + radius
      writer.empty("circle", circle(x: knobX, y: frame.midY, radius: radius - 2) + SVGWriter.fill(WireframePalette.paper))
    case .control(.checkbox):
      writer.empty("rect", SVGWriter.rect(frame) + [("rx", "3")] + SVGWriter.fill(box.isSelected ? WireframePalette.accent : WireframePalette.paper) + SVGWriter.stroke(box.isSelected ? WireframePalette.accent : WireframePalette.control, width: 1.5))
      if box.isSelected {
        let points = [(0.22, 0.52), (0.42, 0.72), (0.78, 0.3)].map { SVGWriter.number(frame.x + $0.0 * frame.width) + "," + SVGWriter.number(frame.y + $0.1 * frame.height) }
        writer.empty("polyline", [("points", points.joined(separator: " ")), ("fill", "none")] + SVGWriter.stroke(WireframePalette.paper, width: 2))
      }
    case .control(.radio):
      writer.empty("circle", circle(x: frame.midX, y: frame.midY, radius: frame.width / 2 - 0.75) + SVGWriter.fill(WireframePalette.paper) + SVGWriter.stroke(box.isSelected ? WireframePalette.accent : WireframePalette.control, width: 1.5))
      if box.isSelected { writer.empty("circle", circle(x: frame.midX, y: frame.midY, radius: frame.width / 4) + SVGWriter.fill(WireframePalette.accent)) }
    case .control(.dot):
      writer.empty("circle", circle(x: frame.midX, y: frame.midY, radius: frame.width / 2) + SVGWriter.fill(box.isSelected ? WireframePalette.accent : WireframePalette.line))
    case .control(.slider):
      writer.empty("line", line(x1: frame.x + 8, y1: frame.midY, x2: frame.maxX - 8, y2: frame.midY, color: WireframePalette.control, width: 3))
      writer.empty("circle", circle(x: frame.x + 8, y: frame.midY, radius: 8) + SVGWriter.fill(WireframePalette.accent))
    case .control(.spinner):
      let radius = max(1, min(frame.width, frame.height) / 2 - 2)
      var attributes = circle(x: frame.midX, y: frame.midY, radius: radius) + [("fill", "none")]
      if box.isSelected {
        let circumference = 2 * Double.pi * radius
        attributes += SVGWriter.stroke(WireframePalette.accent, width: 3) + [("stroke-dasharray", SVGWriter.number(circumference * 0.7) + " " + SVGWriter.number(circumference * 0.3))]
      } else {
        attributes += SVGWriter.stroke(WireframePalette.control, width: 3)
      }
      writer.empty("circle", attributes)
    case .control(.back):
      let points = [(0.6, 0.2), (0.3, 0.5), (0.6, 0.8)].map { SVGWriter.number(frame.x + $0.0 * frame.width) + "," + SVGWriter.number(frame.y + $0.1 * frame.height) }
      writer.empty("polyline", [("points", points.joined(separator: " ")), ("fill", "none")] + SVGWriter.stroke(WireframePalette.ink, width: 2))
    default:
      break
    }
  }

  /// The attributes of a circle.
  func circle(x: Double, y: Double, radius: Double) -> [(String, String)] {
    [("cx", SVGWriter.number(x)), ("cy", SVGWriter.number(y)), ("r", SVGWriter.number(max(0, radius)))]
  }
}
