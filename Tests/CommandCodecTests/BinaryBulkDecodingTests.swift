import Testing
@testable import CommandCodec

/// The binary decoder's bulk path overwrites the commands of the previous batch field by field
/// (`BinaryRecordParser.parseBatch`): every field a command does not carry must still read as its
/// default, whatever the command before it in that place carried, and batches may grow and shrink.
@Suite struct BinaryBulkDecodingTests {
  /// Records of generated streams (every field, strings with and without interning, batches of
  /// 0–16, events between them), taken in bulk and one at a time, whole and in chunks.
  @Test(arguments: [UInt64(1), 2, 3, 0xC0FFEE])
  func bulkDecodingGivesTheRecordsOfNext(seed: UInt64) throws {
    let stream = try Self.binaryStream(seed: seed)
    let expected = ChunkedDecoding.whole(stream.bytes, format: .binary)
    #expect(expected.error == nil)
    #expect(expected.records == stream.records)
    for cuts in [[], ChunkedDecoding.randomCuts(count: stream.bytes.count, seed: seed, meanLength: 40)] {
      #expect(Self.bulk(stream.bytes, cuts: cuts) == expected.records)
    }
  }

  /// A command whose field is present at its default, after a batch that filled that place: the
  /// error is the one `next()` gives.
  @Test func anErrorAfterReuseIsTheErrorOfNext() throws {
    var encoder = BinaryTraceEncoder()
    var bytes: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(), into: &bytes)
    let full = Command(.setStyle, internalId: 5, childInternalId: 6, value: 2, textValue: "color", textValue2: "#fff", row: 1, column: 2, sheet: 3, width: 4, height: 5, flags: 6)
    try encoder.encode(TraceRecord(time: 0, .batch([full, full])), into: &bytes)
    // A batch record of 5 bytes: time +0, one command of type code 1 with only textValue present
    // (bit 3), a string of length 0: refused.
    bytes += [0x01, 0x05, 0x00, 0x01, 0x01, 0x08, 0x00]
    let expected = ChunkedDecoding.whole(bytes, format: .binary)
    let expectedError = try #require(expected.error)
    var decoder = BinaryTraceDecoder()
    decoder.feed(bytes)
    var collector = RecordCollector()
    let error = try #require(throws: CodecError.self) { _ = try decoder.decodeAvailable(into: &collector) }
    #expect(error == expectedError)
    #expect(collector.records == expected.records)
  }

  static func bulk(_ bytes: [UInt8], cuts: [Int]) -> [TraceRecord]? {
    var decoder = BinaryTraceDecoder()
    var collector = RecordCollector()
    var start = 0
    do {
      for end in cuts + [bytes.count] where end >= start {
        decoder.feed(Array(bytes[start..<end]))
        start = end
        _ = try decoder.decodeAvailable(into: &collector)
      }
      try decoder.finish()
      return collector.records
    } catch {
      return nil
    }
  }

  /// The JSON fast path tests' generated commands (every field, any value), in batches whose
  /// sizes jump up and down, written in binary with every interning policy's strings.
  static func binaryStream(seed: UInt64) throws -> (bytes: [UInt8], records: [TraceRecord]) {
    var rng = SplitMix64(seed: seed)
    var encoder = BinaryTraceEncoder(interning: seed % 2 == 0 ? .all : .repeatingFields)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(), into: &bytes)
    var records: [TraceRecord] = []
    for index in 0..<400 {
      let record: TraceRecord
      switch rng.next() % 12 {
      case 0: record = TraceRecord(time: Double(index), .marker(label: "mark", detail: ""))
      case 1: record = TraceRecord(time: Double(index), .batch([]))
      default:
        let size = rng.next() % 2 == 0 ? 1 : Int(rng.next() % 16) + 1
        record = TraceRecord(time: Double(index), .batch((0..<size).map { _ in CanonicalFastPathTests.command(&rng, plain: false) }))
      }
      try encoder.encode(record, into: &bytes)
      records.append(record)
    }
    return (bytes, records)
  }
}
