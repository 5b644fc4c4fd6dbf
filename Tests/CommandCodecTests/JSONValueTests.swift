import Testing

@testable import CommandCodec

@Suite("JSONValue: small documents with errors that name their place")
struct JSONValueTests {
  @Test("Parses every kind of value, across lines")
  func parses() throws {
    let value = try JSONValue.parse("{\n  \"a\": [1, 2.5, -0, true, false, null],\n  \"b\": {\"c\": \"d\\u00e9\"}\n}\n")
    #expect(value == .object(["a": .array([.number(1), .number(2.5), .number(-0.0), .bool(true), .bool(false), .null]), "b": .object(["c": .string("dé")])]))
  }

  @Test("Canonical text sorts keys by their bytes and writes numbers as traces do")
  func canonical() throws {
    let value = try JSONValue.parse(#"{"b":1.0,"a":[1e3,"x\ny"],"B":null}"#)
    #expect(value.canonicalText == #"{"B":null,"a":[1000,"x\ny"],"b":1}"#)
  }

  @Test("Errors carry line, column and byte offset", arguments: [
    ("{\"a\":1,}", "line 1, column 7: a trailing comma before \"}\" (JSON allows none)"),
    ("[1,\n2,\n]", "line 2, column 2: a trailing comma before \"]\" (JSON allows none)"),
    ("\u{FEFF}{}", "line 1, column 1: the document starts with a UTF-8 byte order mark (EF BB BF); save it without one"),
    ("{\"a\":1,\"a\":2}", "line 1, column 8: the key \"a\" appears twice in this object"),
    ("{}\n{}", "line 2, column 1: something follows the end of the document: '{'"),
    ("{\"a\":\n", "line 2, column 1: the document ends where a value should follow"),
    ("[01]", "line 1, column 2: a JSON number has no leading zeros"),
  ])
  func errors(_ text: String, _ expected: String) {
    #expect(throws: CodecError.self) { try JSONValue.parse(text) }
    do {
      _ = try JSONValue.parse(text)
    } catch {
      #expect(error.description == expected)
    }
  }

  @Test("Key orders: every object's keys as the document writes them, by path")
  func keyOrders() throws {
    var orders: [String: [String]] = [:]
    let value = try JSONValue.parse(#"{"z": 1, "widgets": [{"b": {}, "a": {"y": 0, "x": 0}}], "m": []}"#.utf8.map { $0 }, keyOrders: &orders)
    #expect(value == (try JSONValue.parse(#"{"m":[],"widgets":[{"a":{"x":0,"y":0},"b":{}}],"z":1}"#)))
    #expect(orders == ["": ["z", "widgets", "m"], "widgets[0]": ["b", "a"], "widgets[0].b": [], "widgets[0].a": ["y", "x"]])
  }

  @Test("Nesting deeper than the limit is refused before recursing further")
  func nesting() {
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    do {
      _ = try JSONValue.parse(deep, options: JSONDecodingOptions(maxNestingDepth: 10))
      Issue.record("parsed")
    } catch {
      #expect(error.code == .nestingTooDeep)
      #expect(error.location.byteOffset == 11)
    }
  }
}
