import CommandCodec
import Foundation
import Testing

// adapters/cpp/cmdtool_wire.hpp and Examples/CppEngine, built with the real compilers (the
// toolchain's clang++, and g++ when present) at -std=c++17 -Wall -Wextra -Werror, recorded and
// replayed by the real cmdtool. No C++ compiler is a failure naming what to install, never a skip.

@Suite struct CppEngineTests {
  enum Flavor: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case plain, sanitized
    var testDescription: String { rawValue }
  }

  static let engineSources = [CommandRunner.path("Examples/CppEngine/main.cpp")]
  static let readerSource = CommandRunner.path("adapters/cpp/tools/read_trace.cpp")
  /// Where `#include "cmdtool_wire.hpp"` finds the header (an engine's copy of it).
  static let includeDirectory = CommandRunner.path("adapters/cpp")

  /// clang++ next to the Swift toolchain on PATH, else clang++ on PATH (as CTesteeTests finds clang).
  static func findClangXX() -> String? {
    let fileManager = FileManager.default
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for directory in directories {
      let swift = URL(fileURLWithPath: directory).appendingPathComponent("swift")
      guard fileManager.isExecutableFile(atPath: swift.path) else { continue }
      let clang = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang++")
      if fileManager.isExecutableFile(atPath: clang.path) { return clang.path }
    }
    return onPath("clang++")
  }

  static func onPath(_ name: String) -> String? {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    return directories.map { URL(fileURLWithPath: $0).appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Compiles `sources` into `scratch`; records a failure (naming the package to install when
  /// there is no compiler) and returns nil when it cannot.
  static func build(_ sources: [String], named name: String, _ flavor: Flavor, compiler: String? = findClangXX(), in scratch: Scratch) throws -> String? {
    guard let compiler else {
      Issue.record("no clang++ found next to the Swift toolchain or on PATH: install the Swift toolchain (it ships clang++) or Debian's package `clang` (apt-get install clang)")
      return nil
    }
    let binary = scratch.path("\(name)-\(flavor.rawValue)-\(URL(fileURLWithPath: compiler).lastPathComponent)")
    var arguments = ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-O1", "-I", includeDirectory, "-o", binary] + sources
    if flavor == .sanitized {
      arguments += ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
      let lld = URL(fileURLWithPath: compiler).deletingLastPathComponent().appendingPathComponent("ld.lld").path
      if FileManager.default.isExecutableFile(atPath: lld) { arguments.append("-fuse-ld=lld") }
    }
    let compile = try Subprocess(URL(fileURLWithPath: compiler), arguments).wait(timeout: 300)
    #expect(compile.status == 0, "\(compiler) \(arguments.joined(separator: " ")): \(compile)")
    #expect(!compile.stderr.contains("warning:") || flavor == .sanitized, "\(compile)")
    return compile.status == 0 ? binary : nil
  }

  static let script = [
    #"{"t":500,"type":"textField","text":"alice"}"#,
    #"{"t":1500,"tap":"button \"Log in\""}"#,
    #"{"t":2500,"choose":"dialog","option":1}"#,
    #"{"t":4000,"marker":"waited for the timer"}"#,
  ]

  @Test func itCompilesWithGPlusPlusWhenPresent() throws {
    guard let gxx = Self.onPath("g++") else { return }  // optional by the brief: clang++ is the requirement
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = try Self.build(Self.engineSources, named: "cpp-engine", .plain, compiler: gxx, in: scratch)
    _ = try Self.build([Self.readerSource], named: "read-trace", .plain, compiler: gxx, in: scratch)
    _ = try Self.build([CppSessionTests.probeSource], named: "session-probe", .plain, compiler: gxx, in: scratch)
  }

  @Test(arguments: Flavor.allCases)
  func itIsRecordedAndReplayedGreen(flavor: Flavor) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let engine = try Self.build(Self.engineSources, named: "cpp-engine", flavor, in: scratch) else { return }
    let script = try scratch.script("login.script.jsonl", Self.script)
    let recording = scratch.path("login.jsonl")
    let record = try Subprocess.record(recording, script: script, engine: [engine])
    #expect(record.status == 0, "\(record)")
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains(#""creator":"cmdtool record of cpp-engine 1.0""#) == true, "\(text)")
    #expect(lines.first?.contains(#""numbering":"engine-2018-11-28""#) == true, "\(text)")
    for expected in [
      #"{"t":0,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},"#,
      #"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":6,"textValue":"Log in"}"#,
      #"{"t":0,"type":"CREATE_TIMER","internalId":2,"childInternalId":8,"value":1000}"#,
      #"{"t":500,"event":"ValueEvent","target":5,"text":"alice"}"#,
      #"{"t":1500,"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":9,"textValue":"Log in as alice?"},{"type":"CREATE_BUTTON","internalId":9,"childInternalId":10,"textValue":"OK"},{"type":"CREATE_BUTTON","internalId":9,"childInternalId":11,"textValue":"Cancel"},{"type":"CREATE_BUTTON","internalId":9,"childInternalId":12,"textValue":"Terms"}]}"#,
      // A tick while the dialog is open: the nested modal loop handles it.
      "{\"t\":2000,\"event\":\"TimerEvent\",\"target\":2,\"id\":8}\n{\"t\":2000,\"type\":\"SET_TEXT_VALUE\",\"internalId\":7,\"textValue\":\"Ticks: 2\"}",
      "{\"t\":2500,\"modal\":9,\"value\":1}\n{\"t\":2500,\"type\":\"REMOVE_CHILD\",\"internalId\":2,\"childInternalId\":9}",
      #"{"t":2500,"type":"CREATE_TOAST","internalId":6,"textValue":"Welcome, alice!"}"#,
      #"{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"lastUser","textValue2":"alice"},{"type":"COMMIT_PREFERENCES","internalId":1}"#,
      #"{"t":4000,"type":"SET_TEXT_VALUE","internalId":7,"textValue":"Ticks: 4"}"#,
      #"{"t":4000,"marker":"engine-exit","detail":"status 0"}"#,
    ] {
      #expect(text.contains(expected), "\(expected) in \(text)")
    }
    // Sync echoes are not recorded, and nothing but records came from the engine.
    #expect(!text.contains(#""marker":"sync""#), "\(text)")

    let replay = try Subprocess.replay(engine: engine, [recording, "--ci"])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdout.contains("PASS  login.jsonl"), "\(replay)")

    let changed = try Subprocess.replay(engine: "\(engine) --variant changed", [recording, "--ci"])
    #expect(changed.status == 1, "\(changed)")
    #expect(changed.stdout.contains("FAIL  login.jsonl"), "\(changed)")
    #expect(changed.stdout.contains("the runs differ after record #2 (0.000s) of the recording and record #2 (0.000s) of the new run"), "\(changed)")
    #expect(changed.stdout.contains(#"button 6 · text: "Log in" → "Sign in""#), "\(changed)")
  }

  @Test func theEngineReadsThePreferenceItSaved() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let engine = try Self.build(Self.engineSources, named: "cpp-engine", .sanitized, in: scratch) else { return }
    // cmdtool's header carries the stored preferences: the engine prefills the field.
    let input = #"{"trace":1,"creator":"cmdtool record","preferences":{"lastUser":"bob \"b\""}}"# + "\n" + #"{"t":5,"marker":"sync","detail":"1"}"# + "\n"
    let run = try CTesteeTests.feed(engine, input, in: scratch)
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == #"{"trace":1,"numbering":"engine-2018-11-28","creator":"cpp-engine 1.0"}"#, "\(run)")
    #expect(run.stdout.contains(#"{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5,"textValue":"bob \"b\""}"#), "\(run)")
    #expect(lines.last == #"{"marker":"sync","detail":"1"}"#, "\(run)")

    // Input it cannot read: a message naming the line, exit status 2.
    let bad = try CTesteeTests.feed(engine, #"{"trace":1}"# + "\n" + #"{"t":1,"event":"ValueEvent","target":5,"text":"a\ud800"}"# + "\n", in: scratch)
    #expect(bad.status == 2, "\(bad)")
    #expect(bad.stderr.contains("wire: line 2, column 49: a high surrogate escape without its low half"), "\(bad)")
  }

  /// The header's reader against the golden vectors: every valid vector decodes to its canonical
  /// records, every invalid JSON vector fails with its code, at its line and column, after its
  /// number of records.
  @Test func theReaderDecodesTheVectors() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let reader = try Self.build([Self.readerSource], named: "read-trace", .sanitized, in: scratch) else { return }
    let input = scratch.path("input.jsonl")
    func read(_ data: Data) throws -> FinishedRun {
      try data.write(to: URL(fileURLWithPath: input))
      return try Subprocess(URL(fileURLWithPath: reader), [input]).wait(timeout: 60)
    }
    func vectors(_ file: String) throws -> [[String: Any]] {
      try String(contentsOfFile: CommandRunner.path("traces/vectors/\(file)"), encoding: .utf8).split(separator: "\n")
        .map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }
    func records(_ text: String) -> [String] {
      text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("{\"trace\"") && !$0.hasPrefix("#") }
    }
    var checked = 0
    for file in ["valid-events.jsonl", "valid-edges.jsonl", "valid-commands.jsonl", "valid-json-variants.jsonl"] {
      for vector in try vectors(file) {
        let name = vector["name"] as? String ?? "?"
        let canonical = try #require(vector["jsonl"] as? String)
        let run = try read(Data(((vector["jsonlInput"] as? String) ?? canonical).utf8))
        #expect(run.status == 0, "\(name): \(run)")
        #expect(records(run.stdout) == records(canonical), "\(name): \(run.stdout) expected \(canonical)")
        checked += 1
      }
    }
    for file in ["invalid-json.jsonl", "invalid-json-truncated.jsonl"] {
      for vector in try vectors(file) {
        let name = vector["name"] as? String ?? "?"
        let bytes = try #require(Self.hex(vector["inputHex"] as? String ?? ""))
        let run = try read(bytes)
        #expect(run.status == 1, "\(name): \(run)")
        let error = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        let expected = "error \(vector["error"] ?? "") \(vector["line"] ?? "") \(vector["column"] ?? "") \(vector["recordsBefore"] ?? "") "
        #expect(error.hasPrefix(expected), "\(name): \(error) expected \(expected)")
        checked += 1
      }
    }
    #expect(checked > 600)

    // The generated numbering tables are CommandCodec's.
    let names = try Subprocess(URL(fileURLWithPath: reader), ["--names"]).wait(timeout: 60)
    let expected = CommandNumbering.all.map { ([$0.name, "\($0.id)"] + $0.types.map(\.name)).joined(separator: " ") }
    #expect(names.stdout.split(separator: "\n").map(String.init) == expected, "\(names)")
  }

  static func hex(_ text: String) -> Data? {
    var data = Data()
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(index, offsetBy: 2)
      guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
      data.append(byte)
      index = next
    }
    return data
  }
}
