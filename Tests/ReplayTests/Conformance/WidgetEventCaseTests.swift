import CommandCodec
import Foundation
import Replay
import Testing

/// The `Required.Widgets.<W>.Event.<name>` cases (docs/CONFORMANCE.md §1.3 `event`, §2): each
/// declared event asked for by name with chosen payloads, the model sending exactly that event;
/// the request's refusals; typed payloads compared by type.
@Suite("Conformance suite: custom widgets' named events")
struct WidgetEventCaseTests {
  /// `traces/widgets/events.widgets.json`: the seeds' events, one widget per kind of payload.
  static let events: WidgetSchema = {
    let path = Repository.traces.appendingPathComponent("widgets/events.widgets.json").path
    return try! WidgetSchema(parsing: Array(FileManager.default.contents(atPath: path)!))
  }()

  /// The event the last step of `name`'s case sends, as the model computes it.
  func sent(_ name: String) throws -> Event {
    let testCase = try #require(ConformanceSuite.widgetCases(Self.events).first { $0.name == name }, "no case \(name)")
    let record = try #require(try CaseExpectation(testCase).steps.last).traceRecord
    guard case .event(4, let event) = record.body else { throw CaseFailure(message: "\(name) sends no event to 4: \(record)") }
    return event
  }

  struct CaseFailure: Error { var message: String }

