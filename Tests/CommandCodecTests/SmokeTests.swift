import Testing
@testable import CommandCodec

@Suite struct SmokeTests {
  static let records: [TraceRecord] = [
    .batch([Command(.createApplication, childInternalId: 1, textValue: "Demo")], at: 0),
    .batch([
      Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(.createButton, internalId: 2, childInternalId: 3, textValue: "Héllo \"q\" \\ \n 😀"),
      Command(.setStyle, internalId: 3, value: 1, textValue: "color", textValue2: "#ff0000"),
      Command(.setStyle, internalId: 3, value: 0, textValue: "color", textValue2: "#ff0000"),
      Command(.setTextData, internalId: 3, textValue: "x", row: -5, column: 7, sheet: 65535, width: Int32.min, height: Int32.max, flags: UInt32.max),
    ], at: 12.5),
    .event(.value(ValueEvent(text: "alice", value: 1)), to: 3, at: 1500),
    .event(.touch(TouchEvent(timestamp: 1.25, type: 2, x: -0.0, y: 3, identifier: Int64.min, flush: true)), to: 3, at: 1500),
    .event(.imageUpload(ImageUploadEvent(data: [0, 1, 2, 255])), to: 1, at: 1501),
    TraceRecord(time: 1600, .modalResult(dialog: 7, value: 2)),
    TraceRecord(time: 1600, .marker(label: "done", detail: "")),
    .batch([], at: 1700),
  ]
  static let header = TraceHeader(numbering: "engine-2018-11-28", created: "2026-11-22T10:00:00Z", creator: "test", viewport: Viewport(width: 375, height: 667, scale: 2), preferences: ["b": "2", "a": "1"])

  @Test(arguments: TraceFormat.allCases)
  func roundTrip(format: TraceFormat) throws {
    var encoder = TraceEncoder(format: format)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(Self.header, into: &bytes)
    for record in Self.records { try encoder.encode(record, into: &bytes) }
    if format == .jsonLines { print(String(decoding: bytes, as: UTF8.self)) }
    let decoded = DecodedTrace(decoding: bytes)
    #expect(decoded.error == nil, "\(String(describing: decoded.error))")
    #expect(decoded.header == Self.header)
    #expect(decoded.records == Self.records)
    // Byte by byte gives the same.
    var decoder = TraceDecoder()
    var records: [TraceRecord] = []
    for byte in bytes {
      decoder.feed([byte])
      while let record = try decoder.next() { records.append(record) }
    }
    decoder.finish()
    while let record = try decoder.next() { records.append(record) }
    #expect(records == Self.records)
  }
}
