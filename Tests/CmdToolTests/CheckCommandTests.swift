import Foundation
import Testing

/// `cmdtool check` as a user runs it: diagnostics on standard output, exit 1 for violations.
@Suite struct CheckCommandTests {
  @Test("CREATE_TIMER without a timer id is a violation: its place, its rule, exit 1")
  func timerWithoutId() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let trace = directory.appendingPathComponent("timer.jsonl")
    try Data("""
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}
      {"t":0,"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}
      {"t":100,"type":"CREATE_TIMER","internalId":2,"value":500}
      {"t":2000,"marker":"later"}

      """.utf8).write(to: trace)
    let result = try CommandRunner.run(["check", trace.path])
    #expect(result.status == 1)
    #expect(result.stdout == """
      #2 at 0.100s: error [missing-timer-id] CREATE_TIMER from 2 has no timer id (childInternalId 0); no timer is started
      4 records: 1 violation, 0 notes

      """)
    #expect(result.stderr == "")
  }

  @Test("--rules lists the timer id rule")
  func rulesListIt() throws {
    let result = try CommandRunner.run(["check", "--rules"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("missing-timer-id            error  CREATE_TIMER has no timer id (childInternalId 0); no timer is started\n"))
  }
}
