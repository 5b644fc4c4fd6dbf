import CommandCodec

/// Turns declared cases into vector file lines: the encoders produce the valid vectors' text and
/// bytes; invalid vectors are written as declared.
enum VectorGenerator {
  /// Encodes a valid case in both formats.
  static func vector(for valid: ValidCase) throws -> ValidVector {
    precondition(valid.headerLine || valid.header == TraceHeader(), "\(valid.name): a header-less JSON stream has the default header")
    var json = TraceEncoder(format: .jsonLines)
    var text: [UInt8] = []
    if valid.headerLine { try json.encodeHeader(valid.header, into: &text) }
    for record in valid.records { try json.encode(record, into: &text) }
    var binary = BinaryTraceEncoder(numbering: valid.numbering, widgets: try valid.widgets.map(VectorStore.schema(at:)))
    var bytes: [UInt8] = []
    try binary.encodeHeader(valid.header, into: &bytes)
    for record in valid.records { try binary.encode(record, into: &bytes) }
    return ValidVector(
      name: valid.name, description: valid.description, widgets: valid.widgets, headerLine: valid.headerLine,
      jsonlInput: valid.jsonlInput, jsonl: String(decoding: text, as: UTF8.self), binaryHex: Hex.encode(bytes))
  }

  static func vector(for invalid: InvalidCase) -> InvalidVector {
    InvalidVector(
      name: invalid.name, description: invalid.description, format: invalid.format.rawValue, widgets: invalid.widgets,
      inputHex: Hex.encode(invalid.input), error: invalid.error.name, byteOffset: invalid.byteOffset,
      line: invalid.line, column: invalid.column, recordsBefore: invalid.recordsBefore)
  }

  /// The complete text of a vector file: one JSON object per line, keys in a fixed order.
  static func fileText(_ file: VectorFile) throws -> String {
    var lines: [String] = []
    if file.isValid {
      for valid in file.validCases {
        let v = try vector(for: valid)
        var members: [(String, VectorJSON.Value)] = [("name", .string(v.name)), ("description", .string(v.description))]
        if let widgets = v.widgets { members.append(("widgets", .string(widgets))) }
        members.append(("headerLine", .bool(v.headerLine)))
        if let input = v.jsonlInput { members.append(("jsonlInput", .string(input))) }
        members += [("jsonl", .string(v.jsonl)), ("binaryHex", .string(v.binaryHex))]
        lines.append(VectorJSON.object(members))
      }
    } else {
      for invalid in file.invalidCases {
        let v = vector(for: invalid)
        let widgets: [(String, VectorJSON.Value)] = v.widgets.map { [("widgets", .string($0))] } ?? []
        lines.append(VectorJSON.object([
          ("name", .string(v.name)), ("description", .string(v.description)), ("format", .string(v.format)),
        ] + widgets + [
          ("inputHex", .string(v.inputHex)), ("error", .string(v.error)), ("byteOffset", .int(v.byteOffset)),
          ("line", v.line.map(VectorJSON.Value.int) ?? .null), ("column", v.column.map(VectorJSON.Value.int) ?? .null),
          ("recordsBefore", .int(v.recordsBefore)),
        ]))
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }
}

/// A minimal JSON writer for the vector files' own lines (not trace records).
enum VectorJSON {
  enum Value {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
  }

  static func object(_ members: [(String, Value)]) -> String {
    "{" + members.map { quote($0.0) + ":" + render($0.1) }.joined(separator: ",") + "}"
  }

  static func render(_ value: Value) -> String {
    switch value {
    case .string(let s): return quote(s)
    case .int(let i): return String(i)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    }
  }

  /// A JSON string: `"` and `\` escaped, control characters as short escapes or `\u00XX`,
  /// everything else as is (UTF-8).
  static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
