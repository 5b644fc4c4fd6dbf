import CommandCodec

/// Why a session could not go on.
public enum TesteeSessionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// cmdtool's input is not a trace (the decoder's error names the byte or line).
  case input(CodecError)
  /// A record could not be encoded (a string the binary format cannot hold).
  case output(CodecError)
  /// Reading or writing the connection failed.
  case transport(TesteeTransportError)
  /// The input ended where a header was due: not an error, the run is over.
  case inputClosed

  public var description: String {
    switch self {
    case .input(let error): return "cannot read cmdtool's input: \(error)"
    case .output(let error): return "cannot write a record: \(error)"
    case .transport(let error): return error.message
    case .inputClosed: return "cmdtool closed the input"
    }
  }
}
