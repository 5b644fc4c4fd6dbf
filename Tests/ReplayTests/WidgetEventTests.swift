import CommandCodec
@testable import ReplayCore
@testable import ReplayFuzz
@testable import ReplayLive
import Testing

// Events with payloads (docs/WIDGETS.md §2.6, issue #26 §2): typed fields and `match` in the
// schema, recorded events checked against them, and scripts and the monkey choosing which event.

@Suite struct WidgetEventTests {
  /// A CWIWidget-style range slider whose delegate reports two doubles (TouchEvent x and y), and
  /// an IBDesignable-style rounded button told apart from its long press by `value`.
  static let schema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "events", "widgets": [
      {"name": "RangeSlider", "create": {"command": "CREATE_RANGE_SLIDER", "code": 1200},
       "attributes": {"caption": {"type": "string", "field": "textValue", "default": ""}},
       "events": {
         "rangeChanged": {"class": "TouchEvent", "fields": {
           "x": {"name": "min", "type": "double", "min": 0, "max": 1},
           "y": {"name": "max", "type": "double", "min": 0, "max": 1}}},
         "styled": {"class": "ValueEvent", "fields": {
           "text": {"name": "tint", "type": "colour"},
           "value": {"name": "mode", "type": "enum", "values": ["plain", "bold"]}}}}},
      {"name": "RoundedButton", "create": {"command": "CREATE_ROUNDED_BUTTON", "code": 1210},
       "attributes": {"title": {"type": "string", "field": "textValue", "default": ""}},
       "events": {
         "longPress": {"class": "ValueEvent", "match": {"value": 2}},
         "pressed": {"class": "ValueEvent", "match": {"value": 1}}}},
      {"name": "Knob", "create": {"command": "CREATE_KNOB", "code": 1220},
       "events": {"longPress": {"class": "ValueEvent", "match": {"value": 2}}}}
    ]}
    """#)

  static let create = #"{"batch":[{"type":"CREATE_RANGE_SLIDER","internalId":3,"childInternalId":9,"textValue":"Price"},{"type":"CREATE_ROUNDED_BUTTON","internalId":3,"childInternalId":10,"textValue":"OK"},{"type":"CREATE_KNOB","internalId":3,"childInternalId":11}]}"#

  static func model(_ lines: String...) -> ReferenceModel { widgetModel(schema, [create] + lines) }

  // MARK: - The schema

  @Test func typedFieldsAndMatchesAreRead() throws {
    let slider = try #require(Self.schema.widget(named: "RangeSlider"))
    let changed = try #require(slider.events.first { $0.name == "rangeChanged" })
    #expect(changed.payloads.map(\.field) == ["x", "y"])
    #expect(changed.payloads.map(\.payload) == [
      WidgetEventPayload(name: "min", type: .double, minimum: 0, maximum: 1), WidgetEventPayload(name: "max", type: .double, minimum: 0, maximum: 1),
    ])
    let button = try #require(Self.schema.widget(named: "RoundedButton"))
    #expect(button.events.map(\.match) == [[WidgetEvent.Match(field: "value", value: "2")], [WidgetEvent.Match(field: "value", value: "1")]])
  }

  @Test(arguments: [
    // Two ValueEvents that one record could match.
    (#"{"a": {"class": "ValueEvent"}, "b": {"class": "ValueEvent", "match": {"value": 2}}}"#, WidgetSchema.Failure.Code.ambiguousEvent, "widgets[0].events.b"),
    // A colour cannot travel in TouchEvent.x, a double.
    (#"{"a": {"class": "TouchEvent", "fields": {"x": {"type": "colour"}}}}"#, .fieldConflict, "widgets[0].events.a.fields.x.type"),
    (#"{"a": {"class": "ValueEvent", "match": {"value": "one"}}}"#, .wrongKind, "widgets[0].events.a.match.value"),
    (#"{"a": {"class": "ValueEvent", "match": {"valu": 1}}}"#, .unknownEvent, "widgets[0].events.a.match.valu"),
    (#"{"a": {"class": "ValueEvent", "fields": {"value": {"type": "int", "default": 1}}}}"#, .unknownKey, "widgets[0].events.a.fields.value.default"),
    (#"{"a": {"class": "ValueEvent", "fields": {"value": {"type": "int"}}, "match": {"value": 1}}}"#, .fieldConflict, "widgets[0].events.a.match.value"),
  ])
  func aBadEventDeclarationIsRefusedAtItsPlace(events: String, code: WidgetSchema.Failure.Code, path: String) {
    let text = #"{"widgetSchema": 1, "widgets": [{"name": "W", "create": {"command": "CREATE_W"}, "events": "# + events + "}]}"
    do {
      _ = try WidgetSchema(parsing: Array(text.utf8))
      Issue.record("expected \(code)")
    } catch {
      #expect(error.code == code, "\(error)")
      #expect(error.path == path, "\(error)")
    }
  }

  @Test func typesChangeTheFingerprintButProseSchemasKeepTheirs() throws {
    let prose = #"{"widgetSchema": 1, "widgets": [{"name": "W", "create": {"command": "CREATE_W"}, "events": {"a": {"class": "TouchEvent", "fields": {"x": "where"}}}}]}"#
    let typed = prose.replacingOccurrences(of: #""where""#, with: #"{"type": "double"}"#)
    let ranged = prose.replacingOccurrences(of: #""where""#, with: #"{"type": "double", "max": 1}"#)
    let prints = try [prose, typed, ranged].map { try WidgetSchema(parsing: Array($0.utf8)).fingerprint }
    #expect(Set(prints).count == 3)
    #expect(!(try WidgetSchema(parsing: Array(prose.utf8)).canonicalText.contains("match")))
  }

  // MARK: - Checked in traces

  @Test func declaredEventsWithValidPayloadsPass() {
    let m = Self.model(
      #"{"t":1,"event":"TouchEvent","target":9,"x":0.2,"y":0.8}"#, ##"{"t":2,"event":"ValueEvent","target":9,"text":"#ff8800","value":1}"##,
      #"{"t":3,"event":"ValueEvent","target":10,"value":2}"#, #"{"t":4,"event":"ValueEvent","target":10,"value":1}"#)
    #expect(m.diagnostics.isEmpty, "\(m.diagnostics)")
  }

  @Test func anEventNotDeclaredIsReportedAtItsRecord() throws {
    let m = Self.model(#"{"t":1,"event":"ValueEvent","target":10,"value":3}"#, #"{"t":2,"event":"CommandEvent","target":9,"value":1}"#)
    #expect(m.diagnostics.map(\.rule) == [.widgetUnknownEvent, .widgetUnknownEvent])
    #expect(m.diagnostics.map(\.recordIndex) == [3, 4])
    try #require(m.diagnostics.count == 2)
    #expect(m.diagnostics[0].message == "ValueEvent to RoundedButton 10 is no event its schema declares (it declares longPress (ValueEvent value=2), pressed (ValueEvent value=1))")
  }

  @Test func aPayloadOutsideItsTypeOrRangeNamesTheField() throws {
    let m = Self.model(
      #"{"t":1,"event":"TouchEvent","target":9,"x":1.5,"y":0.5}"#, ##"{"t":2,"event":"ValueEvent","target":9,"text":"#ff8800","value":7}"##,
      #"{"t":3,"event":"ValueEvent","target":9,"text":"banana"}"#)
    #expect(m.diagnostics.map(\.rule) == [.widgetInvalidEventValue, .widgetInvalidEventValue, .widgetInvalidEventValue])
    #expect(m.diagnostics.map(\.recordIndex) == [3, 4, 5])
    try #require(m.diagnostics.count == 3)
    #expect(m.diagnostics[0].message == "rangeChanged to RangeSlider 9: min (x): 1.5 is above the maximum 1")
    #expect(m.diagnostics[1].message == "styled to RangeSlider 9: mode (value): 7 is not an index of 2 values (0 to 1)")
    #expect(m.diagnostics[2].message.hasPrefix("styled to RangeSlider 9: tint (text): "))
  }

  @Test func aHostileStringPayloadIsReportedEscapedAndCut() throws {
    let huge = String(repeating: "\\u0007#zz", count: 20_000)
    let m = Self.model(#"{"t":1,"event":"ValueEvent","target":9,"text":""# + huge + #""}"#)
    let diagnostic = try #require(m.diagnostics.first)
    #expect(diagnostic.rule == .widgetInvalidEventValue)
    #expect(diagnostic.message.count < 300, "\(diagnostic.message.prefix(300))")
    #expect(!diagnostic.message.unicodeScalars.contains { $0.value < 0x20 })
    #expect(diagnostic.message.contains(#"\u0007#zz"#) && diagnostic.message.contains("(80000 bytes) is not a valid colour"))
  }

  @Test func aWidgetWithoutDeclaredEventsIsNotChecked() {
    let m = widgetModel(WidgetScriptTests.gauge, [#"{"type":"CREATE_GAUGE","internalId":3,"childInternalId":4}"#, #"{"t":1,"event":"CommandEvent","target":4,"value":1}"#])
    #expect(m.diagnostics.isEmpty)
  }

  // MARK: - Scripts

  func records(_ line: String) throws -> [TraceRecord] {
    try EventScript(parsing: line).steps[0].records(at: 10, in: Self.model().state, secret: { _ in nil })
  }

  @Test func aPlainTapSendsTheClickNotTheLongPress() throws {
    #expect(try records(#"{"tap":"RoundedButton \"OK\""}"#) == [TraceRecord(time: 10, .event(target: 10, .value(ValueEvent(value: 1))))])
    #expect(try records(#"{"tap":"RoundedButton","event":"longPress"}"#) == [TraceRecord(time: 10, .event(target: 10, .value(ValueEvent(value: 2))))])
    // No click declared: the script must name the event.
    #expect(throws: EventScript.Step.Failure.self) { try records(#"{"tap":"Knob"}"#) }
    // The first ValueEvent without a match (what a tap on a built-in element sends), with the
    // first valid payloads: `styled`, though `rangeChanged` sorts first.
    let tapped = try records(#"{"tap":"RangeSlider"}"#)
    guard case .event(9, .value(let value))? = tapped.first?.body else { Issue.record("\(tapped)"); return }
    #expect(value.value == 0 && tapped.count == 1, "\(tapped)")
  }

  @Test func aScriptSendsPayloadsByName() throws {
    #expect(try records(#"{"tap":"RangeSlider \"Price\"","event":"rangeChanged","min":0.2,"max":0.8}"#) == [TraceRecord(time: 10, .event(target: 9, .touch(TouchEvent(x: 0.2, y: 0.8))))])
    // An enum travels as its index; a colour in its canonical text.
    #expect(try records(##"{"tap":"RangeSlider","event":"styled","tint":"#F80","mode":"bold"}"##) == [TraceRecord(time: 10, .event(target: 9, .value(ValueEvent(text: "#ff8800", value: 1))))])
  }

  @Test(arguments: [
    (#"{"tap":"RangeSlider","event":"rangeChanged","min":"low"}"#, #"RangeSlider's rangeChanged: min: "low" is not a double"#),
    (#"{"tap":"RangeSlider","event":"rangeChanged","min":1.5}"#, "min: 1.5 is above the maximum 1"),
    (#"{"tap":"RangeSlider","event":"rangeChanged","x":0.5}"#, #"declares max, min, not "x""#),
    (#"{"tap":"RangeSlider","event":"styled","mode":"italic"}"#, "mode: "),
    (#"{"tap":"RangeSlider","event":"styled","tint":"\u0001\u0002"}"#, #"tint: "\u0001\u0002" is not a valid colour"#),
    (#"{"tap":"RoundedButton","event":"longPress","value":1}"#, "(value is fixed by its match)"),
    (#"{"tap":"RoundedButton","event":"swipe"}"#, #"RoundedButton declares no event "swipe"; it declares longPress, pressed"#),
  ])
  func aPayloadThatDoesNotFitIsTheScriptsFault(line: String, message: String) throws {
    do {
      _ = try records(line)
      Issue.record("expected a failure")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  // MARK: - The monkey

  @Test func theMonkeyPlaysEveryDeclaredEventWithValidPayloads() throws {
    let state = Self.model().state
    var random = SplitMix64(seed: 7)
    var names: Set<String> = []
    for _ in 0..<50 {
      for (definition, selector) in [("RangeSlider", "RangeSlider"), ("RoundedButton", "RoundedButton")] {
        for members in MonkeySteps.widgetEventSteps(Self.schema.widget(named: definition)!, selector: selector, random: &random) {
          let line = JSONValue.object(members).canonicalText
          let sent = try EventScript(parsing: line).steps[0].records(at: 10, in: state, secret: { _ in nil })
          var model = Self.model()
          model.apply(sent[0], index: 99)
          #expect(model.diagnostics.isEmpty, "\(line): \(model.diagnostics)")
          if case .string(let name)? = members["event"] { names.insert(name) }
        }
      }
    }
    #expect(names == ["rangeChanged", "styled", "longPress", "pressed"])
  }
}
