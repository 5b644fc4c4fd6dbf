#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thin owner of a POSIX file descriptor: unbuffered reads and writes that retry on EINTR.
///
/// Traces are read in large chunks straight into the decoder's buffer, so no further buffering
/// layer (and no Foundation) sits on the replay hot path.
public final class FileDescriptor: @unchecked Sendable {
  /// The descriptor number.
  public let rawValue: Int32
  private let ownsDescriptor: Bool
  private var isClosed = false

  /// Wraps an open descriptor; `owns` says whether `close()`/deinit closes it.
  public init(rawValue: Int32, owns: Bool) {
    self.rawValue = rawValue
    self.ownsDescriptor = owns
  }

  deinit {
    if ownsDescriptor && !isClosed { _ = systemClose(rawValue) }
  }

  /// Standard input, not closed on deinit.
  public static var standardInput: FileDescriptor { FileDescriptor(rawValue: 0, owns: false) }
  /// Standard output, not closed on deinit.
  public static var standardOutput: FileDescriptor { FileDescriptor(rawValue: 1, owns: false) }

  /// Opens `path` for reading.
  public static func open(forReadingAt path: String) throws(IOError) -> FileDescriptor {
    let fd = systemOpen(path, O_RDONLY, 0)
    guard fd >= 0 else { throw IOError(path: path, operation: "open", errno: errno) }
    return FileDescriptor(rawValue: fd, owns: true)
  }

  /// Creates `path` for writing, only if nothing is there: not a file, not a symbolic link
  /// (which is never followed), so that a file planted at a temporary's name cannot redirect the
  /// output. The mode is the user's usual one, 0666 less the umask. Nil when something is there.
  public static func create(exclusivelyAt path: String) throws(IOError) -> FileDescriptor? {
    let fd = systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    if fd < 0 && errno == EEXIST { return nil }
    guard fd >= 0 else { throw IOError(path: path, operation: "create", errno: errno) }
    return FileDescriptor(rawValue: fd, owns: true)
  }

  /// Reads up to `buffer.count` bytes; 0 means the end of input.
  public func read(into buffer: UnsafeMutableRawBufferPointer, path: String) throws(IOError) -> Int {
    while true {
      let n = systemRead(rawValue, buffer.baseAddress, buffer.count)
      if n >= 0 { return n }
      if errno == EINTR { continue }
      throw IOError(path: path, operation: "read", errno: errno)
    }
  }

  /// Moves the read position to `offset` bytes from the start.
  public func seek(to offset: Int, path: String) throws(IOError) {
    guard systemSeek(rawValue, off_t(offset), SEEK_SET) >= 0 else {
      throw IOError(path: path, operation: "seek in", errno: errno)
    }
  }

  /// The size in bytes when the descriptor is a regular file; nil for a pipe, a terminal or a
  /// socket, whose length is unknown until their end.
  public func regularFileSize() -> Int? {
    var info = stat()
    guard fstat(rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Writes all of `bytes`.
  public func write(_ bytes: UnsafeRawBufferPointer, path: String) throws(IOError) {
    var written = 0
    try write(bytes, path: path, written: &written)
  }

  /// Writes all of `bytes`, counting in `written` how many reached the file, also when a later
  /// write fails (a full disk takes part of a buffer, then refuses the rest).
  public func write(_ bytes: UnsafeRawBufferPointer, path: String, written: inout Int) throws(IOError) {
    written = 0
    while written < bytes.count {
      let n = systemWrite(rawValue, bytes.baseAddress! + written, bytes.count - written)
      if n < 0 {
        if errno == EINTR { continue }
        throw IOError(path: path, operation: "write", errno: errno)
      }
      written += n
    }
  }

  /// Cuts the file to its first `length` bytes and writes on from there; false when it cannot
  /// (a pipe, a terminal).
  public func truncate(to length: Int) -> Bool {
    ftruncate(rawValue, off_t(length)) == 0 && systemSeek(rawValue, off_t(length), SEEK_SET) >= 0
  }

  /// Makes what was written durable (fsync).
  public func synchronize(path: String) throws(IOError) {
    guard fsync(rawValue) == 0 else { throw IOError(path: path, operation: "sync", errno: errno) }
  }

  /// The bytes of the file at `path` (at most `limit` of them), read in 64 KiB chunks.
  public static func readWholeFile(at path: String, limit: Int? = nil) throws(IOError) -> [UInt8] {
    let file = try FileDescriptor.open(forReadingAt: path)
    defer { file.close() }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while limit.map({ result.count < $0 }) ?? true {
      let outcome: Result<Int, IOError> = chunk.withUnsafeMutableBytes { bytes in
        Result { () throws(IOError) -> Int in try file.read(into: bytes, path: path) }
      }
      let count = try outcome.get()
      if count == 0 { break }
      result.append(contentsOf: chunk[0..<count])
    }
    if let limit, result.count > limit { result.removeLast(result.count - limit) }
    return result
  }

  /// Closes the descriptor (if owned).
  public func close() {
    guard ownsDescriptor && !isClosed else { return }
    isClosed = true
    _ = systemClose(rawValue)
  }
}

/// A failed system call on a file, with the path and the system's reason.
public struct IOError: Error, CustomStringConvertible, Sendable {
  public var path: String
  public var operation: String
  public var code: Int32
  /// Why, when it is not the system's error (`code` is then 0).
  public var reason: String?

  public init(path: String, operation: String, errno code: Int32) {
    self.path = path
    self.operation = operation
    self.code = code
  }

  /// A refusal of cmdtool's own, with its reason.
  public init(path: String, operation: String, reason: String) {
    self.init(path: path, operation: operation, errno: 0)
    self.reason = reason
  }

  public var description: String {
    let reason = self.reason ?? String(cString: strerror(code))
    return "\(path): cannot \(operation): \(reason)"
  }
}

// The C functions under names that don't clash with the methods above.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemSeek(_ fd: Int32, _ offset: off_t, _ whence: Int32) -> off_t { lseek(fd, offset, whence) }
