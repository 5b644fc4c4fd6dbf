import Foundation
@testable import ReplayFuzz
import Testing

/// Issue #23: a saved failure that no longer fails is moved to `OUT/fixed/SLUG` by renames only,
/// replacing a folder there: whoever looks sees the old folder or the new one, never half, and a
/// move that fails leaves both as they were (before, the old folder was removed first).
@Suite("Moving a fixed failure's folder")
struct FixedFolderMoveTests {
  static func folder(_ path: String, files: [String: String]) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
  }

  static func contents(_ path: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path) {
      result[name] = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
    return result
  }

  /// Moves `OUT/failures/SLUG` to `OUT/fixed/SLUG`, as a campaign does.
  static func move(_ out: String, _ slug: String) throws {
    let folder = out + "/failures/" + slug
    let saved = FuzzOutput.Saved(folder: folder, slug: slug, signature: "hang", steps: [], script: folder + "/script.jsonl", recording: folder + "/recording.jsonl")
    _ = try FuzzOutput(folder: out).moveToFixed(saved)
  }

  @Test("The new folder replaces the old one whole; nothing is left beside it")
  func replacesWhole() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("fixed-move-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: base) }
    try Self.folder(base + "/failures/slug", files: ["script.jsonl": "new script", "failure.json": "new"])
    try Self.folder(base + "/fixed/slug", files: ["script.jsonl": "old script", "recording.jsonl": "old only"])
    try Self.move(base, "slug")
    #expect(try Self.contents(base + "/fixed/slug") == ["script.jsonl": "new script", "failure.json": "new"])
    #expect(!FileManager.default.fileExists(atPath: base + "/failures/slug"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/fixed") == ["slug"])
    // And into a place that is free.
    try Self.folder(base + "/failures/other", files: ["script.jsonl": "x"])
    try Self.move(base, "other")
    #expect(try Self.contents(base + "/fixed/other") == ["script.jsonl": "x"])
  }

  @Test("A move that fails leaves the old folder where it was, whole")
  func failedMoveKeepsTheOld() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("fixed-move-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: base) }
    try Self.folder(base + "/fixed/slug", files: ["script.jsonl": "old script"])
    // The source is gone (another campaign moved it): the rename fails.
    #expect(throws: (any Error).self) { try Self.move(base, "slug") }
    #expect(try Self.contents(base + "/fixed/slug") == ["script.jsonl": "old script"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/fixed") == ["slug"])
  }
}
