import Foundation
import Testing

// Support for the end-to-end tests of named secrets, clocks, record modes and baselines: running
// `record` and `replay --engine` with scripts written on the spot, and looking into every file a
// run left behind.

extension Subprocess {
  /// `cmdtool record --out OUT --script SCRIPT OPTIONS… -- ENGINE…`.
  static func record(_ out: String, script: String, engine: [String] = [Built.engine.path], options: [String] = [], environment: [String: String?] = [:]) throws -> FinishedRun {
    try cmdtool(["record", "--out", out, "--script", script] + options + ["--"] + engine, environment: environment)
  }

  /// `cmdtool replay --engine ENGINE ARGUMENTS…` (the engine runs with `sh -c`).
  static func replay(engine: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> FinishedRun {
    try cmdtool(["replay", "--engine", engine] + arguments, environment: environment)
  }
}

extension Scratch {
  /// Writes a script of `steps` (one JSON object a line) and returns its path.
  @discardableResult
  func script(_ name: String, _ steps: [String]) throws -> String {
    try write(name, steps.joined(separator: "\n") + "\n")
  }

  /// Copies `source` to `name` (folders made as needed) and returns the copy's path.
  @discardableResult
  func copy(_ source: String, to name: String) throws -> String {
    let path = self.path(name)
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source, toPath: path)
    return path
  }

  /// A folder inside the scratch directory for a run's temporary files: passed as `TMPDIR`, it
  /// brings the folders `replay --engine` makes for new runs into what ``files(containing:)``
  /// searches.
  func temporaryFolder() throws -> String {
    let path = self.path("tmp")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Every regular file under the scratch directory, as paths relative to it, sorted.
  var files: [String] {
    guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    var result: [String] = []
    for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      result.append(String(file.standardizedFileURL.path.dropFirst(url.standardizedFileURL.path.count + 1)))
    }
    return result.sorted()
  }

  /// The files under the scratch directory (relative paths) whose bytes contain `text`.
  func files(containing text: String, except excluded: Set<String> = []) -> [String] {
    let needle = Array(text.utf8)
    return files.filter { name in
      guard !excluded.contains(name), let data = FileManager.default.contents(atPath: path(name)) else { return false }
      return [UInt8](data).containsSubsequence(needle)
    }
  }
}

extension FinishedRun {
  /// The first line of standard output.
  var firstLine: String { stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? "" }

  /// The last non-empty line of standard output (the summary of `replay --engine`).
  var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
}

/// A file's identity and age, to tell a file left alone from one rewritten with the same bytes.
struct FileStamp: Equatable, CustomStringConvertible {
  var bytes: Data
  var inode: Int
  var modified: Date

  init(_ path: String) throws {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    modified = attributes[.modificationDate] as? Date ?? .distantPast
  }

  var description: String { "\(bytes.count) bytes, inode \(inode), modified \(modified.timeIntervalSince1970)" }
}
