import Testing
@testable import CommandCodec

/// Two flaws people make by hand (or editors make for them) are named as such, at their usual
/// place: a UTF-8 byte order mark and a trailing comma.
@Suite struct JSONFlawMessageTests {
  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  static func error(_ bytes: [UInt8], format: TraceFormat? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> CodecError {
    try #require(ChunkedDecoding.whole(bytes, format: format).error, sourceLocation: sourceLocation)
  }

  static func error(_ text: String, format: TraceFormat? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> CodecError {
    try error(Array(text.utf8), format: format, sourceLocation: sourceLocation)
  }

  // MARK: - Byte order mark

  @Test("A BOM before the header: detected as JSON Lines, not \"bad magic\", whether the format is detected or given", arguments: [nil, TraceFormat.jsonLines])
  func byteOrderMarkAtTheStart(format: TraceFormat?) throws {
    let error = try Self.error(Self.bom + Array("{\"trace\":1}\n{\"t\":0,\"type\":\"CLEAR\"}\n".utf8), format: format)
    #expect(error.description == "line 1, column 1: the trace starts with a UTF-8 byte order mark (EF BB BF); save it without one")
    #expect(error.code == .syntax)
    #expect(error.location.byteOffset == 0)
  }

  @Test("A BOM before the first record of a header-less stream")
  func byteOrderMarkHeaderless() throws {
    let error = try Self.error(Self.bom + Array("{\"type\":\"CLEAR\"}\n".utf8))
    #expect(error.description == "line 1, column 1: the trace starts with a UTF-8 byte order mark (EF BB BF); save it without one")
  }

  @Test("A BOM at the start of a later line: an appended file")
  func byteOrderMarkAfterRecords() throws {
    let bytes = Array("{\"trace\":1}\n{\"t\":0,\"type\":\"CLEAR\"}\n".utf8) + Self.bom + Array("{\"t\":0,\"type\":\"CLEAR\"}\n".utf8)
    let outcome = ChunkedDecoding.whole(bytes, format: nil)
    #expect(outcome.records.count == 1)
    let error = try #require(outcome.error)
    #expect(error.description == "line 3, column 1 (record #1): the line starts with a UTF-8 byte order mark (EF BB BF); remove it (a file saved with one was probably appended here)")
    #expect(error.location.byteOffset == 35)
  }

  @Test("A BOM after a leading blank line: not the start of the trace, and nothing was appended")
  func byteOrderMarkAfterABlankLine() throws {
    let error = try Self.error(Array("\n".utf8) + Self.bom + Array("{\"trace\":1}\n".utf8))
    #expect(error.description == "line 2, column 1: the line starts with a UTF-8 byte order mark (EF BB BF); remove it")
  }

  @Test("Detection waits for the third byte: the same outcome however the input is split")
  func byteOrderMarkDetectionIsChunkingIndependent() throws {
    let bytes = Self.bom + Array("{\"trace\":1}\n{\"t\":0,\"type\":\"CLEAR\"}\n".utf8)
    let whole = ChunkedDecoding.whole(bytes, format: nil)
    #expect(whole.error?.code == .syntax)
    ChunkingTests.expectSameOutcome(bytes, format: nil, as: whole)
  }

  @Test("Only all three bytes are a BOM: EF alone, EF BB, or EF and something else are not a trace", arguments: [
    [0xEF], [0xEF, 0xBB], [0xEF, 0x41, 0x42], [0xEF, 0xBB, 0x41],
  ] as [[UInt8]])
  func partialByteOrderMark(_ bytes: [UInt8]) throws {
    let error = try Self.error(bytes)
    #expect(error.code == .badMagic)
    #expect(error.description == "byte 0: the input is not a trace: a binary trace starts with byte 0x89, a JSON Lines trace with \"{\"; this one starts with 0xEF")
    #expect(ChunkedDecoding.byteByByte(bytes, format: nil) == ChunkedDecoding.whole(bytes, format: nil))
  }

  @Test("TraceFormat.detect takes a whole BOM as JSON Lines")
  func detect() {
    #expect(TraceFormat.detect(Self.bom + [UInt8(ascii: "{")]) == .jsonLines)
    #expect(TraceFormat.detect(Self.bom) == .jsonLines)
    #expect(TraceFormat.detect([0xEF, 0xBB]) == nil)
    #expect(TraceFormat.detect([0xEF, 0xBB, 0xBE]) == nil)
  }

  // MARK: - Trailing commas

  @Test("A trailing comma in a batch's command: the place of the comma, with the record")
  func trailingCommaInBatchCommand() throws {
    let text = """
      {"trace":1}
      {"t":0,"type":"CLEAR"}
      {"t":0,"batch":[{"type":"CREATE_BUTTON","internalId":1,},]}

      """
    let error = try Self.error(text)
    #expect(error.description == #"line 3, column 55 (record #1): a trailing comma before "}" (JSON allows none)"#)
    #expect(error.code == .syntax)
  }

  @Test("Trailing commas everywhere a comma separates members", arguments: [
    (#"{"t":0,"type":"CLEAR",}"#, #"line 1, column 22: a trailing comma before "}" (JSON allows none)"#),
    (#"{"t":0,"batch":[{"type":"CLEAR"},]}"#, #"line 1, column 33: a trailing comma before "]" (JSON allows none)"#),
    (#"{"t":0,"type":"CLEAR" ,  }"#, #"line 1, column 23: a trailing comma before "}" (JSON allows none)"#),
    (#"{"x":[1,],"type":"CLEAR"}"#, #"line 1, column 8: a trailing comma before "]" (JSON allows none)"#),
    (#"{"trace":1,"viewport":{"width":1,}}"#, #"line 1, column 33: a trailing comma before "}" (JSON allows none)"#),
    (#"{"trace":1,"preferences":{"a":"1",}}"#, #"line 1, column 34: a trailing comma before "}" (JSON allows none)"#),
    (#"{"t":0,"event":"ValueEvent","target":1,"text":"a",}"#, #"line 1, column 50: a trailing comma before "}" (JSON allows none)"#),
    (#"{"t":0,"marker":"m",}"#, #"line 1, column 20: a trailing comma before "}" (JSON allows none)"#),
  ])
  func trailingComma(line: String, description: String) throws {
    #expect(try Self.error(line + "\n").description == description)
  }

  @Test("A line that ends after a comma keeps its end-of-line message (and truncation, without a newline)")
  func commaAtTheEndOfALine() throws {
    let ended = try Self.error(#"{"t":0,"type":"CLEAR","# + "\n")
    #expect(ended.description == "line 1, column 23: the line ends where a key should follow")
    let cut = try Self.error(#"{"t":0,"type":"CLEAR","#)
    #expect(cut.code == .truncated)
  }

  @Test("JSONValue, which shares the lexical layer, says the same")
  func jsonValueSaysTheSame() {
    let error = #expect(throws: CodecError.self) { try JSONValue.parse("{\"a\":[1,\n],\"b\":2}") }
    #expect(error?.description == #"line 1, column 8: a trailing comma before "]" (JSON allows none)"#)
  }
}
