import Testing
@testable import CommandCodec

/// A JSON Lines input cut inside its last line (no newline after it) fails with `truncated` at the
/// end of the input, whatever token the cut falls in; with a newline the same line is a syntax error.
///
/// Regression: a cut inside `true`/`false`/`null` used to be a syntax error, a cut inside `\uXXXX`
/// pointed at the escape's digits, and a cut between the halves of an escaped surrogate pair was
/// reported as a lone surrogate (`invalidUTF8`).
@Suite struct JSONTruncationTests {
  static let lines: [String] = [
    #"{"t":0,"event":"ImageResponseEvent","target":1,"success":true,"isLive":false}"#,
    #"{"t":0,"type":"SET_TEXT_VALUE","textValue":"\ud83d\ude00\u00e9\n","textValue2":"é😀"}"#,
    #"{"x":[true,false,null,{"y":"\u0041"}],"type":"CLEAR","internalId":-12}"#,
    #"{"t":1.5e-3,"event":"TouchEvent","target":4,"x":-0.25E+1,"flush":true}"#,
  ]

  static func decode(_ bytes: [UInt8], ignoringUnknownFields: Bool) -> DecodeOutcome {
    var decoder = TraceDecoder(format: .jsonLines, jsonOptions: JSONDecodingOptions(ignoreUnknownFields: ignoringUnknownFields))
    decoder.feed(bytes)
    decoder.finish()
    var records: [TraceRecord] = []
    do {
      while let record = try decoder.next() { records.append(record) }
      return DecodeOutcome(header: decoder.header, records: records, error: nil)
    } catch {
      return DecodeOutcome(header: decoder.header, records: records, error: error)
    }
  }

  @Test(arguments: lines)
  func everyCutIsTruncation(_ line: String) throws {
    let prefix = Array("{\"trace\":1}\n{\"t\":0,\"type\":\"CLEAR\"}\n".utf8)
    let bytes = Array(line.utf8)
    // The whole line is valid (unknown fields are skipped for the line that has one).
    let whole = Self.decode(prefix + bytes, ignoringUnknownFields: true)
    #expect(whole.error == nil, "\(whole)")
    #expect(whole.records.count == 2)
    for cut in 1..<bytes.count {
      let input = prefix + bytes[..<cut]
      let outcome = Self.decode(input, ignoringUnknownFields: true)
      let error = try #require(outcome.error, "cut at \(cut) decoded")
      #expect(error.code == .truncated, "cut at \(cut): \(error)")
      #expect(error.location.byteOffset == input.count, "cut at \(cut): \(error)")
      #expect(error.location.line == 3 && error.location.column == cut + 1, "cut at \(cut): \(error)")
      #expect(error.recordIndex == 1)
      #expect(outcome.records.count == 1)
      // The same bytes followed by a newline are a line that ends too early: not truncation.
      let terminated = Self.decode(input + [0x0A], ignoringUnknownFields: true)
      #expect(terminated.error != nil && terminated.error?.code != .truncated, "cut at \(cut) with a newline: \(String(describing: terminated.error))")
    }
  }

  @Test func completeLiteralsOfTheWrongTypeAreNotTruncation() throws {
    // "nul" is a prefix of null, but "nux" is no literal at all: a syntax error even at the end.
    let error = try #require(Self.decode(Array(#"{"t":0,"event":"ValueEvent","target":1,"text":nux"#.utf8), ignoringUnknownFields: false).error)
    #expect(error.code == .syntax)
    #expect(error.location.column == 47)
  }
}
