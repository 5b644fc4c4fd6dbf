import Foundation
import Testing

/// A byte order mark and a trailing comma, as a user meets them: exit 2, and a message that names
/// the flaw and its place; and files that are not traces at all, named for what they are, with the
/// command that fixes them naming the file.
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

  // MARK: - Files that are not traces

  static var login: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: CommandRunner.path("traces/login.jsonl"))) } }

  @Test("A UTF-16 trace (PowerShell's >): named UTF-16, with the iconv command for this file")
  func utf16Trace() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = String(decoding: try Self.login, as: UTF8.self)
    let path = try Self.write(Data([0xFF, 0xFE]) + Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), named: "login utf16.jsonl", in: directory)
    for command in ["show", "replay", "check", "view"] {
      let result = try CommandRunner.run([command, path] + (command == "view" ? ["--out", directory.appendingPathComponent("v.html").path] : []))
      #expect(result.status == 2, "\(command)")
      #expect(result.stderr == "cmdtool: \(path): byte 0: the input is UTF-16 text (little-endian, with a byte order mark), not UTF-8: convert it to UTF-8, e.g. `iconv -f UTF-16 -t UTF-8 '\(path)' > NEW.jsonl` (PowerShell writes UTF-8 with `Out-File -Encoding utf8`)\n", "\(command)")
    }
  }

  @Test("A JSON array of records: a trace is JSON Lines, one record per line")
  func jsonArray() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lines = String(decoding: try Self.login, as: UTF8.self).split(separator: "\n")
    let path = try Self.write(Data(("[\n  " + lines.joined(separator: ",\n  ") + "\n]\n").utf8), named: "login.json", in: directory)
    let result = try CommandRunner.run(["replay", path])
    #expect(result.status == 2)
    #expect(result.stderr == "cmdtool: \(path): byte 0: the input is a JSON array (it starts with \"[\"), not a trace: a trace is JSON Lines, one record per line, with no array around them (docs/TRACE_FORMAT.md); `jq -c '.[]' \(path) > NEW.jsonl` writes the elements one per line\n")
  }

  @Test("A script where a trace belongs: named a script, and `record --script` with this file")
  func scriptForATrace() throws {
    let script = CommandRunner.path("traces/example.script.jsonl")
    for command in ["replay", "show", "diff"] {
      let result = try CommandRunner.run([command, script] + (command == "diff" ? [CommandRunner.path("traces/example.jsonl")] : []))
      #expect(result.status == 2, "\(command)")
      #expect(result.stderr.hasPrefix("cmdtool: \(script): byte 0: the input is an event script (docs/SCRIPT_FORMAT.md), not a trace: `cmdtool record --script \(script) --out TRACE.jsonl -- ENGINE` plays it against an engine and records the trace"), "\(command): \(result.stderr)")
    }
  }

  @Test("A compressed trace, an image, an executable and a text file are named")
  func otherFiles() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gzip = try Self.write(Data([0x1F, 0x8B, 0x08, 0x00]) + (try Self.login), named: "login.jsonl.gz", in: directory)
    let cases: [(String, String)] = [
      (gzip, "byte 0: the input is a gzip-compressed file, not a trace: decompress it first (`gunzip -k \(gzip)`)"),
      (CommandRunner.path("docs/login.svg"), #"byte 0: the input is text, not a trace: its first line is "<?xml version=\"1.0\" encoding=\"UTF-8\"?>""#),
      (CommandRunner.path("README.md"), "byte 0: the input is text, not a trace: its first line is \"# cmdtool\""),
      (CommandRunner.binary.path, "byte 0: the input is an executable (ELF), not a trace"),
    ]
    for (path, message) in cases {
      #if os(macOS)
      if path == CommandRunner.binary.path { continue }
      #endif
      let result = try CommandRunner.run(["show", path])
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix("cmdtool: \(path): " + message), "\(result.stderr)")
    }
  }
}
