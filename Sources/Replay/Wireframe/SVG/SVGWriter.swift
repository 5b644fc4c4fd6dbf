import CommandCodec
import ReplayCore

/// Writes SVG markup, one element per line: the one place where the wireframe's output is
/// spelled, so that everything that goes into it is escaped the same way.
///
/// Attribute values and text go through ``XMLText/escaped(_:)``, the toolkit's one XML escaper,
/// whatever they are. The wireframe only ever puts numbers, colours it wrote itself
/// (``StyleColor/hex``), its own names and ids into attributes; text from the trace goes only into
/// element content.
struct SVGWriter {
  private(set) var output = ""
  private var nextId = 0
  let idPrefix: String

  init(idPrefix: String) {
    self.idPrefix = idPrefix
  }

  /// A new id of the document's own: `PREFIX-KIND-N`.
  mutating func newId(_ kind: String) -> String {
    nextId += 1
    return "\(idPrefix)-\(kind)-\(nextId)"
  }

  /// Writes a line as it is: only for the fixed text of the document's start.
  mutating func raw(_ line: String) {
    output += line + "\n"
  }

  /// `<name a="v" …>`
  mutating func open(_ name: String, _ attributes: [(String, String)]) {
    output += "<" + name + Self.attributes(attributes) + ">\n"
  }

  /// `</name>`
  mutating func close(_ name: String) {
    output += "</" + name + ">\n"
  }

  /// `<name a="v" …/>`
  mutating func empty(_ name: String, _ attributes: [(String, String)]) {
    output += "<" + name + Self.attributes(attributes) + "/>\n"
  }

  /// `<name a="v" …>text</name>`, the text escaped: control and bidirectional characters shown
  /// as the element tree shows them (``TerminalText``, `\u202e`), never applied, then as XML.
  mutating func element(_ name: String, _ attributes: [(String, String)], text: String) {
    output += "<" + name + Self.attributes(attributes) + ">" + XMLText.escaped(TerminalText.escaped(text, keepingNewlines: true)) + "</" + name + ">\n"
  }

  static func attributes(_ attributes: [(String, String)]) -> String {
    attributes.map { " " + $0.0 + "=\"" + XMLText.escaped($0.1) + "\"" }.joined()
  }

  /// A coordinate or length: rounded to hundredths, written as the trace format writes numbers.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    return Format.length(value)
  }

  /// The attributes of a rectangle.
  static func rect(_ rect: WireframeRect) -> [(String, String)] {
    [("x", number(rect.x)), ("y", number(rect.y)), ("width", number(max(0, rect.width))), ("height", number(max(0, rect.height)))]
  }

  /// `fill` (and `fill-opacity` below full alpha) for a colour, `none` without one.
  static func fill(_ color: StyleColor?) -> [(String, String)] {
    paint("fill", color)
  }

  /// `stroke` (and `stroke-opacity`), `stroke-width` for a colour and width.
  static func stroke(_ color: StyleColor?, width: Double) -> [(String, String)] {
    guard color != nil, width > 0 else { return [("stroke", "none")] }
    return paint("stroke", color) + [("stroke-width", number(width))]
  }

  private static func paint(_ name: String, _ color: StyleColor?) -> [(String, String)] {
    guard let color, color.isVisible else { return [(name, "none")] }
    return color.alpha == 255 ? [(name, color.hex)] : [(name, color.hex), (name + "-opacity", number(color.opacity))]
  }
}
