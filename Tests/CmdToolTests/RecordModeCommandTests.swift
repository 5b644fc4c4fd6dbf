import Foundation
import Replay
import Testing

// When `replay --engine` writes recordings (Sources/Replay/Live/Rerun/RecordMode.swift): --record
// never|missing|failed|all, CMDTOOL_RECORD, the legacy --ci, --rerecord and CMDTOOL_RERECORD=1,
// and CI in the environment. RecordModeTests (Tests/ReplayTests) has the whole decision table;
// these runs show what each decision does to the files.

@Suite struct RecordModeCommandTests {
  /// `recordings/good.jsonl` (the example recording) and `recordings/tampered.jsonl` (a copy
  /// whose welcome toast says "bob", which the engine never does).
  private func recordings(in scratch: Scratch) throws -> (folder: String, good: String, tampered: String) {
    let good = try scratch.copy(Example.recording, to: "recordings/good.jsonl")
    let text = try String(contentsOfFile: Example.recording, encoding: .utf8)
    #expect(text.contains("Welcome, alice!"))
    let tampered = try scratch.write("recordings/tampered.jsonl", text.replacingOccurrences(of: "Welcome, alice!", with: "Welcome, bob!"))
    return (scratch.path("recordings"), good, tampered)
  }

  private var exampleBytes: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: Example.recording)) } }

  // MARK: - --record failed

  @Test func recordFailedRecordsAnewOnlyTheRecordingThatFails() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (folder, good, tampered) = try recordings(in: scratch)
    let goodBefore = try FileStamp(good)
    let temporary = try scratch.temporaryFolder()
    let run = try Subprocess.replay(engine: Built.engineCommand(), ["--record", "failed", folder], environment: ["TMPDIR": temporary])
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(run)")
    #expect(lines.first?.hasPrefix("PASS  good.jsonl (") == true, "\(run)")
    #expect(lines.dropFirst().first?.hasPrefix(#"REC   tampered.jsonl: recorded anew; it was: the runs differ after record #15 (2.400s)"#) == true, "\(run)")
    // The summary is the last line: nothing failed, so no folder of failed runs is named (or kept).
    #expect(run.lastLine == "2 recordings: 2 passed, 0 failed, 1 written", "\(run)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "a temporary folder was left behind")
    // Recorded anew from its own script markers: the example recording again, byte for byte.
    #expect(try Data(contentsOf: URL(fileURLWithPath: tampered)) == exampleBytes)
    // The one that passed was not touched: same bytes, same file, same time.
    #expect(try FileStamp(good) == goodBefore)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["good.jsonl", "tampered.jsonl"])
  }

  @Test func aRecordingTheEngineStillFailsStaysAsItWas() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (_, _, tampered) = try recordings(in: scratch)
    let before = try FileStamp(tampered)
    // The changed engine fails the comparison, and recording anew fails too (its button is
    // "Sign in", the script taps "Log in"): the recording is left alone.
    let run = try Subprocess.replay(engine: Built.engineCommand("--variant changed"), ["--record", "failed", tampered], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine.hasPrefix("FAIL  tampered.jsonl: "), "\(run)")
    #expect(run.firstLine.contains("; recording it anew failed too: script line 4: button \"Log in\" matches no element"), "\(run)")
    #expect(run.firstLine.contains("the new recording is at \(tampered).partial; \(tampered) is unchanged"), "\(run)")
    #expect(run.stdout.contains("\n1 recording: 0 passed, 1 failed\nthe new runs that failed are in \(scratch.path("tmp/cmdtool-replay-"))"), "\(run)")
    #expect(try FileStamp(tampered) == before)
  }

  // MARK: - Accepting a change

  @Test func aFailingReplaySaysHowToAcceptTheChangeAndTheCommandDoes() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (folder, good, tampered) = try recordings(in: scratch)
    let environment = ["TMPDIR": try scratch.temporaryFolder()]
    let run = try Subprocess.replay(engine: Built.engineCommand(), [folder, "--record", "never"], environment: environment)
    #expect(run.status == 1, "\(run)")
    let accept = "cmdtool replay --engine \(ShellText.quoted(Built.engineCommand())) \(folder) --record failed"
    #expect(run.stdout.hasSuffix("if the new behaviour is right, accept it by recording it (tampered.jsonl) anew:\n  \(accept)\n"), "\(run)")
    // The command as printed, run by a shell, accepts it: the recording is the engine's again,
    // and the same replay passes.
    let goodBefore = try FileStamp(good)
    let shell = try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Built.cmdtool.path)'" + accept.dropFirst("cmdtool".count)], environment: environment)
    let accepted = shell.wait(timeout: 60)
    #expect(accepted.status == 0, "\(accepted)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: tampered)) == exampleBytes)
    #expect(try FileStamp(good) == goodBefore)
    let again = try Subprocess.replay(engine: Built.engineCommand(), [folder, "--record", "never"], environment: environment)
    #expect(again.status == 0 && !again.stdout.contains("accept"), "\(again)")
  }

  @Test func withSecretsInUseTheCommandIsNotRepeated() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (folder, _, _) = try recordings(in: scratch)
    // The engine command holds the secret's value, as `--password "$PW"` does once expanded.
    let value = "s3cr3t-value-7f"
    let run = try Subprocess.replay(engine: "TOKEN=\(value) " + Built.engineCommand(), [folder, "--record", "never", "--html-report", scratch.path("pages")], environment: ["TMPDIR": try scratch.temporaryFolder(), "CMDTOOL_SECRET_TOKEN": value])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("anew: run the same command with --record failed (not repeated here, as secrets are in use)\n"), "\(run)")
    #expect(!run.stdout.contains(value) && !run.stderr.contains(value), "\(run)")
    // The index and the pages name the engine with the value scrubbed.
    let index = try String(contentsOfFile: scratch.path("pages/index.html"), encoding: .utf8)
    #expect(index.contains("engine: TOKEN=&lt;secret:TOKEN&gt; \(Built.engineCommand())"), "\(index)")
    for page in try FileManager.default.contentsOfDirectory(atPath: scratch.path("pages")) {
      #expect(!(try String(contentsOfFile: scratch.path("pages/" + page), encoding: .utf8)).contains(value), "\(page)")
    }
  }

  @Test func aNewRunThatItselfFailedIsNotOfferedForAcceptance() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (_, _, tampered) = try recordings(in: scratch)
    let run = try Subprocess.replay(engine: Built.engineCommand("--variant changed"), [tampered, "--record", "never"], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.lastLine == "tampered.jsonl: the new run itself failed, so recording anew (--record failed) would fail too: fix the engine or the script first", "\(run)")
    #expect(!run.stdout.contains("--record failed\n"), "\(run)")
  }

  // MARK: - The environment

  /// A run with the mode chosen by the environment, and what it must print first and do.
  struct EnvironmentCase: Sendable, CustomTestStringConvertible {
    var environment: [String: String]
    /// The first line of output, when the environment chose the mode.
    var modeLine: String?
    /// Whether the missing recording is recorded.
    var records: Bool
    var testDescription: String { environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ") }
  }

  @Test(arguments: [
    EnvironmentCase(environment: ["CI": "true"], modeLine: "record mode never (CI=true)", records: false),
    EnvironmentCase(environment: ["CI": "1"], modeLine: "record mode never (CI=1)", records: false),
    EnvironmentCase(environment: ["CI": "true", "CMDTOOL_RECORD": "missing"], modeLine: "record mode missing (CMDTOOL_RECORD=missing)", records: true),
    EnvironmentCase(environment: ["CI": "true", "CMDTOOL_RERECORD": "1"], modeLine: "record mode all (CMDTOOL_RERECORD=1)", records: true),
    EnvironmentCase(environment: ["CI": "false"], modeLine: nil, records: true),
    EnvironmentCase(environment: ["CI": "0"], modeLine: nil, records: true),
    EnvironmentCase(environment: ["CI": ""], modeLine: nil, records: true),
  ])
  func theEnvironmentChoosesTheModeAndTheOutputSaysSo(_ test: EnvironmentCase) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.copy(Example.script, to: "missing.script.jsonl")
    let missing = scratch.path("missing.jsonl")
    let run = try Subprocess.replay(engine: Built.engineCommand(), [missing], environment: test.environment)
    #expect(run.status == (test.records ? 0 : 1), "\(run)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    if let modeLine = test.modeLine {
      #expect(lines.first == modeLine, "\(run)")
    } else {
      #expect(lines.first?.hasPrefix("record mode") == false, "\(run)")
    }
    #expect(FileManager.default.fileExists(atPath: missing) == test.records, "\(run)")
    if !test.records {
      #expect(lines.dropFirst().first?.hasPrefix("FAIL  missing.jsonl: the recording \(missing) is missing, and --record never (or CI) does not record it") == true, "\(run)")
    }
  }

  @Test func aFlagBeatsCIAndIsNotAnnounced() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.copy(Example.script, to: "missing.script.jsonl")
    let run = try Subprocess.replay(engine: Built.engineCommand(), ["--record", "missing", scratch.path("missing.jsonl")], environment: ["CI": "true"])
    #expect(run.status == 0, "\(run)")
    #expect(run.firstLine == "REC   missing.jsonl", "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("missing.jsonl"))) == exampleBytes)
  }

  // MARK: - Usage errors

  /// Environment values and flags that cannot be meant, and a word of the message each gives.
  @Test(arguments: [
    (["CMDTOOL_RECORD": "sometimes"], [String](), "CMDTOOL_RECORD=sometimes is not a record mode: use never, missing, failed or all"),
    (["CMDTOOL_RERECORD": "true"], [], "CMDTOOL_RERECORD=true is not understood: use CMDTOOL_RECORD=all (or CMDTOOL_RERECORD=1)"),
    ([:], ["--record", "never", "--rerecord"], "--record never contradicts --rerecord; give one of them"),
    ([:], ["--record", "missing", "--ci"], "--record missing contradicts --ci; give one of them"),
    ([:], ["--ci", "--rerecord"], "--ci never records and --rerecord records everything"),
  ])
  func aModeThatCannotBeMeantIsAUsageError(environment: [String: String], flags: [String], message: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (_, good, tampered) = try recordings(in: scratch)
    let before = try FileStamp(tampered)
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let run = try Subprocess.replay(engine: engine.command(), flags + [good, tampered], environment: environment)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains(message), "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(engine.pid == nil, "the engine was started")
    #expect(try FileStamp(tampered) == before)
  }

  // MARK: - never and all

  @Test func recordAllWritesEveryRecordingAndNeverWritesNone() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (folder, good, tampered) = try recordings(in: scratch)
    let never = try Subprocess.replay(engine: Built.engineCommand(), ["--record", "never", folder, scratch.path("gone.jsonl")], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(never.status == 1, "\(never)")
    #expect(never.stdout.contains("\n3 recordings: 1 passed, 2 failed\n"), "\(never)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("gone.jsonl")))
    let goodBefore = try FileStamp(good)
    let all = try Subprocess.replay(engine: Built.engineCommand(), ["--record", "all", folder])
    #expect(all.status == 0, "\(all)")
    #expect(all.stdout == "REC   good.jsonl\nREC   tampered.jsonl\n2 recordings: 2 passed, 0 failed, 2 written\n", "\(all)")
    // Both written anew (the good one with the same bytes, as a new file).
    #expect(try Data(contentsOf: URL(fileURLWithPath: tampered)) == exampleBytes)
    let goodAfter = try FileStamp(good)
    #expect(goodAfter.bytes == goodBefore.bytes)
    #expect(goodAfter.inode != goodBefore.inode, "--record all left the recording alone")
  }
}
