import CommandCodec
import Replay
import Testing

/// The cases a widget schema adds to the conformance suite (docs/WIDGETS.md §6.5,
/// docs/CONFORMANCE.md §2): per widget, created with defaults, each property set, each invalid
/// value refused, attributes immutable, the visibility rules and deletion; every case played on
/// the model with the schema, its header naming the schema.
@Suite("Conformance suite: custom widgets")
struct WidgetConformanceSuiteTests {
  let all = WidgetModelTests.all
  var suite: ConformanceSuite { ConformanceSuite(cases: ConformanceSuite.widgetCases(all)) }

  /// A schema whose widget cannot be hidden and waits for two properties, with a setter of its own
  /// that carries both: every visibility rule and every widget-* rule has a case.
  static let gauge: WidgetSchema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "gauge", "widgets": [{
      "name": "Gauge", "create": {"command": "CREATE_GAUGE"},
      "attributes": {"unit": {"type": "enum", "values": ["km", "mi"], "default": "km", "field": "textValue"}},
      "properties": {
        "level": {"type": "int", "min": -5, "max": 5, "set": {"command": "SET_GAUGE", "field": "value"}},
        "label": {"type": "string", "set": {"command": "SET_GAUGE", "field": "textValue"}},
        "tint": {"type": "colour", "default": "#000", "set": {"command": "SET_STYLE", "key": "tint"}}
      },
      "visibility": {"displayableAfter": ["level", "label"], "hideable": false}
    }]}
    """#)

  @Test func withoutASchemaTheSuiteIsUnchanged() {
    let names = ConformanceSuite.standard.cases.map(\.name)
    #expect(ConformanceSuite.standard.adding(widgets: nil).cases.map(\.name) == names)
    #expect(names.count == 218)
    #expect(ConformanceSuite.standard.cases.allSatisfy { $0.widgets == nil && $0.header.widgets == nil })
    let extended = ConformanceSuite.standard.adding(widgets: all)
    #expect(Array(extended.cases.map(\.name).prefix(names.count)) == names, "the widget cases come after the standard ones")
    #expect(extended.duplicateNames.isEmpty, "\(extended.duplicateNames)")
  }

  @Test func thePieChartsCases() {
    let chart = suite.cases.map(\.name).filter { $0.contains(".PieChart.") }
    #expect(chart == [
      "Required.Widgets.PieChart.Create",
      "Required.Widgets.PieChart.CreateWithAttributes",
      "Required.Widgets.PieChart.Property.piePercentage",
      "Required.Widgets.PieChart.Property.restColor",
      "Required.Widgets.PieChart.Property.sliceColor",
      "Recommended.Widgets.PieChart.InvalidValue.piePercentage",
      "Recommended.Widgets.PieChart.InvalidValue.restColor",
      "Recommended.Widgets.PieChart.InvalidValue.sliceColor",
      "Recommended.Widgets.PieChart.ImmutableAttribute.title.SetStyle",
      "Recommended.Widgets.PieChart.ImmutableAttribute.title.SetTextValue",
      "Required.Widgets.PieChart.Visibility.HideAndShow",
      "Required.Widgets.PieChart.Event.Tap",
      "Required.Widgets.PieChart.Delete",
    ])
  }

  @Test func everyWidgetIsCreatedSetAndDeleted() {
    let names = Set(suite.cases.map(\.name))
    for widget in all.widgets {
      let prefix = "Required.Widgets.\(widget.name)."
      #expect(names.contains(prefix + "Create") && names.contains(prefix + "Delete"), "\(widget.name)")
      for property in widget.properties where !property.isCreationAttribute {
        #expect(names.contains(prefix + "Property.\(property.name)"), "\(widget.name).\(property.name)")
      }
      let visibility = names.filter { $0.contains(".Widgets.\(widget.name).Visibility.") }
      #expect(!visibility.isEmpty, "\(widget.name) has no visibility case")
    }
    // A value of any type but string has an invalid form its field can carry.
    #expect(names.contains("Recommended.Widgets.TripCard.InvalidValue.seats"))
    #expect(!names.contains("Recommended.Widgets.TripCard.InvalidValue.flight"), "a string takes anything")
    #expect(names.contains("Recommended.Widgets.DataTable.InvalidAttribute.style"))
    #expect(names.contains("Recommended.Widgets.DataTable.ImmutableAttribute.columns.SetIntValue"))
  }

  @Test func everyCaseNamesItsSchemaAndPlaysOnTheModelWithIt() throws {
    for testCase in suite.cases + ConformanceSuite.widgetCases(Self.gauge) + ConformanceSuite.widgetCases(Self.toolbar) {
      #expect(testCase.widgets != nil && testCase.header.widgets == testCase.widgets?.reference, "\(testCase.name)")
      #expect(testCase.name.split(separator: ".").count >= 4, "\(testCase.name)")
      let expectation = try CaseExpectation(testCase)
      #expect(expectation.steps.count == testCase.steps.count)
      // The widget exists after its creation (but in the Delete case's last step).
      let last = try #require(expectation.steps.last).state
      let widget = last.elements.sortedIds.compactMap { last[$0]?.widget }.first
      #expect((widget == nil) == testCase.name.hasSuffix(".Delete"), "\(testCase.name)")
    }
  }

  @Test func requiredCasesRaiseNothingAndRecommendedOnesTheirRule() throws {
    let rules: [String: DiagnosticRule] = [
      "InvalidValue": .widgetInvalidValue, "InvalidAttribute": .widgetInvalidValue,
      "ImmutableAttribute": .widgetImmutableAttribute, "NotCreated": .widgetNotCreated,
      "UnknownProperty": .widgetUnknownProperty, "NotHideable": .widgetNotHideable,
      "ShownBeforeDisplayable": .widgetNotDisplayable, "OtherKind": .childOfLeaf,
    ]
    var raised: Set<DiagnosticRule> = []
    for testCase in suite.cases + ConformanceSuite.widgetCases(Self.gauge) + ConformanceSuite.widgetCases(Self.toolbar) {
      let diagnostics = try CaseExpectation(testCase).diagnostics
      if testCase.tier == .required {
        #expect(diagnostics.isEmpty, "\(testCase.name): \(diagnostics.map(\.description))")
        continue
      }
      let parts = testCase.name.split(separator: ".").map(String.init)
      let rule = try #require(rules[parts[3]] ?? rules[parts.count > 4 ? parts[4] : ""], "\(testCase.name)")
      #expect(diagnostics.map(\.rule) == [rule], "\(testCase.name): \(diagnostics.map(\.description))")
      raised.insert(rule)
    }
    #expect(raised == Set(DiagnosticRule.widgetRules + [.childOfLeaf]), "every widget-* rule has a case, and a kind a container does not take")
  }

  @Test func aRefusedValueChangesNothing() throws {
    for testCase in suite.cases where testCase.name.contains(".InvalidValue.") || testCase.name.contains(".ImmutableAttribute.") || testCase.name.contains(".NotCreated.") {
      let steps = try CaseExpectation(testCase).steps
      let before = steps[steps.count - 2].state, after = steps[steps.count - 1].state
      #expect(StateDiff(from: before, to: after).isEmpty, "\(testCase.name): \(StateDiff(from: before, to: after).renderText())")
    }
  }

  @Test func eachPropertyCaseSetsItsProperty() throws {
    for testCase in suite.cases where testCase.name.contains(".Property.") {
      let property = String(try #require(testCase.name.split(separator: ".").last))
      let steps = try CaseExpectation(testCase).steps
      let widget = { (state: UIState) in state[4]?.widget?.properties[property] }
      let set = try #require(widget(steps[steps.count - 1].state), "\(testCase.name)")
      // The valid value tried for a bool is true, which is the table's default for
      // showsSeparators; every other property changes.
      if testCase.name != "Required.Widgets.DataTable.Property.showsSeparators" {
        #expect(widget(steps[steps.count - 2].state) != set, "\(testCase.name) leaves \(property) at \(set)")
      }
    }
  }

  @Test func visibilityFollowsTheSchema() throws {
    let gauge = ConformanceSuite(cases: ConformanceSuite.widgetCases(Self.gauge))
    #expect(gauge.cases.map(\.name).filter { $0.contains(".Visibility.") } == [
      "Recommended.Widgets.Gauge.Visibility.NotHideable",
      "Required.Widgets.Gauge.Visibility.DisplayableAfter",
      "Recommended.Widgets.Gauge.Visibility.ShownBeforeDisplayable",
    ])
    let after = try CaseExpectation(try #require(gauge.cases.first { $0.name.hasSuffix(".DisplayableAfter") })).steps
    // Created, then level, then label: level and label share SET_GAUGE, which sets both (a
    // setter sets every property of its fields), so it is displayable from the first.
    #expect(after.suffix(3).map { $0.state[4]?.widget?.isDisplayable } == [false, true, true])
    let notHideable = try CaseExpectation(try #require(gauge.cases.first { $0.name.hasSuffix(".NotHideable") })).steps
    #expect(notHideable.last?.state[4]?.isVisible == true)
    let hide = try CaseExpectation(try #require(suite.cases.first { $0.name == "Required.Widgets.TripCard.Visibility.HideAndShow" })).steps
    #expect(hide.suffix(2).map { $0.state[4]?.isVisible } == [false, true])
    #expect(hide[hide.count - 3].state[4]?.widget?.isDisplayable == true, "shown once its flight is set")
  }

  @Test func aScenarioWithCustomWidgetsKeepsItsSchema() throws {
    let header = TraceHeader(creator: "test", widgets: all.reference)
    let records = [TraceRecord(time: 0, .batch([
      Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 3, textValue: "Budget"),
      Command(.setIntValue, internalId: 3, value: 40),
    ]))]
    let testCase = try ScenarioCase.make(name: "chart", header: header, records: records, widgets: all)
    #expect(testCase.widgets == all && testCase.header.widgets == all.reference)
    let state = try #require(try CaseExpectation(testCase).steps.last).state
    #expect(state[3]?.widget?.properties["piePercentage"] == "40")
    // A header without a schema keeps none, whatever is given.
    #expect(try ScenarioCase.make(name: "plain", header: TraceHeader(), records: [], widgets: all).widgets == nil)
  }

  /// The seeds' concepts the generated suite exercises (issue #26 §2): a CWIWidget-style slider
  /// whose click carries two typed doubles, App in the Air's TripWidget with `blankHides`, and a
  /// PGAdapter-style container.
  static let seeds: WidgetSchema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "seeds", "widgets": [
      {"name": "RangeSlider", "create": {"command": "CREATE_RANGE_SLIDER", "code": 1100},
       "events": {"rangeChanged": {"class": "TouchEvent", "fields": {
         "x": {"name": "min", "type": "double", "min": 0.25, "max": 1}, "y": {"name": "max", "type": "double", "min": 0, "max": 1}}}}},
      {"name": "Trip", "create": {"command": "CREATE_TRIP", "code": 1101},
       "properties": {"flight": {"type": "string", "set": {"command": "SET_TRIP", "code": 1102, "field": "textValue"}}},
       "visibility": {"displayableAfter": ["flight"], "blankHides": true}},
      {"name": "PGPanel", "create": {"command": "CREATE_PG_PANEL", "code": 1103}, "container": true}]}
    """#)

  @Test func eventsWithPayloadsBlankHidesAndContainersHaveCases() throws {
    let cases = ConformanceSuite.widgetCases(Self.seeds)
    let names = cases.map(\.name)
    for name in ["Required.Widgets.RangeSlider.Event.Tap", "Required.Widgets.Trip.Visibility.BlankHides", "Required.Widgets.PGPanel.Container.Children", "Required.Widgets.PGPanel.Event.Tap"] {
      #expect(names.contains(name), "\(name) in \(names)")
    }
    let tap = try #require(cases.first { $0.name == "Required.Widgets.RangeSlider.Event.Tap" })
    #expect(tap.needsEvents == .user && tap.summary.contains("TouchEvent with min, max"), "\(tap.summary)")
    let tapped = try CaseExpectation(tap)
    let sent = try #require(tapped.steps.last?.traceRecord)
    guard case .event(let target, let event) = sent.body else { Issue.record("a tap sends an event: \(sent)"); return }
    #expect(target == 4 && event.kind == .touch && event.fieldText("x") == "0.25", "the payloads' first valid values")
    let blank = try CaseExpectation(try #require(cases.first { $0.name.hasSuffix(".BlankHides") })).steps
    #expect(blank.suffix(2).map { $0.state[4]?.widget?.isDisplayable } == [true, false])
    let panel = try CaseExpectation(try #require(cases.first { $0.name.hasSuffix(".Container.Children") }))
    #expect(panel.steps.last?.state[4]?.children == [6], "created 5 and 6, 6 moved first, 5 removed")
    #expect(panel.diagnostics.isEmpty, "no child-of-leaf under a container: \(panel.diagnostics)")
  }

  /// PGAdapter's toolbar, whose `addSubview:` takes bar button items (and buttons), laid out side
  /// by side; a sheet that takes only sheets; the item, no container.
  static let toolbar: WidgetSchema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "toolbar", "widgets": [
      {"name": "PGToolbar", "create": {"command": "CREATE_PG_TOOLBAR", "code": 1100}, "container": ["PGBarButtonItem", "button"], "layout": "horizontal"},
      {"name": "PGBarButtonItem", "create": {"command": "CREATE_PG_BAR_BUTTON_ITEM", "code": 1101},
       "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}}},
      {"name": "PGSheet", "create": {"command": "CREATE_PG_SHEET", "code": 1102}, "container": ["PGSheet"]}]}
    """#)

  @Test func aContainerThatListsItsKindsTakesThoseAndAttachesAnotherAnyway() throws {
    let cases = ConformanceSuite.widgetCases(Self.toolbar)
    let names = cases.map(\.name).filter { $0.contains(".Container.") }
    #expect(names == [
      "Required.Widgets.PGToolbar.Container.Children", "Recommended.Widgets.PGToolbar.Container.OtherKind",
      "Required.Widgets.PGSheet.Container.Children", "Recommended.Widgets.PGSheet.Container.OtherKind",
    ])
    // Children of the kinds listed, created, reordered, one removed, no diagnostic.
    let children = try CaseExpectation(try #require(cases.first { $0.name == "Required.Widgets.PGToolbar.Container.Children" }))
    #expect(children.diagnostics.isEmpty, "\(children.diagnostics)")
    let created = children.steps[children.steps.count - 3].state
    #expect(created[4]?.children.compactMap { created[$0]?.kindName } == ["PGBarButtonItem", "button"])
    #expect(children.steps.last?.state[4]?.children == [6])
    let sheets = try CaseExpectation(try #require(cases.first { $0.name == "Required.Widgets.PGSheet.Container.Children" }))
    let nested = sheets.steps[sheets.steps.count - 3].state
    #expect(nested[4]?.children.compactMap { nested[$0]?.kindName } == ["PGSheet", "PGSheet"] && sheets.diagnostics.isEmpty)
    // Another kind is attached anyway (child-of-leaf), and the rest of the batch applies.
    let other = try CaseExpectation(try #require(cases.first { $0.name == "Recommended.Widgets.PGToolbar.Container.OtherKind" }))
    #expect(other.diagnostics.map(\.rule) == [.childOfLeaf], "\(other.diagnostics)")
    #expect(other.diagnostics.first?.message.contains("under PGToolbar 4, which takes PGBarButtonItem, button") == true, "\(other.diagnostics)")
    let attached = try #require(other.steps.last).state
    #expect(attached[4]?.children == [5, 6] && attached[5]?.kindName != "button" && attached[6]?.kindName == "PGBarButtonItem")
    // `"container": true` takes every kind: nothing to attach anyway.
    #expect(!ConformanceSuite.widgetCases(Self.seeds).contains { $0.name.hasSuffix(".Container.OtherKind") })
  }
}
