import CommandCodec

/// Widget inputs that must fail: a header whose schema is missing or differs, custom names and
/// codes the schema lacks, malformed schema references (docs/WIDGETS.md §6.1). A case decoded
/// with `all.widgets.json` says so with ``WidgetCases/withSchema(_:)``; the others are decoded
/// with no schema.
extension WidgetCases {
  static let invalid: [InvalidCase] = jsonHeaders + jsonCommands + binaryHeaders + binaryCommands

  static func withSchema(_ invalid: InvalidCase) -> InvalidCase {
    var invalid = invalid
    invalid.widgets = allPath
    return invalid
  }

  // MARK: - JSON Lines

  static func json(_ name: String, _ description: String, _ error: CodecError.Code, recordsBefore: Int = 0, _ build: (inout JSONInputBuilder) -> Void) -> InvalidCase {
    JSONInputBuilder.invalid("widgets/json/\(name)", description, error, recordsBefore: recordsBefore, build)
  }

  /// `"widgets":{"name":…,"fingerprint":…}`, as the JSON header carries a schema reference.
  static func jsonReference(_ reference: WidgetSchemaReference) -> String {
    #""widgets":{"name":"\#(reference.name)","fingerprint":"\#(reference.fingerprint)"}"#
  }

  /// chart's fingerprint with upper-case digits.
  static let upperCaseFingerprint = "fnv1a64:A76687CF54A2689E"

  static let pieChart = #"{"t":0,"type":"CREATE_PIE_CHART","internalId":2,"childInternalId":9,"textValue":"Budget"}"#

