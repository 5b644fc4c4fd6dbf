/// A JSON document as a value, for the toolkit's own small documents (state snapshots, event
/// scripts, settings markers): the trace codecs never build one.
///
/// Parsing reuses the trace parser's lexical layer, so the rules are the same (strict JSON, UTF-8
/// checked, limits before allocation) and so are the errors: a ``CodecError`` whose place is the
/// line, column and byte offset in the document.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object; keys are unique (a duplicate is a parse error).
  case object([String: JSONValue])

  /// Parses one JSON document (whitespace, newlines included, may surround it).
  ///
  /// - Throws: ``CodecError`` with a line/column place: `.syntax` (including a byte order mark
  ///   or a trailing comma, named as such), `.duplicateKey`, `.invalidUTF8`, `.nestingTooDeep`,
  ///   `.numberOutOfRange`, `.stringTooLong`, `.trailingGarbage`.
  /// - Complexity: O(n) in the document's length.
  package static func parse(_ bytes: [UInt8], options: JSONDecodingOptions = JSONDecodingOptions()) throws(CodecError) -> JSONValue {
    var keyOrders: [String: [String]]? = nil
    return try parse(bytes, options: options, keyOrders: &keyOrders)
  }

  /// Parses one JSON document as ``parse(_:options:)`` does, and gives the keys of every object
  /// in the order the document writes them (an object keeps none: `[String: JSONValue]`), by
  /// the object's path: `""` for the root, `widgets[0].properties` (keys joined by `.`, array
  /// items `[i]`). A widget schema lists inspectable properties in their declared order, as
  /// Interface Builder does (docs/WIDGETS.md §7.7).
  package static func parse(_ bytes: [UInt8], keyOrders: inout [String: [String]]) throws(CodecError) -> JSONValue {
    var orders: [String: [String]]? = [:]
    let value = try parse(bytes, options: JSONDecodingOptions(), keyOrders: &orders)
    keyOrders = orders ?? [:]
    return value
  }

  private static func parse(_ bytes: [UInt8], options: JSONDecodingOptions, keyOrders: inout [String: [String]]?) throws(CodecError) -> JSONValue {
    let result: Result<JSONValue, CodecError> = bytes.withUnsafeBytes { raw in
      var parser = JSONLineParser(raw, context: JSONErrorContext(lineNumber: 1, lineOffset: 0, recordIndex: nil, lineIsUnterminated: false), options: options)
      return Result { () throws(CodecError) in
        try parser.refuseByteOrderMark("the document")
        let value = try parser.readValue(depth: 0, path: "", keyOrders: &keyOrders)
        parser.skipWhitespace()
        if !parser.isAtEnd { throw parser.error(.trailingGarbage, at: parser.position, "something follows the end of the document: \(parser.describeByte(at: parser.position))") }
        return value
      }
    }
    switch result {
    case .success(let value): return value
    case .failure(let error): throw error.relocated(in: bytes)
    }
  }

  /// Parses a document given as text.
  package static func parse(_ text: String, options: JSONDecodingOptions = JSONDecodingOptions()) throws(CodecError) -> JSONValue {
    try parse(Array(text.utf8), options: options)
  }

  /// What kind of value this is, for messages ("expected a string, found an array").
  package var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// Appends the value as canonical JSON: keys sorted by their UTF-8 bytes, no spaces.
  package func write(into bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let value): bytes.writeJSONNumber(value)
    case .string(let value): bytes.writeJSONString(value)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        item.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.writeJSONString(key)
        bytes.append(UInt8(ascii: ":"))
        members[key]!.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// The value as canonical JSON text.
  package var canonicalText: String {
    var bytes: [UInt8] = []
    write(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension JSONLineParser {
  /// Reads any value into a ``JSONValue``.
  ///
  /// With `keyOrders`, each object's keys in document order are kept there by `path` (the
  /// value's own path; see ``JSONValue/parse(_:keyOrders:)``).
  fileprivate mutating func readValue(depth: Int, path: String, keyOrders: inout [String: [String]]?) throws(CodecError) -> JSONValue {
    guard depth <= options.maxNestingDepth else {
      throw error(.nestingTooDeep, at: position, "values nest deeper than \(options.maxNestingDepth) levels")
    }
    let first = try peek("a value")
    switch first {
    case UInt8(ascii: "\""):
      return .string(try readString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try double(from: try scanNumber(), "the number"))
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      if matchLiteral("true") { return .bool(true) }
      if matchLiteral("false") { return .bool(false) }
      throw unexpected("a value")
    case UInt8(ascii: "n"):
      guard matchLiteral("null") else { throw unexpected("a value") }
      return .null
    case UInt8(ascii: "{"):
      position += 1
      var members: [String: JSONValue] = [:]
      var order: [String] = []
      if try peek("a key or \"}\"") == UInt8(ascii: "}") {
        position += 1
        keyOrders?[path] = order
        return .object(members)
      }
      repeat {
        let keyStart = position
        guard try peek("a key") == UInt8(ascii: "\"") else { throw unexpected("a key in quotes") }
        let key = try readString()
        try expect(UInt8(ascii: ":"), "\":\" after the key")
        let value = try readValue(depth: depth + 1, path: keyOrders == nil ? "" : path.isEmpty ? key : path + "." + key, keyOrders: &keyOrders)
        guard members.updateValue(value, forKey: key) == nil else {
          throw error(.duplicateKey, at: keyStart, "the key \"\(key)\" appears twice in this object")
        }
        if keyOrders != nil { order.append(key) }
      } while try nextMember(closing: UInt8(ascii: "}"), "an object")
      keyOrders?[path] = order
      return .object(members)
    case UInt8(ascii: "["):
      position += 1
      var items: [JSONValue] = []
      if try peek("a value or \"]\"") == UInt8(ascii: "]") {
        position += 1
        return .array(items)
      }
      repeat {
        items.append(try readValue(depth: depth + 1, path: keyOrders == nil ? "" : path + "[\(items.count)]", keyOrders: &keyOrders))
      } while try nextMember(closing: UInt8(ascii: "]"), "an array")
      return .array(items)
    default:
      throw unexpected("a value")
    }
  }
}

extension CodecError {
  /// The error with its place given as the line and column of its byte offset in a multi-line
  /// document (the lexical layer counts a whole document as line 1).
  fileprivate func relocated(in bytes: [UInt8]) -> CodecError {
    let offset = min(location.byteOffset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    var copy = self
    copy.location = .line(line, column: offset - lineStart + 1, byte: offset)
    // The lexical layer speaks of lines (it reads JSON Lines); here the unit is the document.
    copy.message = message.replacingPrefix("the line ends", with: "the document ends")
    return copy
  }
}

extension String {
  fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
    hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
  }
}
