import CommandCodec

/// Why a trace file could not be read or written: a system error, or invalid content at a place.
public enum TraceFileError: Error, CustomStringConvertible, Sendable {
  /// The file could not be opened, read or written.
  case io(IOError)
  /// The content is invalid at the place the codec error names.
  case invalidContent(path: String, CodecError)
  /// A record (or the header, for nil) cannot be written in the file's format.
  case unwritable(path: String, record: Int?, CodecError)
  /// A widget schema file (given with `--widgets` or found beside a trace) is not a valid schema.
  case invalidSchema(path: String, WidgetSchema.Failure)

  public var description: String {
    switch self {
    case .io(let error): return error.description
    case .invalidContent(let path, var error):
      // What the file is instead, with the fix naming the file itself.
      if let content = error.foreignContent, path != "-" {
        for atStart in [true, false] where error.message == content.message(atStart: atStart) {
          error.message = content.message(file: ShellText.quoted(path), atStart: atStart)
        }
      }
      return "\(path): \(error)"
    case .unwritable(let path, let record, let error):
      return "\(path): cannot write \(record.map { "record #\($0)" } ?? "the header"): \(error.message)"
    case .invalidSchema(let path, let failure): return "\(path): \(failure)"
    }
  }

  /// The codec error, when the content was at fault.
  public var codecError: CodecError? {
    switch self {
    case .invalidContent(_, let error), .unwritable(_, _, let error): return error
    case .io, .invalidSchema: return nil
    }
  }
}