  static let jsonHeaders: [InvalidCase] = [
    json("schema-missing", "the header names schema all but no schema is given: refused at the header, before the first record (the header stays read, naming the schema)", .schemaMissing) { b in
      b.line("⟦{\"trace\":1,\(jsonReference(all.reference))}")
      b.line(pieChart)
    },
    withSchema(json("schema-mismatch", "the header names schema chart (its fingerprint) but all is given: refused at the header, before the first record", .schemaMismatch) { b in
      b.line("⟦{\"trace\":1,\"creator\":\"widget-demo 1.0\",\(jsonReference(chart.reference))}")
      b.line(pieChart)
    }),
    withSchema(json("fingerprint-upper-case", "a fingerprint with upper-case hex digits: \"fnv1a64:\" and 16 lower-case ones only", .invalidValue) { b in
      b.line("{\"trace\":1,\"widgets\":{\"name\":\"all\",\"fingerprint\":⟦\"\(upperCaseFingerprint)\"}}")
    }),
    withSchema(json("fingerprint-other-hash", "a fingerprint that is not FNV-1a 64 (\"sha256:…\")", .invalidValue) { b in
      b.line(#"{"trace":1,"widgets":{"name":"all","fingerprint":⟦"sha256:0000000000000000"}}"#)
    }),
    withSchema(json("fingerprint-short", "a fingerprint of 12 hex digits", .invalidValue) { b in
      b.line(#"{"trace":1,"widgets":{"name":"all","fingerprint":⟦"fnv1a64:a76687cf54a2"}}"#)
    }),
    withSchema(json("fingerprint-missing", "a schema reference without its fingerprint: the error points at the object", .missingField) { b in
      b.line(#"{"trace":1,"widgets":⟦{"name":"all"}}"#)
    }),
    withSchema(json("widgets-is-path", "\"widgets\" holding a file path: a header names its schema by name and fingerprint, never by path", .wrongType) { b in
      b.line(#"{"trace":1,"widgets":⟦"traces/widgets/all.widgets.json"}"#)
    }),
    withSchema(json("widgets-unknown-key", "a key the schema reference does not have (\"path\")", .unknownField) { b in
      b.line("{\"trace\":1,\"widgets\":{\"name\":\"all\",\"fingerprint\":\"\(all.fingerprint)\",⟦\"path\":\"all.widgets.json\"}}")
    }),
    withSchema(json("widgets-twice", "\"widgets\" twice in the header", .duplicateKey) { b in
      b.line("{\"trace\":1,\(jsonReference(all.reference)),⟦\(jsonReference(all.reference))}")
    }),
    withSchema(json("widgets-name-twice", "\"name\" twice in the schema reference", .duplicateKey) { b in
      b.line("{\"trace\":1,\"widgets\":{\"name\":\"all\",⟦\"name\":\"all\",\"fingerprint\":\"\(all.fingerprint)\"}}")
    }),
    withSchema(json("widgets-in-record", "\"widgets\" on a command: only the header names a schema", .unknownField) { b in
      b.line(#"{"trace":1}"#)
      b.line("{\"t\":0,\"type\":\"CLEAR\",⟦\(jsonReference(all.reference))}")
    }),
  ]

  static let jsonCommands: [InvalidCase] = [
    withSchema(json("custom-name-unknown", "a custom name the schema does not have (the message suggests CREATE_PIE_CHART)", .unknownCommandType, recordsBefore: 1) { b in
      b.line("{\"trace\":1,\(jsonReference(all.reference))}")
      b.line(pieChart)
      b.line(#"{"t":0,"type":⟦"CREATE_PIE_CHARTS","internalId":2,"childInternalId":10}"#)
    }),
    withSchema(json("custom-name-in-batch", "a custom name the schema does not have, inside a batch after a custom and a built-in command", .unknownCommandType) { b in
      b.line("{\"trace\":1,\(jsonReference(all.reference))}")
      b.line(#"{"t":0,"batch":[{"type":"CREATE_TRIP_CARD","internalId":2,"childInternalId":10},{"type":"CLEAR"},{"type":⟦"SET_TRIPS","internalId":10}]}"#)
    }),
    withSchema(json("custom-name-lower-case", "custom names are case-sensitive, like built-in ones", .unknownCommandType) { b in
      b.line("{\"trace\":1,\(jsonReference(all.reference))}")
      b.line(#"{"t":0,"type":⟦"create_pie_chart"}"#)
    }),
    json("custom-name-without-schema", "a custom command in a trace read without its schema (the header names none): the message asks for --widgets", .unknownCommandType) { b in
      b.line(#"{"trace":1}"#)
      b.line(#"{"t":0,"type":⟦"CREATE_PIE_CHART","internalId":2,"childInternalId":9}"#)
    },
  ]

  // MARK: - Binary

  static func binary(_ name: String, _ description: String, _ error: CodecError.Code, recordsBefore: Int = 0, _ build: (inout BinaryBuilder) -> Void) -> InvalidCase {
    var b = BinaryBuilder()
    build(&b)
    precondition(b.marks.count == 1, "\(name): mark exactly one place")
    return InvalidCase(name: "widgets/binary/\(name)", description: description, format: .binary, input: b.bytes, error: error, byteOffset: b.marks[0], recordsBefore: recordsBefore)
  }

  /// A header string: its length, then its bytes.
  static func headerString(_ h: inout BinaryBuilder, _ text: String) {
    h.varint(UInt64(text.utf8.count))
    h.raw(Array(text.utf8))
  }

  /// A header payload holding nothing but a schema reference (presence bit 5).
  static func referenceHeader(_ reference: WidgetSchemaReference) -> (inout BinaryBuilder) -> Void {
    { h in
      h.varint(0x20)
      headerString(&h, reference.name)
      headerString(&h, reference.fingerprint)
    }
  }

  /// The file's start with a header naming `reference`, the mark on the header record (where a
  /// refused schema points).
  static func markedReferenceHeader(_ b: inout BinaryBuilder, _ reference: WidgetSchemaReference) {
    b.raw(BinaryBuilder.magic + [1, 0])
    b.mark()
    var payload = BinaryBuilder()
    referenceHeader(reference)(&payload)
    b.varint(UInt64(payload.count))
    b.raw(payload.bytes)
  }

  /// A batch of one command of `code` with `fields` (presence bits and fields), the mark on the
  /// code when `markCode`.
  static func customRecord(_ b: inout BinaryBuilder, code: UInt64, markCode: Bool = false, _ fields: (inout BinaryBuilder) -> Void) {
    b.record(BinaryBuilder.batch) { p in
      p.varint(0)  // time: delta 0
      p.varint(1)  // one command
      if markCode { p.mark() }
      p.varint(code)
      fields(&p)
    }
  }

  /// CREATE_PIE_CHART (1000) on parent 2, creating 9.
  static func pieChartRecord(_ b: inout BinaryBuilder) {
    customRecord(&b, code: 1000) { p in p.varint(0b11); p.zigzag(2); p.zigzag(9) }
  }

  static let binaryHeaders: [InvalidCase] = [
    binary("schema-missing", "the header names schema all (presence bit 5) but no schema is given: refused at the header record, before the first record", .schemaMissing) { b in
      markedReferenceHeader(&b, all.reference)
      pieChartRecord(&b)
    },
    withSchema(binary("schema-mismatch", "the header names schema chart but all is given: refused at the header record, before the first record", .schemaMismatch) { b in
      markedReferenceHeader(&b, chart.reference)
      pieChartRecord(&b)
    }),
    withSchema(binary("fingerprint-upper-case", "a fingerprint with upper-case hex digits: the error points at the fingerprint's length", .invalidValue) { b in
      b.fileHeader { h in
        h.varint(0x20)
        headerString(&h, "all")
        h.mark()
        headerString(&h, upperCaseFingerprint)
      }
    }),
    withSchema(binary("fingerprint-empty", "an empty fingerprint", .invalidValue) { b in
      b.fileHeader { h in h.varint(0x20); headerString(&h, "all"); h.mark(); h.varint(0) }
    }),
    withSchema(binary("fingerprint-missing", "presence bit 5 set, but the header ends after the schema's name", .malformed) { b in
      b.fileHeader { h in h.varint(0x20); headerString(&h, "all"); h.mark() }
    }),
    withSchema(binary("name-invalid-utf8", "the schema name holds the byte 0xFF", .invalidUTF8) { b in
      b.fileHeader { h in
        h.varint(0x20); h.varint(2); h.raw([0x61]); h.mark(); h.raw([0xFF])
        headerString(&h, all.fingerprint)
      }
    }),
  ]

  static let binaryCommands: [InvalidCase] = [
    withSchema(binary("custom-code-unknown", "code 1005: in the custom range, but not a command of schema all", .unknownCommandType, recordsBefore: 1) { b in
      b.fileHeader(referenceHeader(all.reference))
      pieChartRecord(&b)
      customRecord(&b, code: 1005, markCode: true) { p in p.varint(0) }
    }),
    withSchema(binary("code-below-custom-range", "code 999: neither a built-in code nor a custom one", .unknownCommandType) { b in
      b.fileHeader(referenceHeader(all.reference))
      customRecord(&b, code: 999, markCode: true) { p in p.varint(0) }
    }),
    withSchema(binary("code-above-custom-range", "code 2000, one past the custom range", .unknownCommandType) { b in
      b.fileHeader(referenceHeader(all.reference))
      customRecord(&b, code: 2000, markCode: true) { p in p.varint(0) }
    }),
    binary("custom-code-without-schema", "code 1000 (CREATE_PIE_CHART in all) in a trace read without a schema (the header names none): the message asks for --widgets", .unknownCommandType) { b in
      b.fileHeader()
      customRecord(&b, code: 1000, markCode: true) { p in p.varint(0b11); p.zigzag(2); p.zigzag(9) }
    },
    withSchema(binary("custom-present-default", "CREATE_DATA_TABLE marks value present with 0: one command, one encoding, custom or not", .nonCanonical) { b in
      b.fileHeader(referenceHeader(all.reference))
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.raw([0xFC, 0x07]); p.mark(); p.varint(0x04); p.zigzag(0) }
    }),
    withSchema(binary("custom-unknown-presence-bit", "SET_TRIP (1011) sets presence bit 12, which no field has", .unknownField) { b in
      b.fileHeader(referenceHeader(all.reference))
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.varint(1011); p.mark(); p.varint(1 << 12) }
    }),
    withSchema(binary("custom-code-overlong", "the code 1000 written as three bytes (0xE8 0x87 0x00): opcodes are shortest varints too", .nonCanonical) { b in
      b.fileHeader(referenceHeader(all.reference))
      b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.mark(); p.raw([0xE8, 0x87, 0x00]); p.varint(0) }
    }),
  ]
}
