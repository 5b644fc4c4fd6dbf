import CommandCodec

/// Vectors of custom widget commands (docs/WIDGETS.md §6.1), made with the bundled schema
/// `traces/widgets/all.widgets.json`, which each vector names in its `widgets` key. Its codes:
/// CREATE_PIE_CHART 1000, CREATE_TRIP_CARD 1010, SET_TRIP 1011, CREATE_DATA_TABLE 1020,
/// SET_DATA_TABLE_FLAGS 1021.
///
/// The invalid vectors without a `widgets` key are decoded with no schema at all.
enum WidgetCases {
  static let allPath = "traces/widgets/all.widgets.json"
  static let chartPath = "traces/widgets/chart.widgets.json"

  static func bundled(_ path: String) -> WidgetSchema {
    do {
      return try VectorStore.schema(at: path)
    } catch {
      preconditionFailure("the widget vectors need \(path): \(error)")
    }
  }

  /// The schema every vector here is made with.
  static let all = bundled(allPath)
  /// Another schema, for headers that name one other than the schema given.
  static let chart = bundled(chartPath)

  /// The header most vectors have: it names the schema.
  static let schemaHeader = TraceHeader(creator: "widget-demo 1.0", widgets: all.reference)

  static func valid(
    _ name: String, _ description: String, header: TraceHeader = WidgetCases.schemaHeader, headerLine: Bool = true,
    numbering: CommandNumbering = .cmdtool, jsonlInput: String? = nil, _ records: [TraceRecord]
  ) -> ValidCase {
    ValidCase(
      name: "widgets/\(name)", description: description, header: header, records: records, headerLine: headerLine,
      numbering: numbering, jsonlInput: jsonlInput, widgets: allPath)
  }

  // MARK: - Valid

  static let valid: [ValidCase] = headers + commands + sessions + mixed

