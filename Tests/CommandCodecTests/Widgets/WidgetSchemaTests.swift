import Testing

@testable import CommandCodec

@Suite("WidgetSchema: parsing, bundled schemas, fingerprint, value checks")
struct WidgetSchemaTests {
  @Test("Parses a widget with every part")
  func parsesEveryPart() throws {
    let schema = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("trip.widgets.json"))
    #expect(schema.name == "trip")
    let card = try #require(schema.widget(named: "TripCard"))
    #expect(card.creation == WidgetCommand(name: "CREATE_TRIP_CARD", code: 1010, role: .create, widget: "TripCard"))
    #expect(card.setters == [WidgetCommand(name: "SET_TRIP", code: 1011, role: .set, widget: "TripCard")])
    #expect(card.properties.map(\.name) == ["accent", "boardingPass", "departure", "flight", "seats"])
    let seats = try #require(card.property(named: "seats"))
    #expect(seats.type == .int && seats.minimum == 0 && seats.maximum == 999 && seats.defaultValue == "1")
    #expect(seats.wire == .custom(command: "SET_TRIP", field: .value))
    #expect(card.property(named: "accent")?.wire == .style(key: "accent-color"))
    #expect(card.property(named: "boardingPass")?.wire == .builtIn(.setTextValue, field: .textValue))
    #expect(card.property(named: "flight")?.isInspectable == true)
    #expect(card.size == WidgetSizeRules(preferredWidth: 360, preferredHeight: 120, minWidth: 320, maxWidth: 400))
    #expect(card.visibility == WidgetVisibilityRules(displayableAfter: ["flight"], isHideable: true))
    #expect(card.events.map(\.name) == ["opened", "reload"])
    #expect(card.events.last?.kind == .command && card.events.last?.fields.map(\.name) == ["value"])
    #expect(schema.command(code: 1011)?.name == "SET_TRIP")
    #expect(schema.widget(creatingWith: "CREATE_TRIP_CARD")?.name == "TripCard")
    #expect(card.properties(setBy: .custom(command: "SET_TRIP", field: .textValue)).map(\.name) == ["flight"])
  }

  @Test("Creation attributes travel in the creation command and are marked as such")
  func creationAttributes() throws {
    let schema = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("table.widgets.json"))
    let table = try #require(schema.widget(named: "DataTable"))
    let style = try #require(table.attributes.first { $0.name == "style" })
    #expect(style.isCreationAttribute && style.wire == .creation(field: .textValue))
    #expect(style.type == .enumeration(["plain", "grouped", "insetGrouped"]) && style.defaultValue == "plain")
    #expect(table.property(named: "rowHeight")?.isCreationAttribute == false)
  }

  @Test("Every bundled schema is valid", arguments: WidgetSchemaFixtures.bundledFiles)
  func bundledSchemasAreValid(file: String) throws {
    let bytes = WidgetSchemaFixtures.bundled(file)
    #expect(!bytes.isEmpty, "\(file) is missing")
    let schema = try WidgetSchema(parsing: bytes)
    #expect(!schema.widgets.isEmpty)
  }

  @Test("all.widgets.json is the three others together")
  func allIsTheOthers() throws {
    let all = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("all.widgets.json"))
    var names: [String] = []
    for file in ["chart.widgets.json", "trip.widgets.json", "table.widgets.json"] {
      names += try WidgetSchema(parsing: WidgetSchemaFixtures.bundled(file)).widgets.map(\.name)
    }
    #expect(all.widgets.map(\.name) == names)
  }

  @Test("The fingerprint is stable: a known value, the same for another spelling of one schema")
  func fingerprintIsStable() throws {
    let a = try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget()))
    #expect(a.fingerprint == "fnv1a64:" + FNV1a.hex64(a.canonicalText.utf8))
    #expect(a.fingerprint.count == "fnv1a64:".count + 16)
    // Key order, whitespace and descriptions do not count.
    let b = try WidgetSchema(parsing: """
      {
        "widgets": [{"properties": {"p": {"set": {"field": "value", "command": "SET_INT_VALUE"}, "default": 0, "max": 100, "min": 0,
          "type": "int", "description": "words"}}, "create": {"code": 1000, "command": "CREATE_PIE"}, "name": "Pie"}],
        "name": "test", "description": "more words", "widgetSchema": 1
      }
      """)
    #expect(a.fingerprint == b.fingerprint)
    #expect(FNV1a.hex64(Array("a".utf8)) == "af63dc4c8601ec8c")
    #expect(FNV1a.hex64([]) == "cbf29ce484222325")
  }

  @Test("The fingerprint changes when the schema's meaning changes", arguments: [
    ("a code", WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(create: #"{"command": "CREATE_PIE", "code": 1001}"#))),
    ("a command", WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(create: #"{"command": "CREATE_PIES", "code": 1000}"#))),
    ("a range", WidgetSchemaFixtures.property(#"{"type": "int", "min": 0, "max": 99, "default": 0, "set": {"command": "SET_INT_VALUE", "field": "value"}}"#)),
    ("a default", WidgetSchemaFixtures.property(#"{"type": "int", "min": 0, "max": 100, "default": 1, "set": {"command": "SET_INT_VALUE", "field": "value"}}"#)),
    ("a wire form", WidgetSchemaFixtures.property(#"{"type": "int", "min": 0, "max": 100, "default": 0, "set": {"command": "SET_STYLE", "key": "p"}}"#)),
    ("inspectable", WidgetSchemaFixtures.property(#"{"type": "int", "min": 0, "max": 100, "default": 0, "inspectable": true, "set": {"command": "SET_INT_VALUE", "field": "value"}}"#)),
    ("a size rule", WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(extra: #", "size": {"minWidth": 10}"#))),
  ])
  func fingerprintChanges(change: String, document: String) throws {
    let base = try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget()))
    let changed = try WidgetSchema(parsing: document)
    #expect(base.fingerprint != changed.fingerprint, "changing \(change) kept the fingerprint")
  }

  @Test("Size rules follow the parent: a width given by the layout, a number as the preferred size, an aspect; only new keys enter the canonical text")
  func sizeFromTheLayout() throws {
    func rules(_ size: String) throws -> WidgetSchema {
      try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(extra: #", "size": "# + size)))
    }
    let slider = try rules(#"{"width": "given", "height": 44}"#)
    var expected = WidgetSizeRules(preferredHeight: 44)
    expected.widthIsGiven = true
    #expect(slider.widgets[0].size == expected)
    #expect(slider.canonicalText.contains(#""width":"given""#))
    // `height: 44` is `preferredHeight: 44`: one meaning, one fingerprint.
    #expect(try rules(#"{"height": 44, "width": "given"}"#).fingerprint == slider.fingerprint)
    var synonym = try rules(#"{"preferredHeight": 44}"#).widgets[0].size
    synonym.widthIsGiven = true
    #expect(synonym == expected)
    let card = try rules(#"{"width": "given", "minWidth": 320, "maxWidth": 400, "aspect": 2.5}"#).widgets[0].size
    #expect(card.widthIsGiven && !card.heightIsGiven && card.aspect == 2.5 && card.minWidth == 320 && card.maxWidth == 400)
    #expect(card.summary == "width given, aspect 2.5, width 320…400")
    // A given axis changes what a trace means; old schemas keep their canonical text.
    let fixed = try rules(#"{"preferredHeight": 44}"#)
    #expect(fixed.fingerprint != slider.fingerprint)
    #expect(!fixed.canonicalText.contains("given") && !fixed.canonicalText.contains("aspect"))
  }

  @Test("A preview names a colour property or attribute to fill with and any one to show; it is not part of the fingerprint")
  func preview() throws {
    let chart = try #require(try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("chart.widgets.json")).widget(named: "PieChart"))
    #expect(chart.preview == WidgetPreview(fill: "sliceColor", text: "title"))
    let trip = try #require(try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("trip.widgets.json")).widget(named: "TripCard"))
    #expect(trip.preview == WidgetPreview(fill: "accent", text: "flight"))
    let all = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("all.widgets.json"))
    #expect(all.widget(named: "PieChart")?.preview == chart.preview && all.widget(named: "TripCard")?.preview == trip.preview)
    #expect(all.widget(named: "DataTable")?.preview == WidgetPreview() && WidgetPreview().isEmpty)

    // A colour attribute fills; the text may be of any type, a property or an attribute.
    let attributes = ##", "attributes": {"tint": {"type": "colour", "field": "textValue", "default": "#fff"}}"##
    let base = try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(extra: attributes)))
    let previewed = try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(extra: attributes + #", "preview": {"fill": "tint", "text": "p"}"#)))
    #expect(previewed.widgets[0].preview == WidgetPreview(fill: "tint", text: "p"))
    #expect(try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(extra: #", "preview": {}"#))).widgets[0].preview.isEmpty)
    // Presentation, like descriptions: the fingerprint and the canonical text stay.
    #expect(previewed.fingerprint == base.fingerprint)
    #expect(previewed.canonicalText == base.canonicalText && !previewed.canonicalText.contains("preview"))
    #expect(previewed != base)
    #expect(previewed.summaryLines.contains("  preview    fill tint, text p"))
    #expect(!base.summaryLines.contains { $0.contains("preview") })
  }

  @Test("The bundled chart schema's fingerprint is pinned (a change to the canonical form shows here)")
  func chartFingerprintPinned() throws {
    let chart = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("chart.widgets.json"))
    #expect(chart.fingerprint == "fnv1a64:a76687cf54a2689e")
  }

  @Test("The summary counts widgets, commands and properties and names the fingerprint")
  func summary() throws {
    let schema = try WidgetSchema(parsing: WidgetSchemaFixtures.bundled("chart.widgets.json"))
    let lines = schema.summaryLines
    #expect(lines.first == #"widget schema "chart": 1 widget, 1 command, 1 attribute, 3 properties, 1 event"#)
    #expect(lines.contains("fingerprint " + schema.fingerprint))
    #expect(lines.contains("  property   piePercentage: int 0…100 = 0, inspectable (SET_INT_VALUE.value)"))
  }

  @Test("The summary shows typed payloads, matches, blankHides, caseInsensitive and aliases")
  func summaryOfTheNewerKeys() throws {
    let schema = try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(
      properties: #""flight": {"type": "string", "set": {"command": "SET_STYLE", "key": "flight"}}, "style": {"type": "enum", "values": ["plain", "grouped"], "caseInsensitive": true, "aliases": {"Grouped-Style": "grouped"}, "set": {"command": "SET_STYLE", "key": "style"}}"#,
      extra: #", "events": {"rangeChanged": {"class": "TouchEvent", "fields": {"x": {"name": "min", "type": "double", "min": 0, "max": 1}, "y": {"type": "double"}}}, "longPress": {"class": "ValueEvent", "match": {"value": 2}, "fields": {"text": "the title"}}}, "visibility": {"displayableAfter": ["flight"], "blankHides": true}"#)))
    let lines = schema.summaryLines
    #expect(lines.contains("  event      rangeChanged: TouchEvent (x → min: double 0…1; y: double)"), "\(lines)")
    #expect(lines.contains("  event      longPress: ValueEvent (text: the title; value = 2)"), "\(lines)")
    #expect(lines.contains(#"  property   style: enum(plain|grouped), any case, aliases "Grouped-Style" → "grouped" (SET_STYLE style)"#), "\(lines)")
    #expect(lines.contains("  visibility displayable once flight set, not displayable again when one is blanked (blankHides), can be hidden"), "\(lines)")
  }
}
