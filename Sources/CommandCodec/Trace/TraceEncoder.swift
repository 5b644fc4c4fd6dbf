/// Writes a trace in either format.
///
/// ```swift
/// var encoder = TraceEncoder(format: .jsonLines)
/// var out: [UInt8] = []
/// try encoder.encodeHeader(header, into: &out)
/// for record in records { try encoder.encode(record, into: &out) }
/// ```
public struct TraceEncoder: Sendable {
  private enum Inner: Sendable {
    case binary(BinaryTraceEncoder)
    case json(JSONTraceEncoder)
  }

  private var inner: Inner

  /// The format written.
  public let format: TraceFormat

  /// An encoder for `format`. Binary traces carry custom commands by their code in `widgets`
  /// (docs/WIDGETS.md §6.1); JSON Lines carries them by name and needs no schema.
  public init(format: TraceFormat, widgets: WidgetSchema? = nil) {
    self.format = format
    switch format {
    case .binary: inner = .binary(BinaryTraceEncoder(widgets: widgets))
    case .jsonLines: inner = .json(JSONTraceEncoder())
    }
  }

  /// Appends the header (for binary, also the magic, the version and the numbering).
  ///
  /// - Throws: `unsupportedVersion`, `unknownNumbering` or `invalidValue` (a negative or
  ///   non-finite viewport scale) for a header decoders would refuse.
  public mutating func encodeHeader(_ header: TraceHeader, into out: inout [UInt8]) throws(CodecError) {
    switch inner {
    case .binary(var encoder):
      try encoder.encodeHeader(header, into: &out)
      inner = .binary(encoder)
    case .json(let encoder):
      try encoder.encodeHeader(header, into: &out)
    }
  }

  /// Appends one record.
  public mutating func encode(_ record: TraceRecord, into out: inout [UInt8]) throws(CodecError) {
    switch inner {
    case .binary(var encoder):
      inner = .json(JSONTraceEncoder())  // release storage: no copy-on-write of the string table
      defer { inner = .binary(encoder) }
      try encoder.encode(record, into: &out)
    case .json(var encoder):
      defer { inner = .json(encoder) }
      try encoder.encode(record, into: &out)
    }
  }
}
