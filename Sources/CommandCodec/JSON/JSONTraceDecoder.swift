/// Reads a JSON Lines trace from bytes that arrive in chunks of any size, a record at a time.
///
/// The first line may be a header (`{"trace":1,...}`); without one, the stream is a header-less
/// sequence of records, as an engine prints them, and ``header`` is the default header. Blank lines
/// are skipped. Memory is bounded by the longest line, not by the trace.
///
/// ```swift
/// var decoder = JSONTraceDecoder()
/// decoder.feed(chunk)
/// while let record = try decoder.next() { handle(record) }
/// decoder.finish()
/// while let record = try decoder.next() { handle(record) }  // a last line without a newline
/// ```
public struct JSONTraceDecoder: Sendable, RecordStepping {
  /// The limits this decoder enforces.
  public let options: JSONDecodingOptions
  /// The header, once the first line has been read (the default header for a header-less stream).
  ///
  /// Set also when the header's widget schema was refused (`schemaMissing`, `schemaMismatch`):
  /// its ``TraceHeader/widgets`` names the schema to start again with.
  public private(set) var header: TraceHeader?
  /// Whether the stream had no header line.
  public private(set) var isHeaderless = false
  /// The number of records returned so far.
  public private(set) var recordCount = 0
  /// The number of lines consumed so far.
  public private(set) var lineCount = 0
  /// The absolute offset of the first byte not yet consumed by a whole line.
  public var consumedByteCount: Int { discarded + readIndex }
  /// The bytes fed after the last whole record, not yet consumed (where a next trace begins).
  var unconsumedBytes: ArraySlice<UInt8> { buffer[readIndex...] }

  var buffer: [UInt8] = []
  private var readIndex = 0
  private var scanIndex = 0
  private var discarded = 0
  private var previousTime: Double = 0
  private var isFinished = false
  /// `header != nil`, kept apart: comparing the optional header with nil copies it per line.
  private var hasHeader = false
  var failure: CodecError?
  /// Reused storage for the commands of the batch being decoded (bulk path).
  var scratch: [Command] = []
  /// Whether canonical command lines take the fast path (`JSONLineParser+Canonical.swift`);
  /// tests turn it off to compare it with the general parser.
  var usesCanonicalFastPath = true
  /// The lines the fast path decoded (tests check that it takes the encoder's output).
  private(set) var canonicalLineCount = 0

  public init(options: JSONDecodingOptions = JSONDecodingOptions()) {
    self.options = options
  }

