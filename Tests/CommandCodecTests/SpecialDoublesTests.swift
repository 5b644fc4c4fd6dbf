import Testing
@testable import CommandCodec

/// Infinities, NaNs and negative zeros.
///
/// Binary event doubles are bit patterns: NaN (with its payload) and ±∞ survive. JSON has no such
/// numbers, so the JSON encoder refuses them instead of writing `nan`/`inf` (regression: it wrote
/// lines no decoder reads). A viewport scale must be finite and not negative in both formats, and
/// both encoders now refuse what both decoders refuse (regression: they wrote it). −0.0 is a value
/// of its own wherever +0.0 is the default (regression: JSON dropped a −0 scale).
@Suite struct SpecialDoublesTests {
  static let nonFinite: [Double] = [.infinity, -.infinity, .nan, -.nan, .signalingNaN, Double(nan: 0x1234, signaling: false)]

  static func events(_ value: Double) -> [Event] {
    [.touch(TouchEvent(x: value)), .touch(TouchEvent(timestamp: value, y: 1)), .update(UpdateEvent(timestamp: value)), .scroll(ScrollEvent(delta: value))]
  }

  @Test func jsonEncoderRefusesNonFiniteEventFields() throws {
    for value in Self.nonFinite {
      for event in Self.events(value) {
        var encoder = TraceEncoder(format: .jsonLines)
        var out: [UInt8] = []
        try encoder.encodeHeader(TraceHeader(), into: &out)
        try encoder.encode(.batch([], at: 5), into: &out)
        let before = out
        do {
          try encoder.encode(.event(event, to: 4, at: 6), into: &out)
          Issue.record("encoded \(event) as \(String(decoding: out, as: UTF8.self))")
        } catch {
          #expect(error.code == .invalidValue)
          #expect(error.message.contains("not a finite number"), "\(error)")
        }
        #expect(out == before, "nothing appended")
        // Still usable, and its time did not advance.
        try encoder.encode(.event(.touch(TouchEvent(x: 1)), to: 4, at: 5), into: &out)
      }
    }
  }

  @Test func binaryCarriesNonFiniteEventFieldsBitForBit() throws {
    for value in Self.nonFinite {
      let record = TraceRecord.event(.touch(TouchEvent(timestamp: value, x: value, y: -value)), to: 4, at: 0)
      let bytes = try Reencoding.binary(TraceHeader(), [record])
      let decoded = ChunkedDecoding.whole(bytes, format: .binary)
      #expect(decoded.error == nil)
      guard case .event(_, .touch(let touch))? = decoded.records.first?.body else {
        Issue.record("no touch event decoded")
        continue
      }
      #expect(touch.timestamp.bitPattern == value.bitPattern)
      #expect(touch.x.bitPattern == value.bitPattern)
      #expect(touch.y.bitPattern == (-value).bitPattern)
      #expect(try Reencoding.binary(TraceHeader(), [TraceRecord(time: 0, .event(target: 4, .touch(touch)))]) == bytes)
    }
  }

  @Test(arguments: TraceFormat.allCases)
  func encodersRefuseABadViewportScale(_ format: TraceFormat) {
    for scale in Self.nonFinite + [-1, -.leastNonzeroMagnitude] {
      var encoder = TraceEncoder(format: format)
      var out: [UInt8] = []
      #expect(throws: CodecError.self, "scale \(scale)") { try encoder.encodeHeader(TraceHeader(viewport: Viewport(width: 1, height: 1, scale: scale)), into: &out) }
      #expect(out.isEmpty)
    }
    var binary = BinaryTraceEncoder()
    var out: [UInt8] = []
    #expect(throws: CodecError.self) { try binary.encodeHeader(TraceHeader(viewport: Viewport(width: 1, height: 1, scale: .nan)), into: &out) }
    #expect(out.isEmpty)
  }

  @Test(arguments: TraceFormat.allCases)
  func negativeZeroSurvives(_ format: TraceFormat) throws {
    let header = TraceHeader(viewport: Viewport(width: 0, height: 0, scale: -0.0))
    let records: [TraceRecord] = [.event(.scroll(ScrollEvent(delta: -0.0)), to: 1, at: 0)]
    let bytes = format == .binary ? try Reencoding.binary(header, records) : try Reencoding.json(header, records)
    let decoded = ChunkedDecoding.whole(bytes, format: format)
    #expect(decoded.header?.viewport?.scale.bitPattern == (-0.0).bitPattern)
    guard case .event(_, .scroll(let scroll))? = decoded.records.first?.body else {
      Issue.record("no scroll event decoded")
      return
    }
    #expect(scroll.delta.bitPattern == (-0.0).bitPattern)
  }

  /// A record time of −0.0 is 0 in both formats (the encoders write 0; an absolute −0.0 in a binary
  /// file reads as 0, as `-0` does in JSON).
  @Test func negativeZeroTimeReadsAsZero() throws {
    var b = BinaryBuilder()
    b.fileHeader()
    b.record(BinaryBuilder.marker) { p in p.varint(1); p.double(-0.0); p.varint(0) }
    let binary = ChunkedDecoding.whole(b.bytes, format: .binary)
    let json = ChunkedDecoding.whole(Array("{\"t\":-0,\"marker\":\"\"}".utf8), format: .jsonLines)
    for decoded in [binary, json] {
      #expect(decoded.error == nil)
      #expect(decoded.records.first?.time.bitPattern == 0)
    }
  }

  @Test func largestFiniteValuesRoundTrip() throws {
    let records: [TraceRecord] = [.event(.touch(TouchEvent(timestamp: .greatestFiniteMagnitude, x: -.greatestFiniteMagnitude, y: .leastNonzeroMagnitude)), to: 4, at: 0)]
    let header = TraceHeader(viewport: Viewport(width: 1, height: 1, scale: .greatestFiniteMagnitude))
    for format in TraceFormat.allCases {
      let bytes = format == .binary ? try Reencoding.binary(header, records) : try Reencoding.json(header, records)
      let decoded = ChunkedDecoding.whole(bytes, format: format)
      #expect(decoded.error == nil)
      #expect(decoded.records == records)
      #expect(decoded.header == header)
    }
  }
}
