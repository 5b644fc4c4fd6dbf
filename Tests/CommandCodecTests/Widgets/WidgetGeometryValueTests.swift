import Testing

@testable import CommandCodec

/// The value types issue #26 §2 added (docs/WIDGETS.md §3): points and rects (IBInspectable
/// CGPoint/CGRect), sizes with fractions, colour names; each with one canonical text, compared by
/// type, refused with a message naming the value, and read in a schema with its place.
@Suite("Widget values: point, rect, fractional size, colour names")
struct WidgetGeometryValueTests {
  private func property(_ type: WidgetPropertyType) -> WidgetProperty {
    WidgetProperty(name: "p", type: type, wire: .style(key: "p"))
  }

  @Test("Each value has one canonical text, so a respelt value never differs", arguments: [
    (WidgetPropertyType.point, "10,-2.5", "10,-2.5"), (.point, "1.0,2e1", "1,20"), (.point, "-0,0", "0,0"),
    (.rect, "0,0,320x44", "0,0,320x44"), (.rect, "1.50,2,320.0x44.25", "1.5,2,320x44.25"),
    (.size, "320.5x200", "320.5x200"), (.size, "0320x200.0", "320x200"),
    (.colour, "red", "#ff0000"), (.colour, "Red", "#ff0000"), (.colour, "TRANSPARENT", "#00000000"), (.colour, "grey", "#808080"),
  ])
  func canonical(type: WidgetPropertyType, text: String, canonical: String) {
    #expect(type.canonicalText(text) == canonical)
    #expect(type.sameValue(text, canonical))
    #expect(property(type).validate(text) == nil)
  }

  @Test("Spellings of one value are the same value; different values differ")
  func comparison() {
    #expect(WidgetPropertyType.point.sameValue("1,2", "1.0,2.0"))
    #expect(WidgetPropertyType.rect.sameValue("0,0,320x44", "0.0,0,320.0x44"))
    #expect(WidgetPropertyType.colour.sameValue("red", "#F00") && WidgetPropertyType.colour.sameValue("cyan", "aqua"))
    #expect(!WidgetPropertyType.point.sameValue("1,2", "2,1") && !WidgetPropertyType.colour.sameValue("red", "#fe0000"))
  }

  @Test("A malformed value names itself and the form expected", arguments: [
    (WidgetPropertyType.point, "1, 2", #""1, 2" is not a point (X,Y, e.g. 10,-2.5)"#), (.point, "1,2,3", #""1,2,3" is not a point (X,Y, e.g. 10,-2.5)"#),
    (.point, "1,nan", #""1,nan" is not a point (X,Y, e.g. 10,-2.5)"#),
    (.rect, "0,0", #""0,0" is not a rect (X,Y,WIDTHxHEIGHT, e.g. 0,0,320x44)"#), (.rect, "0,0,-1x2", #""0,0,-1x2" is not a rect (X,Y,WIDTHxHEIGHT, e.g. 0,0,320x44)"#),
    (.size, "1.x2", #""1.x2" is not a size (WIDTHxHEIGHT, e.g. 320x200 or 320.5x200)"#), (.size, "-0.5x2", #""-0.5x2" is not a size (WIDTHxHEIGHT, e.g. 320x200 or 320.5x200)"#),
    (.colour, "reddish", #""reddish" is not a colour (#rgb, #rrggbb, #aarrggbb or a name such as red)"#),
  ])
  func invalid(type: WidgetPropertyType, text: String, message: String) {
    #expect(property(type).validate(text)?.message == message)
    #expect(type.canonicalText(text) == nil)
  }

  @Test("In a schema the types are read, defaults kept canonical, and a bad default refused at its place")
  func inASchema() throws {
    let schema = try WidgetSchema(parsing: #"""
      {"widgetSchema": 1, "widgets": [{"name": "Designable", "create": {"command": "CREATE_DESIGNABLE"}, "properties": {
        "anchor": {"type": "point", "default": "0.50,0.5", "set": {"command": "SET_STYLE", "key": "anchor"}},
        "hitArea": {"type": "rect", "default": "0,0,44x44", "set": {"command": "SET_STYLE", "key": "hit-area"}},
        "tint": {"type": "colour", "default": "Orange", "set": {"command": "SET_STYLE", "key": "tint"}}}}]}
      """#)
    let widget = try #require(schema.widgets.first)
    #expect(widget.property(named: "anchor")?.type == .point && widget.property(named: "anchor")?.defaultValue.map { WidgetPropertyType.point.canonicalText($0) } == "0.5,0.5")
    #expect(widget.property(named: "hitArea")?.type == .rect)
    #expect(widget.property(named: "tint")?.defaultValue.flatMap { WidgetPropertyType.colour.canonicalText($0) } == "#ffa500")
    #expect {
      try WidgetSchema(parsing: #"{"widgetSchema": 1, "widgets": [{"name": "D", "create": {"command": "CREATE_D"}, "properties": {"anchor": {"type": "point", "default": "0;0", "set": {"command": "SET_STYLE", "key": "anchor"}}}}]}"#)
    } throws: { error in
      "\(error)".contains("widgets[0].properties.anchor.default") && "\(error)".contains(#""0;0" is not a point"#)
    }
  }
}
