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
public struct JSONTraceDecoder: Sendable {
  /// The limits this decoder enforces.
  public let options: JSONDecodingOptions
  /// The header, once the first line has been read (the default header for a header-less stream).
  public private(set) var header: TraceHeader?
  /// Whether the stream had no header line.
  public private(set) var isHeaderless = false
  /// The number of records returned so far.
  public private(set) var recordCount = 0
  /// The number of lines consumed so far.
  public private(set) var lineCount = 0
  /// The absolute offset of the first byte not yet consumed by a whole line.
  public var consumedByteCount: Int { discarded + readIndex }

  private var buffer: [UInt8] = []
  private var readIndex = 0
  private var scanIndex = 0
  private var discarded = 0
  private var previousTime: Double = 0
  private var isFinished = false
  private var failure: CodecError?

  public init(options: JSONDecodingOptions = JSONDecodingOptions()) {
    self.options = options
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
    if let failure { throw failure }
    do {
      while true {
        guard let (lineEnd, terminated) = try nextLineEnd() else { return nil }
        let lineStart = readIndex
        readIndex = terminated ? lineEnd + 1 : lineEnd
        scanIndex = readIndex
        lineCount += 1
        if let record = try parse(lineStart..<lineEnd, terminated: terminated) { return record }
      }
    } catch {
      failure = error
      throw error
    }
  }

  /// The end of the next line and whether a newline ends it; nil when no whole line is available.
  private mutating func nextLineEnd() throws(CodecError) -> (Int, Bool)? {
    let newline: Int? = buffer.withUnsafeBytes { raw in
      Self.firstNewline(in: raw, from: scanIndex)
    }
    if let newline {
      if newline - readIndex > options.maxLineLength { throw lineTooLong() }
      return (newline, true)
    }
    scanIndex = buffer.count
    if buffer.count - readIndex > options.maxLineLength { throw lineTooLong() }
    if isFinished && readIndex < buffer.count { return (buffer.count, false) }
    return nil
  }

  private func lineTooLong() -> CodecError {
    CodecError(.recordTooLong, at: .line(lineCount + 1, column: 1, byte: discarded + readIndex), record: recordCount,
      "the line is longer than the limit of \(options.maxLineLength) bytes")
  }

  /// Finds "\n" eight bytes at a time.
  private static func firstNewline(in raw: UnsafeRawBufferPointer, from start: Int) -> Int? {
    var i = start
    let count = raw.count
    while i + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
      // A zero byte in `word` marks a newline.
      if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
      i += 8
    }
    while i < count {
      if raw[i] == 0x0A { return i }
      i += 1
    }
    return nil
  }

  private mutating func parse(_ range: Range<Int>, terminated: Bool) throws(CodecError) -> TraceRecord? {
    let lineNumber = lineCount
    let lineOffset = discarded + range.lowerBound
    let expectingHeader = header == nil
    let options = self.options
    let previousTime = self.previousTime
    let recordIndex = recordCount
    let bytes = buffer
    let result: Result<JSONLine?, CodecError> = bytes.withUnsafeBytes { raw in
      var line = UnsafeRawBufferPointer(rebasing: raw[range])
      if line.last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
      let context = JSONErrorContext(lineNumber: lineNumber, lineOffset: lineOffset, recordIndex: expectingHeader ? nil : recordIndex, lineIsUnterminated: !terminated)
      if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) {
        return .failure(context.error(.syntax, at: 0, "the input starts with a UTF-8 byte order mark; JSON Lines traces must not have one"))
      }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .success(nil) }
      var parser = JSONLineParser(line, context: context, options: options)
      return Result { () throws(CodecError) -> JSONLine? in
        try parser.parseLine(previousTime: previousTime, headerAllowed: expectingHeader)
      }
    }
    switch try result.get() {
    case nil: return nil
    case .header(let parsed)?:
      header = parsed
      return nil
    case .record(let record)?:
      if header == nil {
        header = TraceHeader()
        isHeaderless = true
      }
      self.previousTime = record.time
      recordCount += 1
      return record
    }
  }
}
