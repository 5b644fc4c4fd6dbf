import CommandCodec

/// Writes a trace file record by record, in either format.
///
/// With ``FlushPolicy/everyRecord`` every record reaches the file as soon as it is written, so a
/// crash of the writer loses nothing already written (the recorder's mode); ``FlushPolicy/buffered``
/// collects up to 256 KiB first (conversion).
///
/// A file is written through ``AtomicFile``: a temporary of its own that takes the place of `PATH`
/// only on ``commit()``, so a failed run never truncates a good file; ``abandon()`` keeps it as
/// `PATH.partial` (or, with `replacing: false`, as `PATH`). When a write fails part way (a full
/// disk), the file is cut back to the end of its last whole record and the writer writes no more:
/// what is on disk reads cleanly, and ``recordsInFile`` says how many records that is.
public final class TraceFileWriter {
  /// When bytes are handed to the operating system.
  public enum FlushPolicy: Sendable {
    case everyRecord
    case buffered
  }

  /// The path written (`"-"` for standard output).
  public let path: String
  /// The format written.
  public let format: TraceFormat
  private let sink: ByteSink
  private let atomic: AtomicFile?
  private var encoder: TraceEncoder
  private var buffer: [UInt8] = []
  /// Where each record (and, before the first flush, the header) ends in `buffer`.
  private var ends: [Int] = []
  private var headerPending = true
  /// Bytes in the file, all of them whole records.
  private var fileLength = 0
  private var failure: IOError?
  private let policy: FlushPolicy
  /// The number of records written (handed to ``write(_:)``), some perhaps still buffered.
  public private(set) var recordCount = 0
  /// The number of whole records that reached the file: after ``commit()`` or ``abandon()``,
  /// what the file holds.
  public private(set) var recordsInFile = 0
  private static let bufferLimit = 256 << 10

  /// Creates a fresh temporary for `path` and writes the header.
  ///
  /// - Parameter widgets: the schema whose codes custom widget commands take in binary (the
  ///   header should name it: ``TraceHeader/widgets``).
  /// - Parameter replacing: whether a run that is abandoned keeps `path` as it was (its output
  ///   in `PATH.partial`); false puts the output at `path` either way, for scratch recordings
  ///   whose failure is the point. Ignored for `-`, standard output.
  /// - Parameter inputs: the files the run reads, which it must not write (``AtomicFile``).
  public convenience init(path: String, format: TraceFormat, header: TraceHeader, flush policy: FlushPolicy = .buffered, replacing: Bool = true, inputs: [String] = [], widgets: WidgetSchema? = nil) throws(TraceFileError) {
    let atomic: AtomicFile?
    do {
      atomic = path == "-" ? nil : try AtomicFile(path: path, inputs: inputs, unfinished: replacing ? .partial : .inPlace)
    } catch {
      throw .io(error)
    }
    try self.init(sink: atomic?.descriptor ?? FileDescriptor.standardOutput, atomic: atomic, path: path, format: format, header: header, flush: policy, widgets: widgets)
  }

  /// Writes the header to `sink`, a stream that is not replaced (a test's failing sink, a pipe).
  public convenience init(sink: ByteSink, path: String, format: TraceFormat, header: TraceHeader, flush policy: FlushPolicy = .buffered, widgets: WidgetSchema? = nil) throws(TraceFileError) {
    try self.init(sink: sink, atomic: nil, path: path, format: format, header: header, flush: policy, widgets: widgets)
  }

  private init(sink: ByteSink, atomic: AtomicFile?, path: String, format: TraceFormat, header: TraceHeader, flush policy: FlushPolicy, widgets: WidgetSchema?) throws(TraceFileError) {
    self.path = path
    self.format = format
    self.policy = policy
    self.sink = sink
    self.atomic = atomic
    encoder = TraceEncoder(format: format, widgets: widgets)
    do {
      try encoder.encodeHeader(header, into: &buffer)
    } catch {
      throw .unwritable(path: path, record: nil, error)
    }
    ends.append(buffer.count)
    try flush()
  }

  /// Appends a record.
  public func write(_ record: TraceRecord) throws(TraceFileError) {
    if let failure { throw .io(failure) }
    do {
      try encoder.encode(record, into: &buffer)
    } catch {
      throw .unwritable(path: path, record: recordCount, error)
    }
    ends.append(buffer.count)
    recordCount += 1
    if policy == .everyRecord || buffer.count >= Self.bufferLimit { try flush() }
  }

  /// Hands buffered bytes to the operating system. After a failed write the file ends with its
  /// last whole record, and every later call throws the same error.
  public func flush() throws(TraceFileError) {
    if let failure { throw .io(failure) }
    guard !buffer.isEmpty else { return }
    let sink = self.sink
    let name = writtenPathForErrors
    var written = 0
    let result: Result<Void, IOError> = buffer.withUnsafeBytes { bytes in
      Result { () throws(IOError) in try sink.write(bytes, path: name, written: &written) }
    }
    let whole = result.isSuccess ? ends.count : ends.prefix { $0 <= written }.count
    recordsInFile += whole - (headerPending && whole > 0 ? 1 : 0)
    if whole > 0 { headerPending = false }
    if case .failure(let error) = result {
      let kept = whole > 0 ? ends[whole - 1] : 0
      if written > kept { _ = sink.truncate(to: fileLength + kept) }
      fileLength += kept
      failure = error
      buffer.removeAll()
      ends.removeAll()
      throw .io(error)
    }
    fileLength += buffer.count
    buffer.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  /// Where the records are until ``commit()``: a temporary of this writer's own (`path` for `-`).
  public var writtenPath: String { atomic?.temporaryPath ?? path }

  /// The file an error names: where the records stay if the run fails (`PATH.partial`).
  private var writtenPathForErrors: String { atomic?.unfinishedPath ?? path }

  /// Flushes and closes the file; puts it in place of `path` (``commit()``).
  public func close() throws(TraceFileError) {
    try commit()
  }

  /// Flushes, closes and puts the trace in place of `path` atomically. On failure the file is
  /// kept as ``abandon()`` keeps it.
  public func commit() throws(TraceFileError) {
    do {
      try flush()
    } catch {
      abandon()
      throw error
    }
    do {
      try atomic?.commit()
    } catch {
      throw .io(error)
    }
  }

  /// Flushes what it can and closes the file without replacing anything.
  /// - Returns: where the records written are: `PATH.partial` (or `PATH` when not replacing).
  @discardableResult
  public func abandon() -> String {
    try? flush()
    return atomic?.abandon() ?? path
  }

  /// What became of `path` while this writer ran (``AtomicFile/targetReport()``).
  public func targetReport() -> String {
    atomic?.targetReport() ?? "\(path) was not written"
  }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
