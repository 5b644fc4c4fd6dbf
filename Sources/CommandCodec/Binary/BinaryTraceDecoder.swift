/// Reads a binary trace from bytes that arrive in chunks of any size, a record at a time.
///
/// Feed bytes as they come (from a file or a pipe), take records with ``next()`` until it returns
/// nil, feed more, and call ``finish()`` at the end of input. The records are the same however the
/// input is split. Memory is bounded by the largest record, not by the trace.
///
/// ```swift
/// var decoder = BinaryTraceDecoder()
/// decoder.feed(chunk)
/// while let record = try decoder.next() { handle(record) }
/// try decoder.finish()   // throws `truncated` if the input stopped inside a record
/// ```
///
/// After an error the decoder stays failed: every later call throws the same error, while the
/// records returned before it stand.
public struct BinaryTraceDecoder: Sendable, RecordStepping {
  /// The limits this decoder enforces.
  public let options: BinaryDecodingOptions
  /// The header, once the decoder has read it.
  public private(set) var header: TraceHeader?
  /// The numbering the trace's command codes use, once the decoder has read the header.
  public var numbering: CommandNumbering? { header == nil ? nil : parser.numbering }
  /// The number of records returned so far.
  public private(set) var recordCount = 0
  /// The absolute offset of the first byte not yet consumed by a whole record.
  public var consumedByteCount: Int { discarded + readIndex }
  /// The bytes fed after the last whole record, not yet consumed (where a next trace begins).
  var unconsumedBytes: ArraySlice<UInt8> { buffer[readIndex...] }

  private var parser: BinaryRecordParser
  var buffer: [UInt8] = []
  private var readIndex = 0
  private var discarded = 0
  var failure: CodecError?
  private var version = 0
  /// `header != nil`, kept apart: comparing the optional header with nil copies it per record.
  private var hasHeader = false
  /// Reused storage for the commands of the batch being decoded (bulk path).
  var scratch: [Command] = []

  public init(options: BinaryDecodingOptions = BinaryDecodingOptions()) {
    self.options = options
    self.parser = BinaryRecordParser(options: options)
  }

  /// A copy of this decoder that has dropped every byte after the last whole record: it resumes
  /// decoding when fed the input from byte ``consumedByteCount`` on (e.g. a file seeked there).
  ///
  /// The decoding state (header, numbering, interning table, previous time and ids) is kept, so
  /// a checkpoint taken between records is a place to restart a long trace from.
  public func checkpoint() -> BinaryTraceDecoder {
    var copy = self
    copy.discarded = discarded + readIndex
    copy.buffer = []
    copy.readIndex = 0
    copy.scratch = []
    return copy
  }

