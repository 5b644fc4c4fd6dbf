/// Reads a trace in either format, detected from its first byte, a record at a time.
///
/// Feed chunks as they arrive, take records with ``next()`` until it returns nil, call
/// ``finish()`` at the end of input and take the last records. The same records come out however
/// the input is split.
///
/// ```swift
/// var decoder = TraceDecoder()
/// decoder.feed(bytes)
/// decoder.finish()
/// while let record = try decoder.next() { print(record) }
/// ```
public struct TraceDecoder: Sendable {
  private enum Inner: Sendable {
    case undetected(pending: [UInt8])
    case binary(BinaryTraceDecoder)
    case json(JSONTraceDecoder)
  }

  private var inner: Inner
  private var isFinished = false
  private let binaryOptions: BinaryDecodingOptions
  private let jsonOptions: JSONDecodingOptions

  /// A decoder for `format`, or one that detects the format from the first byte.
  public init(format: TraceFormat? = nil, binaryOptions: BinaryDecodingOptions = BinaryDecodingOptions(), jsonOptions: JSONDecodingOptions = JSONDecodingOptions()) {
    self.binaryOptions = binaryOptions
    self.jsonOptions = jsonOptions
    switch format {
    case nil: inner = .undetected(pending: [])
    case .binary?: inner = .binary(BinaryTraceDecoder(options: binaryOptions))
    case .jsonLines?: inner = .json(JSONTraceDecoder(options: jsonOptions))
    }
  }

  /// The format, once known.
  public var format: TraceFormat? {
    switch inner {
    case .undetected: return nil
    case .binary: return .binary
    case .json: return .jsonLines
    }
  }

  /// The header, once read.
  public var header: TraceHeader? {
    switch inner {
    case .undetected: return nil
    case .binary(let decoder): return decoder.header
    case .json(let decoder): return decoder.header
    }
  }

  /// Whether the input is a JSON Lines stream without a header line.
  public var isHeaderless: Bool {
    if case .json(let decoder) = inner { return decoder.isHeaderless }
    return false
  }

  /// The number of records returned so far.
  public var recordCount: Int {
    switch inner {
    case .undetected: return 0
    case .binary(let decoder): return decoder.recordCount
    case .json(let decoder): return decoder.recordCount
    }
  }

  /// Appends input bytes.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    switch inner {
    case .undetected(var pending):
      pending.append(contentsOf: bytes)
      inner = .undetected(pending: pending)
    case .binary(var decoder):
      inner = .undetected(pending: [])  // release the decoder's storage so feeding does not copy it
      decoder.feed(bytes)
      inner = .binary(decoder)
    case .json(var decoder):
      inner = .undetected(pending: [])
      decoder.feed(bytes)
      inner = .json(decoder)
    }
  }

  /// Appends input bytes.
  public mutating func feed(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Declares the end of input.
  public mutating func finish() {
    isFinished = true
    if case .json(var decoder) = inner {
      inner = .undetected(pending: [])
      decoder.finish()
      inner = .json(decoder)
    }
  }

  /// The next record, or nil when no further whole record is available yet (or at all, after
  /// ``finish()``).
  ///
  /// - Throws: ``CodecError``; `truncated` when the input ended inside a record.
  public mutating func next() throws(CodecError) -> TraceRecord? {
    switch inner {
    case .undetected(let pending):
      guard !pending.isEmpty else {
        if isFinished {
          throw CodecError(.truncated, at: .byte(0), "the input is empty; a trace needs at least a header (binary) or one line (JSON Lines)")
        }
        return nil
      }
      guard let format = TraceFormat.detect(pending) else {
        throw CodecError(.badMagic, at: .byte(0), "the input is not a trace: a binary trace starts with byte 0x89, a JSON Lines trace with \"{\"; this one starts with 0x\(String(pending[0], radix: 16, uppercase: true))")
      }
      var fresh = TraceDecoder(format: format, binaryOptions: binaryOptions, jsonOptions: jsonOptions)
      pending.withUnsafeBytes { fresh.feed($0) }
      if isFinished { fresh.finish() }
      self = fresh
      return try next()
    case .binary(var decoder):
      inner = .undetected(pending: [])
      defer { inner = .binary(decoder) }
      if let record = try decoder.next() { return record }
      if isFinished { try decoder.finish() }
      return nil
    case .json(var decoder):
      inner = .undetected(pending: [])
      defer { inner = .json(decoder) }
      return try decoder.next()
    }
  }
}

/// A whole trace decoded from memory: every whole record, and the error that stopped decoding.
public struct DecodedTrace: Sendable {
  /// The header, when the input got that far.
  public var header: TraceHeader?
  /// Every record read before the end or the error.
  public var records: [TraceRecord]
  /// The error that ended decoding early, if any; the records before it are intact.
  public var error: CodecError?
  /// The format of the input, when it was recognized.
  public var format: TraceFormat?

  /// Decodes `bytes` completely (format detected unless given).
  public init(decoding bytes: [UInt8], format: TraceFormat? = nil) {
    var decoder = TraceDecoder(format: format)
    decoder.feed(bytes)
    decoder.finish()
    records = []
    do {
      while let record = try decoder.next() { records.append(record) }
    } catch {
      self.error = error
    }
    header = decoder.header
    self.format = decoder.format
  }
}
