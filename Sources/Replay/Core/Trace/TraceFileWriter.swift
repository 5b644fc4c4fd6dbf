import CommandCodec

/// Writes a trace file record by record, in either format.
///
/// With ``FlushPolicy/everyRecord`` every record reaches the file as soon as it is written, so a
/// crash of the writer loses nothing already written (the recorder's mode); ``FlushPolicy/buffered``
/// collects up to 256 KiB first (conversion).
///
/// With `replacing: true` the trace is written to `PATH.partial` (``AtomicFile``) and takes the
/// place of `PATH` only on ``commit()``: a failed run never truncates a good file.
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
  private let file: FileDescriptor
  private let atomic: AtomicFile?
  private var encoder: TraceEncoder
  private var buffer: [UInt8] = []
  private let policy: FlushPolicy
  /// The number of records written.
  public private(set) var recordCount = 0
  private static let bufferLimit = 256 << 10

  /// Creates (or truncates) `path` and writes the header.
  ///
  /// - Parameter widgets: the schema whose codes custom widget commands take in binary (the
  ///   header should name it: ``TraceHeader/widgets``).
  /// - Parameter replacing: write to `PATH.partial` and replace `path` only on ``commit()``
  ///   (ignored for `-`, standard output).
  public init(path: String, format: TraceFormat, header: TraceHeader, flush policy: FlushPolicy = .buffered, replacing: Bool = false, widgets: WidgetSchema? = nil) throws(TraceFileError) {
    self.path = path
    self.format = format
    self.policy = policy
    do {
      if path == "-" {
        file = .standardOutput
        atomic = nil
      } else if replacing {
        let atomic = try AtomicFile(path: path)
        self.atomic = atomic
        file = atomic.descriptor
      } else {
        file = try FileDescriptor.open(forWritingAt: path)
        atomic = nil
      }
    } catch {
      throw .io(error)
    }
    encoder = TraceEncoder(format: format, widgets: widgets)
    do {
      try encoder.encodeHeader(header, into: &buffer)
    } catch {
      throw .unwritable(path: path, record: nil, error)
    }
    try flush()
  }

  /// Appends a record.
  public func write(_ record: TraceRecord) throws(TraceFileError) {
    do {
      try encoder.encode(record, into: &buffer)
    } catch {
      throw .unwritable(path: path, record: recordCount, error)
    }
    recordCount += 1
    if policy == .everyRecord || buffer.count >= Self.bufferLimit { try flush() }
  }

  /// Hands buffered bytes to the operating system.
  public func flush() throws(TraceFileError) {
    guard !buffer.isEmpty else { return }
    let file = self.file
    let path = self.path
    let result: Result<Void, IOError> = buffer.withUnsafeBytes { bytes in
      Result { () throws(IOError) in try file.write(bytes, path: path) }
    }
    if case .failure(let error) = result { throw .io(error) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Where the records are until ``commit()``: `PATH.partial` when replacing, else `path`.
  public var writtenPath: String { atomic?.partialPath ?? path }

  /// Flushes and closes the file; when replacing, puts it in place of `path` (``commit()``).
  public func close() throws(TraceFileError) {
    try commit()
  }

  /// Flushes, closes and, when replacing, puts the trace in place of `path` atomically.
  public func commit() throws(TraceFileError) {
    try flush()
    if let atomic {
      do {
        try atomic.commit()
      } catch {
        throw .io(error)
      }
    } else {
      file.close()
    }
  }

  /// Flushes what it can and closes the file without replacing anything.
  /// - Returns: where the records written are: `PATH.partial` when replacing, else `path`.
  @discardableResult
  public func abandon() -> String {
    try? flush()
    if let atomic { return atomic.abandon() }
    file.close()
    return path
  }
}
