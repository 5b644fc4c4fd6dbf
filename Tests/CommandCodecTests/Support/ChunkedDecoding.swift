import CommandCodec

/// What decoding an input produced: the header, every whole record, and the error that stopped it.
struct DecodeOutcome: Equatable, CustomStringConvertible {
  var header: TraceHeader?
  var records: [TraceRecord]
  var error: CodecError?

  var description: String {
    "header: \(header.map { "\($0)" } ?? "none"), \(records.count) records, error: \(error.map { "\($0.code) at \($0.location.byteOffset): \($0)" } ?? "none")"
  }
}

/// Feeds an input to a ``TraceDecoder`` in chunks and collects what comes out.
enum ChunkedDecoding {
  /// Decodes `bytes` fed in chunks that end at `cuts` (increasing offsets inside the input), taking
  /// records after every chunk, then declares the end of input and takes the rest; custom commands
  /// are read with `widgets`.
  static func decode(_ bytes: [UInt8], format: TraceFormat?, cuts: [Int], widgets: WidgetSchema? = nil) -> DecodeOutcome {
    var decoder = TraceDecoder(format: format, binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
    var records: [TraceRecord] = []
    var start = 0
    do {
      for end in cuts + [bytes.count] where end >= start {
        decoder.feed(Array(bytes[start..<end]))
        start = end
        while let record = try decoder.next() { records.append(record) }
      }
      decoder.finish()
      while let record = try decoder.next() { records.append(record) }
      return DecodeOutcome(header: decoder.header, records: records, error: nil)
    } catch {
      return DecodeOutcome(header: decoder.header, records: records, error: error)
    }
  }

  /// The whole input in one chunk.
  static func whole(_ bytes: [UInt8], format: TraceFormat?, widgets: WidgetSchema? = nil) -> DecodeOutcome {
    decode(bytes, format: format, cuts: [], widgets: widgets)
  }

  /// One byte at a time.
  static func byteByByte(_ bytes: [UInt8], format: TraceFormat?, widgets: WidgetSchema? = nil) -> DecodeOutcome {
    decode(bytes, format: format, cuts: bytes.isEmpty ? [] : Array(1..<bytes.count), widgets: widgets)
  }

  /// Chunks of random lengths (1 to 2·`meanLength`), the same for the same seed.
  static func randomSplits(_ bytes: [UInt8], format: TraceFormat?, seed: UInt64, meanLength: Int = 7) -> DecodeOutcome {
    decode(bytes, format: format, cuts: randomCuts(count: bytes.count, seed: seed, meanLength: meanLength))
  }

  static func randomCuts(count: Int, seed: UInt64, meanLength: Int) -> [Int] {
    var rng = SplitMix64(seed: seed)
    var cuts: [Int] = []
    var position = 0
    while true {
      position += 1 + rng.next(below: 2 * meanLength)
      guard position < count else { return cuts }
      cuts.append(position)
    }
  }
}
