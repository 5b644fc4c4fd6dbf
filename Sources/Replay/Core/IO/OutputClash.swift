#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two outputs of one command that name one file (`--junit x --report x`, or `x` and a link to
/// it): the second would replace the first (issue #23). Checked before a command starts, with
/// the options' names, so that the message says which two.
public struct OutputClash: Error, CustomStringConvertible, Sendable {
  /// The options and paths as given, in the order given.
  public var first: (option: String, path: String)
  public var second: (option: String, path: String)

  public var description: String {
    let same = first.path == second.path ? "" : " (\(second.path) is \(first.path))"
    return "\(first.option) \(first.path) and \(second.option) \(second.path) name one file\(same): each output needs a file of its own"
  }

  /// Throws for the first two of `outputs` that name one file: the same file when it exists
  /// (device and inode, through hard and symbolic links), else the same name in the same
  /// folder (a dangling link followed to where it points). `-` (a stream) names no file.
  public static func check(_ outputs: [(option: String, path: String)]) throws(OutputClash) {
    var seen: [(key: Place, option: String, path: String)] = []
    for (option, path) in outputs where path != "-" {
      let key = Place(path)
      if let earlier = seen.first(where: { $0.key == key }) {
        throw OutputClash(first: (earlier.option, earlier.path), second: (option, path))
      }
      seen.append((key, option, path))
    }
  }

  /// Where a path leads: a file's identity, or a folder's identity and a name in it.
  private enum Place: Equatable {
    case file(FileIdentity)
    case entry(folder: FileIdentity?, folderPath: String, name: String)

    init(_ path: String) {
      var path = path
      // A dangling symbolic link is written through: follow it (a few steps, as the system does).
      for _ in 0..<16 {
        if let identity = FileIdentity(path: path) {
          self = .file(identity)
          return
        }
        guard let target = Self.linkTarget(path) else { break }
        path = target.hasPrefix("/") ? target : Self.folder(of: path) + "/" + target
      }
      let folder = Self.folder(of: path)
      let name = path.split(separator: "/").last.map(String.init) ?? path
      self = .entry(folder: FileIdentity(path: folder), folderPath: folder, name: name)
    }

    static func == (a: Place, b: Place) -> Bool {
      switch (a, b) {
      case (.file(let x), .file(let y)): return x == y
      case (.entry(let folderA, let pathA, let nameA), .entry(let folderB, let pathB, let nameB)):
        guard nameA == nameB else { return false }
        if let folderA, let folderB { return folderA == folderB }
        return pathA == pathB
      default: return false
      }
    }

    static func folder(of path: String) -> String {
      guard let slash = path.lastIndex(of: "/") else { return "." }
      return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func linkTarget(_ path: String) -> String? {
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }
}
