import Foundation
import Testing

// `replay --engine --ignore PATTERN` (and --ignore-file): a value that changes every run (here
// the lastLogin preference the example engine stores with --last-login) is left out of both
// comparisons, the states and the engine's command stream.

@Suite struct ReplayIgnoreCommandTests {
  /// The example session recorded against `example-engine --last-login 1`.
  private func recordWithLastLogin(in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let out = scratch.path("login.jsonl")
    let run = try Subprocess.record(out, script: Example.script, engine: [Built.engine.path, "--last-login", "1"])
    #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    return out
  }

  /// The JSON report of a run, as an object.
  private func report(_ path: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    let results = try #require((object as? [String: Any])?["results"] as? [[String: Any]])
    return try #require(results.first)
  }

  @Test func aVolatilePreferenceFailsTheStatesAndTheCommandStream() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWithLastLogin(in: scratch)
    let run = try Subprocess.replay(engine: Built.engineCommand("--last-login 2"), [path, "--report", scratch.path("report.json")], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine == #"FAIL  login.jsonl: the runs differ after record #16 (2.400s) of the recording and record #16 (2.400s) of the new run: ~ preferences · committed.lastLogin: "1" → "2""#, "\(run)")
    // Both comparisons found it: the state diff, and the engine's commands (the batch that
    // stores the preference, record #16 in each run).
    let result = try report(scratch.path("report.json"))
    #expect((result["report"] as? [String: Any])?["equal"] as? Bool == false)
    let stream = try #require(result["commandStream"] as? [String: Any], "the command streams were not found to differ")
    #expect(stream["recorded"] as? Int == 16)
    #expect(stream["new"] as? Int == 16)
  }

  @Test(arguments: [false, true])
  func anIgnoredPathPassesBothComparisons(fromAFile: Bool) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWithLastLogin(in: scratch)
    let rule = "preferences · committed.lastLogin"
    let ignoring = fromAFile ? ["--ignore-file", try scratch.write("volatile.ignore", "# changes every run\n\(rule)\n")] : ["--ignore", rule]
    let run = try Subprocess.replay(engine: Built.engineCommand("--last-login 2"), [path, "--report", scratch.path("report.json")] + ignoring)
    #expect(run.status == 0, "\(run)")
    #expect(run.firstLine.hasPrefix("PASS  login.jsonl ("), "\(run)")
    // Had the command stream not honoured the rule, the run would fail with "the engine's
    // commands differ"; the report says the state diff left one change out.
    let result = try report(scratch.path("report.json"))
    #expect(result["commandStream"] == nil)
    #expect((result["report"] as? [String: Any])?["ignored"] as? Int == 1)
  }

  @Test func aRuleForAnotherPathIgnoresNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWithLastLogin(in: scratch)
    let run = try Subprocess.replay(engine: Built.engineCommand("--last-login 2"), [path, "--ignore", "preferences · committed.lastUser"], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine.contains("preferences · committed.lastLogin"), "\(run)")
    // It matched nothing: a warning names it.
    #expect(run.stderr.contains("cmdtool: warning: the ignore pattern 'preferences · committed.lastUser' matched nothing in the comparison"), "\(run)")
  }

  @Test func aMistypedRuleIsAWarningWithTheClosestPath() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWithLastLogin(in: scratch)
    let run = try Subprocess.replay(engine: Built.engineCommand("--last-login 2"), [path, "--ignore", "preferences · commited.lastLogin"], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("cmdtool: warning: the ignore pattern 'preferences · commited.lastLogin' matched nothing in the comparison (did you mean 'preferences · committed.lastLogin'?)\n"), "\(run)")
    // Spelt right it passes, with no warning (anIgnoredPathPassesBothComparisons).
    let right = try Subprocess.replay(engine: Built.engineCommand("--last-login 2"), [path, "--ignore", "preferences · committed.lastLogin"])
    #expect(right.status == 0 && !right.stderr.contains("warning"), "\(right)")
  }
}
