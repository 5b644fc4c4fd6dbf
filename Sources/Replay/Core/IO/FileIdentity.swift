#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names: its device and inode, after following symbolic links.
///
/// Two paths name the same file when their identities are equal, whatever the spelling: `./a`,
/// `a`, a hard link to `a` and a symbolic link to it all do. That is how an output is told from
/// the inputs of the same run (``OutputConflict``) and how a writer sees that another process
/// replaced a file while it ran.
public struct FileIdentity: Hashable, Sendable {
  public let device: UInt64
  public let inode: UInt64

  /// The identity of the file at `path`, nil when there is none (or `path` is `-`, a stream).
  public init?(path: String) {
    guard path != "-" else { return nil }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of the directory entry at `path` itself (a symbolic link is not followed).
  public init?(entryAt path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.init(info)
  }

  /// The identity of an open descriptor's file.
  public init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }

  private init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }
}
