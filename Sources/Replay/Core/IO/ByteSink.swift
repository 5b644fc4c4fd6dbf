/// Where a writer's bytes go: a ``FileDescriptor``, or in tests a sink that fails part way.
///
/// A writer that knows where its records end hands a failed write's count to ``truncate(to:)``,
/// so that a full disk leaves whole records only, and says how many.
public protocol ByteSink: AnyObject {
  /// Writes all of `bytes`; `written` counts what got through, also when it throws.
  func write(_ bytes: UnsafeRawBufferPointer, path: String, written: inout Int) throws(IOError)
  /// Cuts the output to its first `length` bytes and writes on from there; false when it cannot.
  func truncate(to length: Int) -> Bool
}

extension FileDescriptor: ByteSink {}
