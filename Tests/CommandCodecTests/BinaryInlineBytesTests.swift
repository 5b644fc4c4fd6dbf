import Testing
@testable import CommandCodec

/// Small traces whose bytes were worked out by hand from the format's rules, checked in both
/// directions: the encoder against an expectation that does not come from the encoder.
@Suite struct BinaryInlineBytesTests {
  /// Magic, version 1, numbering 0 (cmdtool-1), a header record of one byte: no presence bits.
  static let defaultHeader: [UInt8] = [0x89, 0x43, 0x4D, 0x44, 0x0D, 0x0A, 0x1A, 0x0A, 0x01, 0x00, 0x01, 0x00]

  static func expectBytes(_ actual: [UInt8], _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual == expected, "\nactual:\n\(Hex.dump(actual))\nexpected:\n\(Hex.dump(expected))", sourceLocation: sourceLocation)
  }

  static func expectRoundTrip(header: TraceHeader, records: [TraceRecord], numbering: CommandNumbering = .cmdtool, interning: StringInterning = .repeatingFields, binary: [UInt8], json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    var encoder = BinaryTraceEncoder(numbering: numbering, interning: interning)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(header, into: &bytes)
    for record in records { try encoder.encode(record, into: &bytes) }
    expectBytes(bytes, binary, sourceLocation: sourceLocation)
    let decoded = ChunkedDecoding.whole(binary, format: .binary)
    #expect(decoded.error == nil, sourceLocation: sourceLocation)
    #expect(decoded.header == header, sourceLocation: sourceLocation)
    #expect(decoded.records == records, sourceLocation: sourceLocation)

    let text = try Reencoding.json(header, records)
    #expect(String(decoding: text, as: UTF8.self) == json, sourceLocation: sourceLocation)
    let fromJSON = ChunkedDecoding.whole(Array(json.utf8), format: .jsonLines)
    #expect(fromJSON.error == nil, sourceLocation: sourceLocation)
    #expect(fromJSON.header == header, sourceLocation: sourceLocation)
    #expect(fromJSON.records == records, sourceLocation: sourceLocation)
  }

  @Test func fiveRecordsOfEveryKind() throws {
    let records: [TraceRecord] = [
      .batch([Command(.createButton, internalId: 2, childInternalId: 3, textValue: "OK")], at: 0),
      .event(.value(ValueEvent(text: "hi", value: -1)), to: 3, at: 12.5),
      .batch([
        Command(.setStyle, internalId: 3, value: 1, textValue: "color", textValue2: "red"),
        Command(.setStyle, internalId: 4, textValue: "color", textValue2: "red"),
      ], at: 20),
      TraceRecord(time: 20, .modalResult(dialog: 7, value: -2)),
      TraceRecord(time: 21, .marker(label: "x", detail: "")),
    ]
    let binary: [UInt8] = Self.defaultHeader + [
      // Batch, 9 bytes: time delta 0; 1 command; CREATE_BUTTON (8); presence internalId|childInternalId|textValue
      // (0b1011); internalId +2 (ZigZag 4); childInternalId +3 (ZigZag 6); "OK", literal (2 << 2).
      0x01, 0x09, 0x00, 0x01, 0x08, 0x0B, 0x04, 0x06, 0x08, 0x4F, 0x4B,
      // Event, 16 bytes: 12.5 is fractional, so an absolute time (head 1, then the double 0x4029000000000000
      // little-endian); ValueEvent (1); target 3 (ZigZag 6); presence text|value; "hi" (events intern
      // nothing by default); value -1 (ZigZag 1).
      0x02, 0x10, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x29, 0x40, 0x01, 0x06, 0x03, 0x08, 0x68, 0x69, 0x01,
      // Batch, 29 bytes: 20 is integral but the previous time is not, so absolute again (0x4034000000000000);
      // 2 commands. SET_STYLE (51 = 0x33), presence internalId|value|textValue|textValue2 (0x1D), internalId
      // 3 - 2 = +1 (ZigZag 2), value 1 (ZigZag 2), "color" entered in the string table, slot 0
      // ((5 << 2) | 2), "red" entered, slot 1 ((3 << 2) | 2). SET_STYLE, presence 0x19, internalId +1,
      // then references to slots 0 ((0 << 1) | 1) and 1 ((1 << 1) | 1).
      0x01, 0x1D, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x34, 0x40, 0x02,
      0x33, 0x1D, 0x02, 0x02, 0x16, 0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x0E, 0x72, 0x65, 0x64,
      0x33, 0x19, 0x02, 0x01, 0x03,
      // Modal result, 3 bytes: delta 0; dialog 7 (ZigZag 14); value -2 (ZigZag 3).
      0x03, 0x03, 0x00, 0x0E, 0x03,
      // Marker, 4 bytes: delta 1 (head 2); presence label; "x".
      0x04, 0x04, 0x02, 0x01, 0x04, 0x78,
    ]
    let json = """
      {"trace":1}
      {"t":0,"type":"CREATE_BUTTON","internalId":2,"childInternalId":3,"textValue":"OK"}
      {"t":12.5,"event":"ValueEvent","target":3,"text":"hi","value":-1}
      {"t":20,"batch":[{"type":"SET_STYLE","internalId":3,"value":1,"textValue":"color","textValue2":"red"},{"type":"SET_STYLE","internalId":4,"textValue":"color","textValue2":"red"}]}
      {"t":20,"modal":7,"value":-2}
      {"t":21,"marker":"x"}

      """
    try Self.expectRoundTrip(header: TraceHeader(), records: records, binary: binary, json: json)
  }

  @Test func headerFieldsAndASeedEraNumbering() throws {
    let header = TraceHeader(numbering: "engine-2017-11-16", viewport: Viewport(width: 375, height: 667, scale: 2), preferences: ["a": "1"])
    let records: [TraceRecord] = [.batch([Command(.setStyle, internalId: 3, textValue: "color", textValue2: "red")], at: 0)]
    let binary: [UInt8] =
      [0x89, 0x43, 0x4D, 0x44, 0x0D, 0x0A, 0x1A, 0x0A, 0x01]
      + [0x01]  // numbering byte 1: engine-2017-11-16
      + [0x24]  // header length 36
      + [0x19]  // presence: numbering | viewport | preferences
      + [0x11] + Array("engine-2017-11-16".utf8)  // header strings: plain length, not shifted
      + [0xEE, 0x05]  // width 375, ZigZag 750 = 0b101_1101110
      + [0xB6, 0x0A]  // height 667, ZigZag 1334 = 0b1010_0110110
      + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40]  // scale 2.0
      + [0x01, 0x01, 0x61, 0x01, 0x31]  // 1 preference: "a" = "1"
      // Batch: SET_STYLE is code 43 (0x2B) in this numbering, 51 in cmdtool-1.
      + [0x01, 0x0F, 0x00, 0x01, 0x2B, 0x19, 0x06, 0x16, 0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x0E, 0x72, 0x65, 0x64]
    let json = """
      {"trace":1,"numbering":"engine-2017-11-16","viewport":{"width":375,"height":667,"scale":2},"preferences":{"a":"1"}}
      {"t":0,"type":"SET_STYLE","internalId":3,"textValue":"color","textValue2":"red"}

      """
    try Self.expectRoundTrip(header: header, records: records, numbering: .engine20171116, binary: binary, json: json)

    // A type the numbering does not have is refused, and nothing is written.
    var encoder = BinaryTraceEncoder(numbering: .engine20171116)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(header, into: &bytes)
    let before = bytes
    #expect(throws: CodecError.self) { try encoder.encode(.batch([Command(.createSearchBar, internalId: 2)], at: 0), into: &bytes) }
    #expect(bytes == before)
  }

  @Test func interningModes() throws {
    let records: [TraceRecord] = [TraceRecord(time: 0, .marker(label: "x", detail: "")), TraceRecord(time: 0, .marker(label: "x", detail: ""))]
    let json = "{\"trace\":1}\n{\"t\":0,\"marker\":\"x\"}\n{\"t\":0,\"marker\":\"x\"}\n"
    // Everything interned: the first "x" enters slot 0 ((1 << 2) | 2), the second refers to it (0 << 1 | 1).
    try Self.expectRoundTrip(header: TraceHeader(), records: records, interning: .all, binary: Self.defaultHeader + [0x04, 0x04, 0x00, 0x01, 0x06, 0x78, 0x04, 0x03, 0x00, 0x01, 0x01], json: json)
    // Nothing interned: both literal.
    try Self.expectRoundTrip(header: TraceHeader(), records: records, interning: .none, binary: Self.defaultHeader + [0x04, 0x04, 0x00, 0x01, 0x04, 0x78, 0x04, 0x04, 0x00, 0x01, 0x04, 0x78], json: json)
  }

  /// Varints and ZigZag at their boundaries, against values worked out by hand.
  static let zigZagCases: [(Int64, [UInt8])] = [
    (0, [0x00]), (-1, [0x01]), (1, [0x02]), (-2, [0x03]), (63, [0x7E]), (-64, [0x7F]), (64, [0x80, 0x01]),
    (Int64(Int32.max), [0xFE, 0xFF, 0xFF, 0xFF, 0x0F]), (Int64(Int32.min), [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
    (Int64.min, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
  ]

  @Test(arguments: zigZagCases)
  func zigZag(_ value: Int64, _ expected: [UInt8]) {
    var bytes: [UInt8] = []
    bytes.writeZigZag(value)
    #expect(bytes == expected)
    var builder = BinaryBuilder()
    builder.zigzag(value)
    #expect(builder.bytes == expected, "the tests' own builder agrees")
  }

  /// The tests' builder writes what the first hand-computed record says, so the invalid vectors it
  /// builds rest on the same rules.
  @Test func builderMatchesTheHandComputedBytes() {
    var b = BinaryBuilder()
    b.fileHeader()
    b.record(BinaryBuilder.batch) { p in
      p.varint(0); p.varint(1); p.varint(8); p.varint(0x0B); p.zigzag(2); p.zigzag(3); p.string("OK")
    }
    #expect(b.bytes == Self.defaultHeader + [0x01, 0x09, 0x00, 0x01, 0x08, 0x0B, 0x04, 0x06, 0x08, 0x4F, 0x4B])
  }
}
