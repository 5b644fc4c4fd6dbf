import Testing

@testable import CommandCodec

@Suite("WidgetProperty.validate: type, range, enum, colour, URL and size syntax")
struct WidgetPropertyValueTests {
  private func property(_ type: WidgetPropertyType, min: Double? = nil, max: Double? = nil) -> WidgetProperty {
    WidgetProperty(name: "p", type: type, minimum: min, maximum: max, wire: .style(key: "p"))
  }

  @Test("Valid values pass", arguments: [
    (WidgetPropertyType.int, "40"), (.int, "-3"), (.int, "0"), (.double, "0.5"), (.double, "-1e3"), (.double, "12"),
    (.bool, "true"), (.bool, "0"), (.string, ""), (.string, "anything at all"), (.colour, "#fff"), (.colour, "#1D4FB8"),
    (.colour, "#801d4fb8"), (.enumeration(["plain", "grouped"]), "grouped"), (.url, "https://example.com/a.png"),
    (.url, "mailto:a@b.c"), (.size, "320x200"), (.size, "0x0"),
  ])
  func valid(type: WidgetPropertyType, value: String) {
    #expect(property(type).validate(value) == nil)
  }

  @Test("Invalid values name their problem", arguments: [
    (WidgetPropertyType.int, "4.5", WidgetProperty.Problem.Code.wrongType), (.int, "+4", .wrongType), (.int, " 4", .wrongType),
    (.int, "99999999999999999999", .outOfRange), (.double, "1e400", .outOfRange), (.double, "-1e400", .outOfRange), (.double, "nan", .wrongType), (.double, "01", .wrongType), (.double, "1.", .wrongType),
    (.bool, "yes", .wrongType), (.colour, "banana", .notAColour), (.colour, "#ff00", .notAColour), (.colour, "#ggg", .notAColour),
    (.enumeration(["plain", "grouped"]), "Plain", .notInEnum), (.url, "example.com", .notAURL), (.url, "https://a b", .notAURL),
    (.url, "1http://a", .notAURL), (.size, "320", .notASize), (.size, "-1x2", .notASize), (.size, "320X200", .notASize),
  ])
  func invalid(type: WidgetPropertyType, value: String, code: WidgetProperty.Problem.Code) {
    #expect(property(type).validate(value)?.code == code)
  }

  @Test("Ranges bound ints and doubles, both ends included")
  func ranges() {
    let percentage = property(.int, min: 0, max: 100)
    #expect(percentage.validate("0") == nil && percentage.validate("100") == nil)
    #expect(percentage.validate("140") == WidgetProperty.Problem(.outOfRange, "140 is above the maximum 100"))
    #expect(percentage.validate("-1") == WidgetProperty.Problem(.outOfRange, "-1 is below the minimum 0"))
    let height = property(.double, min: 20.5)
    #expect(height.validate("20.4")?.code == .outOfRange && height.validate("20.5") == nil)
  }

  @Test("An enum problem suggests the value meant")
  func enumSuggestion() {
    let style = property(.enumeration(["plain", "grouped"]))
    #expect(style.validate("grupped")?.message == #""grupped" is not one of "plain", "grouped" (did you mean "grouped"?)"#)
  }

  @Test("The bundled chart's properties check values as the model will")
  func bundledChart() throws {
    let chart = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("chart.widgets.json")).widgets[0]
    #expect(chart.property(named: "piePercentage")?.validate("140")?.code == .outOfRange)
    #expect(chart.property(named: "sliceColor")?.validate("banana")?.code == .notAColour)
    #expect(chart.property(named: "piePercentage")?.validate("65") == nil)
  }

  @Test("A number too large for its type is out of range, not of the wrong type")
  func overflow() {
    #expect(property(.double).validate("1e400")?.message == "1e400 is out of range: too large for a double (above 1.8e308)")
    #expect(property(.double).validate("-1e400")?.message == "-1e400 is out of range: too small for a double (below -1.8e308)")
    #expect(property(.int).validate("99999999999999999999")?.message == "99999999999999999999 is out of range: an int is a 64-bit integer")
    #expect(property(.double).validate("1e40x")?.code == .wrongType)
  }

  @Test("Each value has one canonical text", arguments: [
    (WidgetPropertyType.int, "007", "7"), (.int, "-0", "0"), (.double, "22.0", "22"), (.double, "1e3", "1000"),
    (.double, "-0.0", "0"), (.double, "0.5", "0.5"), (.bool, "1", "true"), (.bool, "false", "false"), (.bool, "0", "false"),
    (.colour, "#80FF0000", "#80ff0000"), (.colour, "#FC0", "#ffcc00"), (.colour, "#ffffcc00", "#ffcc00"),
    (.size, "0320x044", "320x44"), (.string, " A ", " A "), (.enumeration(["Plain"]), "Plain", "Plain"),
  ])
  func canonical(type: WidgetPropertyType, text: String, canonical: String) {
    #expect(type.canonicalText(text) == canonical)
    #expect(type.sameValue(text, canonical))
  }

  @Test("Values compare by their type")
  func sameValue() {
    #expect(WidgetPropertyType.bool.sameValue("0", "false") && !WidgetPropertyType.bool.sameValue("0", "true"))
    #expect(WidgetPropertyType.double.sameValue("22", "22.0") && !WidgetPropertyType.double.sameValue("22", "22.5"))
    #expect(WidgetPropertyType.colour.sameValue("#80FF0000", "#80ff0000"))
    #expect(!WidgetPropertyType.string.sameValue("a", "A"), "strings are compared as written")
    #expect(!WidgetPropertyType.int.sameValue("x", "0") && WidgetPropertyType.int.sameValue("x", "x"), "a text that is no value equals only itself")
    #expect(WidgetPropertyType.int.canonicalText("4.5") == nil && WidgetPropertyType.bool.isBare && !WidgetPropertyType.colour.isBare)
  }
}
