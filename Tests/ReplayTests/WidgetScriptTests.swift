import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

// Script steps on custom widgets (docs/SCRIPT_FORMAT.md, docs/WIDGETS.md §6.5): a selector names
// one by its schema kind and its label (its first string attribute), and a tap sends the event
// its schema declares first, or a CommandEvent.

@Suite struct WidgetScriptTests {
  /// traces/widgets/chart.widgets.json: PieChart, created by CREATE_PIE_CHART with a title, whose
  /// first (and only) event is `tapped`, a ValueEvent.
  static let chart: WidgetSchema = {
    let path = Repository.traces.appendingPathComponent("widgets/chart.widgets.json").path
    return try! WidgetSchema(parsing: Array(FileManager.default.contents(atPath: path)!))
  }()

  /// A schema whose widget declares no event, and whose only string attribute is not the first.
  static let gauge = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "gauge", "widgets": [{
      "name": "Gauge", "create": {"command": "CREATE_GAUGE", "code": 1100},
      "attributes": {
        "caption": {"type": "string", "field": "textValue"},
        "buckets": {"type": "int", "field": "value", "default": 3}
      }
    }]}
    """#)

  /// The prelude's layout 3 holding two pie charts, "Spent" (5) and "Saved" (6), and a button
  /// "Spent" (7); a second frame view 8, not shown, with a third chart "Spent" (9).
  private func charts() -> ReferenceModel {
    var model = ReferenceModel(header: TraceHeader(), widgets: Self.chart)
    let records = decode(Prelude.both).records + [
      TraceRecord(time: 0, .batch([
        Command(custom: "CREATE_PIE_CHART", internalId: 3, childInternalId: 5, textValue: "Spent"),
        Command(custom: "CREATE_PIE_CHART", internalId: 3, childInternalId: 6, textValue: "Saved"),
        Command(.createButton, internalId: 3, childInternalId: 7, textValue: "Spent"),
        Command(.createFrameView, internalId: 1, childInternalId: 8),
        Command(custom: "CREATE_PIE_CHART", internalId: 8, childInternalId: 9, textValue: "Spent"),
      ]))
    ]
    for (index, record) in records.enumerated() { model.apply(record, index: index) }
    return model
  }

  // MARK: - Selectors

  @Test func aWidgetKindParsesLikeABuiltInKind() {
    #expect(ElementSelector(parsing: #"PieChart "Spent""#) == .widget(kind: "PieChart", text: "Spent", position: nil))
    #expect(ElementSelector(parsing: "PieChart") == .widget(kind: "PieChart", text: nil, position: nil))
    #expect(ElementSelector(parsing: #"PieChart "Spent"[2]"#) == .widget(kind: "PieChart", text: "Spent", position: 2))
    #expect(ElementSelector(parsing: "Trip_Card2[1]") == .widget(kind: "Trip_Card2", text: nil, position: 1))
    // A built-in kind in other case is a typo, not a widget; so are non-identifiers.
    for text in ["Button", "TextField", #"Pie-Chart "x""#, "Pie Chart"] { #expect(ElementSelector(parsing: text) == nil, "\(text)") }
  }

  @Test func widgetSelectorsReadBack() {
    let selectors: [ElementSelector] = [.widget(kind: "PieChart", text: "Spent", position: nil), .widget(kind: "PieChart", text: nil, position: 3), .widget(kind: "PieChart", text: #"a "b""#, position: 2)]
    #expect(selectors.map(\.description) == [#"PieChart "Spent""#, "PieChart[3]", #"PieChart "a \"b\""[2]"#])
    for selector in selectors { #expect(ElementSelector(parsing: selector.description) == selector) }
  }

  @Test func aWidgetIsNamedByKindAndLabel() {
    let state = charts().state
    #expect(state.widgetLabel(of: state.elements[5]!) == "Spent")
    #expect(state.widgetLabel(of: state.elements[7]!) == nil)
    #expect(ElementSelector(parsing: #"PieChart "Spent""#)?.resolve(in: state) == 5)
    #expect(ElementSelector(parsing: #"PieChart "Saved""#)?.resolve(in: state) == 6)
    // The label alone matches the button too; `custom` is every custom widget.
    #expect(ElementSelector(parsing: #""Spent""#)?.resolution(in: state) == .ambiguous([5, 7]))
    #expect(ElementSelector(parsing: #"custom "Spent""#)?.resolve(in: state) == 5)
    #expect(ElementSelector(parsing: "PieChart")?.resolution(in: state) == .ambiguous([5, 6]))
    #expect(ElementSelector(parsing: "PieChart[2]")?.resolve(in: state) == 6)
    // The chart in the view not shown cannot be reached; another kind matches nothing.
    #expect(ElementSelector(parsing: #"PieChart "Spent"[2]"#)?.resolve(in: state) == nil)
    #expect(ElementSelector.matches(widget: "PieChart", text: "Spent", in: state) == [5, 9])
    #expect(ElementSelector(parsing: "TripCard")?.resolution(in: state) == ElementSelector.Resolution.none)
    #expect(ElementSelector(parsing: "PieChart")?.failure(in: state) == #"PieChart is ambiguous: 2 elements on screen match: frameView 2 › linearLayout 3 › custom 5 (PieChart "Spent"); frameView 2 › linearLayout 3 › custom 6 (PieChart "Saved"); name one by its text or hint, by position (PieChart[2]) or by id (#6)"#)
  }

  @Test func theLabelIsTheFirstStringAttribute() {
    var model = ReferenceModel(header: TraceHeader(), widgets: Self.gauge)
    let records = decode(Prelude.both).records + [TraceRecord(time: 0, .batch([Command(custom: "CREATE_GAUGE", internalId: 3, childInternalId: 4, value: 5, textValue: "Speed")]))]
    for (index, record) in records.enumerated() { model.apply(record, index: index) }
    #expect(model.state.widgetLabel(of: model.state.elements[4]!) == "Speed")
    #expect(ElementSelector(parsing: #"Gauge "Speed""#)?.resolve(in: model.state) == 4)
  }

  // MARK: - Taps

  @Test func tappingAWidgetSendsTheEventItsSchemaDeclaresFirst() throws {
    let state = charts().state
    // PieChart's `tapped` is a ValueEvent: value 1, the slice.
    let record = try UserAction.tap(5).record(at: 1500, in: state)
    #expect(record == TraceRecord(time: 1500, .event(target: 5, .value(ValueEvent(value: 1)))))
  }

  @Test func aWidgetWithoutEventsIsTappedWithACommandEvent() throws {
    var model = ReferenceModel(header: TraceHeader(), widgets: Self.gauge)
    let records = decode(Prelude.both).records + [TraceRecord(time: 0, .batch([Command(custom: "CREATE_GAUGE", internalId: 3, childInternalId: 4, textValue: "Speed")]))]
    for (index, record) in records.enumerated() { model.apply(record, index: index) }
    let record = try UserAction.tap(4).record(at: 10, in: model.state)
    #expect(record == TraceRecord(time: 10, .event(target: 4, .command(CommandEvent(value: 1)))))
  }

  @Test func aScriptTapsAWidgetByKindAndLabel() throws {
    let script = try EventScript(parsing: #"{"t":2000,"tap":"PieChart \"Saved\""}"#)
    #expect(script.steps.map(\.action) == [.tap(.widget(kind: "PieChart", text: "Saved", position: nil))])
    let records = try script.steps[0].records(at: 2000, in: charts().state, secret: { _ in nil })
    #expect(records == [TraceRecord(time: 2000, .event(target: 6, .value(ValueEvent(value: 1))))])
  }

  // MARK: - Declared events by name

  @Test func aScriptPlaysADeclaredEventByNameWithItsFields() throws {
    let script = try EventScript(parsing: #"{"t":2000,"tap":"PieChart \"Saved\"","event":"tapped","value":0}"# + "\n" + #"{"t":2100,"tap":"PieChart \"Spent\"","event":"tapped","value":1}"#)
    #expect(script.steps[0].action == .widgetEvent(.widget(kind: "PieChart", text: "Saved", position: nil), name: "tapped", fields: #"{"value":0}"#))
    let state = charts().state
    #expect(try script.steps[0].records(at: 2000, in: state, secret: { _ in nil }) == [TraceRecord(time: 2000, .event(target: 6, .value(ValueEvent(value: 0))))])
    #expect(try script.steps[1].records(at: 2100, in: state, secret: { _ in nil }) == [TraceRecord(time: 2100, .event(target: 5, .value(ValueEvent(value: 1))))])
  }

  @Test(arguments: [
    (#"{"tap":"PieChart \"Spent\"","event":"pressed"}"#, #"PieChart declares no event "pressed"; it declares tapped"#),
    (#"{"tap":"PieChart \"Spent\"","event":"taped"}"#, #"declares no event "taped" (did you mean "tapped"?)"#),
    (#"{"tap":"PieChart \"Spent\"","event":"tapped","text":"x"}"#, #"PieChart's tapped (a ValueEvent) declares value, not "text""#),
    (#"{"tap":"PieChart \"Spent\"","event":"tapped","value":"one"}"#, "ValueEvent.value must be an integer"),
    (#"{"tap":"button \"Spent\"","event":"tapped"}"#, #"is a button, not a custom widget: send its events with "send""#),
  ])
  func aDeclaredEventThatCannotBeSentIsTheScriptsFault(line: String, message: String) throws {
    let script = try EventScript(parsing: line)
    do {
      _ = try script.steps[0].records(at: 10, in: charts().state, secret: { _ in nil })
      Issue.record("expected a failure")
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
      #expect(error.message.hasPrefix("script line 1: "))
    }
  }

  // MARK: - Issue #26 trial

  /// The chart given a CWIWidget delegate event with two doubles: `rangeChanged` sorts before
  /// `tapped`, but is a TouchEvent: a plain tap still sends the chart's click, a ValueEvent.
  static let chartWithRange = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "cwichart", "widgets": [{
      "name": "PieChart", "create": {"command": "CREATE_PIE_CHART", "code": 1000},
      "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}},
      "events": {
        "tapped": {"class": "ValueEvent", "fields": {"value": "1 for the slice, 0 for the rest"}},
        "rangeChanged": {"class": "TouchEvent", "fields": {
          "x": {"name": "min", "type": "double", "min": 0, "max": 1}, "y": {"name": "max", "type": "double", "min": 0, "max": 1}}}
      }
    }]}
    """#)

  @Test func aPlainTapPrefersAValueEvent() throws {
    var model = ReferenceModel(header: TraceHeader(), widgets: Self.chartWithRange)
    let records = decode(Prelude.both).records + [TraceRecord(time: 0, .batch([Command(custom: "CREATE_PIE_CHART", internalId: 3, childInternalId: 5, textValue: "Spent")]))]
    for (index, record) in records.enumerated() { model.apply(record, index: index) }
    #expect(model.state.widgets?.widget(named: "PieChart")?.events.map(\.name) == ["rangeChanged", "tapped"])
    let record = try UserAction.tap(5).record(at: 10, in: model.state)
    #expect(record == TraceRecord(time: 10, .event(target: 5, .value(ValueEvent(value: 1)))))
  }

  @Test func theUniqueSelectorOfAWidgetIsItsKindAndLabel() {
    let state = charts().state
    // Chart 9, also "Spent", is in a view not shown: the label alone tells 5 apart.
    #expect(ElementSelector.unique(for: 5, in: state).description == #"PieChart "Spent""#)
    #expect(ElementSelector.unique(for: 6, in: state).description == #"PieChart "Saved""#)
    #expect(ElementSelector.unique(for: 7, in: state).description == #"button "Spent""#)
    // Two reachable charts with one label: by position among them.
    var model = charts()
    model.apply(TraceRecord(time: 0, .batch([Command(custom: "CREATE_PIE_CHART", internalId: 3, childInternalId: 10, textValue: "Saved")])), index: 99)
    #expect(ElementSelector.unique(for: 10, in: model.state).description == #"PieChart "Saved"[2]"#)
    #expect(ElementSelector.unique(for: 10, in: model.state).resolve(in: model.state) == 10)
  }

  @Test func aStepFromAFileNamesTheFileAndLine() throws {
    let script = try EventScript(parsing: "# a comment\n" + #"{"t":10,"tap":"PieChart \"Lost\""}"#, file: "/somewhere/budget.script.jsonl")
    #expect(script.steps[0].place == "budget.script.jsonl: line 2")
    do {
      _ = try script.steps[0].records(at: 10, in: charts().state, secret: { _ in nil })
      Issue.record("expected a failure")
    } catch {
      #expect(error.message.hasPrefix(#"budget.script.jsonl: line 2: PieChart "Lost" matches no element"#), "\(error.message)")
    }
  }

  @Test func eventFieldsMustBeScalars() {
    #expect(throws: EventScript.Failure.self) { try EventScript(parsing: #"{"tap":"PieChart","event":"tapped","value":[1]}"#) }
    #expect(throws: EventScript.Failure.self) { try EventScript(parsing: #"{"tap":"PieChart","event":7}"#) }
  }
}
