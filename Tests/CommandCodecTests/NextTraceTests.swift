import Testing
@testable import CommandCodec

/// `TraceDecoder.startNextTrace()`: one stream that holds trace after trace (a testee serving many
/// cases on one connection, docs/CONFORMANCE.md §1.9) is read trace by trace, each from its own
/// header, however the bytes arrive.
@Suite struct NextTraceTests {
  /// A trace in `format`: `creator`'s header, then `labels` as markers (a binary trace interns
  /// the labels, so the second trace's string table must start empty to read them).
  static func trace(_ format: TraceFormat, creator: String, labels: [String]) throws -> [UInt8] {
    var encoder = TraceEncoder(format: format)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(creator: creator), into: &bytes)
    for (index, label) in labels.enumerated() {
      try encoder.encode(TraceRecord(time: Double(index), .marker(label: label, detail: "d")), into: &bytes)
    }
    return bytes
  }

  /// Decodes `bytes` fed in pieces cut at `cuts`, starting the next trace after `firstCount`
  /// records: the two headers' creators and each trace's labels.
  static func decode(_ bytes: [UInt8], cuts: [Int], firstCount: Int) throws -> [String] {
    var decoder = TraceDecoder()
    var seen: [String] = []
    var taken = 0
    var started = false
    var start = 0
    func take(_ decoder: inout TraceDecoder) throws {
      while true {
        if taken == firstCount && !started {
          seen.append("header \(decoder.header?.creator ?? "?")")
          decoder.startNextTrace()
          started = true
        }
        guard let record = try decoder.next() else { return }
        taken += 1
        if case .marker(let label, _) = record.body { seen.append(label) }
      }
    }
    for cut in cuts + [bytes.count] where cut > start {
      decoder.feed(Array(bytes[start..<cut]))
      start = cut
      try take(&decoder)
    }
    decoder.finish()
    try take(&decoder)
    seen.append("header \(decoder.header?.creator ?? "?")")
    return seen
  }

  @Test(arguments: [TraceFormat.jsonLines, .binary])
  func traceAfterTraceEachFromItsHeader(format: TraceFormat) throws {
    let first = try Self.trace(format, creator: "one", labels: ["a", "b"])
    let second = try Self.trace(format, creator: "two", labels: ["b", "c", "a"])
    let bytes = first + second
    let expected = ["a", "b", "header one", "b", "c", "a", "header two"]
    #expect(try Self.decode(bytes, cuts: [], firstCount: 2) == expected)
    #expect(try Self.decode(bytes, cuts: Array(1..<bytes.count), firstCount: 2) == expected)
    // Cut right where the second trace begins, and inside its header.
    #expect(try Self.decode(bytes, cuts: [first.count, first.count + 3], firstCount: 2) == expected)
  }

  @Test func withoutItTheSecondHeaderIsAnError() throws {
    let bytes = try Self.trace(.binary, creator: "one", labels: ["a"]) + Self.trace(.binary, creator: "two", labels: ["a"])
    var decoder = TraceDecoder()
    decoder.feed(bytes)
    decoder.finish()
    _ = try decoder.next()
    #expect(throws: CodecError.self) { while try decoder.next() != nil {} }
  }

  @Test func garbageWhereTheNextTraceBeginsIsAnError() throws {
    var decoder = TraceDecoder()
    decoder.feed(try Self.trace(.jsonLines, creator: "one", labels: ["a"]) + Array("garbage\n".utf8))
    _ = try decoder.next()
    decoder.startNextTrace()
    #expect(throws: CodecError.self) { _ = try decoder.next() }
  }
}
