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
