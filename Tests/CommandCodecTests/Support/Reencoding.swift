import CommandCodec

/// Encodes decoded traces again, to check that decoding and encoding are exact inverses.
enum Reencoding {
  static func json(_ header: TraceHeader, _ records: [TraceRecord], headerLine: Bool = true) throws -> [UInt8] {
    var encoder = TraceEncoder(format: .jsonLines)
    var out: [UInt8] = []
    if headerLine { try encoder.encodeHeader(header, into: &out) }
    for record in records { try encoder.encode(record, into: &out) }
    return out
  }

  static func binary(_ header: TraceHeader, _ records: [TraceRecord], numbering: CommandNumbering = .cmdtool, widgets: WidgetSchema? = nil) throws -> [UInt8] {
    var encoder = BinaryTraceEncoder(numbering: numbering, widgets: widgets)
    var out: [UInt8] = []
    try encoder.encodeHeader(header, into: &out)
    for record in records { try encoder.encode(record, into: &out) }
    return out
  }

  /// The numbering a binary trace names in its tenth byte.
  static func numbering(ofBinary bytes: [UInt8]) -> CommandNumbering? {
    bytes.count > 9 ? CommandNumbering.withID(bytes[9]) : nil
  }
}
