import Testing

@testable import CommandCodec

/// Custom widget commands in the codec (docs/WIDGETS.md §6.1): JSON Lines carries them by name,
/// binary by the schema's code, the header names the schema, and decoders refuse a trace whose
/// schema is missing or differs before its first record, keeping the header so that a reader can
/// start again with the schema it names.
@Suite("CommandCodec with a widget schema: round trips, chunking, refusals, messages")
struct WidgetCodecTests {
  static let all = WidgetCases.all
  static let chart = WidgetCases.chart
  static let header = TraceHeader(creator: "tests", widgets: all.reference)

  /// Custom and built-in commands, every field of a custom command, an event between them.
  static let records: [TraceRecord] = [
    .batch([
      Command(.createApplication, childInternalId: 1),
      Command(custom: "CREATE_PIE_CHART", internalId: 1, childInternalId: 9, textValue: "Budget"),
      Command(.setIntValue, internalId: 9, value: 40),
      Command(
        custom: "SET_TRIP", internalId: 10, childInternalId: -3, value: 2, key: "k", textValue: "LH 454", textValue2: "Gate 12",
        row: -1, column: 4, sheet: 2, width: 360, height: 120, flags: 7),
    ], at: 0),
    .event(.value(ValueEvent(value: 1)), to: 9, at: 1.5),
    .batch([Command(custom: "CREATE_DATA_TABLE", internalId: 1, childInternalId: 11, value: 2, textValue: "grouped")], at: 2),
    .batch([Command(custom: "SET_DATA_TABLE_FLAGS", internalId: 11, flags: 1), Command(custom: "CREATE_TRIP_CARD", internalId: 1, childInternalId: 10)], at: 2),
  ]

  static func encode(_ format: TraceFormat, header: TraceHeader = header, _ records: [TraceRecord] = records, widgets: WidgetSchema? = all) throws(CodecError) -> [UInt8] {
    var encoder = TraceEncoder(format: format, widgets: widgets)
    var out: [UInt8] = []
    try encoder.encodeHeader(header, into: &out)
    for record in records { try encoder.encode(record, into: &out) }
    return out
  }

  /// The error `body` throws, or nil (a `CodecError`: the codec throws nothing else).
  static func refusal(_ body: () throws -> Void) -> CodecError? {
    do {
      try body()
      return nil
    } catch {
      return error as? CodecError
    }
  }

  static func decoder(_ format: TraceFormat?, widgets: WidgetSchema?) -> TraceDecoder {
    TraceDecoder(format: format, binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
  }

  // MARK: - The command value

  @Test("A custom command is a Command of type .custom named by customType; built-ins keep an empty customType")
  func commandValue() {
    let pie = Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9, textValue: "Budget")
    #expect(pie.type == .custom && pie.customType == "CREATE_PIE_CHART" && pie.typeName == "CREATE_PIE_CHART")
    #expect(pie.internalId == 2 && pie.childInternalId == 9 && pie.textValue == "Budget")
    #expect(pie != Command(custom: "CREATE_TRIP_CARD", internalId: 2, childInternalId: 9, textValue: "Budget"))
    let button = Command(.createButton, internalId: 2)
    #expect(button.customType == "" && button.typeName == "CREATE_BUTTON")
    #expect(!CommandType.allCases.contains(.custom))
    #expect(CommandType(name: CommandType.custom.name) == nil)
    #expect(CommandType.custom.fields == Command.Field.allCases)
  }

  // MARK: - Round trips