  @Test func everyEventButThePlainTapsHasACase() {
    let names = ConformanceSuite.widgetCases(Self.events).map(\.name).filter { $0.contains(".Event.") }
    #expect(names == [
      "Required.Widgets.RangeSlider.Event.Tap", "Required.Widgets.RangeSlider.Event.rangeChanged",
      // RoundedButton's tap is its plain tap, with nothing to choose: Event.Tap is that case.
      "Required.Widgets.RoundedButton.Event.Tap", "Required.Widgets.RoundedButton.Event.longPress",
      "Required.Widgets.TripWidget.Event.Tap", "Required.Widgets.TripWidget.Event.opened", "Required.Widgets.TripWidget.Event.reload",
      "Required.Widgets.Swatch.Event.Tap", "Required.Widgets.Swatch.Event.picked",
    ])
    // all.widgets.json: only TripCard's reload is not its widget's plain tap.
    let all = ConformanceSuite.widgetCases(WidgetModelTests.all).map(\.name).filter { $0.contains(".Event.") && !$0.hasSuffix(".Tap") }
    #expect(all == ["Required.Widgets.TripCard.Event.reload"])
    for testCase in ConformanceSuite.widgetCases(Self.events) where testCase.name.contains(".Event.") {
      #expect(testCase.tier == .required && testCase.needsEvents == .user && testCase.about == .tree, "\(testCase.name)")
    }
  }

  @Test func eachCaseSendsTheNamedEventWithItsChosenPayloads() throws {
    let slider = try sent("Required.Widgets.RangeSlider.Event.rangeChanged")
    #expect(slider.kind == .touch && slider.fieldText("x") == "0.2" && slider.fieldText("y") == "0.8" && slider.fieldText("flush") == "true", "\(slider)")
    #expect(try sent("Required.Widgets.RoundedButton.Event.longPress") == .value(ValueEvent(value: 2)))
    #expect(try sent("Required.Widgets.TripWidget.Event.opened") == .value(ValueEvent(text: "Gate 12 \"B\" ✓")))
    #expect(try sent("Required.Widgets.TripWidget.Event.reload") == .command(CommandEvent(value: 1)))
    // The colour as text, the enum by its index, the int.
    #expect(try sent("Required.Widgets.Swatch.Event.picked") == .value(ValueEvent(text: "#1d4fb8", value: 1, value2: 3)))
    // None of them is what the plain tap sends: a platform that taps instead fails each.
    for name in ["RangeSlider", "TripWidget", "Swatch"] {
      #expect(try sent("Required.Widgets.\(name).Event.Tap") != (try sent("Required.Widgets.\(name).Event.\(["RangeSlider": "rangeChanged", "TripWidget": "opened", "Swatch": "picked"][name]!)")), "\(name)")
    }
    #expect(try sent("Required.Widgets.RoundedButton.Event.Tap") != (try sent("Required.Widgets.RoundedButton.Event.longPress")))
  }

  /// The request names the case's words: what a failure report shows.
  @Test func theRequestAndItsDescription() throws {
    let testCase = try #require(ConformanceSuite.widgetCases(Self.events).first { $0.name == "Required.Widgets.TripWidget.Event.opened" })
    let step = try #require(try CaseExpectation(testCase).steps.last)
    #expect(step.requests == [TraceRecord(time: 100, .marker(label: "event", detail: #"4 opened {"flight":"Gate 12 \"B\" ✓"}"#))])
    #expect(step.description == #"opened on 4 (TripWidget) with flight "Gate 12 \"B\" ✓""#)
  }

  /// What a request may not ask: the model refuses it (so the suite never sends it), and a
  /// testee answers it `error` (docs/CONFORMANCE.md §1.3).
  @Test(arguments: [
    ("nope", ["min": "0.2", "max": "0.8", "final": "true"], "RangeSlider declares no event \"nope\"; it declares rangeChanged"),
    ("rangeChanged", ["min": "0.2", "max": "0.8"], "RangeSlider's rangeChanged needs its payload final"),
    ("rangeChanged", ["min": "0.2", "max": "0.8", "final": "true", "speed": "1"], "RangeSlider's rangeChanged has no payload \"speed\" (it has final, min, max)"),
    ("rangeChanged", ["min": "1.5", "max": "0.8", "final": "true"], "RangeSlider's rangeChanged: min: 1.5 is above the maximum 1"),
    ("rangeChanged", ["min": "0.2", "max": "0.8", "final": "maybe"], "RangeSlider's rangeChanged: final:"),
  ])
  func refusedRequests(name: String, payloads: [String: String], message: String) throws {
    var model = ReferenceModel(widgets: Self.events)
    model.applyBatch([
      Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(custom: "CREATE_RANGE_SLIDER", internalId: 2, childInternalId: 4), Command(.createButton, internalId: 2, childInternalId: 5),
    ], at: 0, index: 0)
    #expect(throws: UserAction.Refusal.self) { try UserAction.widgetEvent(4, name: name, payloads: payloads).record(at: 0, in: model.state) }
    do {
      _ = try UserAction.widgetEvent(4, name: name, payloads: payloads).record(at: 0, in: model.state)
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
    // A built-in element and a missing one have no named events.
    #expect(throws: UserAction.Refusal.self) { try UserAction.widgetEvent(5, name: "rangeChanged", payloads: [:]).record(at: 0, in: model.state) }
    #expect(throws: UserAction.Refusal.self) { try UserAction.widgetEvent(9, name: "rangeChanged", payloads: [:]).record(at: 0, in: model.state) }
  }

  /// A recorded named event is a scenario's `event` request again, a recorded click its tap: each
  /// event case, saved as a trace (what `fuzz platform` saves) and read back, asks the same.
  @Test func aRecordedNamedEventIsAScenariosEventRequest() throws {
    for testCase in ConformanceSuite.widgetCases(Self.events) where testCase.name.contains(".Event.") {
      let records = try CaseExpectation(testCase).traceRecords
      let scenario = try ScenarioCase.make(name: "saved", header: testCase.header, records: records, widgets: Self.events)
      guard case .act(let original)? = testCase.steps.last?.action, case .act(let read)? = scenario.steps.last?.action else {
        Issue.record("\(testCase.name): no action read back: \(scenario.steps.map(\.action))")
        continue
      }
      #expect(read == original, "\(testCase.name)")
    }
  }

  /// Typed payloads compare by type: a colour spelt in capitals is the model's colour; another
  /// colour, or a string payload spelt otherwise, is not.
  @Test func typedPayloadsCompareByType() throws {
    var model = ReferenceModel(widgets: Self.events)
    model.applyBatch([
      Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(custom: "CREATE_SWATCH", internalId: 2, childInternalId: 4), Command(custom: "CREATE_TRIP_WIDGET", internalId: 2, childInternalId: 5),
    ], at: 0, index: 0)
    let state = model.state
    func record(_ target: Int32, _ event: ValueEvent) -> TraceRecord { TraceRecord(time: 1, .event(target: target, .value(event))) }
    let expected = state.typedForComparison(record(4, ValueEvent(text: "#1d4fb8", value: 1, value2: 3)))
    #expect(state.typedForComparison(record(4, ValueEvent(text: "#1D4FB8", value: 1, value2: 3))) == expected)
    #expect(state.typedForComparison(record(4, ValueEvent(text: "#1D4FB9", value: 1, value2: 3))) != expected)
    #expect(state.typedForComparison(record(5, ValueEvent(text: "ab"))) != state.typedForComparison(record(5, ValueEvent(text: "AB"))))
    // A built-in element's event is left as it is.
    #expect(state.typedForComparison(record(2, ValueEvent(text: "#1D4FB8"))) == record(2, ValueEvent(text: "#1D4FB8")))
  }
}
