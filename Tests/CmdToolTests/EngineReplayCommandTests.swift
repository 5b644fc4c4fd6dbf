import CommandCodec
import Foundation
import Replay
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

// `cmdtool replay --engine CMD TRACE…`: the recordings' scripts played against a new build, the
// new runs recorded and compared with the recorded ones; CI modes and reports.

@Suite struct EngineReplayCommandTests {
  /// `cmdtool replay --engine ENGINE ARGS…`, with the new recordings kept in `scratch`.
  private func replay(_ engine: String, _ arguments: [String], in scratch: Scratch, environment: [String: String?] = [:]) throws -> FinishedRun {
    try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("new")] + arguments, environment: environment)
  }

  /// A copy of traces/example.jsonl in `scratch` (under `name`).
  @discardableResult
  private func copyExample(to name: String = "example.jsonl", in scratch: Scratch) throws -> String {
    let path = scratch.path(name)
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Example.recording, toPath: path)
    return path
  }

  // MARK: - One recording

  @Test func theSameEnginePasses() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try replay(Built.engineCommand(), [Example.recording], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("PASS  example.jsonl ("), "\(run)")
    #expect(run.stdout.hasSuffix("1 recording: 1 passed, 0 failed\n"), "\(run)")
    // The new run is kept, and it is the recording again.
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("new/example.jsonl"))) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
  }

  @Test func theSameEngineInBinaryPasses() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let record = try Subprocess.cmdtool(["record", "--out", scratch.path("example.cmdtrace"), "--script", Example.script, "--", Built.engine.path, "--binary"])
    #expect(record.status == 0, "\(record)")
    let run = try replay(Built.engineCommand("--binary"), [scratch.path("example.cmdtrace")], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("PASS  example.cmdtrace"), "\(run)")
  }

  @Test func aChangedEngineFailsAtTheRecordWhereTheLabelDiffers() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try replay(Built.engineCommand("--variant changed"), [Example.recording], in: scratch)
    #expect(run.status == 1, "\(run)")
    let firstLine = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(firstLine.hasPrefix("FAIL  example.jsonl: "), "\(run)")
    // The first divergence: record #2 (after the session marker), the login form, where the
    // button says "Sign in".
    #expect(firstLine.contains("the runs differ after record #2 (0.000s) of the recording and record #2 (0.000s) of the new run"), "\(run)")
    #expect(firstLine.contains(#"button 7 · text: "Log in" → "Sign in""#), "\(run)")
    #expect(run.stdout.contains(#"A #2.14       0.000s  →  CREATE_BUTTON id=3 child=7 text="Log in""#), "\(run)")
    #expect(run.stdout.contains(#"B #2.14       0.000s  →  CREATE_BUTTON id=3 child=7 text="Sign in""#), "\(run)")
    // The script could not go on (the selector names the old label), and says so, naming the
    // line of traces/example.script.jsonl the recording was made from (after two comment lines).
    #expect(firstLine.contains(#"the new run: script line 4: button "Log in" matches no element"#), "\(run)")
    #expect(run.stdout.contains("new recording: \(scratch.path("new/example.jsonl"))"), "\(run)")
    // Recording it anew would fail as well: no command to accept it, but what to fix.
    #expect(run.stdout.hasSuffix("1 recording: 0 passed, 1 failed\nexample.jsonl: the new run itself failed, so recording anew (--record failed) would fail too: fix the engine or the script first\n"), "\(run)")
    let newRun = try Recording(scratch.path("new/example.jsonl"))
    #expect(newRun.trace.error == nil)
    #expect(newRun.lastMarker?.detail == "status 0")
  }

  @Test func aDifferenceLaterInTheSessionIsFoundAtItsRecord() throws {
    // The recording says the toast greets "bob": the engine's greeting (record #15) differs.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let text = try String(contentsOfFile: Example.recording, encoding: .utf8).replacingOccurrences(of: "Welcome, alice!", with: "Welcome, bob!")
    let path = try scratch.write("tampered.jsonl", text)
    let run = try replay(Built.engineCommand(), [path], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  tampered.jsonl: the runs differ after record #15 (2.400s) of the recording and record #15 (2.400s) of the new run"), "\(run)")
    #expect(run.stdout.contains(#"toast 1 · text: "Welcome, bob!" → "Welcome, alice!""#), "\(run)")
  }

  @Test func aDifferentCommandStreamWithTheSameStateFails() throws {
    // Splitting a batch in two leaves every state the same, but the engine's calls differ.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let original = #"{"t":5000,"batch":[{"type":"RESHAPE_SHEET","internalId":11},{"type":"CREATE_TOAST","internalId":14,"textValue":"Deleted"}]}"#
    let split = #"{"t":5000,"type":"RESHAPE_SHEET","internalId":11}"# + "\n" + #"{"t":5000,"type":"CREATE_TOAST","internalId":14,"textValue":"Deleted"}"#
    let text = try String(contentsOfFile: Example.recording, encoding: .utf8)
    #expect(text.contains(original))
    let path = try scratch.write("split.jsonl", text.replacingOccurrences(of: original, with: split))
    let run = try replay(Built.engineCommand(), [path], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  split.jsonl: "), "\(run)")
  }

  // MARK: - Broken engines

  @Test func aCrashingEngineFailsTheReplayAndKeepsTheNewRun() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let run = try replay(engine.command("--crash-after 5"), [Example.recording, "--timeout", "5"], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  example.jsonl: the new run: the engine"), "\(run)")
    #expect(!engine.isAlive)
    let newRun = try Recording(scratch.path("new/example.jsonl"))
    #expect(newRun.trace.error == nil)
    #expect(newRun.lastMarker?.detail == "status 3")
  }

  @Test func aHangingEngineFailsTheReplayWithinTheTimeout() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let run = try replay(engine.command("--hang"), [Example.recording, "--timeout", "1"], in: scratch)
    #expect(run.status == 1, "\(run)")
    // The 1 s --timeout, with the start and the steps before however loaded the machine; a
    // replay that never gave up would be killed at the test's deadline (patience).
    #expect(run.seconds < 20, "\(run)")
    #expect(run.stdout.contains("the engine did not answer within 1 s: cmdtool was waiting for the echo of sync"), "\(run)")
    #expect(!engine.isAlive, "the engine outlived cmdtool")
  }

  @Test func garbageFromTheNewBuildIsAnError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try replay(Built.engineCommand("--garbage"), [Example.recording, "--report", scratch.path("report.json")], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("not a trace record"), "\(run)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("report.json")))) as? [String: Any]
    #expect(report?["errors"] as? Int == 1)
    #expect(report?["passed"] as? Int == 0)
  }

  // MARK: - CI

  @Test func ciFailsClearlyWhenARecordingIsMissing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.copyItem(atPath: Example.script, toPath: scratch.path("missing.script.jsonl"))
    let missing = scratch.path("missing.jsonl")
    let run = try replay(Built.engineCommand(), ["--ci", missing], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  missing.jsonl: the recording \(missing) is missing"), "\(run)")
    // The script it is recorded from is named: it is there, beside it.
    #expect(run.stdout.contains("cmdtool record --out \(missing) --script \(scratch.path("missing.script.jsonl")) -- ENGINE"), "\(run)")
    #expect(run.stdout.contains("or run with --record missing"), "\(run)")
    // --ci never records, not even from a script beside it.
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func ciRefusesToReRecord() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try copyExample(in: scratch)
    for arguments in [["--ci", "--rerecord", path], ["--record", "all", "--ci", path]] {
      let run = try replay(Built.engineCommand(), arguments, in: scratch)
      #expect(run.status == 64, "\(run)")
      #expect(run.stderr.contains("--ci"), "\(run)")
    }
    // A flag beats the environment: --ci compares, whatever CMDTOOL_RERECORD says.
    let run = try replay(Built.engineCommand("--variant changed"), ["--ci", path], in: scratch, environment: ["CMDTOOL_RERECORD": "1"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  example.jsonl: "), "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
  }

  @Test func rerecordRecordsFromTheRecordingsOwnScript() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try copyExample(in: scratch)
    // Spoil the copy's engine output: re-recording must replace it, keeping the script markers.
    let spoiled = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Welcome, alice!", with: "Welcome, bob!")
    try spoiled.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try replay(Built.engineCommand(), ["--rerecord", path], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("REC   example.jsonl"), "\(run)")
    // The script markers type the password's stand-in, which stands for itself: the same bytes.
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
  }

  @Test func theEnvironmentVariableReRecordsToo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try copyExample(to: "changed.jsonl", in: scratch)
    let run = try replay(Built.engineCommand("--variant changed"), [path], in: scratch, environment: ["CMDTOOL_RERECORD": "1"])
    // Re-recorded from its own script against the changed engine: the old selector fails the
    // new recording, which is reported; the recording stays as it was, the failed one beside it.
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  changed.jsonl: script line 4: button \"Log in\" matches no element"), "\(run)")
    #expect(run.stdout.contains("the new recording is at \(path).partial; \(path) is unchanged"), "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
    let failed = try Recording(path + ".partial")
    #expect(failed.commands.contains { $0.type == .createButton && $0.textValue == "Sign in" })
  }

  @Test func aMissingRecordingIsRecordedFromTheScriptBesideIt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.copyItem(atPath: Example.script, toPath: scratch.path("example.script.jsonl"))
    let run = try replay(Built.engineCommand(), [scratch.path("example.jsonl")], in: scratch, environment: ["CMDTOOL_RERECORD": "1"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("REC   example.jsonl"), "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("example.jsonl"))) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
    // Without the variable too: a missing recording outside CI is recorded.
    try FileManager.default.removeItem(atPath: scratch.path("example.jsonl"))
    let again = try replay(Built.engineCommand(), [scratch.path("example.jsonl")], in: scratch)
    #expect(again.status == 0, "\(again)")
    #expect(FileManager.default.fileExists(atPath: scratch.path("example.jsonl")))
  }

  @Test func aMissingRecordingWithoutAScriptIsAnError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try replay(Built.engineCommand(), [scratch.path("nothing.jsonl")], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("the recording is missing and there is no \(scratch.path("nothing.script.jsonl")) to record it from"), "\(run)")
  }

  // MARK: - Many recordings, reports

  /// A directory with the example recording, a tampered copy that fails, and a script (which is
  /// not a recording).
  private func suite(in scratch: Scratch) throws -> String {
    let directory = scratch.path("recordings")
    try copyExample(to: "recordings/example.jsonl", in: scratch)
    let tampered = try String(contentsOfFile: Example.recording, encoding: .utf8).replacingOccurrences(of: "Welcome, alice!", with: "Welcome, bob!")
    try scratch.write("recordings/tampered.jsonl", tampered)
    try FileManager.default.copyItem(atPath: Example.script, toPath: scratch.path("recordings/example.script.jsonl"))
    return directory
  }

  @Test func aDirectoryRunsEveryRecordingInIt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let directory = try suite(in: scratch)
    try FileManager.default.removeItem(atPath: scratch.path("recordings/tampered.jsonl"))
    let record = try Subprocess.cmdtool(["record", "--out", scratch.path("recordings/second.cmdtrace"), "--script", Example.script, "--", Built.engine.path])
    #expect(record.status == 0, "\(record)")
    let run = try replay(Built.engineCommand(), ["--ci", directory], in: scratch)
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(run)")
    #expect(lines.first?.hasPrefix("PASS  example.jsonl") == true, "\(run)")
    #expect(lines.dropFirst().first?.hasPrefix("PASS  second.cmdtrace") == true, "\(run)")
    #expect(lines.last == "2 recordings: 2 passed, 0 failed")
  }

  @Test func junitAndJSONReports() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let directory = try suite(in: scratch)
    let junit = scratch.path("report.xml")
    let json = scratch.path("report.json")
    let run = try replay(Built.engineCommand(), ["--ci", directory, "--junit", junit, "--report", json], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("PASS  example.jsonl"), "\(run)")
    #expect(run.stdout.contains("FAIL  tampered.jsonl"), "\(run)")
    // Then how to accept the change: the same command, --ci replaced by --record failed.
    #expect(run.stdout.hasSuffix("2 recordings: 1 passed, 1 failed\nif the new behaviour is right, accept it by recording it (tampered.jsonl) anew:\n  cmdtool replay --engine \(ShellText.quoted(Built.engineCommand())) --keep \(scratch.path("new")) \(directory) --junit \(junit) --report \(json) --record failed\n"), "\(run)")

    // JUnit: parseable XML with a test case per recording and a failure for the tampered one.
    let xml = try JUnitSummary(contentsOf: junit)
    #expect(xml.suites == [JUnitSummary.Counts(tests: 2, failures: 1, errors: 0)])
    #expect(xml.testcases == ["example.jsonl", "tampered.jsonl"])
    #expect(xml.failures.count == 1)
    #expect(xml.failures.first?.testcase == "tampered.jsonl")
    #expect(xml.failures.first?.message.contains("the runs differ after record #15") == true)
    #expect(xml.failures.first?.text.contains("CREATE_TOAST id=7 text=\"Welcome, bob!\"") == true)

    // JSON: the counts and one result per recording.
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
    let report = try #require(object as? [String: Any])
    #expect(report["passed"] as? Int == 1)
    #expect(report["failed"] as? Int == 1)
    #expect(report["errors"] as? Int == 0)
    let results = try #require(report["results"] as? [[String: Any]])
    #expect(results.map { $0["status"] as? String } == ["passed", "failed"])
    #expect(results.map { ($0["trace"] as? String).map { ($0 as NSString).lastPathComponent } } == ["example.jsonl", "tampered.jsonl"])
    #expect((results[1]["message"] as? String)?.contains("record #15") == true)
    #expect(((results[1]["report"] as? [String: Any])?["equal"] as? Bool) == false)
    #expect(((results[0]["report"] as? [String: Any])?["equal"] as? Bool) == true)
  }

  @Test func reportsOfAMissingRecordingInCI() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try replay(Built.engineCommand(), ["--ci", scratch.path("gone.jsonl"), "--junit", scratch.path("r.xml"), "--report", scratch.path("r.json")], in: scratch)
    #expect(run.status == 1, "\(run)")
    let xml = try JUnitSummary(contentsOf: scratch.path("r.xml"))
    #expect(xml.failures.first?.message.contains("is missing") == true)
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("r.json")))) as? [String: Any]
    #expect(report?["failed"] as? Int == 1)
  }
}
