import CommandCodec
import Foundation
@testable import ReplayCore
import ReplayConformance
import Testing

/// Widget values are typed (docs/WIDGETS.md §3, §6.2, §6.3; issue #26 §1): one value has one
/// canonical text in the model, so a value set to what it was logs nothing; diffs compare values by
/// their declared type and print numbers and booleans bare; snapshots write them as JSON numbers
/// and booleans, so a diff of two snapshots keeps their types, with or without the schema.
@Suite("Custom widgets: typed values")
struct WidgetTypedValueTests {
  static let table = #"{"type":"CREATE_DATA_TABLE","internalId":3,"childInternalId":9,"textValue":"grouped","value":2}"#
  static let trip = #"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":10}"#

  static func style(_ id: Int, _ key: String, _ value: String) -> String {
    #"{"type":"SET_STYLE","internalId":\#(id),"textValue":"\#(key)","textValue2":"\#(value)"}"#
  }

  @Test func aValueSpeltAnotherWayIsTheSameValueAndLogsNothing() throws {
    let model = WidgetModelTests.widgetModel(
      Self.table, Self.trip,
      Self.style(9, "row-height", "44.0"),  // the default, 44
      Self.style(10, "accent-color", "#0A7D55"),  // the default, #0a7d55
      #"{"type":"SET_DATA_TABLE_FLAGS","internalId":9,"flags":1}"#,  // true, the default
      Self.style(9, "row-height", "6e1"),
      Self.style(9, "row-height", "60.0"))
    expectClean(model)
    #expect(WidgetModelTests.hooks(model).filter { $0.contains("property") } == ["9 property rowHeight 44 → 60"])
    let table = try #require(model.state[9]?.widget)
    #expect(table.properties["rowHeight"] == "60" && table.properties["showsSeparators"] == "true")
    #expect(model.state[10]?.widget?.properties["accent"] == "#0a7d55")
  }

