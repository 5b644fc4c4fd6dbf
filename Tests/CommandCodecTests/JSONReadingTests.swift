import Testing
@testable import CommandCodec

/// How the JSON Lines decoder reads what the canonical encoder never writes.
@Suite struct JSONReadingTests {
  static func decode(_ text: String) -> DecodeOutcome {
    ChunkedDecoding.whole(Array(text.utf8), format: .jsonLines)
  }

  static func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index -> [[T]] in
      var rest = items
      let first = rest.remove(at: index)
      return permutations(rest).map { [first] + $0 }
    }
  }

  @Test func keysInAnyOrder() {
    let commandMembers = [#""t":7"#, #""type":"SET_STYLE""#, #""internalId":3"#, #""value":1"#, #""textValue":"color""#]
    let eventMembers = [#""t":7"#, #""event":"SysEvent""#, #""target":1"#, #""type":3"#, #""threadId":2"#]
    let headerMembers = [#""trace":1"#, #""creator":"x""#, #""viewport":{"height":2,"width":1}"#, #""preferences":{"b":"","a":"1"}"#]
    for members in Self.permutations(commandMembers) {
      let outcome = Self.decode("{" + members.joined(separator: ",") + "}")
      #expect(outcome.records == [.batch([Command(.setStyle, internalId: 3, value: 1, textValue: "color")], at: 7)], "\(members)")
    }
    for members in Self.permutations(eventMembers) {
      let outcome = Self.decode("{" + members.joined(separator: ",") + "}")
      #expect(outcome.records == [.event(.sys(SysEvent(type: 3, threadId: 2)), to: 1, at: 7)], "\(members)")
    }
    for members in Self.permutations(headerMembers) {
      let outcome = Self.decode("{" + members.joined(separator: ",") + "}\n")
      #expect(outcome.error == nil)
      #expect(outcome.header == TraceHeader(creator: "x", viewport: Viewport(width: 1, height: 2), preferences: ["a": "1", "b": ""]), "\(members)")
    }
  }

  @Test func omittedTimeMeansThePreviousRecordsTime() {
    let outcome = Self.decode("""
      {"type":"CLEAR","internalId":1}
      {"t":5,"type":"CLEAR","internalId":2}
      {"type":"CLEAR","internalId":3}
      {"event":"DrawEvent","target":1}
      {"t":9.5,"marker":"m"}
      {"modal":4}

      """)
    #expect(outcome.error == nil)
    #expect(outcome.records.map(\.time) == [0, 5, 5, 5, 9.5, 9.5])
  }

  @Test func numericTypeAsksForTheEnumeratorName() throws {
    for text in [#"{"t":0,"type":8,"internalId":1}"#, #"{"t":0,"batch":[{"type":8}]}"#] {
      let error = try #require(Self.decode(text).error)
      #expect(error.code == .wrongType)
      #expect(error.message.contains("enumerator name"), "\(error)")
      #expect(error.message.contains("\"CREATE_BUTTON\""), "names an example: \(error)")
      #expect(error.message.contains("numeric codes changed"), "\(error)")
    }
    // A string "type" holding a number's text is an unknown name, not a wrong type.
    #expect(Self.decode(#"{"t":0,"type":"8"}"#).error?.code == .unknownCommandType)
  }

  @Test func crlfLineEndingsReadLikeLF() throws {
    let lf = "{\"trace\":1}\n{\"t\":0,\"type\":\"CLEAR\"}\n{\"t\":1,\"marker\":\"a\"}\n"
    let crlf = Array(lf.utf8).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
    #expect(ChunkedDecoding.whole(crlf, format: .jsonLines) == Self.decode(lf))
    #expect(Self.decode(lf).records.count == 2)
    // Errors count columns without the CR, and offsets with it.
    let bad = "{\"trace\":1}\r\n{\"t\":0,\"type\":\"NOPE\"}\r\n"
    let error = try #require(Self.decode(bad).error)
    #expect(error.code == .unknownCommandType)
    #expect(error.location.line == 2)
    #expect(error.location.column == 15)
    #expect(error.location.byteOffset == 13 + 14)
    // A CR anywhere but before the newline is white space between tokens, never inside a string.
    #expect(Self.decode("{\"t\":0,\r\"type\":\"CLEAR\"}\n").error == nil)
    #expect(Self.decode("{\"t\":0,\"type\":\"CL\rEAR\"}\n").error?.code == .syntax)
  }

  @Test func blankLinesAreSkippedButCounted() throws {
    let text = "\n{\"trace\":1}\n\n  \n\t\r\n{\"t\":0,\"type\":\"CLEAR\"}\n\n{\"t\":0,\"type\":\"NOPE\"}\n"
    let outcome = Self.decode(text)
    #expect(outcome.header == TraceHeader())
    #expect(outcome.records == [.batch([Command(.clear)], at: 0)])
    let error = try #require(outcome.error)
    #expect(error.location.line == 8, "physical line numbers, blank lines included")
    #expect(error.recordIndex == 1)
  }

  @Test func headerlessStreams() throws {
    var decoder = TraceDecoder()
    decoder.feed(Array("{\"type\":\"CLEAR\"}\n{\"type\":\"STOP\",\"internalId\":2}".utf8))
    decoder.finish()
    var records: [TraceRecord] = []
    while let record = try decoder.next() { records.append(record) }
    #expect(decoder.isHeaderless)
    #expect(decoder.header == TraceHeader())
    #expect(records == [.batch([Command(.clear)], at: 0), .batch([Command(.stop, internalId: 2)], at: 0)])
  }

  @Test func unknownFieldsCanBeIgnored() throws {
    let text = #"{"t":0,"type":"CLEAR","internalId":1,"x":{"deep":[1,{"a":null}]},"y":true}"#
    #expect(Self.decode(text).error?.code == .unknownField)
    var decoder = JSONTraceDecoder(options: JSONDecodingOptions(ignoreUnknownFields: true))
    decoder.feed(Array(text.utf8))
    decoder.finish()
    #expect(try decoder.next() == .batch([Command(.clear, internalId: 1)], at: 0))
  }
}
