import Testing
@testable import CommandCodec

/// Errors point at the offending byte itself.
///
/// Regressions: a key after white space was located at the white space; an unknown event field at
/// its value instead of its key; invalid UTF-8 in a string with an escape at the string's start.
@Suite struct ErrorLocationTests {
  static func column(_ text: String) throws -> (CodecError.Code, Int?) {
    let error = try #require(ChunkedDecoding.whole(Array(text.utf8), format: .jsonLines).error)
    return (error.code, error.location.column)
  }

  @Test func keysAfterWhiteSpace() throws {
    #expect(try Self.column(#"{ "t" : 0 ,   "t" : 1 }"#) == (.duplicateKey, 15))
    #expect(try Self.column("{\"t\":0,\t\"type\":\"CLEAR\",\t\t\"bogus\":1}") == (.unknownField, 26))
    #expect(try Self.column(#"{"t":0, "type":"CLEAR", "batch":[]}"#) == (.unknownField, 25))
  }

  @Test func unknownEventFieldsPointAtTheKey() throws {
    #expect(try Self.column(#"{"t":0,"event":"ValueEvent","target":1,"nope":12345}"#) == (.unknownField, 40))
    // A type error still points at the value.
    #expect(try Self.column(#"{"t":0,"event":"ValueEvent","target":1,"value":"x"}"#) == (.wrongType, 48))
  }

  @Test func invalidUTF8AfterAnEscape() throws {
    for (prefix, badColumn) in [("a\\n", 4), ("\\u00e9\\t", 9), ("\\\\", 3)] {
      let bytes = Array("{\"marker\":\"\(prefix)".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
      let error = try #require(ChunkedDecoding.whole(bytes, format: .jsonLines).error)
      #expect(error.code == .invalidUTF8)
      #expect(error.location.column == 11 + badColumn, "\(prefix): \(error)")
    }
  }
}
