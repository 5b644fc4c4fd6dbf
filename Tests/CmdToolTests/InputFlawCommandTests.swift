import Foundation
import Testing

/// A byte order mark and a trailing comma, as a user meets them: exit 2, and a message that names
/// the flaw and its place.
@Suite struct InputFlawCommandTests {
  static let bom = Data([0xEF, 0xBB, 0xBF])

  static func write(_ data: Data, named name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url.path
  }

  @Test("A trace saved with a byte order mark, whatever its extension, and on standard input", arguments: ["bom.jsonl", "bom.cmdtrace"])
  func byteOrderMark(name: String) throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = Self.bom + (try Data(contentsOf: URL(fileURLWithPath: CommandRunner.path("traces/login.jsonl"))))
    let path = try Self.write(trace, named: name, in: directory)
    for command in ["show", "replay", "check"] {
      let result = try CommandRunner.run([command, path])
      #expect(result.status == 2, "\(command)")
      #expect(result.stdout == "", "\(command)")
      #expect(result.stderr == "cmdtool: \(path): line 1, column 1: the trace starts with a UTF-8 byte order mark (EF BB BF); save it without one\n", "\(command)")
    }
    let piped = try CommandRunner.run(["show", "-"], stdin: trace)
    #expect(piped.status == 2)
    #expect(piped.stderr == "cmdtool: -: line 1, column 1: the trace starts with a UTF-8 byte order mark (EF BB BF); save it without one\n")
  }

  @Test("A state snapshot saved with a byte order mark is still read as a snapshot, and refused by name")
  func byteOrderMarkInASnapshot() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let snapshot = try CommandRunner.run(["replay", CommandRunner.path("traces/login.jsonl"), "--format", "json"])
    let path = try Self.write(Self.bom + snapshot.stdoutBytes, named: "state.json", in: directory)
    let result = try CommandRunner.run(["diff", path, CommandRunner.path("traces/login.jsonl")])
    #expect(result.status == 2)
    #expect(result.stderr == "cmdtool: \(path): not a readable state snapshot: line 1, column 1: not valid JSON: the document starts with a UTF-8 byte order mark (EF BB BF); save it without one\n")
  }

  @Test("A trailing comma: the records before it are shown, then its place")
  func trailingComma() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = """
      {"trace":1}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Demo"}
      {"t":0,"batch":[{"type":"CREATE_BUTTON","internalId":1,},]}

      """
    let path = try Self.write(Data(text.utf8), named: "comma.jsonl", in: directory)
    let result = try CommandRunner.run(["show", path])
    #expect(result.status == 2)
    #expect(result.stdout.contains("CREATE_APPLICATION"))
    #expect(result.stderr == "cmdtool: \(path): line 3, column 55 (record #1): a trailing comma before \"}\" (JSON allows none)\n")
  }
}
