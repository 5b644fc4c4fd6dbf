import CommandCodec
@testable import ReplayCore
import Testing

// `blankHides` (docs/WIDGETS.md §2.8, issue #26 §2): a TripWidget-style card whose flight is
// blanked becomes not displayable again, instead of staying displayable and empty.

@Suite struct WidgetVisibilityTests {
  static func schema(blankHides: Bool) -> WidgetSchema {
    try! WidgetSchema(parsing: Array(#"""
      {"widgetSchema": 1, "name": "trips", "widgets": [
        {"name": "TripCard", "create": {"command": "CREATE_TRIP_CARD", "code": 1010},
         "properties": {
           "flight": {"type": "string", "set": {"command": "SET_TRIP", "code": 1011, "field": "textValue"}},
           "seats": {"type": "int", "default": 1, "set": {"command": "SET_TRIP", "code": 1011, "field": "value"}}},
         "visibility": {"displayableAfter": ["flight"], "blankHides": \#(blankHides)}},
        {"name": "Meter", "create": {"command": "CREATE_METER", "code": 1020},
         "properties": {"level": {"type": "int", "default": 0, "set": {"command": "SET_INT_VALUE", "field": "value"}}},
         "visibility": {"displayableAfter": ["level"], "blankHides": \#(blankHides)}}
      ]}
      """#.utf8))
  }

  static let card = #"{"type":"CREATE_TRIP_CARD","internalId":3,"childInternalId":9}"#
  static let flight = #"{"type":"SET_TRIP","internalId":9,"textValue":"LH 454","value":2}"#
  static let blank = #"{"type":"SET_TRIP","internalId":9,"value":2}"#

  @Test func aBlankedFlightHidesTheCardAgain() {
    let m = widgetModel(Self.schema(blankHides: true), [Self.card, Self.flight, Self.blank])
    #expect(m.diagnostics.isEmpty)
    #expect(m.state.elements[9]?.widget?.isDisplayable == false)
    #expect(WidgetModelTests.hooks(m).suffix(4) == ["9 property flight unset → LH 454", "9 displayable", #"9 property flight LH 454 → """#, "9 not displayable"])
    // Set again, it shows again.
    let again = widgetModel(Self.schema(blankHides: true), [Self.card, Self.flight, Self.blank, Self.flight])
    #expect(again.state.elements[9]?.widget?.isDisplayable == true)
    #expect(WidgetModelTests.hooks(again).last == "9 displayable")
  }

  @Test func withoutBlankHidesTheCardStaysDisplayable() {
    let m = widgetModel(Self.schema(blankHides: false), [Self.card, Self.flight, Self.blank])
    #expect(m.state.elements[9]?.widget?.isDisplayable == true)
    #expect(!WidgetModelTests.hooks(m).contains("9 not displayable"))
  }

  @Test func aPropertyBackAtItsDefaultCountsAsBlank() {
    let meter = #"{"type":"CREATE_METER","internalId":3,"childInternalId":9}"#
    let m = widgetModel(Self.schema(blankHides: true), [meter])
    #expect(m.state.elements[9]?.widget?.isDisplayable == false)
    let set = widgetModel(Self.schema(blankHides: true), [meter, #"{"type":"SET_INT_VALUE","internalId":9,"value":3}"#])
    #expect(set.state.elements[9]?.widget?.isDisplayable == true)
    let back = widgetModel(Self.schema(blankHides: true), [meter, #"{"type":"SET_INT_VALUE","internalId":9,"value":3}"#, #"{"type":"SET_INT_VALUE","internalId":9}"#])
    #expect(back.state.elements[9]?.widget?.isDisplayable == false)
    #expect(WidgetModelTests.hooks(back).last == "9 not displayable")
  }

  @Test func showingABlankedCardIsNoted() {
    let m = widgetModel(Self.schema(blankHides: true), [Self.card, Self.flight, Self.blank, #"{"type":"SET_VISIBILITY","internalId":9,"value":1}"#])
    #expect(m.diagnostics.map(\.rule) == [.widgetNotDisplayable])
    #expect(m.diagnostics.first?.message.contains("before flight is set") == true)
  }

  @Test func blankHidesIsInTheFingerprintOnlyWhenUsed() {
    #expect(Self.schema(blankHides: true).fingerprint != Self.schema(blankHides: false).fingerprint)
    #expect(!Self.schema(blankHides: false).canonicalText.contains("blankHides"))
  }
}
