import CommandCodec
import Foundation
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// Custom widgets in the wireframe (docs/WIREFRAME.md §2.6): boxes sized by their size rules,
/// labelled with their kind and inspectable values, previewed as their schema says.
@Suite("Wireframe: custom widgets")
struct WireframeWidgetTests {
  /// The bundled schema with the pie chart (200 × 200, at least 48 × 48, previewed by its slice
  /// colour and title), the trip card (320–400 wide, displayable once its flight is set) and the
  /// data table (at least 200 wide, no preview).
  static let all: WidgetSchema = {
    let bytes = FileManager.default.contents(atPath: Repository.trace("widgets/all.widgets.json")) ?? Data()
    return try! WidgetSchema(parsing: [UInt8](bytes))
  }()

  /// A badge without size rules: an inspectable string attribute, an inspectable colour (the
  /// preview's fill) and int, and a string that is not inspectable.
  static let badge = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "badge", "widgets": [{
      "name": "Badge", "create": {"command": "CREATE_BADGE", "code": 1100},
      "attributes": {"title": {"type": "string", "field": "textValue", "default": "", "inspectable": true}},
      "properties": {
        "tint": {"type": "colour", "default": "#ff8800", "inspectable": true, "set": {"command": "SET_STYLE", "key": "tint"}},
        "count": {"type": "int", "inspectable": true, "set": {"command": "SET_INT_VALUE", "field": "value"}},
        "note": {"type": "string", "set": {"command": "SET_STYLE", "key": "note"}}
      },
      "preview": {"fill": "tint", "text": "note"}
    }]}
    """#)

  /// The model of the prelude's screen (application 1, frame view 2, vertical linear layout 3)
  /// after `lines`, custom commands read with `schema`.
  static func state(_ schema: WidgetSchema, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> UIState {
    widgetModel(schema, lines, sourceLocation: sourceLocation).state
  }

  /// The wireframe of ``state(_:_:sourceLocation:)`` on a 400 × 800 screen.
  static func wireframe(_ schema: WidgetSchema, _ lines: String..., options: WireframeOptions = WireframeOptions(), sourceLocation: SourceLocation = #_sourceLocation) -> Wireframe {
    WireframeLayout.layout(state(schema, lines, sourceLocation: sourceLocation), viewport: WireframeSize(width: 400, height: 800), options: options)
  }

  /// The part of `box` of `kind` (its kind line: `.title`; its values: `.caption`).
  static func part(_ box: WireframeBox, _ kind: WireframeBox.Kind) -> WireframeBox? {
    box.children.first { $0.kind == kind }
  }

  @Test("A custom widget is a box of its preferred size, labelled with its kind, its preview's text and its inspectable values, filled by its preview's colour")
  func pieChart() throws {
    let w = Self.wireframe(Self.all, Line.batch(
      Line.create("PIE_CHART", 3, 5, text: "Spent"), Line.command("SET_INT_VALUE", 5, value: 40), Line.style(5, "slice-color", "#ff8800")))
    let chart = try box(w, 5)
    #expect(chart.elementKind == .custom && chart.widgetKind == "PieChart")
    #expect(chart.body.size == WireframeSize(width: 200, height: 200))
    #expect(chart.frame.y == 4)  // the default margin: 4 points above and below
    #expect(chart.style.background == .color(StyleColor(red: 0xff, green: 0x88, blue: 0x00)))
    #expect(chart.label == "Spent" && chart.text?.string == "Spent")
    let kind = try #require(Self.part(chart, .title))
    #expect(kind.label == "PieChart" && kind.text?.font == StyleFont(size: 12, weight: 700))
    let values = try #require(Self.part(chart, .caption))
    // In the schema's declaration order, as Interface Builder lists IBInspectable properties.
    #expect(values.text?.lines.map(\.text) == ["piePercentage 40", "sliceColor #ff8800", "restColor #e0e0e0"])
    // Through the text metric, each line centred in the box.
    #expect(values.text?.lines.first?.width == TextMetric.width(of: "piePercentage 40", font: StyleFont(size: 11)))
    #expect(values.text?.anchor == .center && values.text?.lines.first?.x == chart.body.midX)
    // The stack is centred vertically and lies inside the box.
    #expect(kind.frame.y > chart.body.y + 40 && values.frame.maxY < chart.body.maxY - 40)
    #expect(chart.clipsChildren)
  }

  @Test("Size rules clamp what styles ask for; styles (width, margin, match-parent) apply within them")
  func sizeRules() throws {
    let w = Self.wireframe(Self.all, Line.batch(
      Line.create("PIE_CHART", 3, 5, text: "Tiny"), Line.style(5, "width", "20"), Line.style(5, "height", "30"),
      Line.create("TRIP_CARD", 3, 6), Line.command("SET_TRIP", 6, text: "LH 454"), Line.style(6, "width", "1000"),
      Line.create("TRIP_CARD", 3, 7), Line.command("SET_TRIP", 7, text: "LH 455"), Line.style(7, "max-width", "100"),
      Line.create("PIE_CHART", 3, 8), Line.style(8, "margin", "16"), Line.style(8, "width", "120"),
      Line.create("DATA_TABLE", 3, 9),
      Line.create("LINEAR_LAYOUT", 3, 10, value: 1), Line.style(10, "width", "150"), Line.create("PIE_CHART", 10, 11)))
    #expect(try box(w, 5).body.size == WireframeSize(width: 48, height: 48))  // at least 48 × 48
    #expect(try box(w, 6).body.size == WireframeSize(width: 400, height: 120))  // at most 400 wide
    #expect(try box(w, 7).body.width == 320)  // at least 320, whatever max-width says
    let margined = try box(w, 8)
    #expect(margined.frame.x == 16 && margined.body.size == WireframeSize(width: 120, height: 200))
    #expect(try box(w, 9).body.width == 200)  // no preferred size: its texts, at least 200 wide
    let narrow = try box(w, 11)
    #expect(narrow.body.width == 150, "\(narrow.body)")  // wraps: at most the room there is
  }

  /// A CWIWidget-style slider as wide as its parent offers, 44 high, and a card of a given width
  /// within 320–400 whose height follows at aspect 2 (docs/WIDGETS.md §7.1).
  static let given = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "given", "widgets": [
      {"name": "RangeSlider", "create": {"command": "CREATE_RANGE_SLIDER", "code": 1100}, "size": {"width": "given", "height": 44}},
      {"name": "Card", "create": {"command": "CREATE_CARD", "code": 1101}, "size": {"width": "given", "minWidth": 320, "maxWidth": 400, "aspect": 2}}
    ]}
    """#)

  @Test("A given width is the width the parent offers; an aspect derives the height from the width drawn")
  func sizeFromTheLayout() throws {
    let w = Self.wireframe(Self.given, Line.batch(
      Line.create("RANGE_SLIDER", 3, 5), Line.create("CARD", 3, 6),
      Line.create("LINEAR_LAYOUT", 3, 10, value: 1), Line.style(10, "width", "150"), Line.create("CARD", 10, 11), Line.create("RANGE_SLIDER", 10, 12)))
    // The whole 400-point screen (the default margin is above and below), not the kind's text width.
    let slider = try box(w, 5), card = try box(w, 6), layout = try box(w, 3)
    #expect(slider.body.size == WireframeSize(width: 400, height: 44), "\(slider.frame) \(slider.body) in \(layout.body)")
    #expect(card.body.size == WireframeSize(width: 400, height: 200), "\(card.body)")
    // Offered 150: the card stays at least 320 wide, and its height follows the width drawn.
    #expect(try box(w, 11).body.size == WireframeSize(width: 320, height: 160))
    let narrow = try box(w, 12)
    #expect(narrow.body.size == WireframeSize(width: 150, height: 44), "\(narrow.body)")
  }

  @Test("Hostile offers size nothing: an infinite or NaN width leaves the axis to the texts")
  func hostileOffers() {
    var rules = WidgetSizeRules(preferredHeight: 44)
    rules.widthIsGiven = true
    rules.aspect = 0.5
    let none = StyleInsets(all: 0)
    #expect(ElementLayout.preferredContentSize(rules, insets: none, width: .infinity, height: nil) == (nil, 44))
    #expect(ElementLayout.preferredContentSize(rules, insets: none, width: .nan, height: nil) == (nil, 44))
    // Offered nothing (an unbounded row), the aspect derives the width from the height.
    #expect(ElementLayout.preferredContentSize(rules, insets: none, width: nil, height: nil) == (22, 44))
    // A huge offer is honoured as it is (the style's max and the rules' max clamp later).
    #expect(ElementLayout.preferredContentSize(rules, insets: StyleInsets(all: 10), width: 1e300, height: nil) == (1e300, 24))
    // An aspect derives the height from a width clamped into the rules, never from the offer alone.
    rules = WidgetSizeRules(maxWidth: 100)
    rules.widthIsGiven = true
    rules.aspect = 0.5
    #expect(ElementLayout.preferredContentSize(rules, insets: none, width: 1e308, height: nil) == (1e308, 200))
  }

  @Test("Without size rules the box is as large as its texts: kind, main label and values by the text metric")
  func wrapsItsTexts() throws {
    let w = Self.wireframe(Self.badge, Line.batch(Line.create("BADGE", 3, 5, text: "Inbox"), Line.style(5, "note", "3 new")))
    let badge = try box(w, 5)
    let values = ["tint #ff8800", "count unset", #"title "Inbox""#]
    #expect(Self.part(badge, .caption)?.text?.lines.map(\.text) == values)
    #expect(badge.label == "3 new")
    let widest = ([TextMetric.width(of: "Badge", font: StyleFont(size: 12, weight: 700)), TextMetric.width(of: "3 new", font: StyleFont())]
      + values.map { TextMetric.width(of: $0, font: StyleFont(size: 11)) }).max()!
    let insets = ResolvedStyle.defaults(for: .custom).contentInsets
    #expect(badge.body.width == widest + insets.horizontal)
    #expect(badge.body.height == StyleFont(size: 12).lineHeight + 4 + StyleFont().lineHeight + 4 + 3 * StyleFont(size: 11).lineHeight + insets.vertical)
  }

  @Test("What does not fit is cut: the values first, then the main label; the kind stays")
  func cutToFit() throws {
    let w = Self.wireframe(Self.all, Line.batch(
      Line.create("PIE_CHART", 3, 5, text: "Tiny"), Line.style(5, "width", "48"), Line.style(5, "height", "48"),
      Line.create("PIE_CHART", 3, 6, text: "Budget"), Line.style(6, "height", "94")))
    let tiny = try box(w, 5)
    // Too narrow for the kind and its key: the key alone (docs/WIREFRAME.md §2.6).
    #expect(Self.part(tiny, .title)?.text?.lines.map(\.text) == ["Tiny"])
    #expect(tiny.text == nil && Self.part(tiny, .caption) == nil)
    let short = try box(w, 6)
    #expect(short.text?.string == "Budget")
    // 94 less padding and border (14): the kind (16), the title (4 + 18) and two of the three values (4 + 2 × 14).
    #expect(Self.part(short, .caption)?.text?.lines.count == 2)
    #expect(Self.part(short, .caption)?.text?.lines.last?.text.hasSuffix("…") == true)
  }

  @Test("A box 44 points tall or less shows its key value beside its kind: the preview's text, else the first value, cut to the box")
  func smallPreview() throws {
    let lines = [Line.batch(
      Line.create("PIE_CHART", 3, 5, text: "Budget"), Line.style(5, "height", "44"),
      Line.create("DATA_TABLE", 3, 6), Line.style(6, "height", "40"),
      Line.create("PIE_CHART", 3, 7, text: String(repeating: "W", count: 10_000)), Line.style(7, "height", "44"))]
    let state = Self.state(Self.all, lines)
    let w = WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800), options: WireframeOptions())
    let chart = try box(w, 5)
    #expect(Self.part(chart, .title)?.text?.lines.map(\.text) == ["PieChart · Budget"])
    #expect(Self.part(chart, .title)?.label == "PieChart" && chart.label == "Budget")
    let table = try box(w, 6)
    let widget = try #require(state[6]?.widget)
    let firstValue = try #require(ElementLayout.face(widget, Self.all.widget(named: "DataTable")).values.first)
    #expect(Self.part(table, .title)?.text?.lines.map(\.text) == ["DataTable · " + firstValue])
    // A huge title stays one line, abbreviated to the box.
    let huge = try #require(Self.part(try box(w, 7), .title)?.text?.lines)
    #expect(huge.count == 1 && huge[0].text.hasPrefix("PieChart · W") && huge[0].text.hasSuffix("…"))
  }

  @Test("A widget that is not displayable is drawn like a hidden element: only when asked, dimmed, taking its space")
  func notDisplayable() throws {
    let lines = [Line.batch(Line.create("TRIP_CARD", 3, 5), Line.create("BUTTON", 3, 6, text: "Next"))]
    let state = Self.state(Self.all, lines)
    let plain = WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800))
    #expect(plain.box(for: 5) == nil)
    #expect(try box(plain, 6).frame.y == 4)
    let shown = WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800), options: WireframeOptions(showsHidden: true))
    let card = try box(shown, 5)
    #expect(card.isHidden && card.body.size == WireframeSize(width: 360, height: 120))
    #expect(Self.part(card, .caption)?.text?.lines.map(\.text) == ["flight unset", "accent #0a7d55"])
    #expect(try box(shown, 6).frame.y > card.frame.maxY)
    let svg = WireframeSVG.render(shown)
    #expect(svg.contains(#"<g class="element custom hidden" data-id="5" data-widget="TripCard" opacity="0.35">"#))

    let set = Self.state(Self.all, lines + [Line.command("SET_TRIP", 5, text: "LH 454")])
    let card2 = try box(WireframeLayout.layout(set, viewport: WireframeSize(width: 400, height: 800)), 5)
    #expect(!card2.isHidden && card2.text?.string == "LH 454")
    // The trip card's accent is dark: its texts are white.
    #expect(card2.text?.color == WireframePalette.paper && Self.part(card2, .caption)?.text?.color == WireframePalette.paper)
  }

  @Test("Only a #rgb, #rrggbb or #aarrggbb value or a schema colour name fills; other names, rgb() and hostile values fill nothing")
  func previewFill() throws {
    var state = Self.state(Self.badge, [Line.batch(Line.create("BADGE", 3, 5), Line.style(5, "tint", "#80102030"))])
    let filled = try box(WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800)), 5)
    #expect(filled.style.background == .color(StyleColor(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x80)))
    #expect(WireframeSVG.render(WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800))).contains(##"fill="#102030" fill-opacity="0.5""##))
    // The model refuses such values; a state built otherwise (a snapshot) may still hold them.
    _ = state.elements.update(5) { $0.widget?.properties["tint"] = "Red" }
    #expect(try box(WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800)), 5).style.background == .color(StyleColor(red: 0xff, green: 0, blue: 0)))
    for value in ["reddish", "rgb(255,0,0)", "red;background:url(http://evil)", "#ff88", "url(#x)", "\"/><script>alert(1)</script>"] {
      _ = state.elements.update(5) { $0.widget?.properties["tint"] = value }
      let w = WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800))
      #expect(try box(w, 5).style.background == nil, "\(value)")
      let outline = try XMLOutline(WireframeSVG.render(w))
      for attribute in outline.attributeValues {
        #expect(!attribute.contains("evil") && !attribute.contains("<") && !attribute.contains("url(#x)") && !attribute.contains("rgb"), "\(value): \(attribute)")
      }
      #expect(outline.text.contains("tint " + value))
    }
  }

  @Test("Without the schema (a snapshot read alone) every property and attribute is listed")
  func withoutSchema() throws {
    var state = Self.state(Self.badge, [Line.batch(Line.create("BADGE", 3, 5, text: "Inbox"), Line.style(5, "note", "3 new"))])
    state.widgets = nil
    let badge = try box(WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800)), 5)
    #expect(badge.widgetKind == "Badge" && badge.text == nil && badge.style.background == nil)
    #expect(Self.part(badge, .caption)?.text?.lines.map(\.text) == ["note 3 new", "tint #ff8800", "title Inbox"])
  }

  @Test("In the SVG a custom widget is a group of class custom with its id and kind; hostile values are only escaped text")
  func svg() throws {
    var state = Self.state(Self.badge, [
      Line.batch(
        Line.create("BADGE", 3, 5, text: "</text><script>alert(1)</script>"), Line.style(5, "note", "\"><script>alert(2)</script>&amp;"),
        Line.create("BADGE", 3, 6)),
    ])
    _ = state.elements.update(6) { $0.widget?.kind = "X\" onload=\"alert(3)" }
    let svg = WireframeSVG.render(WireframeLayout.layout(state, viewport: WireframeSize(width: 400, height: 800)))
    let outline = try XMLOutline(svg)
    #expect(Set(outline.elements.map(\.name)).isSubset(of: WireframeSVGTests.allowedElements))
    let group = try #require(outline.elements.first { $0.attributes["data-id"] == "5" })
    #expect(group.name == "g" && group.attributes["class"] == "element custom" && group.attributes["data-widget"] == "Badge")
    // A kind that is not an identifier never reaches an attribute.
    let other = try #require(outline.elements.first { $0.attributes["data-id"] == "6" })
    #expect(other.attributes["data-widget"] == nil && other.attributes["onload"] == nil)
    for value in outline.attributeValues { #expect(!value.contains("<") && !value.contains("alert"), "\(value)") }
    #expect(!svg.contains("<script") && !svg.contains("</text><script>"))
    #expect(svg.contains("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
    for text in ["Badge 5: \"><script>alert(2)</script>&amp;", "\"><script>alert(2)</script>&amp;", #"title "</text><script>alert(1)</script>""#, "X\" onload=\"alert(3) 6"] {
      #expect(outline.text.contains(text), "\(text) is not in the text")
    }
  }

  @Test("The bundled chart session draws its pie chart, filled and labelled, the same bytes every time")
  func chartTrace() throws {
    let (state, header) = try replayed("widgets/chart.jsonl")
    let viewport = WireframeLayout.viewport(header.viewport)
    let svg = WireframeSVG.render(state, viewport: viewport)
    #expect(svg == WireframeSVG.render(state, viewport: viewport))
    #expect(svg.contains(#"<g class="element custom" data-id="5" data-widget="PieChart">"#))
    #expect(svg.contains("<title>PieChart 5: Spent</title>"))
    #expect(svg.contains(##"<rect x="16" y="38" width="200" height="200" rx="4" fill="#ff8800""##))
    let outline = try XMLOutline(svg)
    #expect(outline.text.contains("piePercentage 40") && outline.text.contains("sliceColor #ff8800"))
  }
}
