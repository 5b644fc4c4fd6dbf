import CommandCodec
import Foundation

/// Where the vector files live (`traces/vectors/`, found from this file's path), and reading and
/// writing them.
enum VectorStore {
  static let directory: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // VectorStore.swift, Vectors, CommandCodecTests, Tests
    return parts.joined(separator: "/") + "/traces/vectors"
  }()

  static func path(_ file: VectorFile) -> String { directory + "/" + file.rawValue }

  /// The repository's root, which a vector's `widgets` path starts from.
  static var root: String { String(directory.dropLast("/traces/vectors".count)) }

  /// The bundled widget schemas (`traces/widgets/*.widgets.json`), by path from the root.
  static let schemas: [String: WidgetSchema] = {
    let folder = "traces/widgets"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
    var schemas: [String: WidgetSchema] = [:]
    for name in names where name.hasSuffix(".widgets.json") {
      guard let data = FileManager.default.contents(atPath: root + "/" + folder + "/" + name),
        let schema = try? WidgetSchema(parsing: [UInt8](data))
      else { continue }
      schemas[folder + "/" + name] = schema
    }
    return schemas
  }()

  struct UnknownSchema: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(path) is not a valid widget schema in traces/widgets" }
  }

  /// The bundled schema at `path` (from the repository's root).
  static func schema(at path: String) throws -> WidgetSchema {
    guard let schema = schemas[path] else { throw UnknownSchema(path: path) }
    return schema
  }

  /// Whether the run records vectors (`RECORD_VECTORS=1`) instead of comparing them.
  static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_VECTORS"] == "1" }

  /// The committed text of a vector file, or nil when it is missing or not UTF-8.
  static func committedText(_ file: VectorFile) -> String? {
    guard let data = FileManager.default.contents(atPath: path(file)) else { return nil }
    return String(data: data, encoding: .utf8)
  }

  static func write(_ text: String, to file: VectorFile) throws {
    let folder = URL(fileURLWithPath: path(file)).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path(file)), options: .atomic)
  }

  /// The lines of a committed file, decoded; a line that does not decode is reported by
  /// ``VectorTests`` through the count check (it is left out here).
  static func load<T: Decodable>(_ type: T.Type, from file: VectorFile) -> [T] {
    guard let text = committedText(file) else { return [] }
    let decoder = JSONDecoder()
    return text.split(separator: "\n").compactMap { try? decoder.decode(T.self, from: Data($0.utf8)) }
  }

  /// Every committed valid vector, in file order.
  static let valid: [ValidVector] = VectorFile.allCases.filter(\.isValid).flatMap { load(ValidVector.self, from: $0) }

  /// Every committed invalid vector, in file order.
  static let invalid: [InvalidVector] = VectorFile.allCases.filter { !$0.isValid }.flatMap { load(InvalidVector.self, from: $0) }
}