  static let headers: [ValidCase] = [
    valid(
      "header/names-schema",
      "the header names the schema: JSON \"widgets\":{\"name\",\"fingerprint\"} after every other key, binary presence bit 5 and two length-prefixed strings after the preferences",
      header: TraceHeader(
        numbering: "cmdtool-1", created: "2026-11-24T08:00:00Z", creator: "widget-demo 1.0",
        viewport: Viewport(width: 375, height: 667, scale: 2), preferences: ["theme": "dark"], widgets: all.reference),
      [.batch([Command(.createApplication, childInternalId: 1, textValue: "Widgets")], at: 0)]),
    valid(
      "header/only-schema",
      "a header with nothing but the schema: JSON {\"trace\":1,\"widgets\":…}, binary presence 0x20; no records",
      header: TraceHeader(widgets: all.reference), []),
    valid(
      "header/json-variant",
      "non-canonical JSON: the header's \"fingerprint\" before \"name\", spaces, a custom name with an escape (\\u005f for _)",
      jsonlInput: """
        { "widgets" : { "fingerprint" : "\(all.fingerprint)", "name" : "all" }, "creator" : "widget-demo 1.0", "trace" : 1 }
        {"t":0,"type":"CREATE_PIE\\u005fCHART","childInternalId":9,"internalId":2}

        """,
      [.batch([Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9)], at: 0)]),
  ]

  // MARK: One vector per custom command

  static let commands: [ValidCase] = [
    valid(
      "command/CREATE_PIE_CHART", "PieChart's creation (code 1000): parent, new element, the title attribute in textValue",
      [.batch([Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9, textValue: "Budget")], at: 0)]),
    valid(
      "command/CREATE_TRIP_CARD", "TripCard's creation (code 1010): parent and new element only",
      [.batch([Command(custom: "CREATE_TRIP_CARD", internalId: 2, childInternalId: 10)], at: 0)]),
    valid(
      "command/SET_TRIP",
      "TripCard's own setter (code 1011), one command for three properties: flight in textValue, departure in textValue2, seats in value",
      [.batch([Command(custom: "SET_TRIP", internalId: 10, value: 2, textValue: "LH 454", textValue2: "2026-11-24T09:40")], at: 0)]),
    valid(
      "command/CREATE_DATA_TABLE", "DataTable's creation (code 1020): the style attribute in textValue, columns in value",
      [.batch([Command(custom: "CREATE_DATA_TABLE", internalId: 2, childInternalId: 11, value: 3, textValue: "grouped")], at: 0)]),
    valid(
      "command/SET_DATA_TABLE_FLAGS",
      "DataTable's own setter (code 1021): showsSeparators true (flags 1), then false (flags 0: no presence bit, no JSON key)",
      [.batch([
        Command(custom: "SET_DATA_TABLE_FLAGS", internalId: 11, flags: 1),
        Command(custom: "SET_DATA_TABLE_FLAGS", internalId: 11),
      ], at: 0)]),
    valid(
      "command/every-field",
      "a custom command carries every command field, whatever its schema maps: Int32 extremes, UInt16/UInt32 maxima, key (interned), strings (textValue and textValue2 of custom commands are not interned)",
      [.batch([
        Command(
          custom: "SET_TRIP", internalId: .max, childInternalId: .min, value: -1, key: "k", textValue: "LH 454",
          textValue2: "Gate 12", row: .min, column: .max, sheet: .max, width: 360, height: 120, flags: .max),
        Command(custom: "SET_TRIP", internalId: .max, key: "k", textValue: "LH 454", textValue2: "Gate 12"),
      ], at: 0)]),
  ]

  // MARK: Each widget's life: created, then every property set as the schema says

  static let sessions: [ValidCase] = [
    valid(
      "session/PieChart",
      "a pie chart created in a layout, then piePercentage (SET_INT_VALUE.value), sliceColor and restColor (SET_STYLE keys) set in the same batch; a tap (its ValueEvent) and a new percentage",
      [
        .batch([
          Command(.createApplication, childInternalId: 1, textValue: "Charts"),
          Command(.createFrameLayout, internalId: 1, childInternalId: 2),
          Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9, textValue: "Budget"),
          Command(.setIntValue, internalId: 9, value: 40),
          Command(.setStyle, internalId: 9, textValue: "slice-color", textValue2: "#ff8800"),
          Command(.setStyle, internalId: 9, textValue: "rest-color", textValue2: "#e0e0e0"),
        ], at: 0),
        .event(.value(ValueEvent(value: 1)), to: 9, at: 1.5),
        .batch([Command(.setIntValue, internalId: 9, value: 65)], at: 1.5),
      ]),
    valid(
      "session/TripCard",
      "a trip card: flight, departure and seats through SET_TRIP, boardingPass through SET_TEXT_VALUE, accent through SET_STYLE; a pull to reload (CommandEvent) and an opened card (ValueEvent)",
      [
        .batch([
          Command(.createApplication, childInternalId: 1, textValue: "Trips"),
          Command(.createLinearLayout, internalId: 1, childInternalId: 2),
          Command(custom: "CREATE_TRIP_CARD", internalId: 2, childInternalId: 10),
        ], at: 0),
        .batch([
          Command(custom: "SET_TRIP", internalId: 10, value: 1, textValue: "LH 454", textValue2: "2026-11-24T09:40"),
          Command(.setTextValue, internalId: 10, textValue: "https://example.com/pass/LH454.pkpass"),
          Command(.setStyle, internalId: 10, textValue: "accent-color", textValue2: "#0a7d55"),
        ], at: 2),
        .event(.command(CommandEvent(elementId: 10, value: 1)), to: 10, at: 3),
        .event(.value(ValueEvent(text: "LH 454")), to: 10, at: 4),
      ]),
    valid(
      "session/DataTable",
      "a data table created grouped with 2 columns (attributes in the creation command), then rowHeight and cellSize (SET_STYLE keys) and showsSeparators (SET_DATA_TABLE_FLAGS.flags); a row selected",
      [
        .batch([
          Command(.createApplication, childInternalId: 1, textValue: "Tables"),
          Command(custom: "CREATE_DATA_TABLE", internalId: 1, childInternalId: 11, value: 2, textValue: "grouped"),
          Command(.setStyle, internalId: 11, textValue: "row-height", textValue2: "52.5"),
          Command(.setStyle, internalId: 11, textValue: "cell-size", textValue2: "320x52"),
          Command(custom: "SET_DATA_TABLE_FLAGS", internalId: 11),
        ], at: 0),
        .event(.value(ValueEvent(value: 4, value2: 1)), to: 11, at: 7),
      ]),
  ]

  // MARK: Mixed with built-ins, without a header, in another numbering

  static let mixedBatch: [Command] = [
    Command(.createApplication, childInternalId: 1, textValue: "All"),
    Command(.createLinearLayout, internalId: 1, childInternalId: 2),
    Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9, textValue: "Budget"),
    Command(.setStyle, internalId: 9, textValue: "slice-color", textValue2: "#ff8800"),
    Command(custom: "CREATE_TRIP_CARD", internalId: 2, childInternalId: 10),
    Command(.createText, internalId: 2, childInternalId: 12, textValue: "Flights"),
    Command(custom: "SET_TRIP", internalId: 10, textValue: "LH 454"),
    Command(custom: "CREATE_DATA_TABLE", internalId: 2, childInternalId: 11, textValue: "plain"),
    Command(custom: "SET_DATA_TABLE_FLAGS", internalId: 11, flags: 1),
    Command(.setStyle, internalId: 11, textValue: "slice-color", textValue2: "#ff8800"),
    Command(.setVisibility, internalId: 10, value: 1),
  ]

  static let mixed: [ValidCase] = [
    valid(
      "batch/mixed",
      "all three widgets and built-in commands interleaved in one batch (two-byte custom opcodes between one-byte built-in ones; the repeated SET_STYLE strings are interned references), then a modal result and a marker",
      [
        .batch(mixedBatch, at: 0),
        TraceRecord(time: 1, .modalResult(dialog: 20, value: 1)),
        TraceRecord(time: 1, .marker(label: "sync", detail: "1")),
      ]),
    valid(
      "headerless-json",
      "an engine's header-less stream of custom and built-in commands, one per line: read with the default header (which names no schema) and the schema given",
      header: TraceHeader(), headerLine: false,
      [
        .batch([Command(.createApplication, childInternalId: 1)], at: 0),
        .batch([Command(custom: "CREATE_PIE_CHART", internalId: 1, childInternalId: 9, textValue: "Budget")], at: 0),
        .batch([Command(.setIntValue, internalId: 9, value: 40)], at: 0),
      ]),
    valid(
      "numbering/engine-2018-11-28",
      "custom opcodes mean the same in every numbering: numbering byte 5, where SET_STYLE is 51 as in cmdtool-1, and the custom codes stay 1000–1021",
      header: TraceHeader(numbering: "engine-2018-11-28", widgets: all.reference), numbering: .engine20181128,
      [.batch(mixedBatch, at: 0)]),
  ]
}
