import Testing
@testable import CommandCodec

/// Decoding must not depend on how the input arrives: whole, a byte at a time, or in random
/// pieces, every vector gives the same header, records and error.
@Suite struct ChunkingTests {
  static let seeds: [UInt64] = [1, 2, 0xC0FFEE, 0x5EED_5EED_5EED_5EED]

  /// Every way of splitting `bytes` the tests use, with a name for failure messages.
  static func splittings(_ bytes: [UInt8]) -> [(name: String, cuts: [Int])] {
    var result: [(String, [Int])] = [("byte by byte", bytes.isEmpty ? [] : Array(1..<bytes.count))]
    for seed in seeds {
      result.append(("random splits, seed \(seed)", ChunkedDecoding.randomCuts(count: bytes.count, seed: seed, meanLength: 5)))
      result.append(("large random splits, seed \(seed)", ChunkedDecoding.randomCuts(count: bytes.count, seed: seed, meanLength: 600)))
    }
    // Every single cut point, for short inputs: two chunks split anywhere.
    if bytes.count <= 200 { result += (1..<max(1, bytes.count)).map { ("split at \($0)", [$0]) } }
    return result
  }

  static func expectSameOutcome(_ bytes: [UInt8], format: TraceFormat?, widgets: WidgetSchema? = nil, as expected: DecodeOutcome, sourceLocation: SourceLocation = #_sourceLocation) {
    for (name, cuts) in splittings(bytes) {
      let outcome = ChunkedDecoding.decode(bytes, format: format, cuts: cuts, widgets: widgets)
      #expect(outcome == expected, "\(name) (format \(format.map(\.rawValue) ?? "detected")): got \(outcome), expected \(expected)", sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: VectorStore.valid)
  func validVector(_ vector: ValidVector) throws {
    var inputs: [(TraceFormat, [UInt8])] = [(.jsonLines, Array(vector.jsonl.utf8)), (.binary, try #require(Hex.decode(vector.binaryHex)))]
    if let input = vector.jsonlInput { inputs.append((.jsonLines, Array(input.utf8))) }
    let widgets = try vector.schema()
    for (format, bytes) in inputs {
      let whole = ChunkedDecoding.whole(bytes, format: format, widgets: widgets)
      #expect(whole.error == nil)
      #expect(whole.header != nil)
      Self.expectSameOutcome(bytes, format: format, widgets: widgets, as: whole)
      // With the format detected from the first chunk, too.
      #expect(ChunkedDecoding.byteByByte(bytes, format: nil, widgets: widgets) == whole)
    }
  }

  @Test(arguments: VectorStore.invalid)
  func invalidVector(_ vector: InvalidVector) throws {
    let format = try #require(TraceFormat(rawValue: vector.format))
    let bytes = try #require(Hex.decode(vector.inputHex))
    let widgets = try vector.schema()
    let whole = ChunkedDecoding.whole(bytes, format: format, widgets: widgets)
    #expect(whole.error != nil)
    Self.expectSameOutcome(bytes, format: format, widgets: widgets, as: whole)
  }

  /// Taking records only after all input has arrived, or after every chunk, makes no difference.
  @Test(arguments: VectorStore.valid.prefix(40) + VectorStore.valid.filter { $0.widgets != nil })
  func drainingLateGivesTheSameRecords(_ vector: ValidVector) throws {
    let bytes = try #require(Hex.decode(vector.binaryHex))
    let widgets = try vector.schema()
    var decoder = TraceDecoder(format: .binary, binaryOptions: BinaryDecodingOptions(widgets: widgets))
    for byte in bytes { decoder.feed([byte]) }
    decoder.finish()
    var records: [TraceRecord] = []
    while let record = try decoder.next() { records.append(record) }
    #expect(records == ChunkedDecoding.whole(bytes, format: .binary, widgets: widgets).records)
  }
}

/// An array fed after everything before it was consumed is taken over, not copied: the byte
/// offsets a decoder reports must still count every byte fed before it.
@Suite struct FeedTakeoverTests {
  static let lines = [
    #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1}"# + "\n",
    #"{"t":1,"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"# + "\n",
    #"{"t":2,"type":"NOT_A_TYPE"}"# + "\n",
  ]

  @Test func jsonOffsetsCountTheArraysTakenOver() throws {
    var decoder = JSONTraceDecoder()
    decoder.feed(Array(Self.lines[0].utf8))
    #expect(try decoder.next()?.time == 0)
    #expect(try decoder.next() == nil)
    #expect(decoder.consumedByteCount == Self.lines[0].utf8.count)
    decoder.feed(Array(Self.lines[1].utf8))  // everything before was consumed: taken over
    #expect(try decoder.next()?.time == 1)
    #expect(decoder.consumedByteCount == Self.lines[0].utf8.count + Self.lines[1].utf8.count)
    decoder.feed(Array(Self.lines[2].utf8))
    let error = try #require(throws: CodecError.self) { try decoder.next() }
    // The same error, at the same place, as from all three lines fed at once.
    var whole = JSONTraceDecoder()
    Array(Self.lines.joined().utf8).withUnsafeBytes { whole.feed($0) }
    #expect(try whole.next() != nil && whole.next() != nil)
    let expected = try #require(throws: CodecError.self) { try whole.next() }
    #expect(error == expected)
    #expect(error.location.line == 3)
    #expect(error.location.byteOffset > Self.lines[0].utf8.count + Self.lines[1].utf8.count)
  }

  @Test func binaryOffsetsCountTheArraysTakenOver() throws {
    var encoder = BinaryTraceEncoder()
    var header: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(), into: &header)
    var first: [UInt8] = []
    try encoder.encode(.batch([Command(.createApplication, childInternalId: 1)], at: 0), into: &first)
    var second: [UInt8] = []
    try encoder.encode(.batch([Command(.createFrameView, internalId: 1, childInternalId: 2)], at: 1), into: &second)
    var decoder = BinaryTraceDecoder()
    decoder.feed(header + first)
    #expect(try decoder.next()?.time == 0)
    decoder.feed(second)  // taken over
    #expect(try decoder.next()?.time == 1)
    #expect(decoder.consumedByteCount == header.count + first.count + second.count)
    decoder.feed([0x7F])  // not a record kind
    let error = try #require(throws: CodecError.self) { try decoder.next() }
    #expect(error.location.byteOffset == header.count + first.count + second.count)
  }
}

@Suite struct SplitMix64Tests {
  /// The reference outputs of SplitMix64 for seed 0 (as published with the algorithm and used by
  /// e.g. Java's SplittableRandom tests).
  @Test func knownOutputs() {
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func sameSeedSameSplits() {
    let a = ChunkedDecoding.randomCuts(count: 1000, seed: 42, meanLength: 7)
    let b = ChunkedDecoding.randomCuts(count: 1000, seed: 42, meanLength: 7)
    let c = ChunkedDecoding.randomCuts(count: 1000, seed: 43, meanLength: 7)
    #expect(a == b)
    #expect(a != c)
    #expect(a.allSatisfy { $0 > 0 && $0 < 1000 })
    #expect(zip(a, a.dropFirst()).allSatisfy { $0 < $1 })
    #expect(a.count > 1000 / 15)
  }
}