  @Test("Custom commands round-trip in both formats, and through the other format byte for byte", arguments: TraceFormat.allCases)
  func roundTrip(format: TraceFormat) throws {
    let bytes = try Self.encode(format)
    let decoded = DecodedTrace(decoding: bytes, format: format, widgets: Self.all)
    #expect(decoded.error == nil)
    #expect(decoded.header == Self.header)
    #expect(decoded.records == Self.records)
    let other: TraceFormat = format == .binary ? .jsonLines : .binary
    let converted = try Self.encode(other, header: try #require(decoded.header), decoded.records)
    let back = DecodedTrace(decoding: converted, format: other, widgets: Self.all)
    #expect(back.error == nil)
    #expect(back.records == Self.records)
    #expect(try Self.encode(format, header: try #require(back.header), back.records) == bytes)
  }

  @Test("JSON Lines carries a custom command by name, like a built-in; the header's \"widgets\" comes last")
  func jsonText() throws {
    let header = TraceHeader(creator: "tests", preferences: ["a": "1"], widgets: Self.all.reference)
    let records: [TraceRecord] = [.batch([Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9, textValue: "Budget")], at: 0.1)]
    let text = String(decoding: try Self.encode(.jsonLines, header: header, records, widgets: nil), as: UTF8.self)
    #expect(text == """
      {"trace":1,"creator":"tests","preferences":{"a":"1"},"widgets":{"name":"all","fingerprint":"\(Self.all.fingerprint)"}}
      {"t":0.1,"type":"CREATE_PIE_CHART","internalId":2,"childInternalId":9,"textValue":"Budget"}

      """)
  }

  @Test("Binary carries a custom command by its code, a two-byte varint, and the schema in header presence bit 5")
  func binaryBytes() throws {
    let records: [TraceRecord] = [.batch([Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9), Command(custom: "SET_DATA_TABLE_FLAGS")], at: 0)]
    let bytes = try Self.encode(.binary, header: TraceHeader(widgets: Self.all.reference), records)
    var b = BinaryBuilder()
    b.fileHeader { h in
      h.varint(0x20)
      h.varint(3)
      h.raw(Array("all".utf8))
      h.varint(24)
      h.raw(Array(Self.all.fingerprint.utf8))
    }
    b.record(BinaryBuilder.batch) { p in
      p.varint(0)  // time
      p.varint(2)  // two commands
      p.raw([0xE8, 0x07])  // 1000: CREATE_PIE_CHART
      p.varint(0b11)
      p.zigzag(2)
      p.zigzag(9)
      p.raw([0xFD, 0x07])  // 1021: SET_DATA_TABLE_FLAGS, no fields
      p.varint(0)
    }
    #expect(bytes == b.bytes, "got\n\(Hex.dump(bytes))\nexpected\n\(Hex.dump(b.bytes))")
    // The encoder takes the schema from its limits too.
    var encoder = BinaryTraceEncoder(limits: BinaryDecodingOptions(widgets: Self.all))
    var out: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(widgets: Self.all.reference), into: &out)
    try encoder.encode(records[0], into: &out)
    #expect(out == bytes)
  }

  @Test("A custom code means the same in every numbering", arguments: CommandNumbering.all)
  func everyNumbering(numbering: CommandNumbering) throws {
    let header = TraceHeader(numbering: numbering.name, widgets: Self.all.reference)
    let records: [TraceRecord] = [.batch([Command(.setStyle, internalId: 9, textValue: "slice-color", textValue2: "#ff8800"), Command(custom: "CREATE_TRIP_CARD", internalId: 2, childInternalId: 10)], at: 0)]
    var encoder = BinaryTraceEncoder(numbering: numbering, widgets: Self.all)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(header, into: &bytes)
    try encoder.encode(records[0], into: &bytes)
    #expect(bytes.count > 9 && bytes[9] == numbering.id)
    #expect(bytes.indices.dropLast().contains { bytes[$0] == 0xF2 && bytes[$0 + 1] == 0x07 }, "1010 as a varint")
    let decoded = DecodedTrace(decoding: bytes, widgets: Self.all)
    #expect(decoded.error == nil)
    #expect(decoded.header == header)
    #expect(decoded.records == records)
  }

  @Test("A header's schema name is for messages and for finding the file: only the fingerprint is compared")
  func onlyTheFingerprintCounts() throws {
    let renamed = TraceHeader(widgets: WidgetSchemaReference(name: "renamed", fingerprint: Self.all.fingerprint))
    for format in TraceFormat.allCases {
      let decoded = DecodedTrace(decoding: try Self.encode(format, header: renamed), format: format, widgets: Self.all)
      #expect(decoded.error == nil)
      #expect(decoded.header == renamed)
    }
  }

  // MARK: - Chunking

  @Test("Decoding custom commands does not depend on how the input arrives, nor does a refusal", arguments: TraceFormat.allCases)
  func chunking(format: TraceFormat) throws {
    let bytes = try Self.encode(format)
    let whole = ChunkedDecoding.whole(bytes, format: format, widgets: Self.all)
    #expect(whole.error == nil)
    #expect(whole.records == Self.records)
    ChunkingTests.expectSameOutcome(bytes, format: format, widgets: Self.all, as: whole)
    #expect(ChunkedDecoding.byteByByte(bytes, format: nil, widgets: Self.all) == whole)
    // In bulk (replay's path), whole and in the fuzz contract's pieces.
    for cuts in [[], InputCuts.derived(from: bytes)] {
      let bulk = DecodingRun(bytes, format: format, cuts: cuts, mode: .bulk, widgets: Self.all)
      #expect(bulk.error == nil)
      #expect(bulk.records == Self.records)
    }
    // Without the schema: refused at the header however the input arrives, the header read.
    for widgets in [nil, Self.chart] {
      let refused = ChunkedDecoding.whole(bytes, format: format, widgets: widgets)
      #expect(refused.error?.code == (widgets == nil ? .schemaMissing : .schemaMismatch))
      #expect(refused.header == Self.header)
      #expect(refused.records.isEmpty)
      ChunkingTests.expectSameOutcome(bytes, format: format, widgets: widgets, as: refused)
      let bulk = DecodingRun(bytes, format: format, cuts: InputCuts.derived(from: bytes), mode: .bulk, widgets: widgets)
      #expect(bulk.error == refused.error)
      #expect(bulk.header == Self.header)
    }
  }

  @Test("A header-less JSON stream of custom commands reads with the schema, and fails at the first custom command without", arguments: [true, false])
  func headerless(given: Bool) throws {
    let text = Array("""
      {"type":"CREATE_APPLICATION","childInternalId":1}
      {"type":"CREATE_PIE_CHART","internalId":1,"childInternalId":9}
      {"type":"SET_INT_VALUE","internalId":9,"value":40}

      """.utf8)
    let outcome = ChunkedDecoding.whole(text, format: nil, widgets: given ? Self.all : nil)
    ChunkingTests.expectSameOutcome(text, format: .jsonLines, widgets: given ? Self.all : nil, as: outcome)
    #expect(outcome.header == TraceHeader())
    if given {
      #expect(outcome.error == nil)
      #expect(outcome.records.count == 3)
    } else {
      #expect(outcome.records.count == 1)
      let error = try #require(outcome.error)
      #expect(error.code == .unknownCommandType)
      #expect(error.location.line == 2 && error.location.column == 9)
      #expect(error.recordIndex == 1)
    }
  }

  // MARK: - Encoder refusals

  @Test("The binary encoder refuses a custom command it has no code for, and is unchanged after")
  func binaryEncoderRefusals() throws {
    let noCode = try WidgetSchema(parsing: WidgetSchemaFixtures.document(WidgetSchemaFixtures.widget(create: #"{"command": "CREATE_PIE"}"#)))
    let cases: [(WidgetSchema?, Command, String)] = [
      (nil, Command(custom: "CREATE_PIE_CHART"), #""CREATE_PIE_CHART" is a custom widget's command; binary traces need its schema (--widgets) for its code"#),
      (Self.all, Command(custom: "CREATE_PIE"), #""CREATE_PIE" is not a command of widget schema all \#(Self.all.fingerprint)"#),
      (Self.all, Command(.custom), "\"\" is not a command of widget schema all \(Self.all.fingerprint)"),
      (noCode, Command(custom: "CREATE_PIE"), "CREATE_PIE has no code in widget schema test \(noCode.fingerprint); binary traces need one (docs/WIDGETS.md §2.3)"),
    ]
    for (widgets, command, message) in cases {
      var encoder = BinaryTraceEncoder(widgets: widgets)
      var out: [UInt8] = []
      try encoder.encodeHeader(TraceHeader(), into: &out)
      let before = out
      let error = Self.refusal { try encoder.encode(.batch([Command(.clear, internalId: 5), command], at: 5), into: &out) }
      #expect(error?.code == .unknownCommandType, "\(command)")
      #expect(error?.message == message)
      #expect(error?.location.byteOffset == before.count)
      #expect(out == before, "nothing appended")
      // The refused record left no trace in the encoder: an earlier time and the id's first delta.
      try encoder.encode(.batch([Command(.clear, internalId: 5)], at: 1), into: &out)
      #expect(out == (try Reencoding.binary(TraceHeader(), [.batch([Command(.clear, internalId: 5)], at: 1)])))
    }
    // A schema without codes is fine for JSON Lines.
    #expect(try Self.encode(.jsonLines, header: TraceHeader(), [.batch([Command(custom: "CREATE_PIE")], at: 0)], widgets: noCode).count > 0)
    // TraceEncoder without a schema refuses a custom command in binary only.
    #expect(Self.refusal { _ = try Self.encode(.binary, header: TraceHeader(), widgets: nil) }?.code == .unknownCommandType)
    #expect(Self.refusal { _ = try Self.encode(.jsonLines, header: TraceHeader(), widgets: nil) } == nil)
  }

  @Test(
    "The JSON encoder refuses a name no decoder would read as a custom command, and is unchanged after",
    arguments: ["", "create_pie_chart", "SET_STYLE", "CREATE PIE", "9_LIVES", "_PIE", "CRÉER", "PIE\"CHART"])
  func jsonEncoderRefusals(name: String) throws {
    var encoder = JSONTraceEncoder()
    var out: [UInt8] = []
    let error = Self.refusal { try encoder.encode(.batch([Command(.clear), Command(custom: name)], at: 5), into: &out) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message == "\(Excerpt.quoted(name)) is not a custom command name (a capital, then capitals, digits and _, not a built-in name)")
    #expect(out.isEmpty)
    // The refused record's time was not taken: an earlier one still encodes.
    try encoder.encode(.batch([Command(.clear)], at: 1), into: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"{"t":1,"type":"CLEAR"}"# + "\n")
  }

  @Test("Both encoders refuse a header whose fingerprint is not fnv1a64: and 16 lower-case hex digits", arguments: TraceFormat.allCases)
  func malformedFingerprint(format: TraceFormat) throws {
    for fingerprint in ["", "fnv1a64:A76687CF54A2689E", "fnv1a64:a76687cf54a2689", "fnv1a64:a76687cf54a2689e0", "fnv1a32:a76687cf54a2689e", "fnv1a64:a76687cf54a2689g", "a76687cf54a2689e"] {
      #expect(!WidgetSchemaReference.isFingerprint(fingerprint), "\(fingerprint)")
      var encoder = TraceEncoder(format: format)
      var out: [UInt8] = []
      let error = Self.refusal { try encoder.encodeHeader(TraceHeader(widgets: WidgetSchemaReference(name: "all", fingerprint: fingerprint)), into: &out) }
      #expect(error?.code == .invalidValue)
      #expect(error?.message.contains("16 lower-case hex digits") == true)
      #expect(out.isEmpty)
    }
    #expect(WidgetSchemaReference.isFingerprint(Self.all.fingerprint))
    #expect(WidgetSchemaReference.isFingerprint("fnv1a64:0123456789abcdef"))
  }

  @Test("The binary encoder refuses a header naming another schema than its own: its codes would be the wrong ones")
  func encoderSchemaMustBeTheHeaders() throws {
    var encoder = BinaryTraceEncoder(widgets: Self.chart)
    var out: [UInt8] = []
    let error = Self.refusal { try encoder.encodeHeader(Self.header, into: &out) }
    #expect(error?.code == .schemaMismatch)
    #expect(error?.message == "the header names widget schema \(Self.all.reference) but the encoder was given \(Self.chart.reference)")
    #expect(out.isEmpty)
    var matching = BinaryTraceEncoder(widgets: Self.all)
    try matching.encodeHeader(Self.header, into: &out)
    #expect(!out.isEmpty)
  }

  // MARK: - Decoder messages

  static func jsonError(_ line: String, widgets: WidgetSchema?) -> CodecError? {
    ChunkedDecoding.whole(Array((line + "\n").utf8), format: .jsonLines, widgets: widgets).error
  }

  static func binaryError(code: UInt64, widgets: WidgetSchema?, _ fields: (inout BinaryBuilder) -> Void = { $0.varint(0) }) -> CodecError? {
    var b = BinaryBuilder()
    b.fileHeader()
    b.record(BinaryBuilder.batch) { p in
      p.varint(0)
      p.varint(1)
      p.varint(code)
      fields(&p)
    }
    return ChunkedDecoding.whole(b.bytes, format: .binary, widgets: widgets).error
  }

  @Test("A misspelt custom name suggests the schema's name; a misspelt built-in still suggests the built-in")
  func suggestions() {
    #expect(Self.jsonError(#"{"type":"CREATE_PIE_CHRT"}"#, widgets: Self.all)?.message == #"unknown command type "CREATE_PIE_CHRT" (did you mean "CREATE_PIE_CHART"?)"#)
    #expect(Self.jsonError(#"{"type":"SET_TRP","internalId":10}"#, widgets: Self.all)?.message == #"unknown command type "SET_TRP" (did you mean "SET_TRIP"?)"#)
    #expect(Self.jsonError(#"{"type":"CREATE_BUTON"}"#, widgets: Self.all)?.message == #"unknown command type "CREATE_BUTON" (did you mean "CREATE_BUTTON"?)"#)
    // A name of another schema's is not in this one.
    #expect(Self.jsonError(#"{"type":"CREATE_PIE_CHART"}"#, widgets: Self.chart) == nil)
    #expect(Self.jsonError(#"{"type":"CREATE_TRIP_CARD"}"#, widgets: Self.chart)?.code == .unknownCommandType)
  }

  @Test("Without a schema, the unknown-type messages of built-in names are what they were; a custom-looking name asks for the schema")
  func messagesWithoutSchema() {
    #expect(Self.jsonError(#"{"type":"CREATE_BUTON"}"#, widgets: nil)?.message == #"unknown command type "CREATE_BUTON" (did you mean "CREATE_BUTTON"?)"#)
    #expect(Self.jsonError(#"{"type":"nope"}"#, widgets: nil)?.message == #"unknown command type "nope""#)
    #expect(Self.jsonError(#"{"type":""}"#, widgets: nil)?.message == "unknown command type \"\"")
    #expect(Self.jsonError(#"{"type":"CREATE_PIE_CHART"}"#, widgets: nil)?.message == #"unknown command type "CREATE_PIE_CHART"; a custom widget's command needs its schema (--widgets FILE)"#)
  }

  @Test("Binary names the custom range for an unknown code, and the schema for a custom code it lacks")
  func binaryMessages() {
    #expect(Self.binaryError(code: 200, widgets: nil)?.message == "command type code 200 does not exist in numbering cmdtool-1 (codes 0–107, custom widgets 1000–1999)")
    #expect(Self.binaryError(code: 1000, widgets: nil)?.message == "command type code 1000 is a custom widget's command (codes 1000–1999); give its schema with --widgets")
    #expect(Self.binaryError(code: 1005, widgets: Self.all)?.message == "command type code 1005 is not a command of widget schema all \(Self.all.fingerprint)")
    #expect(Self.binaryError(code: 1000, widgets: Self.all) == nil)
    #expect(Self.binaryError(code: 1010, widgets: Self.chart)?.code == .unknownCommandType)
    // Messages about a custom command's fields name it by its custom name.
    let present = Self.binaryError(code: 1020, widgets: Self.all) { p in p.varint(0x04); p.zigzag(0) }
    #expect(present?.message == "CREATE_DATA_TABLE marks value present with its default value; leave the bit clear instead")
    let unknownBit = Self.binaryError(code: 1011, widgets: Self.all) { p in p.varint(1 << 12) }
    #expect(unknownBit?.message == "SET_TRIP sets presence bits 0x1000 that no command field has")
  }

  // MARK: - Header refusals

  @Test("A header refused for its schema stays read, so that a reader can start again with the schema it names", arguments: TraceFormat.allCases)
  func startAgain(format: TraceFormat) throws {
    let bytes = try Self.encode(format)
    var decoder = Self.decoder(format, widgets: nil)
    decoder.feed(bytes)
    decoder.finish()
    let refused = Self.refusal { _ = try decoder.next() }
    let error = try #require(refused)
    #expect(error.code == .schemaMissing)
    #expect(error.message == "the trace was made with widget schema all \(Self.all.fingerprint); give its file with --widgets (or keep all.widgets.json beside the trace)")
    #expect(error.location.byteOffset == (format == .binary ? 10 : 0))
    #expect(error.location.line == (format == .binary ? nil : 1))
    #expect(error.recordIndex == nil)
    #expect(decoder.header == Self.header)
    #expect(decoder.recordCount == 0)
    let again = Self.refusal { _ = try decoder.next() }
    #expect(again == error, "the decoder stays failed")

    // Start again with the schema the header names, found by its name.
    let named = try #require(decoder.header?.widgets)
    let schema = try VectorStore.schema(at: "traces/widgets/\(named.name).widgets.json")
    #expect(schema.fingerprint == named.fingerprint)
    let restarted = DecodedTrace(decoding: bytes, widgets: schema)
    #expect(restarted.error == nil)
    #expect(restarted.records == Self.records)

    // Another schema than the one named: refused too, the header read as well.
    var other = Self.decoder(nil, widgets: Self.chart)
    other.feed(bytes)
    let refusedAgain = Self.refusal { _ = try other.next() }
    let mismatch = try #require(refusedAgain)
    #expect(mismatch.code == .schemaMismatch)
    #expect(mismatch.message == "the trace was made with widget schema all \(Self.all.fingerprint) but the schema given is chart \(Self.chart.fingerprint): its widgets, commands or properties differ")
    #expect(mismatch.location == error.location)
    #expect(other.header == Self.header)
  }

  @Test("The format's own decoders keep the refused header too")
  func formatDecodersKeepTheHeader() throws {
    var json = JSONTraceDecoder(options: JSONDecodingOptions(widgets: Self.chart))
    json.feed(try Self.encode(.jsonLines))
    let jsonError = Self.refusal { _ = try json.next() }
    #expect(jsonError?.code == .schemaMismatch)
    #expect(json.header == Self.header)
    var binary = BinaryTraceDecoder()
    binary.feed(try Self.encode(.binary))
    let binaryError = Self.refusal { _ = try binary.next() }
    #expect(binaryError?.code == .schemaMissing)
    #expect(binary.header == Self.header)
  }

  @Test("A schema with no name is named by its fingerprint alone")
  func namelessSchema() throws {
    let nameless = WidgetSchemaReference(name: "", fingerprint: Self.chart.fingerprint)
    #expect(nameless.description == Self.chart.fingerprint)
    let bytes = try Self.encode(.jsonLines, header: TraceHeader(widgets: nameless), [])
    let error = try #require(ChunkedDecoding.whole(bytes, format: .jsonLines).error)
    #expect(error.message == "the trace was made with widget schema \(Self.chart.fingerprint); give its file with --widgets (or keep it beside the trace)")
    // JSON may leave the name out; it reads as "".
    let text = Array(#"{"trace":1,"widgets":{"fingerprint":"\#(Self.chart.fingerprint)"}}"#.utf8) + [0x0A]
    #expect(ChunkedDecoding.whole(text, format: .jsonLines, widgets: Self.chart).header == TraceHeader(widgets: nameless))
  }
}
