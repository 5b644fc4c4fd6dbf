import CommandCodec

/// Reads a trace file (either format, detected from its first byte) one record at a time.
///
/// The file is read in chunks of `chunkSize` bytes, so memory stays bounded by the chunk and the
/// largest record however long the trace is. Use `"-"` for standard input.
///
/// The default chunk, 64 KiB, stays in a core's L2 cache with the model a replay builds: with
/// 1 MiB chunks, each chunk (read, copied into the decoder, parsed) pushed the model's elements out
/// of the cache: the kernel's copy into the chunk alone was 7% of a replay's profile (under 2%
/// with 64 KiB), and deleting elements, which finds them cold, twice what it is now.
///
/// ```swift
/// let reader = try TraceFileReader(path: "traces/login.jsonl")
/// let header = try reader.readHeader()
/// while let record = try reader.next() { print(record.time) }
/// ```
///
/// When the content turns invalid, ``next()`` throws ``TraceFileError/invalidContent(path:_:)``
/// after returning every whole record before the bad place.
///
/// A trace whose header names a widget schema is read with the schema given, or else with the one
/// ``WidgetSchemaFile`` finds beside the trace by name (docs/WIDGETS.md §6.1); ``widgets`` is
/// then the schema in use.
public final class TraceFileReader {
  /// The path read (`"-"` for standard input).
  public let path: String
  private let file: FileDescriptor
  private var decoder: TraceDecoder
  private var chunk: [UInt8]
  private var reachedEnd = false
  private var lookahead: TraceRecord?

  /// The widget schema the trace is read with: the one given, or the one found beside the trace
  /// for a header that names one (known once the header is read); nil for built-in commands only.
  public private(set) var widgets: WidgetSchema?

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

  /// Opens `path`; `format` nil detects it from the first byte; `widgets` reads custom widget
  /// commands (nil: the schema the header names, found beside the trace, if any).
  public init(path: String, format: TraceFormat? = nil, chunkSize: Int = 1 << 16, widgets: WidgetSchema? = nil) throws(TraceFileError) {
    self.path = path
    do {
      file = path == "-" ? .standardInput : try FileDescriptor.open(forReadingAt: path)
    } catch {
      throw .io(error)
    }
    fileSize = file.regularFileSize()
    self.widgets = widgets
    decoder = TraceFileReader.decoder(format: format, widgets: widgets)
    chunk = [UInt8](repeating: 0, count: chunkSize)
  }

  private static func decoder(format: TraceFormat?, widgets: WidgetSchema?) -> TraceDecoder {
    TraceDecoder(format: format, binaryOptions: BinaryDecodingOptions(widgets: widgets), jsonOptions: JSONDecodingOptions(widgets: widgets))
  }

  /// A place between two records of a trace file to resume reading from (see
  /// ``TraceFileReader/checkpoint()``).
  public struct Checkpoint: Sendable {
    fileprivate let decoder: TraceDecoder
    fileprivate let widgets: WidgetSchema?
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
    return Checkpoint(decoder: decoder, widgets: widgets, byteOffset: decoder.consumedByteCount, recordIndex: decoder.recordCount)
  }

  /// Reopens `path` at `checkpoint`: the next record read is the one after it.
  ///
  /// - Complexity: O(1): the file is seeked, nothing before the checkpoint is read again.
  public init(path: String, resumingFrom checkpoint: Checkpoint, chunkSize: Int = 1 << 16) throws(TraceFileError) {
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
    widgets = checkpoint.widgets
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
        if try restartWithFoundSchema(after: error) { continue }
        throw .invalidContent(path: path, error)
      }
      if reachedEnd { return true }
      try fill()
    }
  }

  /// Ends the current trace after its last record: what follows is a new trace in the same
  /// format, read from its own header with ``readHeader()`` (one stream holding trace after
  /// trace, as a testee serving many cases reads them: docs/CONFORMANCE.md §1.9).
  public func startNextTrace() {
    decoder.startNextTrace()
    lookahead = nil
  }

  /// Waits until the input holds a byte not yet read as a record, or ends.
  /// - Returns: false when it ended with nothing more (no next trace).
  public func awaitInput() throws(TraceFileError) -> Bool {
    while lookahead == nil && decoder.unconsumedByteCount == 0 {
      if reachedEnd { return false }
      try fill()
    }
    return true
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
        if try restartWithFoundSchema(after: error) { continue }
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

  /// After a header that names a widget schema none was given for: finds the schema beside the
  /// trace and starts reading again from byte 0 with it. False when `error` is another error.
  ///
  /// - Throws: `schemaMissing` naming the places looked in when there is none, `schemaMismatch`
  ///   when the file found is another version of the schema, the schema file's own problem.
  private func restartWithFoundSchema(after error: CodecError) throws(TraceFileError) -> Bool {
    guard error.code == .schemaMissing, widgets == nil, decoder.recordCount == 0,
      let named = decoder.header?.widgets
    else { return false }
    guard let (found, schema) = try WidgetSchemaFile.discover(named, besideTrace: path) else {
      let places = WidgetSchemaFile.candidates(for: named.name, besideTrace: path)
      guard !places.isEmpty else { return false }
      var missing = error
      missing.message += "; looked for " + places.joined(separator: " and ")
      throw .invalidContent(path: path, missing)
    }
    guard schema.fingerprint == named.fingerprint else {
      throw .invalidContent(path: path, CodecError(.schemaMismatch, at: error.location, "the trace was made with widget schema \(named) but \(found) is \(schema.reference): its widgets, commands or properties differ"))
    }
    do {
      try file.seek(to: 0, path: path)
    } catch {
      return false  // standard input or a pipe: the caller reports the missing schema
    }
    let format = decoder.format
    decoder = TraceFileReader.decoder(format: format, widgets: schema)
    widgets = schema
    bytesRead = 0
    reachedEnd = false
    return true
  }

  /// Closes the file.
  public func close() { file.close() }
}
