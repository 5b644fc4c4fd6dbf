import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

/// The model's custom widgets (docs/WIDGETS.md §6.2): creation, properties by their wire forms,
/// every widget-* rule at its place, and the lifecycle hooks in the order a platform runs them.
@Suite("Custom widgets in the model")
struct WidgetModelTests {
  /// The three bundled widgets.
  static let all: WidgetSchema = {
    let path = Repository.traces.appendingPathComponent("widgets/all.widgets.json").path
    return try! WidgetSchema(parsing: Array(FileManager.default.contents(atPath: path)!))
  }()

  /// The prelude (application 1, view 2, layout 3), then `lines`, decoded and applied with `schema`.
  static func widgetModel(_ lines: String..., schema: WidgetSchema = all, sourceLocation: SourceLocation = #_sourceLocation) -> ReferenceModel {
    ReplayTests.widgetModel(schema, lines, sourceLocation: sourceLocation)
  }

  static let chart = #"{"type":"CREATE_PIE_CHART","internalId":3,"childInternalId":9,"textValue":"Budget"}"#

  static func hooks(_ model: ReferenceModel) -> [String] {
    model.emissions.compactMap { emission in
      if case .widget(let target, let hook) = emission.kind { return "\(target) \(hook)" }
      return nil
    }
  }

  @Test func aChartIsCreatedWithItsAttributesAndDefaults() throws {
    let model = Self.widgetModel(Self.chart)
    expectClean(model)
    let chart = try #require(model.state[9])
    #expect(chart.kind == .custom)
    #expect(chart.parent == 3)
    #expect(chart.kindName == "PieChart")
    #expect(chart.text.isEmpty, "the creation's textValue is the title attribute, not a label")
    #expect(chart.widget == CustomWidget(kind: "PieChart", attributes: ["title": "Budget"], properties: ["piePercentage": "0", "sliceColor": "#1d4fb8", "restColor": "#e0e0e0"]))
  }