  /// Appends input bytes.
  public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    compactIfWorthwhile()
    buffer.append(contentsOf: bytes)
  }

  /// Appends input bytes.
  public mutating func feed(_ bytes: some Sequence<UInt8>) {
    compactIfWorthwhile()
    buffer.append(contentsOf: bytes)
  }

  /// Appends input bytes; when everything fed before has been consumed, the array is taken over
  /// as it is (shared, not copied: a whole file read into memory is decoded in place).
  public mutating func feed(_ bytes: [UInt8]) {
    if readIndex == buffer.count {
      discarded += readIndex
      readIndex = 0
      buffer = bytes
      return
    }
    compactIfWorthwhile()
    buffer.append(contentsOf: bytes)
  }

  private mutating func compactIfWorthwhile() {
    // Drop consumed bytes once they are the larger part, so the buffer stays near one record.
    if readIndex > 0 && readIndex >= buffer.count - readIndex {
      buffer.removeSubrange(0..<readIndex)
      discarded += readIndex
      readIndex = 0
    }
  }

  /// The next whole record, or nil when the bytes fed so far hold no further whole record.
  ///
  /// - Throws: ``CodecError`` for invalid input; the decoder then stays failed.
  public mutating func next() throws(CodecError) -> TraceRecord? {
    try nextRecord()
  }


  /// Decodes every whole record fed so far into `handler`, batches in reused storage: the fast
  /// path for replaying long traces.
  ///
  /// - Returns: false when the handler asked to stop, true when the available input is used up.
  /// - Throws: ``CodecError`` for invalid input, after the records before it were handled.
  public mutating func decodeAvailable<Handler: TraceRecordHandler>(into handler: inout Handler) throws(CodecError) -> Bool {
    try decodeAvailableRecords(into: &handler)
  }

  /// Declares the end of input.
  ///
  /// - Throws: `truncated` when the input stopped inside the header or a record, with the offset of
  ///   the unfinished part; every whole record before it has been returned by ``next()``.
  public mutating func finish() throws(CodecError) {
    if let failure { throw failure }
    if header != nil && readIndex == buffer.count { return }
    let offset = discarded + readIndex
    let left = buffer.count - readIndex
    let error: CodecError
    if header == nil {
      if buffer.isEmpty {
        error = CodecError(.truncated, at: .byte(0), "the input is empty; a binary trace starts with the 8-byte magic and a header")
      } else {
        error = CodecError(.truncated, at: .byte(offset), "the input ends inside the file header, after \(buffer.count) bytes")
      }
    } else {
      error = CodecError(.truncated, at: .byte(offset), record: recordCount, "the input ends inside a record: \(left) bytes of it arrived, the rest is missing")
    }
    failure = error
    throw error
  }

  // MARK: - Parsing

  mutating func step(_ raw: UnsafeRawBufferPointer, commands: inout [Command]) throws(CodecError) -> ParsedRecord? {
    parser.baseOffset = discarded
    if !hasHeader {
      guard try readFileHeader(raw) else { return nil }
    }
    var r = BinaryReader(raw, from: readIndex)
    let start = r.position
    guard let kindByte = r.readUInt8() else { return nil }
    parser.recordIndex = recordCount
    guard let kind = BinaryFormat.RecordKind(rawValue: kindByte) else {
      throw parser.error(.unknownRecordKind, at: start, "0x\(String(kindByte, radix: 16, uppercase: true)) is not a record kind (batch 0x01, event 0x02, modal result 0x03, marker 0x04)")
    }
    guard let length = try recordLength(&r) else { return nil }
    guard r.remaining >= length else { return nil }
    var payload = BinaryReader(raw, from: r.position, to: r.position + length)
    let record = try parser.parseRecord(kind: kind, &payload, commands: &commands)
    readIndex = r.position + length
    recordCount += 1
    return record
  }

  /// The payload length after a kind byte, or nil when its bytes have not all arrived.
  ///
  /// `mutating` although it changes nothing: called from a mutating method, a non-mutating one
  /// got a copy of the whole decoder (472 bytes) on every record.
  private mutating func recordLength(_ r: inout BinaryReader) throws(CodecError) -> Int? {
    let start = r.position
    switch r.readVarint() {
    case .truncated: return nil
    case .invalid(let nonCanonical):
      throw parser.error(nonCanonical ? .nonCanonical : .malformed, at: start, "the record length is not a valid shortest-form varint")
    case .value(let length):
      guard length <= UInt64(options.maxRecordLength) else {
        throw parser.error(.recordTooLong, at: start, "the record declares \(length) bytes, more than the limit of \(options.maxRecordLength)")
      }
      return Int(length)
    }
  }

  /// Reads the magic, version, numbering and header record; false when more bytes are needed.
  private mutating func readFileHeader(_ raw: UnsafeRawBufferPointer) throws(CodecError) -> Bool {
    let magic = BinaryFormat.magic
    let available = min(raw.count, magic.count)
    for i in 0..<available where raw[i] != magic[i] {
      throw CodecError(.badMagic, at: .byte(i), "not a binary cmdtool trace: byte \(i) is 0x\(String(raw[i], radix: 16)), the magic is 89 43 4D 44 0D 0A 1A 0A")
    }
    guard raw.count >= magic.count + 2 else { return false }
    let version = raw[magic.count]
    guard version == BinaryFormat.version else {
      throw CodecError(.unsupportedVersion, at: .byte(magic.count), "format version \(version) is not supported; this cmdtool reads version \(BinaryFormat.version)")
    }
    guard let numbering = CommandNumbering.withID(raw[magic.count + 1]) else {
      throw CodecError(.unknownNumbering, at: .byte(magic.count + 1), "numbering \(raw[magic.count + 1]) is unknown; known: " + CommandNumbering.all.map { "\($0.id) \($0.name)" }.joined(separator: ", "))
    }
    var r = BinaryReader(raw, from: magic.count + 2)
    parser.recordIndex = nil
    guard let length = try recordLength(&r) else { return false }
    guard r.remaining >= length else { return false }
    var payload = BinaryReader(raw, from: r.position, to: r.position + length)
    parser.numbering = numbering
    let parsed = try parser.parseHeader(&payload, version: Int(version))
    // Kept even when its schema is refused, so that a reader can start again with that schema.
    header = parsed
    hasHeader = true
    if let (code, message) = WidgetSchema.mismatch(header: parsed.widgets, given: options.widgets) {
      throw CodecError(code, at: .byte(magic.count + 2), message)
    }
    readIndex = r.position + length
    return true
  }
}
