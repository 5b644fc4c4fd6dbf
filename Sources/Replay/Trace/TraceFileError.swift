import CommandCodec

/// Why a trace file could not be read or written: a system error, or invalid content at a place.
public enum TraceFileError: Error, CustomStringConvertible, Sendable {
  /// The file could not be opened, read or written.
  case io(IOError)
  /// The content is invalid at the place the codec error names.
  case invalidContent(path: String, CodecError)

  public var description: String {
    switch self {
    case .io(let error): return error.description
    case .invalidContent(let path, let error): return "\(path): \(error)"
    }
  }

  /// The codec error, when the content was at fault.
  public var codecError: CodecError? {
    if case .invalidContent(_, let error) = self { return error }
    return nil
  }
}