  @Test func propertiesAreSetThroughTheirDeclaredWireForms() throws {
    let model = Self.widgetModel(
      Self.chart,
      ##"{"batch":[{"type":"SET_INT_VALUE","internalId":9,"value":40},{"type":"SET_STYLE","internalId":9,"textValue":"slice-color","textValue2":"#ff8800"},{"type":"SET_STYLE","internalId":9,"textValue":"margin","textValue2":"8"}]}"##)
    expectClean(model)
    let chart = try #require(model.state[9])
    #expect(chart.widget?.properties["piePercentage"] == "40")
    #expect(chart.widget?.properties["sliceColor"] == "#ff8800")
    #expect(chart.value == 0, "SET_INT_VALUE set the property, not the element's value")
    #expect(chart.styles.value("margin") == "8", "a key that is no property stays a plain style")
    #expect(chart.styles.value("slice-color") == nil)
  }

  @Test func aWidthGivenByTheParentLogsNoMadeUpFrame() throws {
    let schema = try WidgetSchema(parsing: #"""
      {"widgetSchema": 1, "name": "slider", "widgets": [
        {"name": "RangeSlider", "create": {"command": "CREATE_RANGE_SLIDER", "code": 1100}, "size": {"width": "given", "height": 44}}]}
      """#)
    let model = Self.widgetModel(#"{"type":"CREATE_RANGE_SLIDER","internalId":3,"childInternalId":9}"#, schema: schema)
    expectClean(model)
    #expect(Self.hooks(model) == ["9 created RangeSlider"])
  }

  @Test func theLifecycleIsLoggedInTheOrderAPlatformRunsIt() {
    let model = Self.widgetModel(
      Self.chart,
      #"{"type":"SET_INT_VALUE","internalId":9,"value":40}"#,
      #"{"type":"SET_INT_VALUE","internalId":9,"value":40}"#,
      #"{"type":"SET_INT_VALUE","internalId":9,"value":65}"#,
      #"{"type":"DELETE_ELEMENT","internalId":3}"#)
    #expect(Self.hooks(model) == [
      #"9 created PieChart (title="Budget")"#,
      "9 property piePercentage 0 → 40",
      "9 property piePercentage 40 → 65",
      "9 destroyed PieChart",
    ])
    #expect(model.state[9] == nil)
  }

  @Test func invalidValuesAreRefusedAtTheirPlace() throws {
    let model = Self.widgetModel(
      Self.chart,
      #"{"t":5,"batch":[{"type":"SET_INT_VALUE","internalId":9,"value":40},{"type":"SET_INT_VALUE","internalId":9,"value":140},{"type":"SET_STYLE","internalId":9,"textValue":"slice-color","textValue2":"banana"}]}"#)
    #expect(rules(model) == [.widgetInvalidValue, .widgetInvalidValue])
    let first = try #require(model.diagnostics.first)
    #expect(first.recordIndex == 3)
    #expect(first.commandIndex == 1)
    #expect(first.message.contains("piePercentage of PieChart 9: 140 is above the maximum 100"))
    #expect(model.diagnostics[1].commandIndex == 2)
    #expect(model.diagnostics[1].message.contains(#""banana" is not a colour"#))
    #expect(model.state[9]?.widget?.properties["piePercentage"] == "40", "the refused value leaves the last good one")
    #expect(model.state[9]?.widget?.properties["sliceColor"] == "#1d4fb8")
  }

  @Test func anInvalidAttributeTakesItsDefault() {
    let model = Self.widgetModel(#"{"type":"CREATE_DATA_TABLE","internalId":3,"childInternalId":9,"textValue":"fancy","value":3}"#)
    #expect(rules(model) == [.widgetInvalidValue])
    #expect(model.state[9]?.widget?.attributes == ["style": "plain", "columns": "3"])
  }

  @Test func creationAttributesAreImmutable() {
    let model = Self.widgetModel(
      #"{"type":"CREATE_DATA_TABLE","internalId":3,"childInternalId":9,"textValue":"grouped","value":2}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"style","textValue2":"plain"}"#,
      #"{"type":"SET_TEXT_VALUE","internalId":9,"textValue":"plain"}"#,
      #"{"type":"SET_INT_VALUE","internalId":9,"value":4}"#)
    #expect(rules(model) == [.widgetImmutableAttribute, .widgetImmutableAttribute, .widgetImmutableAttribute])
    #expect(model.state[9]?.widget?.attributes == ["style": "grouped", "columns": "2"])
  }

  @Test func aCustomSetterSetsEveryPropertyOfItsFieldsDefaultsIncluded() {
    // Absent and 0 are one on the wire: SET_TRIP with only a flight sets seats to 0 too.
    let model = Self.widgetModel(
      #"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_TRIP","internalId":9,"value":3,"textValue":"LH 454","textValue2":"08:15"}"#,
      #"{"type":"SET_TRIP","internalId":9,"textValue":"AY 1"}"#,
      #"{"type":"CREATE_DATA_TABLE","internalId":3,"childInternalId":10}"#,
      #"{"type":"SET_DATA_TABLE_FLAGS","internalId":10}"#)
    expectClean(model)
    #expect(model.state[9]?.widget?.properties == ["seats": "0", "accent": "#0a7d55", "flight": "AY 1", "departure": ""])
    #expect(model.state[10]?.widget?.properties["showsSeparators"] == "false", "a bool in flags is turned off with 0")
  }

  @Test func aTripCardBecomesDisplayableWhenItsFlightArrives() {
    let model = Self.widgetModel(
      #"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_VISIBILITY","internalId":9,"value":1}"#,
      #"{"type":"SET_TRIP","internalId":9,"value":1,"textValue":"LH 454","textValue2":"08:15"}"#)
    #expect(rules(model) == [.widgetNotDisplayable])
    #expect(model.diagnostics.first?.severity == .note)
    #expect(model.diagnostics.first?.message.contains("before flight is set") == true)
    #expect(model.state[9]?.widget?.isDisplayable == true)
    #expect(Self.hooks(model) == [
      "9 created TripCard",
      "9 property flight unset → LH 454",
      "9 property departure unset → 08:15",
      "9 displayable",
    ], "displayable comes after every property of the command that made it so")
  }

  @Test func customCommandsToTheWrongElementAreRefused() {
    let model = Self.widgetModel(
      Self.chart,
      #"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":10,"textValue":"OK"}"#,
      #"{"type":"SET_TRIP","internalId":10,"textValue":"LH 454"}"#,
      #"{"type":"SET_TRIP","internalId":9,"textValue":"LH 454"}"#,
      #"{"type":"SET_TRIP","internalId":77,"textValue":"LH 454"}"#)
    #expect(rules(model) == [.widgetNotCreated, .widgetNotCreated, .unknownTarget])
    #expect(model.diagnostics[0].message.contains("element 10 is a button"))
    #expect(model.diagnostics[1].message.contains("element 9 is a PieChart"))
  }

  @Test func aFieldNoPropertyUsesIsAnUnknownProperty() {
    let model = Self.widgetModel(
      #"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_TRIP","internalId":9,"row":2,"textValue":"LH 454"}"#)
    #expect(rules(model) == [.widgetUnknownProperty])
    #expect(model.state[9]?.widget?.properties["flight"] == "LH 454", "the other fields still apply")
  }

  @Test func aWidgetThatCannotBeHiddenStaysVisible() throws {
    let schema = try WidgetSchema(parsing: #"""
      {"widgetSchema":1,"name":"badge","widgets":[{"name":"Badge","create":{"command":"CREATE_BADGE","code":1500},
      "visibility":{"hideable":false}}]}
      """#)
    let model = Self.widgetModel(
      #"{"type":"CREATE_BADGE","internalId":3,"childInternalId":9}"#,
      #"{"type":"SET_VISIBILITY","internalId":9}"#,
      schema: schema)
    #expect(rules(model) == [.widgetNotHideable])
    #expect(model.state[9]?.isVisible == true)
  }

  @Test func aCustomCommandWithoutItsSchemaIsNotModelled() {
    var model = ReferenceModel()
    model.apply(TraceRecord(time: 0, .batch([Command(custom: "CREATE_PIE_CHART", internalId: 1, childInternalId: 2)])), index: 0)
    #expect(rules(model) == [.notModelled])
    #expect(model.state[2] == nil)
  }

  @Test func widgetRulesAreApartFromTheBuiltInOnes() {
    #expect(DiagnosticRule.widgetRules.allSatisfy { $0.isWidgetRule })
    #expect(!DiagnosticRule.allCases.contains { $0.isWidgetRule })
    #expect(DiagnosticRule.everyRule.count == DiagnosticRule.allCases.count + DiagnosticRule.widgetRules.count + DiagnosticRule.widgetEventRules.count + DiagnosticRule.widgetLayoutRules.count)
    #expect(DiagnosticRule.widgetEventRules.allSatisfy { $0.isWidgetRule && !$0.summary.isEmpty })
    #expect(DiagnosticRule.widgetRules.allSatisfy { !$0.summary.isEmpty })
  }

  @Test func aSnapshotKeepsTheWidgetAndReadsBack() throws {
    let model = Self.widgetModel(Self.chart, #"{"type":"SET_INT_VALUE","internalId":9,"value":40}"#)
    let bytes = StateSnapshotWriter.snapshot(of: model.state)
    #expect(bytes.text.contains(##""9": {"kind":"custom","parent":3,"widget":{"kind":"PieChart","attributes":{"title":"Budget"},"properties":{"piePercentage":40,"restColor":"#e0e0e0","sliceColor":"#1d4fb8"}}}"##))
    let read = try StateSnapshotReader.read(bytes)
    #expect(read.elements[9]?.widget == model.state[9]?.widget)
    #expect(StateSnapshotWriter.snapshot(of: read) == bytes)
  }

  @Test func theDiffNamesAChangedProperty() {
    let a = Self.widgetModel(Self.chart, #"{"type":"SET_INT_VALUE","internalId":9,"value":40}"#)
    let b = Self.widgetModel(Self.chart, #"{"type":"SET_INT_VALUE","internalId":9,"value":65}"#)
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.path) == ["frameView 2 › linearLayout 3 › PieChart 9 · piePercentage"])
    #expect(diff.changes.first.map { "\($0.old ?? "") → \($0.new ?? "")" } == "40 → 65")
  }
}
