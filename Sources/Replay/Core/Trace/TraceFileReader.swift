import CommandCodec

/// Reads a trace file (either format, detected from its first byte) one record at a time.
///
/// The file is read in chunks of `chunkSize` bytes, so memory stays bounded by the chunk and the
/// largest record however long the trace is. Use `"-"` for standard input.
///
/// ```swift
/// let reader = try TraceFileReader(path: "traces/login.jsonl")
/// let header = try reader.readHeader()
/// while let record = try reader.next() { print(record.time) }
/// ```
///
/// When the content turns invalid, ``next()`` throws ``TraceFileError/invalidContent(path:_:)``
/// after returning every whole record before the bad place.
public final class TraceFileReader {
  /// The path read (`"-"` for standard input).
  public let path: String
  private let file: FileDescriptor
  private var decoder: TraceDecoder
  private var chunk: [UInt8]
  private var reachedEnd = false
  private var lookahead: TraceRecord?

  /// The bytes read from the file so far (from its start, also when resumed at a checkpoint).
  public private(set) var bytesRead = 0

  /// The file's size in bytes, when it is a regular file (nil for standard input or a pipe):
  /// with ``bytesRead``, how far through the file a reader has come.
  public let fileSize: Int?

  /// Called with ``bytesRead`` each time the reader has decoded every byte read so far and is
  /// about to read more (about once per `chunkSize` bytes, and once at the end of the file).
  ///
  /// A hook for progress reports: it is checked once per chunk, never per record, so the replay
  /// path costs the same with or without it.
  public var progressHandler: ((_ bytesRead: Int) -> Void)?

  /// Opens `path`; `format` nil detects it from the first byte.
  public init(path: String, format: TraceFormat? = nil, chunkSize: Int = 1 << 20) throws(TraceFileError) {
    self.path = path
    do {
      file = path == "-" ? .standardInput : try FileDescriptor.open(forReadingAt: path)
    } catch {
      throw .io(error)
    }
    fileSize = file.regularFileSize()
    decoder = TraceDecoder(format: format)
    chunk = [UInt8](repeating: 0, count: chunkSize)
  }

  /// A place between two records of a trace file to resume reading from (see
  /// ``TraceFileReader/checkpoint()``).
  public struct Checkpoint: Sendable {
    fileprivate let decoder: TraceDecoder
    /// The byte offset of the next record in the file.
    public let byteOffset: Int
    /// The number of records before it.
    public let recordIndex: Int
  }

  /// Where the reader stands: after the last record returned (or handed to a handler), ready to
  /// resume from there with ``init(path:resumingFrom:)``. Nil before the format is known or when
  /// a record was read ahead by ``readHeader()``.
  public func checkpoint() -> Checkpoint? {
    guard lookahead == nil, let decoder = decoder.checkpoint() else { return nil }
    return Checkpoint(decoder: decoder, byteOffset: decoder.consumedByteCount, recordIndex: decoder.recordCount)
  }

  /// Reopens `path` at `checkpoint`: the next record read is the one after it.
  ///
  /// - Complexity: O(1): the file is seeked, nothing before the checkpoint is read again.
  public init(path: String, resumingFrom checkpoint: Checkpoint, chunkSize: Int = 1 << 20) throws(TraceFileError) {
    self.path = path
    do {
      file = try FileDescriptor.open(forReadingAt: path)
      try file.seek(to: checkpoint.byteOffset, path: path)
    } catch {
      throw .io(error)
    }
    fileSize = file.regularFileSize()
    bytesRead = checkpoint.byteOffset
    decoder = checkpoint.decoder
    chunk = [UInt8](repeating: 0, count: chunkSize)
  }

  /// The format, once the first bytes have been read.
  public var format: TraceFormat? { decoder.format }

  /// Whether the file is a JSON Lines stream without a header line.
  public var isHeaderless: Bool { decoder.isHeaderless }

  /// The number of records returned so far.
  public var recordCount: Int { decoder.recordCount - (lookahead == nil ? 0 : 1) }

  /// Reads as far as the header and returns it (the default header for a header-less JSON stream).
  public func readHeader() throws(TraceFileError) -> TraceHeader {
    while decoder.header == nil {
      if let record = try pull() {
        lookahead = record
        break
      }
      if reachedEnd { break }
    }
    if let header = decoder.header { return header }
    // Empty input or a file cut inside its header: let the decoder say which.
    _ = try pull()
    return decoder.header ?? TraceHeader()
  }

  /// The next record, or nil at the end of the file.
  public func next() throws(TraceFileError) -> TraceRecord? {
    if let record = lookahead {
      lookahead = nil
      return record
    }
    return try pull()
  }

  /// Reads the remaining records into `handler`, command batches in reused storage: the fast
  /// path for replaying long traces.
  ///
  /// - Returns: false when the handler stopped early, true at the end of the file.
  /// - Throws: ``TraceFileError``, after every whole record before the problem was handled.
  public func read<Handler: TraceRecordHandler>(into handler: inout Handler) throws(TraceFileError) -> Bool {
    if let record = lookahead {
      lookahead = nil
      let proceed: Bool
      if case .batch(let commands) = record.body {
        proceed = handler.handleBatch(commands, at: record.time)
      } else {
        proceed = handler.handle(record)
      }
      guard proceed else { return false }
    }
    while true {
      do {
        guard try decoder.decodeAvailable(into: &handler) else { return false }
      } catch {
        throw .invalidContent(path: path, error)
      }
      if reachedEnd { return true }
      try fill()
    }
  }

  /// Reads every remaining record.
  public func readAll() throws(TraceFileError) -> [TraceRecord] {
    var records: [TraceRecord] = []
    while let record = try next() { records.append(record) }
    return records
  }

  private func pull() throws(TraceFileError) -> TraceRecord? {
    while true {
      do {
        if let record = try decoder.next() { return record }
      } catch {
        throw .invalidContent(path: path, error)
      }
      if reachedEnd { return nil }
      try fill()
    }
  }

  /// Reads the next chunk into the decoder (declaring the end of input at the end of the file).
  private func fill() throws(TraceFileError) {
    progressHandler?(bytesRead)
    let file = self.file
    let path = self.path
    let result: Result<Int, IOError> = chunk.withUnsafeMutableBytes { buffer in
      Result { () throws(IOError) -> Int in try file.read(into: buffer, path: path) }
    }
    let count: Int
    switch result {
    case .success(let n): count = n
    case .failure(let error): throw .io(error)
    }
    if count == 0 {
      reachedEnd = true
      decoder.finish()
    } else {
      bytesRead += count
      chunk.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
  }

  /// Closes the file.
  public func close() { file.close() }
}