  /// A copy of this decoder that has dropped every byte after the last whole line: it resumes
  /// decoding when fed the input from byte ``consumedByteCount`` on (e.g. a file seeked there),
  /// keeping the header, the previous time and the line and record counts.
  public func checkpoint() -> JSONTraceDecoder {
    var copy = self
    copy.discarded = discarded + readIndex
    copy.buffer = []
    copy.readIndex = 0
    copy.scanIndex = 0
    copy.isFinished = false
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
      scanIndex = 0
      readIndex = 0
      buffer = bytes
      return
    }
    compactIfWorthwhile()
    buffer.append(contentsOf: bytes)
  }

  /// Declares the end of input: a last line without a newline is then read as a line.
  public mutating func finish() {
    isFinished = true
  }

  private mutating func compactIfWorthwhile() {
    if readIndex > 0 && readIndex >= buffer.count - readIndex {
      buffer.removeSubrange(0..<readIndex)
      discarded += readIndex
      scanIndex -= readIndex
      readIndex = 0
    }
  }

  /// The next record, or nil when the bytes fed so far hold no further whole line.
  ///
  /// - Throws: ``CodecError`` for invalid input, or `truncated` when the input ended (after
  ///   ``finish()``) inside a line's record. The decoder then stays failed.
  public mutating func next() throws(CodecError) -> TraceRecord? {
    try nextRecord()
  }


  /// Decodes every whole line fed so far into `handler`, batches in reused storage: the fast path
  /// for replaying long traces.
  ///
  /// - Returns: false when the handler asked to stop, true when the available input is used up.
  /// - Throws: ``CodecError`` for invalid input, after the records before it were handled.
  public mutating func decodeAvailable<Handler: TraceRecordHandler>(into handler: inout Handler) throws(CodecError) -> Bool {
    try decodeAvailableRecords(into: &handler)
  }

  /// The next record of the buffered input, skipping blank lines and the header; nil when no
  /// further whole line is available.
  mutating func step(_ raw: UnsafeRawBufferPointer, commands: inout [Command]) throws(CodecError) -> ParsedRecord? {
    commands.removeAll(keepingCapacity: true)  // the parsers append
    while true {
      guard let (lineEnd, terminated) = try nextLineEnd(raw) else { return nil }
      let lineStart = readIndex
      readIndex = terminated ? lineEnd + 1 : lineEnd
      scanIndex = readIndex
      lineCount += 1
      if let parsed = try parse(raw, lineStart..<lineEnd, terminated: terminated, commands: &commands) { return parsed }
    }
  }

  /// The end of the next line and whether a newline ends it; nil when no whole line is available.
  private mutating func nextLineEnd(_ raw: UnsafeRawBufferPointer) throws(CodecError) -> (Int, Bool)? {
    if let newline = Self.firstNewline(in: raw, from: scanIndex) {
      if newline - readIndex > options.maxLineLength { throw lineTooLong() }
      return (newline, true)
    }
    scanIndex = raw.count
    if raw.count - readIndex > options.maxLineLength { throw lineTooLong() }
    if isFinished && readIndex < raw.count { return (raw.count, false) }
    return nil
  }

  private func lineTooLong() -> CodecError {
    CodecError(.recordTooLong, at: .line(lineCount + 1, column: 1, byte: discarded + readIndex), record: recordCount,
      "the line is longer than the limit of \(options.maxLineLength) bytes")
  }

  /// Finds "\n" 32 bytes at a time (four words tested together), then eight, then one.
  private static func firstNewline(in raw: UnsafeRawBufferPointer, from start: Int) -> Int? {
    @inline(__always) func newlines(_ offset: Int) -> UInt64 {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
      // A zero byte in `word` (a newline in the input) sets its high bit here.
      return (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }
    var i = start
    let count = raw.count
    while i + 32 <= count {
      if newlines(i) | newlines(i + 8) | newlines(i + 16) | newlines(i + 24) != 0 { break }
      i += 32
    }
    while i + 8 <= count {
      if newlines(i) != 0 { break }
      i += 8
    }
    while i < count {
      if raw[i] == 0x0A { return i }
      i += 1
    }
    return nil
  }

  /// Parses one line: nil for a blank line or the header, else the record.
  private mutating func parse(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>, terminated: Bool, commands: inout [Command]) throws(CodecError) -> ParsedRecord? {
    var line = UnsafeRawBufferPointer(rebasing: raw[range])
    if line.last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
    let expectingHeader = !hasHeader
    let context = JSONErrorContext(lineNumber: lineCount, lineOffset: discarded + range.lowerBound, recordIndex: expectingHeader ? nil : recordCount, lineIsUnterminated: !terminated)
    var parser = JSONLineParser(line, context: context, options: options)
    // Most lines start with "{"; only others need the byte order mark and blank-line checks.
    if line.first != UInt8(ascii: "{") {
      if context.lineOffset == 0 {
        try parser.refuseByteOrderMark("the trace")
      } else if expectingHeader {
        try parser.refuseByteOrderMark("the line", "remove it")
      } else {
        // After records, a BOM is where a file saved with one was appended (`cat a.jsonl b.jsonl`).
        try parser.refuseByteOrderMark("the line", "remove it (a file saved with one was probably appended here)")
      }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
    } else if usesCanonicalFastPath {
      // The lines this toolkit writes; anything else is read again from the start, below.
      if let time = parser.parseCanonicalCommands(previousTime: previousTime, commands: &commands) {
        noteRecord(at: time)
        canonicalLineCount += 1
        return .batch(time: time)
      }
      parser.position = 0
    }
    let parsed: JSONLine
    do {
      parsed = try parser.parseLine(previousTime: previousTime, headerAllowed: expectingHeader, commands: &commands)
    } catch {
      throw Self.named(error, line: line, context: context, isFirst: expectingHeader && recordCount == 0)
    }
    switch parsed {
    case .header(let parsed):
      // Kept even when its schema is refused below, so that a reader can find the schema the
      // header names and start again with it.
      header = parsed
      hasHeader = true
      if let (code, message) = WidgetSchema.mismatch(header: parsed.widgets, given: options.widgets) {
        throw CodecError(code, at: .line(lineCount, column: 1, byte: context.lineOffset), message)
      }
      return nil
    case .batch(let time):
      noteRecord(at: time)
      return .batch(time: time)
    case .record(let record):
      noteRecord(at: record.time)
      return .record(record)
    }
  }

  /// `error`, or when the line is recognizably something else than a record (a log line, a
  /// script's step, a JSON array), an error that says so, at the start of the line.
  ///
  /// Only on the error path: a line is looked at again only when it failed.
  private static func named(_ error: CodecError, line: UnsafeRawBufferPointer, context: JSONErrorContext, isFirst: Bool) -> CodecError {
    guard error.code != .truncated else { return error }
    let bytes = Array(line)
    let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 }
    let content: ForeignContent
    if trimmed.first == UInt8(ascii: "{") {
      guard ForeignContent.isScriptStep(bytes) else { return error }
      content = .script
    } else if trimmed.first == UInt8(ascii: "[") && isFirst {
      content = .jsonArray
    } else if let text = ForeignContent.printableLine(bytes[...]) {
      content = .text(line: text)
    } else {
      return error
    }
    var named = context.error(error.code, at: 0, content.message(atStart: isFirst))
    named.foreignContent = content
    return named
  }

  private mutating func noteRecord(at time: Double) {
    if !hasHeader {
      header = TraceHeader()
      hasHeader = true
      isHeaderless = true
    }
    previousTime = time
    recordCount += 1
  }
}
