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
  // One of the two decoders once the format is known. Optionals (not an enum) so that calls
  // mutate the decoder in place instead of moving it out of an enum payload and back per record.
  private var binary: BinaryTraceDecoder?
  private var json: JSONTraceDecoder?
  private var pending: [UInt8] = []
  private var isFinished = false
  private let binaryOptions: BinaryDecodingOptions
  private let jsonOptions: JSONDecodingOptions

  /// A decoder for `format`, or one that detects the format from the first byte.
  public init(format: TraceFormat? = nil, binaryOptions: BinaryDecodingOptions = BinaryDecodingOptions(), jsonOptions: JSONDecodingOptions = JSONDecodingOptions()) {
    self.binaryOptions = binaryOptions
    self.jsonOptions = jsonOptions
    switch format {
    case nil: break
    case .binary?: binary = BinaryTraceDecoder(options: binaryOptions)
    case .jsonLines?: json = JSONTraceDecoder(options: jsonOptions)
    }
  }

  /// The format, once known.
  public var format: TraceFormat? {
    if binary != nil { return .binary }
    if json != nil { return .jsonLines }
    return nil
  }

  /// The header, once read.
  public var header: TraceHeader? { binary?.header ?? json?.header }

  /// Whether the input is a JSON Lines stream without a header line.
  public var isHeaderless: Bool { json?.isHeaderless ?? false }

  /// The number of records returned so far.
  public var recordCount: Int { binary?.recordCount ?? json?.recordCount ?? 0 }

  /// The absolute offset of the first input byte not yet consumed by a whole record.
  public var consumedByteCount: Int { binary?.consumedByteCount ?? json?.consumedByteCount ?? 0 }

  /// How many bytes were fed after the last whole record (the start of a record not yet whole,
  /// or of a next trace).
  public var unconsumedByteCount: Int { binary?.unconsumedBytes.count ?? json?.unconsumedBytes.count ?? pending.count }

  /// A copy that has dropped the bytes after the last whole record, to be fed the input from
  /// ``consumedByteCount`` on; nil before the format is known. See
  /// ``BinaryTraceDecoder/checkpoint()``.
  public func checkpoint() -> TraceDecoder? {
    guard binary != nil || json != nil else { return nil }
    var copy = self
    copy.binary = binary?.checkpoint()
    copy.json = json?.checkpoint()
    copy.isFinished = false
    return copy
  }

  /// Ends the current trace after its last whole record: the bytes fed after it, and whatever is
  /// fed next, are a new trace in the same format, read from its own header (for the binary
  /// format: magic, version, numbering and header, and an empty string table), as a testee that
  /// serves many cases writes one trace per case on one connection (docs/CONFORMANCE.md §1.9).
  ///
  /// Before the format is known, nothing changes. Byte offsets in later errors count from the
  /// new trace's first byte; ``recordCount`` starts again at 0.
  ///
  /// ```swift
  /// while let record = try decoder.next() { handle(record) }  // the first trace
  /// decoder.startNextTrace()
  /// let next = try decoder.next()                           // the second trace's first record
  /// ```
  public mutating func startNextTrace() {
    guard let format else { return }
    let rest = Array(binary?.unconsumedBytes ?? json?.unconsumedBytes ?? [])
    binary = nil
    json = nil
    switch format {
    case .binary: binary = BinaryTraceDecoder(options: binaryOptions)
    case .jsonLines: json = JSONTraceDecoder(options: jsonOptions)
    }
    feed(rest)
    if isFinished, json != nil { json!.finish() }
  }

  /// Appends input bytes.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    if binary != nil {
      binary!.feed(bytes)
    } else if json != nil {
      json!.feed(bytes)
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  /// Appends input bytes (an array is taken over without a copy when the decoder has consumed
  /// everything before it).
  public mutating func feed(_ bytes: [UInt8]) {
    if binary != nil {
      binary!.feed(bytes)
    } else if json != nil {
      json!.feed(bytes)
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  /// Declares the end of input.
  public mutating func finish() {
    isFinished = true
    if json != nil { json!.finish() }
  }

  /// Picks the decoder from the first byte; false while no byte has arrived.
  private mutating func detect() throws(CodecError) -> Bool {
    if binary != nil || json != nil { return true }
    guard !pending.isEmpty else {
      if isFinished {
        throw CodecError(.truncated, at: .byte(0), "the input is empty; a trace needs at least a header (binary) or one line (JSON Lines)")
      }
      return false
    }
    // "EF" or "EF BB" may be the start of a byte order mark: wait for the third byte, so that how
    // the input is split does not change the outcome.
    if !isFinished && TraceFormat.mayBecomeByteOrderMark(pending) { return false }
    guard let format = TraceFormat.detect(pending) else {
      // Not a trace: say what it is, once the bytes seen decide it (the same however they came).
      switch ForeignContent.probe(Array(pending.prefix(ForeignContent.probeLimit)), atEnd: isFinished) {
      case .needMore: return false
      case .found(let content): throw Self.error(content)
      case .unknown:
        throw CodecError(.badMagic, at: .byte(0), "the input is not a trace: a binary trace starts with byte 0x89, a JSON Lines trace with \"{\"; this one starts with 0x\(String(pending[0], radix: 16, uppercase: true))")
      }
    }
    // A PNG image starts with 0x89 too, and UTF-16 text with "{" and a zero byte: four bytes tell.
    if !isFinished && pending.count < 4 { return false }
    if let content = ForeignContent.instead(ofTrace: Array(pending.prefix(4))) { throw Self.error(content) }
    switch format {
    case .binary:
      binary = BinaryTraceDecoder(options: binaryOptions)
      binary!.feed(pending)
    case .jsonLines:
      json = JSONTraceDecoder(options: jsonOptions)
      json!.feed(pending)
      if isFinished { json!.finish() }
    }
    pending = []
    return true
  }

  /// The error for an input that holds `content` instead of a trace.
  private static func error(_ content: ForeignContent) -> CodecError {
    var error = CodecError(.badMagic, at: .byte(0), content.message())
    error.foreignContent = content
    return error
  }

  /// The next record, or nil when no further whole record is available yet (or at all, after
  /// ``finish()``).
  ///
  /// - Throws: ``CodecError``; `truncated` when the input ended inside a record.
  public mutating func next() throws(CodecError) -> TraceRecord? {
    guard try detect() else { return nil }
    if binary != nil {
      if let record = try binary!.next() { return record }
      if isFinished { try binary!.finish() }
      return nil
    }
    return try json!.next()
  }

  /// Decodes every whole record available into `handler`, batches in reused storage (the fast
  /// path for long traces). After ``finish()``, also reports a truncated end.
  ///
  /// - Returns: false when the handler asked to stop.
  public mutating func decodeAvailable<Handler: TraceRecordHandler>(into handler: inout Handler) throws(CodecError) -> Bool {
    guard try detect() else { return true }
    if binary != nil {
      guard try binary!.decodeAvailable(into: &handler) else { return false }
      if isFinished { try binary!.finish() }
      return true
    }
    return try json!.decodeAvailable(into: &handler)
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

  /// Decodes `bytes` completely (format detected unless given), with the custom commands of
  /// `widgets` (docs/WIDGETS.md §6.1).
  public init(decoding bytes: [UInt8], format: TraceFormat? = nil, widgets: WidgetSchema? = nil) {
    var decoder = TraceDecoder(format: format, binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
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
