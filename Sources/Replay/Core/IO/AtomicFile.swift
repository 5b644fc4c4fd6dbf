#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that is replaced whole or not at all, by a writer that owns every name it writes.
///
/// Every file cmdtool writes goes through here (traces, recordings, reports, pages, failure
/// lists, fuzz findings). Bytes go to a temporary beside the target, `PATH.partial-XXXXXXXXXXXX`:
/// a random name, created exclusively, so a link planted there is never followed and two
/// writers of one target never share a file. ``commit()`` makes the bytes durable and renames the
/// temporary over the target in one step: readers, and other writers, see the previous file or a
/// whole new one (of concurrent writers, the last to commit wins). ``abandon()`` leaves the target
/// as it was and renames the temporary to `PATH.partial`, where a failed run's output is
/// documented to be (docs/FILES.md §2), unless `PATH.partial` is one of the run's inputs (a
/// salvage: `convert rec.jsonl.partial rec.jsonl`) or another run's, left there while this one
/// ran: the temporary then keeps its name. A writer
/// killed outright (SIGKILL) leaves the temporary with what it wrote. New files get the user's
/// usual mode (0666 less the umask); a replaced regular file keeps its permissions.
public final class AtomicFile {
  /// Where the output of a run that did not commit ends up.
  public enum Unfinished: Sendable {
    /// In `PATH.partial`; the target is left as it was.
    case partial
    /// In `PATH` itself: a scratch file whose failure is the point (a fuzz run's recording).
    case inPlace
  }

  /// The file the output is meant for.
  public let path: String
  /// Where a failed run's output is kept: `PATH.partial`.
  public let partialPath: String
  /// The temporary being written, unique to this writer.
  public let temporaryPath: String
  /// The temporary, open for writing.
  public let descriptor: FileDescriptor
  private let unfinished: Unfinished
  private let inputs: [FileIdentity]
  private let targetAtStart: FileIdentity?
  private let partialAtStart: FileIdentity?
  private var keptPath: String?

  /// The name a target's kept partial output has.
  public static func partialPath(for path: String) -> String { path + ".partial" }

  /// Creates a fresh temporary for `path`.
  /// - Parameter inputs: the files the run reads: `path` must not be one of them, and a
  ///   `PATH.partial` that is one is never replaced.
  /// - Throws: ``IOError`` naming `path` when it is a directory or one of `inputs`, or when
  ///   no file can be created beside it.
  public convenience init(path: String, inputs: [String] = [], unfinished: Unfinished = .partial) throws(IOError) {
    var random = SystemRandomNumberGenerator()
    try self.init(path: path, inputs: inputs, unfinished: unfinished, names: &random)
  }

