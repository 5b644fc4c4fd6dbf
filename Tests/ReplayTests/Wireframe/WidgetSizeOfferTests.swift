import CommandCodec
import Foundation
import ReplayFuzz
import Testing

@testable import ReplayCore
@testable import ReplayWireframe

/// What counts as the size a layout offers a widget (docs/WIDGETS.md §2.7), found by a platform
/// team's trial (`traces/widgets/trial/`): an offer through a `given` axis counts above the
/// maximum as below the minimum; a widget's own content (an empty panel wrapping nothing) is no
/// offer; frames and notes carry no float noise; a zero offer is judged by the rule's minimum.
@Suite("Custom widgets: the size offered")
struct WidgetSizeOfferTests {
  /// A trial schema, `traces/widgets/trial/NAME.widgets.json`.
  static func schema(_ name: String) throws -> WidgetSchema {
    let bytes = try #require(FileManager.default.contents(atPath: Repository.trace("widgets/trial/\(name).widgets.json")))
    return try WidgetSchema(parsing: [UInt8](bytes))
  }

  /// The trial trace `NAME.jsonl` replayed with its schema and the wireframe's layout.
  static func replay(_ name: String, schema: String) throws -> ReferenceModel {
    let reader = try TraceFileReader(path: Repository.trace("widgets/trial/\(name).jsonl"), widgets: try Self.schema(schema))
    defer { reader.close() }
    return try Replayer.replay(reader, options: .init(layout: WidgetFrameProbe())).model
  }

  static func notes(_ model: ReferenceModel) -> [String] {
    model.diagnostics.filter { $0.rule == .widgetSize }.map { "#\($0.recordIndex) \($0.message)" }
  }

