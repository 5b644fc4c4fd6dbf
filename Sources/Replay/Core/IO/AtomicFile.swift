#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that is replaced whole or not at all.
///
/// Bytes go to `PATH.partial` beside the target. ``commit()`` makes them durable and renames the
/// partial file over the target in one step, so readers see the previous file or the new one,
/// never a mix; ``abandon()`` leaves the target untouched and the partial output where it is, for
/// the user to look at (its path is what a failed run prints). A crash of the writer leaves the
/// target untouched too, and whatever was written in the partial file.
public final class AtomicFile {
  /// The file the output is meant for.
  public let path: String
  /// Where the output is written until it is committed: `PATH.partial`.
  public let partialPath: String
  /// The partial file, open for writing.
  public let descriptor: FileDescriptor
  private var finished = false

  /// The name a target's partial output has.
  public static func partialPath(for path: String) -> String { path + ".partial" }

  /// Creates (or truncates) the partial file for `path`.
  /// - Throws: ``IOError`` naming the partial file when it cannot be created.
  public init(path: String) throws(IOError) {
    self.path = path
    partialPath = Self.partialPath(for: path)
    descriptor = try FileDescriptor.open(forWritingAt: partialPath)
  }

  deinit {
    if !finished { descriptor.close() }
  }

  /// Makes the output durable and puts it in place of the target (which keeps its permissions).
  /// - Throws: ``IOError`` when syncing or renaming fails; the partial file is then kept.
  public func commit() throws(IOError) {
    guard !finished else { return }
    finished = true
    var existing = stat()
    if stat(path, &existing) == 0 { _ = fchmod(descriptor.rawValue, existing.st_mode & 0o7777) }
    guard fsync(descriptor.rawValue) == 0 else {
      let code = errno
      descriptor.close()
      throw IOError(path: partialPath, operation: "sync", errno: code)
    }
    descriptor.close()
    guard rename(partialPath, path) == 0 else { throw IOError(path: path, operation: "replace", errno: errno) }
  }

  /// Closes the partial file and leaves it beside the untouched target.
  /// - Returns: the partial file's path.
  @discardableResult
  public func abandon() -> String {
    if !finished {
      finished = true
      descriptor.close()
    }
    return partialPath
  }

  /// Writes `bytes` to `path` whole or not at all (a report, a summary, a script).
  /// - Throws: ``IOError`` naming the file; `path` is then as it was.
  public static func write(_ bytes: [UInt8], to path: String) throws(IOError) {
    let file = try AtomicFile(path: path)
    let written: Result<Void, IOError> = bytes.withUnsafeBytes { raw in
      Result { () throws(IOError) in try file.descriptor.write(raw, path: file.partialPath) }
    }
    do {
      try written.get()
    } catch {
      file.abandon()
      throw error
    }
    try file.commit()
  }
}
