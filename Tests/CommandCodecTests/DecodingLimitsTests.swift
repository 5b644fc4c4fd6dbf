import Foundation
import Testing
@testable import CommandCodec

/// Declared lengths and counts are checked before anything is allocated, and the limits hold in
/// both decoders and in the encoder.
@Suite struct DecodingLimitsTests {
  /// The process's virtual size in bytes (Linux `/proc/self/statm`), or nil where it cannot be
  /// read. Address space reserved for a buffer counts even if its pages are never touched.
  static func virtualSize() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = text.split(separator: " ").first.flatMap({ Int($0) })
    else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Runs `body` and fails if the virtual size grew by more than `limit` meanwhile (other tests run
  /// in parallel, hence the generous margin: the point is that 4 GiB are not reserved).
  static func expectAllocatesLittle(limit: Int = 1 << 30, sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void) {
    let before = virtualSize()
    body()
    if let before, let after = virtualSize() {
      #expect(after - before < limit, "allocated \(after - before) bytes", sourceLocation: sourceLocation)
    }
  }

  static func firstError(_ bytes: [UInt8], options: BinaryDecodingOptions = BinaryDecodingOptions(), finish: Bool = true) -> CodecError? {
    var decoder = BinaryTraceDecoder(options: options)
    decoder.feed(bytes)
    do {
      while try decoder.next() != nil {}
      if finish { try decoder.finish() }
      return nil
    } catch {
      return error
    }
  }

  @Test func fourGiBRecordLengthIsRefusedAsSoonAsItIsRead() throws {
    var b = BinaryBuilder()
    b.fileHeader()
    b.byte(BinaryBuilder.batch)
    b.varint(1 << 32)
    // No payload follows and the input is not finished: the decoder must not wait for 4 GiB.
    let error = try #require(Self.firstError(b.bytes, finish: false))
    #expect(error.code == .recordTooLong)
    #expect(error.location.byteOffset == 13)
    #expect(error.recordIndex == 0)
  }

  @Test func fourGiBRecordWithoutALimitWaitsWithoutReserving() {
    var b = BinaryBuilder()
    b.fileHeader()
    b.byte(BinaryBuilder.batch)
    b.varint(1 << 32)
    b.raw([UInt8](repeating: 0, count: 1000))
    let options = BinaryDecodingOptions(maxRecordLength: .max, maxStringLength: .max)
    Self.expectAllocatesLittle {
      var decoder = BinaryTraceDecoder(options: options)
      decoder.feed(b.bytes)
      do {
        let record = try decoder.next()
        #expect(record == nil, "waits for the rest of the record")
      } catch {
        Issue.record("no limit, no error expected: \(error)")
      }
      #expect(throws: CodecError.self) { try decoder.finish() }
    }
  }

  /// Counts and lengths inside a small record are checked against the record's size first.
  @Test func hugeCountsInsideASmallRecordAllocateNothing() throws {
    let options = BinaryDecodingOptions(maxRecordLength: .max, maxStringLength: .max)
    var batch = BinaryBuilder()
    batch.fileHeader()
    batch.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1 << 32); p.raw([43, 0]) }
    var string = BinaryBuilder()
    string.fileHeader()
    string.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.varint(46); p.varint(0x08); p.varint((1 << 32) << 2); p.raw([0x61]) }
    var data = BinaryBuilder()
    data.fileHeader()
    data.record(BinaryBuilder.event) { p in p.varint(0); p.varint(20); p.zigzag(1); p.varint(1); p.varint(1 << 32); p.raw([0x61]) }
    var preferences = BinaryBuilder()
    preferences.fileHeader { h in h.varint(0x10); h.varint(1 << 40) }
    for input in [batch.bytes, string.bytes, data.bytes, preferences.bytes] {
      var error: CodecError?
      Self.expectAllocatesLittle { error = Self.firstError(input, options: options) }
      #expect(error?.code == .malformed, "\(String(describing: error))")
    }
  }

  @Test func binaryStringLimit() throws {
    var b = BinaryBuilder()
    b.fileHeader()
    b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(1); p.varint(46); p.varint(0x08); p.mark(); p.string("12345") }
    let error = try #require(Self.firstError(b.bytes, options: BinaryDecodingOptions(maxStringLength: 4)))
    #expect(error.code == .stringTooLong)
    #expect(error.location.byteOffset == b.marks[0])
    #expect(Self.firstError(b.bytes, options: BinaryDecodingOptions(maxStringLength: 5)) == nil)
  }

  @Test func jsonLineLimitFailsBeforeTheNewlineArrives() throws {
    var decoder = JSONTraceDecoder(options: JSONDecodingOptions(maxLineLength: 64))
    decoder.feed(Array(#"{"trace":1}"#.utf8) + [0x0A])
    decoder.feed([UInt8](repeating: 0x20, count: 65))
    #expect(throws: CodecError.self) { _ = try decoder.next() }
    do {
      _ = try decoder.next()
    } catch {
      #expect(error.code == .recordTooLong)
      #expect(error.location.line == 2)
      #expect(error.location.byteOffset == 12)
    }
  }

  @Test func jsonStringLimit() throws {
    let options = JSONDecodingOptions(maxStringLength: 8)
    for (text, ok) in [(#"{"t":0,"marker":"12345678"}"#, true), (#"{"t":0,"marker":"123456789"}"#, false), (#"{"t":0,"marker":"\n\n\n\n\n"}"#, false)] {
      var decoder = JSONTraceDecoder(options: options)
      decoder.feed(Array(text.utf8))
      decoder.finish()
      do {
        _ = try decoder.next()
        #expect(ok, "\(text) should fail")
      } catch {
        #expect(!ok, "\(text): \(error)")
        #expect(error.code == .stringTooLong)
        #expect(error.location.column == 17, "at the opening quote")
      }
    }
  }

  @Test func jsonNestingLimit() throws {
    var decoder = JSONTraceDecoder(options: JSONDecodingOptions(maxNestingDepth: 2))
    decoder.feed(Array(#"{"x":[[1]],"type":"CLEAR"}"#.utf8))
    decoder.finish()
    #expect(throws: CodecError.self) { _ = try decoder.next() }
    do { _ = try decoder.next() } catch {
      #expect(error.code == .nestingTooDeep)
      #expect(error.location.column == 8)
    }
  }

  @Test func encoderRefusesWhatDecodersWouldRefuse() throws {
    var encoder = BinaryTraceEncoder(limits: BinaryDecodingOptions(maxRecordLength: 200, maxStringLength: 150))
    var bytes: [UInt8] = []
    try encoder.encodeHeader(TraceHeader(), into: &bytes)
    let header = bytes
    #expect(throws: CodecError.self) { try encoder.encode(.batch([Command(.clear, textValue: String(repeating: "x", count: 151))], at: 0), into: &bytes) }
    #expect(bytes == header)
    try encoder.encode(.batch([Command(.clear, textValue: String(repeating: "x", count: 150))], at: 0), into: &bytes)
    let one = bytes
    do {
      try encoder.encode(.batch([Command(.clear, textValue: String(repeating: "x", count: 150), textValue2: "y")] + [Command](repeating: Command(.clear, internalId: 9), count: 30), at: 0), into: &bytes)
      Issue.record("a record over the limit was written")
    } catch {
      #expect(error.code == .recordTooLong)
    }
    #expect(bytes == one, "nothing of the refused record stays")
    #expect(throws: CodecError.self) { try encoder.encode(.batch([], at: 0), into: &bytes) }
  }

  @Test func headerEncoderRefusesWhatDecodersWouldRefuse() throws {
    let limits = BinaryDecodingOptions(maxRecordLength: 100, maxStringLength: 40)
    let refused: [(TraceHeader, CodecError.Code)] = [
      (TraceHeader(numbering: "engine-1999"), .unknownNumbering),
      (TraceHeader(creator: String(repeating: "c", count: 41)), .stringTooLong),
      (TraceHeader(preferences: ["k": String(repeating: "v", count: 41)]), .stringTooLong),
      (TraceHeader(preferences: Dictionary(uniqueKeysWithValues: (0..<20).map { ("key\($0)", "value") })), .recordTooLong),
      (TraceHeader(version: 2), .unsupportedVersion),
    ]
    for (header, code) in refused {
      var encoder = BinaryTraceEncoder(limits: limits)
      var out: [UInt8] = []
      do {
        try encoder.encodeHeader(header, into: &out)
        Issue.record("encoded \(header)")
      } catch {
        #expect(error.code == code, "\(header): \(error)")
      }
      #expect(out.isEmpty, "nothing appended")
    }
    // At the limits, the decoder with the same limits reads the header back.
    var encoder = BinaryTraceEncoder(limits: limits)
    var out: [UInt8] = []
    let header = TraceHeader(creator: String(repeating: "c", count: 40))
    try encoder.encodeHeader(header, into: &out)
    var decoder = BinaryTraceDecoder(options: limits)
    decoder.feed(out)
    #expect(try decoder.next() == nil)
    try decoder.finish()
    #expect(decoder.header == header)
  }
}
