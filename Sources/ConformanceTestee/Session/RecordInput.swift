import CommandCodec

/// cmdtool's records, decoded as they arrive: a request is handled as soon as its bytes are in,
/// without waiting for a full buffer. With `sessions=many` (§1.9) the input is a concatenation of
/// traces: ``restart()`` begins the next one with the bytes after the current trace's last record.
struct RecordInput {
  private let transport: TesteeTransport
  private let widgets: WidgetSchema?
  private var decoder: TraceDecoder
  /// The bytes fed to the decoder from `base` on: what a restart hands to the next trace.
  private var unconsumed: [UInt8] = []
  private var base = 0
  private var ended = false
  /// Whether the current trace has any bytes: an input that ends before them is a plain end.
  private var fedAny = false

  init(transport: TesteeTransport, widgets: WidgetSchema?) {
    self.transport = transport
    self.widgets = widgets
    decoder = Self.decoder(widgets)
  }

  private static func decoder(_ widgets: WidgetSchema?) -> TraceDecoder {
    TraceDecoder(binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
  }

  /// What came first.
  enum Start {
    case header(TraceHeader, first: TraceRecord?)
    /// The input ended before a header.
    case end
  }

  /// The trace's header (and the first record, if it came with it). A header naming a widget
  /// schema the testee has not loaded throws the decoder's `schemaMissing` or `schemaMismatch`.
  mutating func readHeader() throws(TesteeSessionError) -> Start {
    while true {
      if ended && !fedAny { return .end }
      let record = try decode()
      if let header = decoder.header { return .header(header, first: record) }
      if ended { return .end }
      try fill()
    }
  }

  /// The next record; nil at the end of the input.
  mutating func next() throws(TesteeSessionError) -> TraceRecord? {
    while true {
      if let record = try decode() { return record }
      if ended { return nil }
      try fill()
    }
  }

  /// Starts the next trace on the bytes after the last record returned.
  mutating func restart() {
    let consumed = decoder.consumedByteCount
    unconsumed.removeFirst(min(unconsumed.count, consumed - base))
    base = 0
    decoder = Self.decoder(widgets)
    fedAny = !unconsumed.isEmpty
    if fedAny { decoder.feed(unconsumed) }
    if ended { decoder.finish() }
  }

  private mutating func decode() throws(TesteeSessionError) -> TraceRecord? {
    do {
      let record = try decoder.next()
      // Keep only what a restart may need: the bytes after the last whole record.
      let consumed = decoder.consumedByteCount - base
      if consumed > 1 << 16 {
        unconsumed.removeFirst(min(consumed, unconsumed.count))
        base += consumed
      }
      return record
    } catch {
      throw .input(error)
    }
  }

  private mutating func fill() throws(TesteeSessionError) {
    let bytes: [UInt8]
    do {
      bytes = try transport.read()
    } catch {
      throw .transport(error)
    }
    if bytes.isEmpty {
      ended = true
      decoder.finish()
    } else {
      unconsumed += bytes
      fedAny = true
      decoder.feed(bytes)
    }
  }
}
