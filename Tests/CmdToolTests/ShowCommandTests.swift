import Foundation
import Testing

@Suite struct ShowCommandTests {
  @Test func printsOneLinePerCommandWithTimeAndDirection() throws {
    let result = try CommandRunner.run(["show", CommandRunner.path("traces/login.jsonl")])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("JSON Lines trace · format 1 · numbering engine-2018-11-28") == true)
    #expect(lines.contains("#0          0.000s  →  CREATE_APPLICATION child=1 text=\"Acme\""))
    #expect(lines.contains("#1.17       0.004s  →  SET_STYLE id=7 ACTIVE background-color=\"#1d4fb8\""))
    #expect(lines.contains("#8          2.500s  ←  ValueEvent → 5 text=\"alice\""))
    #expect(lines.contains { $0.contains("·  marker \"session ends\"") })
  }

  @Test func jsonFormatIsTheCanonicalTrace() throws {
    let result = try CommandRunner.run(["show", CommandRunner.path("traces/login.jsonl"), "--format", "json"])
    #expect(result.status == 0)
    let original = try Data(contentsOf: URL(fileURLWithPath: CommandRunner.path("traces/login.jsonl")))
    #expect(result.stdoutBytes == original)
  }

  @Test func readsStandardInput() throws {
    let input = Data("{\"type\":\"CREATE_BUTTON\",\"internalId\":2,\"childInternalId\":5,\"textValue\":\"OK\"}\n".utf8)
    let result = try CommandRunner.run(["show", "-"], stdin: input)
    #expect(result.status == 0)
    #expect(result.stdout == "JSON Lines trace · no header\n#0          0.000s  →  CREATE_BUTTON id=2 child=5 text=\"OK\"\n")
  }

  @Test func badInputPrintsWholeRecordsThenFailsWithTwo() throws {
    let input = Data("""
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1}
      {"t":5,"type":"CREATE_BUTON","internalId":1,"childInternalId":2}

      """.utf8)
    let result = try CommandRunner.run(["show", "-"], stdin: input)
    #expect(result.status == 2)
    #expect(result.stdout.contains("CREATE_APPLICATION child=1"))
    #expect(result.stderr == "cmdtool: -: line 2, column 15 (record #1): unknown command type \"CREATE_BUTON\" (did you mean \"CREATE_BUTTON\"?)\n")
  }

  @Test func missingFileIsBadInput() throws {
    let result = try CommandRunner.run(["show", "/nonexistent/trace.jsonl"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/nonexistent/trace.jsonl: cannot open: No such file or directory"))
  }

  @Test func notATraceIsBadInput() throws {
    let result = try CommandRunner.run(["show", CommandRunner.path("README.md")])
    #expect(result.status == 2)
    #expect(result.stderr.contains("not a trace"))
  }
}
