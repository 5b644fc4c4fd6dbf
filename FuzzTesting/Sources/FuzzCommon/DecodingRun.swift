import CommandCodec

/// What decoding one input produced: the header, every whole record, and the error that stopped it.
struct DecodingRun {
  var header: TraceHeader?
  var records: [TraceRecord]
  var error: CodecError?

  var fingerprint: TraceFingerprint { TraceFingerprint(header: header, records: records) }

  /// How the input is fed and how records are taken.
  enum Mode {
    /// Records one at a time with `next()`.
    case oneByOne
    /// Records in bulk with `decodeAvailable(into:)` (the fast path replay uses).
    case bulk
  }

  /// Decodes `input` fed in chunks that end at `cuts` (increasing offsets inside the input),
  /// taking records after every chunk, then declares the end of input and takes the rest; custom
  /// commands are read with `widgets`.
  init(_ input: [UInt8], format: TraceFormat?, cuts: [Int] = [], mode: Mode = .oneByOne, widgets: WidgetSchema? = nil) {
    var decoder = TraceDecoder(format: format, binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
    var collector = Collector()
    var start = 0
    do {
      for end in cuts + [input.count] where end >= start {
        input[start..<end].withUnsafeBytes { decoder.feed($0) }
        start = end
        try Self.drain(&decoder, into: &collector, mode: mode)
      }
      decoder.finish()
      try Self.drain(&decoder, into: &collector, mode: mode)
    } catch {
      self.error = error
    }
    header = decoder.header
    records = collector.records
  }

  private static func drain(_ decoder: inout TraceDecoder, into collector: inout Collector, mode: Mode) throws(CodecError) {
    switch mode {
    case .oneByOne:
      while let record = try decoder.next() { collector.records.append(record) }
    case .bulk:
      _ = try decoder.decodeAvailable(into: &collector)
    }
  }

  /// Keeps what the bulk path hands over (its batch storage is reused, so the commands are copied).
  private struct Collector: TraceRecordHandler {
    var records: [TraceRecord] = []

    mutating func handleBatch(_ commands: [Command], at time: Double) -> Bool {
      records.append(TraceRecord(time: time, .batch(Array(commands))))
      return true
    }

    mutating func handle(_ record: TraceRecord) -> Bool {
      records.append(record)
      return true
    }
  }
}