  /// As ``init(path:inputs:unfinished:)``, the temporary's name drawn from `names`.
  public init(path: String, inputs: [String] = [], unfinished: Unfinished = .partial, names: inout some RandomNumberGenerator) throws(IOError) {
    var info = stat()
    if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
      throw IOError(path: path, operation: "write", reason: "it is a directory; give a file name")
    }
    do {
      try OutputConflict.check(path, against: inputs)
    } catch {
      throw IOError(path: path, operation: "write", reason: "it is the input \(error.input); write to another file")
    }
    self.path = path
    partialPath = Self.partialPath(for: path)
    self.unfinished = unfinished
    self.inputs = inputs.compactMap { FileIdentity(path: $0) }
    targetAtStart = FileIdentity(path: path)
    partialAtStart = FileIdentity(entryAt: partialPath)
    let stem = Self.temporaryStem(for: path)
    for _ in 0..<64 {
      let candidate = stem + Self.randomSuffix(&names)
      let created: FileDescriptor?
      do {
        created = try FileDescriptor.create(exclusivelyAt: candidate)
      } catch {
        // Named as the user gave it (a missing folder, no permission): the temporary's random
        // name would only puzzle.
        throw IOError(path: path, operation: "create", errno: error.code)
      }
      if let file = created {
        temporaryPath = candidate
        descriptor = file
        return
      }
    }
    throw IOError(path: stem + "…", operation: "create", reason: "64 random names were all taken")
  }

  // Dropped unfinished (an error path that forgot it): kept as a failed run's output.
  deinit { abandon() }

  /// Where the output will be if the run does not commit: what an error while writing names.
  public var unfinishedPath: String {
    switch unfinished {
    case .inPlace: return path
    case .partial: return partialIsOurs ? partialPath : temporaryPath
    }
  }

  /// Makes the output durable and puts it in place of the target in one step.
  /// - Throws: ``IOError`` when syncing or renaming fails; the output is then kept as
  ///   ``abandon()`` keeps it (it returns where).
  public func commit() throws(IOError) {
    guard keptPath == nil else { return }
    var existing = stat()
    if stat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG {
      _ = fchmod(descriptor.rawValue, existing.st_mode & 0o777)
    }
    do {
      try descriptor.synchronize(path: unfinishedPath)
    } catch {
      abandon()
      throw error
    }
    descriptor.close()
    guard rename(temporaryPath, path) == 0 else {
      let code = errno
      keepUnfinished()
      throw IOError(path: path, operation: "replace", errno: code)
    }
    keptPath = path
    // An earlier failed run's output goes with the good one; one that appeared while this run
    // went on belongs to a concurrent writer, which has told its user where it is.
    if unfinished == .partial, let stale = partialAtStart, FileIdentity(entryAt: partialPath) == stale, !partialIsInput {
      unlink(partialPath)
    }
    Self.synchronizeDirectory(of: path)
  }

  /// Closes the output and keeps it where ``Unfinished`` says, the target as it was.
  /// - Returns: where the output is.
  @discardableResult
  public func abandon() -> String {
    if keptPath == nil {
      descriptor.close()
      keepUnfinished()
    }
    return keptPath ?? temporaryPath
  }

  /// What became of the target while this writer ran, for a failed run's message: `PATH is
  /// unchanged`, `PATH was not written`, or that another process wrote it meanwhile.
  public func targetReport() -> String {
    let now = FileIdentity(path: path)
    switch (targetAtStart, now) {
    case (nil, nil): return "\(path) was not written"
    case (let start?, let now?) where start == now: return "\(path) is unchanged"
    case (nil, _?): return "\(path) was written meanwhile by another process"
    default: return "\(path) was replaced meanwhile by another process"
    }
  }

  /// Writes `bytes` to `path` whole or not at all (a report, a page, a script).
  /// - Throws: ``IOError`` naming the file; `path` is then as it was.
  public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws(IOError) {
    let file = try AtomicFile(path: path, inputs: inputs)
    let written: Result<Void, IOError> = bytes.withUnsafeBytes { raw in
      Result { () throws(IOError) in try file.descriptor.write(raw, path: file.unfinishedPath) }
    }
    do {
      try written.get()
    } catch {
      file.abandon()
      throw error
    }
    try file.commit()
  }

  // MARK: - Names

  private var partialIsInput: Bool {
    FileIdentity(path: partialPath).map(inputs.contains) ?? false
  }

  /// Whether a failed run may put its output at `PATH.partial`: nothing is there, or what was
  /// there when this run began (an earlier failed run's). Not one of the inputs, and not what
  /// another run left there meanwhile: its user was told that it is there.
  private var partialIsOurs: Bool {
    guard !partialIsInput else { return false }
    let now = FileIdentity(entryAt: partialPath)
    return now == nil || now == partialAtStart
  }

  private func keepUnfinished() {
    keptPath = temporaryPath
    if unfinished == .inPlace {
      if rename(temporaryPath, path) == 0 { keptPath = path }
      return
    }
    guard partialIsOurs else { return }
    if FileIdentity(entryAt: partialPath) == nil {
      // Taken only while still free: link(2) never replaces, so two runs failing at once never
      // put their outputs under one name. (A file system without hard links gets the rename.)
      if link(temporaryPath, partialPath) == 0 {
        unlink(temporaryPath)
        keptPath = partialPath
        return
      }
      guard errno != EEXIST else { return }
    }
    // rename(2) replaces a link at the destination, never what it points to.
    if rename(temporaryPath, partialPath) == 0 { keptPath = partialPath }
  }

  /// `PATH.partial-`, the last component shortened so that the name stays within NAME_MAX.
  static func temporaryStem(for path: String) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    var name = String(path[slash...])
    while name.utf8.count > 200 { name.removeLast() }
    return String(path[..<slash]) + name + ".partial-"
  }

  private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

  /// Twelve random letters and digits: 62 bits, not guessable by whoever could plant a link.
  static func randomSuffix(_ names: inout some RandomNumberGenerator) -> String {
    String((0..<12).map { _ in alphabet[Int(names.next(upperBound: UInt64(alphabet.count)))] })
  }

  /// Makes a rename durable: the directory's entry is on disk too.
  private static func synchronizeDirectory(of path: String) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    _ = close(fd)
  }
}
