import CommandCodec

/// A text broken into lines by ``TextMetric`` and measured, ready to be placed in a box.
struct TextBlock {
  var lines: [String]
  var widths: [Double]
  var font: StyleFont
  /// The widest line's width and the lines' height (at least `minimumLines` lines high).
  var size: WireframeSize

  init(_ text: String, font: StyleFont, maxWidth: Double?, singleLine: Bool = false, maxLines: Int? = nil, minimumLines: Int = 0) {
    self.font = font
    // Control and bidirectional characters shown as escapes, as the element tree shows them
    // (``TerminalText``): drawn, they would vanish or reorder the text around them.
    lines = TextMetric.lines(TerminalText.escaped(text, keepingNewlines: true), font: font, maxWidth: maxWidth, singleLine: singleLine, maxLines: maxLines)
    widths = lines.map { TextMetric.width(of: $0, font: font) }
    size = WireframeSize(width: widths.max() ?? 0, height: Double(max(lines.count, minimumLines)) * font.lineHeight)
  }

  /// The text placed in a band `width` wide whose top left corner is at `left`, `top`.
  ///
  /// A line's baseline sits at the middle of its line height plus 0.35 em, which centres
  /// lower-case and capital letters alike in the line.
  func placed(
    in width: Double, align: StyleAlignment.Horizontal = .leading, left: Double = 0, top: Double = 0, color: StyleColor,
    isPlaceholder: Bool = false, isUnderlined: Bool = false
  ) -> WireframeText {
    let anchorX: Double
    switch align {
    case .leading: anchorX = left
    case .center: anchorX = left + width / 2
    case .trailing: anchorX = left + width
    }
    let lineHeight = font.lineHeight
    let placedLines = lines.enumerated().map { index, line in
      WireframeText.Line(text: line, x: anchorX, baseline: top + Double(index) * lineHeight + lineHeight / 2 + 0.35 * font.size, width: widths[index])
    }
    return WireframeText(lines: placedLines, font: font, color: color, anchor: align, isUnderlined: isUnderlined, isPlaceholder: isPlaceholder)
  }
}
