import CommandCodec

/// Writes a trace file record by record, in either format.
///
/// With ``FlushPolicy/everyRecord`` every record reaches the file as soon as it is written, so a
/// crash of the writer loses nothing already written (the recorder's mode); ``FlushPolicy/buffered``
/// collects up to 256 KiB first (conversion).
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
  private var encoder: TraceEncoder
  private var buffer: [UInt8] = []
  private let policy: FlushPolicy
  /// The number of records written.
  public private(set) var recordCount = 0
  private static let bufferLimit = 256 << 10

  /// Creates (or truncates) `path` and writes the header.
  public init(path: String, format: TraceFormat, header: TraceHeader, flush policy: FlushPolicy = .buffered) throws(TraceFileError) {
    self.path = path
    self.format = format
    self.policy = policy
    do {
      file = path == "-" ? .standardOutput : try FileDescriptor.open(forWritingAt: path)
    } catch {
      throw .io(error)
    }
    encoder = TraceEncoder(format: format)
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

  /// Flushes and closes the file.
  public func close() throws(TraceFileError) {
    try flush()
    file.close()
  }
}
