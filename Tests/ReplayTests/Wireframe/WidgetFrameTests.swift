import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// The frames custom widgets get from the layout (docs/WIDGETS.md §7.1): logged as the layout
/// gives them (CWIWidget's `setWidgetViewFrame:`), and a size rule the layout breaks reported as
/// `widget-size`, by a model given the wireframe's layout.
@Suite("Custom widgets: frames from the layout")
struct WidgetFrameTests {
  /// A CWIWidget-style range slider as wide as its parent offers, 44 high.
  static let slider = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "slider", "widgets": [
      {"name": "RangeSlider", "create": {"command": "CREATE_RANGE_SLIDER", "code": 1100}, "size": {"width": "given", "height": 44}}]}
    """#)

  /// The model of the prelude then `lines`, with the wireframe's layout.
  static func model(_ schema: WidgetSchema, _ lines: String..., sourceLocation: SourceLocation = #_sourceLocation) -> ReferenceModel {
    widgetModel(schema, lines, options: .init(layout: WidgetFrameProbe()), sourceLocation: sourceLocation)
  }

  static func frames(_ model: ReferenceModel) -> [String] {
    model.emissions.compactMap { emission in
      guard case .widget(let target, let hook) = emission.kind, case .frame = hook else { return nil }
      return "#\(emission.recordIndex ?? -1) \(target) \(hook)"
    }
  }

  /// The body the wireframe draws element `id` with, on the default screen.
  static func drawn(_ model: ReferenceModel, _ id: Int32) throws -> WireframeRect {
    let box = try #require(WireframeLayout.layout(model.state).root.flattened.first { $0.elementId == id })
    return box.body
  }

  @Test("The frame logged is the box the layout gives: a match-parent chart is as wide as its parent, not the schema's 200")
  func theFrameIsTheOneGiven() throws {
    let model = Self.model(
      WidgetModelTests.all, WidgetModelTests.chart,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"match-parent"}"#)
    expectClean(model)
    let body = try Self.drawn(model, 9)
    #expect(body.width != 200 && body.width > 300)
    #expect(Self.frames(model) == [
      "#2 9 frame \(Format.number(body.x)),\(Format.number(body.y)) 200×200",
      "#3 9 frame \(Format.number(body.x)),\(Format.number(body.y)) \(Format.number(body.width))×200",
    ])
  }

  @Test("A slider whose width is given reports the parent's width as its frame, once per change")
  func aGivenWidthIsReported() throws {
    let model = Self.model(
      Self.slider, #"{"type":"CREATE_RANGE_SLIDER","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_STYLE","internalId":3,"textValue":"padding","textValue2":"0"}"#,
      #"{"type":"SET_STYLE","internalId":3,"textValue":"padding","textValue2":"0"}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"margin","textValue2":"0"}"#)
    expectClean(model)
    let body = try Self.drawn(model, 9)
    #expect(body == WireframeRect(x: 0, y: 0, width: 390, height: 44))
    let lines = Self.frames(model)
    #expect(lines.last == "#5 9 frame 0,0 390×44")
    #expect(!lines.contains { $0.hasPrefix("#4 ") }, "a record that changes no frame logs none")
  }

  @Test("A TripWidget given 420 wide breaks its 320–400 rule: widget-size at the record, drawn 400; a width within the rule is fine")
  func aViolatedSizeRuleIsReported() throws {
    let model = Self.model(
      WidgetModelTests.all, #"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_TRIP","internalId":9,"value":1,"textValue":"LH 454"}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"375"}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"420"}"#,
      #"{"type":"SET_TRIP","internalId":9,"value":2,"textValue":"LH 454"}"#)
    #expect(rules(model) == [.widgetSize])
    let diagnostic = try #require(model.diagnostics.first)
    #expect(diagnostic.recordIndex == 5 && diagnostic.severity == .note)
    #expect(diagnostic.message == "TripCard 9 was given 420 wide; its rule is 320–400, drawn 400")
    #expect(try Self.drawn(model, 9).width == 400, "the wireframe still clamps")
    #expect(Self.frames(model).map { $0.split(separator: " ").last! } == ["360×120", "375×120", "400×120"])
  }

  @Test("Without a layout the model logs no frame and reports no size")
  func withoutALayout() {
    let model = widgetModel(
      WidgetModelTests.all,
      [#"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":9}"#, #"{"type":"SET_TRIP","internalId":9,"textValue":"LH 454"}"#,
       #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"420"}"#])
    expectClean(model)
    #expect(Self.frames(model).isEmpty)
  }

  /// An IBDesignable box whose `width` is an inspectable property set by SET_STYLE width, and
  /// whose `height` is a property set by SET_INT_VALUE: 200 × 100 preferred, 100–320 wide.
  static let box = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "box", "widgets": [{
      "name": "DesignBox", "create": {"command": "CREATE_DESIGN_BOX", "code": 1100},
      "properties": {
        "width": {"type": "double", "inspectable": true, "set": {"command": "SET_STYLE", "key": "width"}},
        "height": {"type": "int", "set": {"command": "SET_INT_VALUE", "field": "value"}}
      },
      "size": {"preferredWidth": 200, "preferredHeight": 100, "minWidth": 100, "maxWidth": 320}}]}
    """#)

  @Test("A property named width or height never stops the box sizing: set by SET_STYLE width it sizes it within the rules, set otherwise the rules size it")
  func aWidthPropertyStillSizesTheBox() throws {
    let model = Self.model(
      Self.box, #"{"type":"CREATE_DESIGN_BOX","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"300"}"#,
      #"{"type":"SET_INT_VALUE","internalId":9,"value":40}"#)
    expectClean(model)
    #expect(model.state[9]?.widget?.properties == ["width": "300", "height": "40"])
    #expect(try Self.drawn(model, 9).size == WireframeSize(width: 300, height: 100))
    let wide = Self.model(
      Self.box, #"{"type":"CREATE_DESIGN_BOX","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"1000"}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"width","textValue2":"wide"}"#)
    #expect(rules(wide) == [.widgetSize, .widgetInvalidValue])
    #expect(wide.state[9]?.widget?.properties["width"] == "1000")
    #expect(wide.state[9]?.styles.value("width") == "1000", "a refused value sets no style either")
    #expect(try Self.drawn(wide, 9).width == 320)
  }
}
