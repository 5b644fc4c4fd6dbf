/// Text laid out in a box: its lines, each placed, and how they are drawn.
///
/// Lines are broken and placed by ``TextMetric``; a line's `x` is where its ``anchor`` is (its
/// start, middle or end), so that a renderer whose font is wider or narrower than the metric still
/// aligns it as the layout meant.
public struct WireframeText: Hashable, Sendable {
  /// One line of text.
  public struct Line: Hashable, Sendable {
    /// The characters, as the trace had them (a password field's are already masked).
    public var text: String
    /// The x of the ``WireframeText/anchor`` point.
    public var x: Double
    /// The y of the baseline.
    public var baseline: Double
    /// The width ``TextMetric`` gives the line.
    public var width: Double

    public init(text: String, x: Double, baseline: Double, width: Double) {
      self.text = text
      self.x = x
      self.baseline = baseline
      self.width = width
    }
  }

  public var lines: [Line]
  public var font: StyleFont
  public var color: StyleColor
  /// Which point of each line `x` names: its start, middle or end.
  public var anchor: StyleAlignment.Horizontal
  /// Links are underlined.
  public var isUnderlined: Bool
  /// A hint shown in an empty field, or a caption the wireframe adds: drawn in italics.
  public var isPlaceholder: Bool

  public init(lines: [Line], font: StyleFont, color: StyleColor, anchor: StyleAlignment.Horizontal = .leading, isUnderlined: Bool = false, isPlaceholder: Bool = false) {
    self.lines = lines
    self.font = font
    self.color = color
    self.anchor = anchor
    self.isUnderlined = isUnderlined
    self.isPlaceholder = isPlaceholder
  }

  /// The lines joined by newlines: what the text says.
  public var string: String { lines.map(\.text).joined(separator: "\n") }

  /// The text moved by `dx`, `dy`.
  func offsetBy(dx: Double, dy: Double) -> WireframeText {
    var moved = self
    for index in moved.lines.indices {
      moved.lines[index].x += dx
      moved.lines[index].baseline += dy
    }
    return moved
  }
}
