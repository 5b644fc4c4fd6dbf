extension JSONValue {
  /// The text of the value at `path` (`widgets[0].properties.n.default`) in the JSON document
  /// `bytes`, exactly as written, or nil when the document has no such value (or does not
  /// parse). Parsing turns numbers into doubles, so `99999999999999999999` reads as `1e+20`;
  /// messages about a number use this to echo what the author wrote.
  ///
  /// The path is what the widget schema's failures name: object keys joined by `.`, array
  /// indices as `[N]` (keys holding `.` or `[` cannot be addressed).
  ///
  /// - Complexity: O(n) in the document's length.
  package static func literal(at path: String, in bytes: [UInt8]) -> String? {
    var steps: [LiteralPathStep] = []
    for part in path.split(separator: ".", omittingEmptySubsequences: false) {
      var rest = Substring(part)
      let key = rest.prefix { $0 != "[" }
      if !key.isEmpty { steps.append(.key(String(key))) }
      rest = rest.dropFirst(key.count)
      while rest.first == "[", let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]) {
        steps.append(.index(index))
        rest = rest[rest.index(after: close)...]
      }
      guard rest.isEmpty else { return nil }
    }
    return bytes.withUnsafeBytes { raw in
      var parser = JSONLineParser(raw, context: JSONErrorContext(lineNumber: 1, lineOffset: 0, recordIndex: nil, lineIsUnterminated: false), options: JSONDecodingOptions())
      return try? parser.literal(following: steps[...])
    }
  }
}

/// One step of a path into a document: an object's member or an array's item.
enum LiteralPathStep {
  case key(String)
  case index(Int)
}

extension JSONLineParser {
  /// The text of the value `steps` lead to from the current position, or nil.
  fileprivate mutating func literal(following steps: ArraySlice<LiteralPathStep>) throws(CodecError) -> String? {
    let opening = try peek("a value")
    guard let step = steps.first else {
      let start = position
      try skipValue(depth: 0)
      return text(start..<position)
    }
    switch step {
    case .key(let wanted):
      guard opening == UInt8(ascii: "{") else { return nil }
      position += 1
      if try peek("a key") == UInt8(ascii: "}") { return nil }
      repeat {
        let key = try readString()
        try expect(UInt8(ascii: ":"), "\":\"")
        if key == wanted { return try literal(following: steps.dropFirst()) }
        try skipValue(depth: 1)
      } while try nextMember(closing: UInt8(ascii: "}"), "an object")
    case .index(let wanted):
      guard opening == UInt8(ascii: "[") else { return nil }
      position += 1
      if try peek("a value") == UInt8(ascii: "]") { return nil }
      var index = 0
      repeat {
        if index == wanted { return try literal(following: steps.dropFirst()) }
        try skipValue(depth: 1)
        index += 1
      } while try nextMember(closing: UInt8(ascii: "]"), "an array")
    }
    return nil
  }
}