  @Test func anEmptyOldValueIsPrintedAsEmptyQuotes() {
    let model = WidgetModelTests.widgetModel(
      Self.trip,
      #"{"type":"SET_TRIP","internalId":10,"value":1,"textValue":"LH 454"}"#,
      #"{"type":"SET_TRIP","internalId":10,"value":1,"textValue":"LH 454","textValue2":"08:15"}"#)
    #expect(WidgetModelTests.hooks(model).contains("10 property departure \"\" → 08:15"), "\(WidgetModelTests.hooks(model))")
  }

  @Test func theDiffComparesByTypeAndPrintsNumbersAndBooleansBare() throws {
    let a = WidgetModelTests.widgetModel(Self.table, Self.trip).state
    var spelt = a
    _ = spelt.elements.update(9) { element in
      element.widget!.properties["rowHeight"] = "44.0"
      element.widget!.properties["showsSeparators"] = "1"
      element.widget!.attributes["columns"] = "02"
    }
    _ = spelt.elements.update(10) { $0.widget!.properties["accent"] = "#FF0A7D55" }
    #expect(StateDiff(from: a, to: spelt).isEmpty, "\(StateDiff(from: a, to: spelt).renderText())")

    var changed = a
    _ = changed.elements.update(9) { element in
      element.widget!.properties["showsSeparators"] = "0"
      element.widget!.properties["rowHeight"] = "22.5"
    }
    let lines = StateDiff(from: a, to: changed).changes.map { "\($0.property ?? ""): \($0.old ?? "") → \($0.new ?? "")" }
    #expect(lines == ["rowHeight: 44 → 22.5", "showsSeparators: true → false"], "values printed in their canonical text")
  }

  @Test func snapshotsWriteNumbersAndBooleansAsJSONAndDiffsKeepTheirTypes() throws {
    let a = WidgetModelTests.widgetModel(Self.table, Self.style(9, "row-height", "180"))
    let b = WidgetModelTests.widgetModel(Self.table, Self.style(9, "row-height", "200"), #"{"type":"SET_DATA_TABLE_FLAGS","internalId":9}"#)
    let bytes = StateSnapshotWriter.snapshot(of: b.state)
    #expect(bytes.text.contains(#""attributes":{"columns":2,"style":"grouped"},"properties":{"cellSize":"320x44","rowHeight":200,"showsSeparators":false}"#), "\(bytes.text)")
    let files = try TemporaryTraces()
    let pathA = try files.write("a.json", bytes: StateSnapshotWriter.snapshot(of: a.state))
    let pathB = try files.write("b.json", bytes: bytes)
    for schema in [nil, WidgetModelTests.all] {
      guard case .snapshot(let x) = try DiffInput.open(pathA, widgets: schema), case .snapshot(let y) = try DiffInput.open(pathB, widgets: schema) else {
        Issue.record("not read as snapshots")
        return
      }
      let lines = StateDiff(from: x, to: y).changes.map { "\($0.property ?? ""): \($0.old ?? "") → \($0.new ?? "")" }
      #expect(lines == ["rowHeight: 180 → 200", "showsSeparators: true → false"], "schema: \(schema != nil)")
    }
    // A snapshot with strings for numbers (an older writer, a testee) still reads, and the
    // schema compares its values by type.
    let old = try StateSnapshotReader.read(Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: #""rowHeight":200"#, with: #""rowHeight":"200.0""#).utf8))
    #expect(old.elements[9]?.widget?.properties["rowHeight"] == "200.0")
    #expect(StateDiff(from: b.state, to: old).isEmpty)
  }
}

@Test("The schema's reserved widget names are the built-in element kinds and custom")
func builtInKindNamesAreTheElementKinds() {
  #expect(WidgetSchema.builtInKindNames == Set(ElementKind.allCases.map(\.rawValue)))
}

@Test("A run given a widget schema whose widget cases were all skipped is not conformant")
func widgetsNotExercised() {
  func result(_ name: String, _ verdict: CaseResult.Verdict) -> CaseResult {
    CaseResult(name: name, tier: .required, verdict: verdict, reason: verdict == .skipped ? "no schema" : "")
  }
  var report = ConformanceReport(results: [result("Required.Tree.A", .pass), result("Required.Widgets.W.Create", .skipped)], suiteNames: ["Required.Tree.A", "Required.Widgets.W.Create"])
  #expect(report.isGreen, "without --widgets, skipping is fine")
  report.widgetSchema = "all"
  report.widgetCases = ["Required.Widgets.W.Create"]
  #expect(!report.isGreen && report.summaryText().contains("the widgets were not exercised: the testee skipped every case of widget schema all (Required.Widgets.W.Create: no schema)"))
  #expect(!report.summaryText().hasSuffix("\nconformant\n"))
  report.allowsEmpty = true
  #expect(report.isGreen && report.summaryText().hasSuffix("conformant, without its widgets\n"))
}

@Test("An unused creation field is an unknown property; an immutable attribute is named alone")
func creationFieldsAndAttributes() {
  let model = WidgetModelTests.widgetModel(
    #"{"type":"CREATE_DATA_TABLE","internalId":3,"childInternalId":9,"textValue":"grouped","value":2,"row":4}"#,
    #"{"type":"SET_INT_VALUE","internalId":9,"value":4}"#)
  #expect(rules(model) == [.widgetUnknownProperty, .widgetImmutableAttribute])
  #expect(model.diagnostics.first?.message.contains("CREATE_DATA_TABLE carries row for DataTable 9, which no attribute of DataTable uses") == true)
  #expect(model.diagnostics.last?.message.contains("SET_INT_VALUE would change columns of DataTable 9, a creation-time attribute") == true, "\(model.diagnostics.map(\.message))")
}

@Test("A built-in setter that sets a property and carries an attribute's field is refused for the attribute")
func anAttributeBesideABuiltInSetterProperty() throws {
  let schema = try WidgetSchema(parsing: #"""
    {"widgetSchema":1,"name":"tag","widgets":[{"name":"AirportWidget","create":{"command":"CREATE_AIRPORT","code":1500},
    "attributes":{"code":{"type":"string","field":"textValue2"}},
    "properties":{"city":{"type":"string","set":{"command":"SET_TEXT_VALUE","field":"textValue"}}}}]}
    """#)
  let model = WidgetModelTests.widgetModel(
    #"{"type":"CREATE_AIRPORT","internalId":3,"childInternalId":9,"textValue2":"HEL"}"#,
    #"{"type":"SET_TEXT_VALUE","internalId":9,"textValue":"Helsinki","textValue2":"ARN"}"#, schema: schema)
  #expect(rules(model) == [.widgetImmutableAttribute], "\(model.diagnostics.map(\.message))")
  #expect(model.diagnostics.first?.message.contains("would change code of AirportWidget 9") == true)
  #expect(model.state[9]?.widget?.attributes["code"] == "HEL" && model.state[9]?.widget?.properties["city"] == "Helsinki")
}

@Test("The UnknownProperty case sends the setter's other fields at their current values")
func unknownPropertyIsIsolated() throws {
  let schema = try WidgetSchema(parsing: #"""
    {"widgetSchema":1,"name":"trip","widgets":[{"name":"Trip","create":{"command":"CREATE_TRIP_X","code":1500},
    "properties":{"flight":{"type":"string","set":{"command":"SET_TRIP_DATA","code":1501,"field":"textValue"}},
      "cellHeight":{"type":"int","min":100,"max":400,"default":180,"set":{"command":"SET_TRIP_DATA","code":1501,"field":"value"}}},
    "visibility":{"displayableAfter":["flight"]}}]}
    """#)
  let testCase = try #require(ConformanceSuite.widgetCases(schema).first { $0.name == "Recommended.Widgets.Trip.UnknownProperty.SetTripData" })
  let expectation = try CaseExpectation(testCase)
  #expect(expectation.diagnostics.map(\.rule) == [.widgetUnknownProperty], "\(expectation.diagnostics.map(\.description))")
  let steps = expectation.steps
  #expect(StateDiff(from: steps[steps.count - 2].state, to: steps[steps.count - 1].state).isEmpty)
}

/// Issue #26 §2 types in the model: a colour name, a point and a rect respelt log nothing, are
/// stored canonical, and a malformed one is refused naming the property and the value.
@Test func pointsRectsAndColourNamesAreTypedInTheModel() throws {
  let schema = try WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "designable", "widgets": [{"name": "Designable", "create": {"command": "CREATE_DESIGNABLE", "code": 1100}, "properties": {
      "anchor": {"type": "point", "set": {"command": "SET_STYLE", "key": "anchor"}},
      "hitArea": {"type": "rect", "set": {"command": "SET_STYLE", "key": "hit-area"}},
      "tint": {"type": "colour", "default": "#000", "set": {"command": "SET_STYLE", "key": "tint"}}}}]}
    """#)
  let style = WidgetTypedValueTests.style
  let model = widgetModel(schema, [
    #"{"type":"CREATE_DESIGNABLE","internalId":3,"childInternalId":9}"#,
    style(9, "tint", "red"), style(9, "tint", "#F00"), style(9, "anchor", "0.5,1"), style(9, "anchor", "0.50,1.0"),
    style(9, "hit-area", "0,0,44x44"), style(9, "hit-area", "0.0,0,44.0x44"), style(9, "anchor", "0.5;1"),
  ])
  #expect(rules(model) == [.widgetInvalidValue])
  #expect(model.diagnostics.first?.message == #"anchor of Designable 9: "0.5;1" is not a point (X,Y, e.g. 10,-2.5); ignored"#)
  #expect(WidgetModelTests.hooks(model).filter { $0.contains("property") } == [
    "9 property tint #000000 → #ff0000", "9 property anchor unset → 0.5,1", "9 property hitArea unset → 0,0,44x44",
  ])
  #expect(model.state[9]?.widget?.properties == ["tint": "#ff0000", "anchor": "0.5,1", "hitArea": "0,0,44x44"])
}

/// Issue #26 §3 ("a AirportWidget"): messages take the article the kind's first letter asks for.
@Test func messagesSayAnAirportWidget() throws {
  let schema = try WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "airport", "widgets": [{"name": "AirportWidget", "create": {"command": "CREATE_AIRPORT", "code": 1500},
      "properties": {"city": {"type": "string", "set": {"command": "SET_AIRPORT_CITY", "code": 1501, "field": "textValue"}}}}]}
    """#)
  let model = widgetModel(schema, [#"{"type":"SET_AIRPORT_CITY","internalId":3,"textValue":"Helsinki"}"#])
  #expect(rules(model) == [.widgetNotCreated])
  #expect(model.diagnostics.first?.message == "SET_AIRPORT_CITY sets properties of an AirportWidget, but element 3 is a linearLayout", "\(model.diagnostics)")
  #expect(ConformanceSuite.widgetCases(schema).contains { $0.summary.contains("an AirportWidget") && !$0.summary.contains("a AirportWidget") })
}