  @Test("A given width above the maximum is noted like one below it and like a style's: a parent 420 wide, a 430-wide phone")
  func aGivenOfferAboveTheMaximum() throws {
    #expect(try Self.notes(Self.replay("aita-given-parent", schema: "aita")) == [
      "#3 TripWidget 5 was given 420 wide; its rule is 320–400, drawn 400",
      "#4 TripWidget 5 was given 300 wide; its rule is 320–400, drawn 320",
    ])
    #expect(try Self.notes(Self.replay("aita-given430", schema: "aita")) == ["#1 TripWidget 5 was given 430 wide; its rule is 320–400, drawn 400"])
    #expect(try Self.notes(Self.replay("aita-size", schema: "aita")) == [
      "#3 TripWidget 5 was given 430 wide; its rule is 320–400, drawn 400",
      "#4 TripWidget 5 was given 420 wide; its rule is 320–400, drawn 400",
      "#6 TripWidget 5 was given 150 wide; its rule is 320–400, drawn 320",
    ])
  }

  @Test("A given width within the rule is no note: a TripWidget on a 390-wide phone")
  func aGivenOfferWithinTheRule() throws {
    let model = widgetModel(
      try Self.schema("aita"),
      [#"{"batch":[{"type":"CREATE_TRIP_WIDGET","internalId":3,"childInternalId":5},{"type":"SET_TRIP_DATA","internalId":5,"value":200,"textValue":"LH 454"}]}"#],
      options: .init(layout: WidgetFrameProbe()))
    expectClean(model)
    #expect(WidgetFrameTests.frames(model).map { $0.split(separator: " ").last! } == ["390×156"])
  }

  @Test("An empty container's own content is no offer: a PGPanel wrapping nothing in a vertical layout is not 'given 14 high'; a style that is too low still is")
  func contentIsNoOffer() throws {
    let pegasus = try Self.schema("pegasus")
    let panel = #"{"type":"CREATE_PG_PANEL","internalId":3,"childInternalId":9,"textValue":"Inner"}"#
    let inLayout = widgetModel(pegasus, [panel], options: .init(layout: WidgetFrameProbe()))
    expectClean(inLayout)
    #expect(WidgetFrameTests.frames(inLayout).map { $0.split(separator: " ").last! } == ["390×44"])
    let nested = widgetModel(
      pegasus, [panel, #"{"type":"CREATE_PG_PANEL","internalId":9,"childInternalId":10}"#], options: .init(layout: WidgetFrameProbe()))
    expectClean(nested)
    #expect(try Self.notes(Self.replay("pegasus", schema: "pegasus")).isEmpty, "the trial's panel inside a panel")
    let low = widgetModel(
      pegasus, [panel, #"{"type":"SET_STYLE","internalId":9,"textValue":"height","textValue2":"20"}"#], options: .init(layout: WidgetFrameProbe()))
    #expect(Self.notes(low) == ["#3 PGPanel 9 was given 20 high; its rule is at least 44, drawn 44"])
  }

  @Test("Frames and notes print lengths in hundredths, shortest: 38.5, not 38.50000000000001")
  func noFloatNoise() throws {
    let model = try Self.replay("cwi-horizontal", schema: "cwi")
    let hooks = model.emissions.compactMap { emission -> String? in
      guard case .widget(let target, let hook) = emission.kind, case .frame = hook else { return nil }
      return "\(target) \(hook)"
    }
    #expect(hooks == ["5 frame 38.5,4 351.5×44", "6 frame 390,4 0×44"])
    let json = model.emissions.compactMap { emission -> String? in
      guard case .widget(_, .frame) = emission.kind else { return nil }
      return String(decoding: PlatformEmissionFormatter.jsonLine(for: emission), as: UTF8.self)
    }
    #expect(json.first?.contains(#""x":38.5,"y":4,"width":351.5,"height":44"#) == true, "\(json)")
    #expect(WidgetHook.frame(x: 38.50000000000001, y: 4, width: 64.39999999999999, height: 30).description == "frame 38.5,4 64.4×30")
    #expect(ReferenceModel.sizeProblem(49.299999999999955, drawn: 320, 320, 400, axis: "wide") == "49.3 wide; its rule is 320–400, drawn 320")
  }

  @Test("A zero offer is a note when the rule has a minimum, and none without one: the second of two given sliders side by side")
  func aZeroOffer() throws {
    let model = try Self.replay("cwi-horizontal", schema: "cwi")
    expectClean(model)
    // The same layout, the slider's rule with a minimum.
    let bounded = try WidgetSchema(parsing: #"""
      {"widgetSchema": 1, "name": "cwi", "widgets": [{"name": "RangeSlider", "create": {"command": "CREATE_RANGE_SLIDER", "code": 1100},
        "size": {"width": "given", "minWidth": 100, "height": 44}}]}
      """#)
    let squeezed = widgetModel(
      bounded,
      [#"{"batch":[{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":4,"value":0},{"type":"CREATE_RANGE_SLIDER","internalId":4,"childInternalId":5},{"type":"CREATE_RANGE_SLIDER","internalId":4,"childInternalId":6}]}"#],
      options: .init(layout: WidgetFrameProbe()))
    #expect(Self.notes(squeezed) == ["#2 RangeSlider 6 was given 0 wide; its rule is at least 100, drawn 100"])
  }

  @Test(
    "Generated valid streams with the trial's size rules replay without a diagnostic, laid out",
    arguments: ["cwi", "pegasus", "aita", "designable"])
  func validStreamsStayValid(name: String) throws {
    let schema = try Self.schema(name)
    var configuration = StreamGenerator.Configuration()
    configuration.widgets = schema
    configuration.violationPercent = 0
    var sized = 0
    for seed in UInt64(1)...4 {
      let (header, records) = StreamGenerator.records(seed: seed, commands: 700, configuration: configuration)
      let model = try Replayer.replay(records, header: header, options: .init(maxDiagnostics: .max, layout: WidgetFrameProbe()), widgets: schema)
      #expect(model.diagnostics.map(\.message).isEmpty, "seed \(seed): \(model.diagnostics.prefix(3).map { "#\($0.recordIndex) [\($0.rule)] \($0.message)" })")
      sized += model.emissions.filter { if case .widget(_, .frame) = $0.kind { return true } else { return false } }.count
    }
    #expect(sized > 10, "the streams lay widgets out: \(sized) frames")
  }
}
