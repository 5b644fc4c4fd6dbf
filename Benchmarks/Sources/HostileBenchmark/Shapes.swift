// The hostile shapes: inputs built to hit the decoders' worst paths, each scaled to a size.
import CommandCodec

/// One worst-case input shape, built at any size.
struct Shape: Sendable {
  var name: String
  var format: TraceFormat
  /// What decoding must end with: nil for a valid trace, else the error code.
  var expected: CodecError.Code?
  /// The input of about `bytes` bytes.
  var build: @Sendable (_ bytes: Int) -> [UInt8]
}

extension Shape {
  static let all: [Shape] = json + binary

  // MARK: - JSON Lines

  static let json: [Shape] = [
    Shape(name: "many distinct keys (one event)", format: .jsonLines, expected: .unknownField) { size in
      var line = Array(#"{"t":0,"event":"ValueEvent","target":1"#.utf8)
      var i = 0
      while line.count < size {
        line += Array(#","k\#(i)":0"#.utf8)
        i += 1
      }
      return line + Array("}\n".utf8)
    },
    Shape(name: "long command type", format: .jsonLines, expected: .unknownCommandType) { size in
      Array(#"{"t":0,"type":""#.utf8) + letters(size) + Array("\"}\n".utf8)
    },
    Shape(name: "long unknown key", format: .jsonLines, expected: .unknownField) { size in
      Array(#"{"t":0,"type":"CLEAR",""#.utf8) + letters(size) + Array("\":1}\n".utf8)
    },
    Shape(name: "long event class", format: .jsonLines, expected: .unknownEventType) { size in
      Array(#"{"t":0,"target":1,"event":""#.utf8) + letters(size) + Array("\"}\n".utf8)
    },
    Shape(name: "deep nesting (31 levels, repeated)", format: .jsonLines, expected: .unknownField) { size in
      let nested = Array(String(repeating: "[", count: 30).utf8) + Array("1".utf8) + Array(String(repeating: "]", count: 30).utf8)
      var line = Array(#"{"t":0,"event":"ValueEvent","target":1,"x":["#.utf8) + nested
      while line.count < size { line += [UInt8(ascii: ",")] + nested }
      return line + Array("]}\n".utf8)
    },
    Shape(name: "long string", format: .jsonLines, expected: nil) { size in
      Array(#"{"t":0,"marker":""#.utf8) + letters(size) + Array("\"}\n".utf8)
    },
    Shape(name: "long string of escapes", format: .jsonLines, expected: nil) { size in
      let escapes = Array(#"\u00e9\n\"\\\uD83D\uDE00"#.utf8)
      var line = Array(#"{"t":0,"marker":""#.utf8)
      while line.count < size { line += escapes }
      return line + Array("\"}\n".utf8)
    },
    Shape(name: "long integer", format: .jsonLines, expected: .numberOutOfRange) { size in
      Array(#"{"t":0,"type":"SET_INT_VALUE","value":"#.utf8) + digits(size) + Array("}\n".utf8)
    },
    Shape(name: "long fraction (a time)", format: .jsonLines, expected: nil) { size in
      Array(#"{"t":1."#.utf8) + digits(size) + Array(#","marker":"m"}"#.utf8) + [0x0A]
    },
    Shape(name: "many small records", format: .jsonLines, expected: nil) { size in
      repeated(Array(#"{"type":"CLEAR"}"#.utf8) + [0x0A], size)
    },
    Shape(name: "one batch of many commands", format: .jsonLines, expected: nil) { size in
      var line = Array(#"{"t":0,"batch":[{"type":"CLEAR"}"#.utf8)
      let command = Array(#",{"type":"SET_INT_VALUE","internalId":7,"value":1}"#.utf8)
      while line.count < size { line += command }
      return line + Array("]}\n".utf8)
    },
    Shape(name: "many preferences (header)", format: .jsonLines, expected: nil) { size in
      var line = Array(#"{"trace":1,"preferences":{"p0":"v""#.utf8)
      var i = 1
      while line.count < size {
        line += Array(#","p\#(i)":"v""#.utf8)
        i += 1
      }
      return line + Array("}}\n".utf8)
    },
  ]

  // MARK: - Binary

  static let binary: [Shape] = [
    Shape(name: "many small records", format: .binary, expected: nil) { size in
      encode(TraceHeader()) { (encoder, out) throws(CodecError) in
        var time = 0.0
        while out.count < size {
          try encoder.encode(.batch([Command(.setIntValue, internalId: 7, value: 1)], at: time), into: &out)
          time += 1
        }
      }
    },
    Shape(name: "one batch of many commands", format: .binary, expected: nil) { size in
      encode(TraceHeader()) { (encoder, out) throws(CodecError) in
        let count = size / 4
        try encoder.encode(.batch((0..<count).map { Command(.setIntValue, internalId: 7, value: Int32($0 & 0x3F) + 1) }, at: 0), into: &out)
      }
    },
    Shape(name: "long string", format: .binary, expected: nil) { size in
      encode(TraceHeader()) { (encoder, out) throws(CodecError) in
        try encoder.encode(TraceRecord(time: 0, .marker(label: String(decoding: letters(size), as: UTF8.self), detail: "")), into: &out)
      }
    },
    Shape(name: "many preferences (header)", format: .binary, expected: nil) { size in
      let count = size / 12
      let preferences = Dictionary(uniqueKeysWithValues: (0..<count).map { ("p\($0)", "v") })
      return encode(TraceHeader(preferences: preferences)) { _, _ in }
    },
    Shape(name: "long numbering name (header)", format: .binary, expected: .unknownNumbering) { size in
      var payload: [UInt8] = []
      varint(1, into: &payload)  // presence: the numbering name
      varint(UInt64(size), into: &payload)
      payload += letters(size)
      var out = BinaryFormat.magic + [BinaryFormat.version, 0]
      varint(UInt64(payload.count), into: &out)
      return out + payload
    },
  ]

  // MARK: - Building blocks

  /// `count` letters, A to Z over and over.
  static func letters(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "A") + UInt8($0 % 26) }
  }

  /// `count` decimal digits, 1 to 9 over and over.
  static func digits(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(ascii: "1") + UInt8($0 % 9) }
  }

  /// `unit` repeated up to about `size` bytes.
  static func repeated(_ unit: [UInt8], _ size: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(size + unit.count)
    while out.count < size { out += unit }
    return out
  }

  static func varint(_ value: UInt64, into out: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      out.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    out.append(UInt8(value))
  }

  /// A binary trace: the header, then what `records` writes.
  static func encode(_ header: TraceHeader, _ records: (inout BinaryTraceEncoder, inout [UInt8]) throws(CodecError) -> Void) -> [UInt8] {
    var encoder = BinaryTraceEncoder()
    var out: [UInt8] = []
    do {
      try encoder.encodeHeader(header, into: &out)
      try records(&encoder, &out)
    } catch {
      fatalError("building a shape failed: \(error)")
    }
    return out
  }
}
