import Testing
@testable import CommandCodec

/// What people read: `line 12, column 9 (record #11): ...` for JSON, `byte N (record #k): ...` for binary.
@Suite struct ErrorDescriptionTests {
  static func error(_ text: String) throws -> CodecError {
    try #require(ChunkedDecoding.whole(Array(text.utf8), format: .jsonLines).error)
  }

  static func error(_ bytes: [UInt8]) throws -> CodecError {
    try #require(ChunkedDecoding.whole(bytes, format: .binary).error)
  }

  @Test func misspeltTypeOnLine12() throws {
    let lines = (1...11).map { #"{"type":"CLEAR","internalId":"# + String($0) + "}" } + [#"{"type":"CREATE_BUTON"}"#]
    let error = try Self.error(lines.joined(separator: "\n") + "\n")
    #expect(error.description == #"line 12, column 9 (record #11): unknown command type "CREATE_BUTON" (did you mean "CREATE_BUTTON"?)"#)
  }

  @Test func suggestionsOnlyForCloseNames() throws {
    #expect(try Self.error(#"{"t":0,"event":"ValueEvnt","target":1}"#).message.contains(#"(did you mean "ValueEvent"?)"#))
    #expect(try Self.error(#"{"t":0,"type":"SET_TEXT_VALUE","textvalue":"x"}"#).message.contains(#"(did you mean "textValue"?)"#))
    #expect(try Self.error(#"{"t":0,"event":"ValueEvent","target":1,"txet":"a"}"#).message.contains(#"(did you mean "text"?)"#))
    #expect(try Self.error(#"{"t":0,"type":"create_button"}"#).message.contains(#"(did you mean "CREATE_BUTTON"?)"#), "case-insensitive match")
    #expect(try !Self.error(#"{"t":0,"type":"FROBNICATE"}"#).message.contains("did you mean"))
  }

  @Test func jsonHeaderErrorsHaveNoRecordNumber() throws {
    let error = try Self.error(#"{"trace":2}"#)
    #expect(error.description.hasPrefix("line 1, column 10: "), "\(error)")
    #expect(error.recordIndex == nil)
  }

  @Test func binaryErrorsNameTheByte() throws {
    var b = BinaryBuilder()
    b.fileHeader()
    b.record(BinaryBuilder.batch) { p in p.varint(0); p.varint(0) }
    b.byte(BinaryBuilder.batch)
    let truncated = try Self.error(b.bytes)
    #expect(truncated.description.hasPrefix("byte 16 (record #1): "), "\(truncated)")
    #expect(truncated.message.contains("ends inside a record"))

    let version = try Self.error(BinaryBuilder.magic + [2, 0, 1, 0])
    #expect(version.description.hasPrefix("byte 8: "), "no record number inside the file header: \(version)")
    #expect(version.message.contains("version 2"))
  }

  @Test func everyCodeHasAStableName() {
    let names = CodecError.Code.all.map(\.name)
    #expect(Set(names).count == names.count)
    for code in CodecError.Code.all { #expect(CodecError.Code(name: code.name) == code) }
    #expect(CodecError.Code(name: "nope") == nil)
  }
}
