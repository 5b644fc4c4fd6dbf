import Foundation
import Testing

// No false greens from a peer that cannot run (issue #22 §1, §4): an engine or testee that cannot
// start, is not executable, prints its usage and exits, or is no engine at all, is a setup error
// the first time it runs: exit 2, its own words on standard error, nothing judged, nothing
// shrunk, nothing saved. Each case beside its contrast: the same command with a peer that works
// (or that worked once before failing) is judged as before.

@Suite struct PeerSetupErrorTests {
  /// Peers that are not ours, written on the spot: a path that does not exist, a file that is not
  /// executable, a program that prints its usage and exits 64, a shell whose command is misspelt.
  struct Broken: Sendable, CustomTestStringConvertible {
    var name: String
    /// The argument vector, relative to the scratch directory (`SCRATCH` is replaced).
    var command: [String]
    /// What the peer's own words (or cmdtool's for a program that cannot be started) must hold.
    var says: String
    var testDescription: String { name }

    func arguments(in scratch: Scratch) -> [String] { command.map { $0.replacingOccurrences(of: "SCRATCH", with: scratch.url.path) } }

    /// What `peer` (the engine, the testee) must be quoted as saying.
    func says(in scratch: Scratch, by peer: String) -> String {
      says.replacingOccurrences(of: "SCRATCH", with: scratch.url.path).replacingOccurrences(of: "the engine said", with: peer + " said")
    }
  }

  static let broken: [Broken] = [
    Broken(name: "a path that does not exist", command: ["SCRATCH/no-such-engine"], says: "cannot start SCRATCH/no-such-engine: No such file or directory"),
    Broken(name: "a file that is not executable", command: ["SCRATCH/not-executable"], says: "cannot start SCRATCH/not-executable: Permission denied"),
    Broken(name: "a usage error, exit 64", command: ["sh", "-c", "echo 'usage: engine [--size N]' >&2; echo '  --size N  the window size' >&2; exit 64"], says: "the engine said: usage: engine [--size N]"),
    Broken(name: "a misspelt command in a shell", command: ["sh", "-c", "SCRATCH/example-engin --bug x"], says: "not found"),
  ]

  private func prepare(_ scratch: Scratch) throws {
    try scratch.write("not-executable", "#!/bin/sh\nexit 0\n")
  }

  @Test(arguments: broken)
  func fuzzEngineStopsAtOnceWithExit2(_ peer: Broken) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try prepare(scratch)
    // A time budget: before, thousands of "clean" runs in two seconds.
    let run = try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz"), "--time", "30s", "--"] + peer.arguments(in: scratch))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains(peer.says(in: scratch, by: "the engine")), "\(run)")
    #expect(run.stderr.contains("nothing was tested"), "\(run)")
    #expect(!run.stdout.contains("0 failures"), "\(run)")
    // Stopped at the first run, long before the budget.
    #expect(run.seconds < 25, "\(run)")
    #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("fuzz/failures"))) ?? [] == [], "a setup error is no finding to shrink")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("fuzz/summary.json")))
  }

  /// The usage message of a misspelt engine option is shown, not shrunk into "exit status 64 at
  /// the start".
  @Test func aMisspeltEngineOptionShowsItsUsageMessage() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz"), "--runs", "5", "--", Built.engine.path, "--bugg", "crash-after-two-cancels"])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("the engine ended with exit status 64 before its first record; nothing was tested"), "\(run)")
    #expect(run.stderr.contains("the engine said: example-engine: unknown option \"--bugg\""), "\(run)")
    #expect(!run.stdout.contains("shrinking"), "\(run)")
  }

  /// The contrast: an engine that answered once and then fails before its first record is a
  /// finding of that run (the build is flaky at start), kept and shown with its words.
  @Test func anEngineThatStartedOnceAndThenFailsAtTheStartIsAFinding() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let counter = scratch.path("starts")
    let engine = "n=$(cat '\(counter)' 2>/dev/null || echo 0); echo $((n+1)) > '\(counter)'; if [ \"$n\" -ge 1 ]; then echo 'engine: lost the GPU context' >&2; exit 7; fi; exec '\(Built.engine.path)'"
    let run = try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz"), "--runs", "3", "--", "sh", "-c", engine])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  exit status 7 at the start"), "\(run)")
    #expect(run.stdout.contains("the engine said: engine: lost the GPU context"), "\(run)")
  }

  /// An engine that answers but shows no application: the monkey plays no step in any run. That
  /// tested nothing; `--allow-empty` says it is fine.
  @Test func aCampaignWithoutAStepTestedNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // A header, then sync echoes and nothing else: a valid engine with no UI.
    let echo = #"printf '{"trace":1,"creator":"blank"}\n'; while IFS= read -r line; do case "$line" in *'"marker":"sync"'*) printf '%s\n' "$line";; esac; done"#
    let run = try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz"), "--runs", "2", "--", "sh", "-c", echo])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("no step was played"), "\(run)")
    let allowed = try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz2"), "--runs", "2", "--allow-empty", "--", "sh", "-c", echo])
    #expect(allowed.status == 0, "\(allowed)")
  }

  // MARK: - replay --engine

  /// `replay --engine .build/debug/example-engin` (a typo): the shell's own words, exit 2, no
  /// 30-line state diff of an empty run.
  @Test func replayWithAMisspeltEngineShowsTheShellsWords() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let recording = try scratch.copy(Example.recording, to: "rec/example.jsonl")
    try scratch.copy(Example.recording, to: "rec/second.jsonl")
    let typo = String(Built.engine.path.dropLast())
    let run = try Subprocess.replay(engine: typo, [(recording as NSString).deletingLastPathComponent, "--junit", scratch.path("r.xml")], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("the engine said: sh: 1: \(typo): not found") || run.stderr.contains("\(typo): not found"), "\(run)")
    #expect(run.stderr.contains("exit status 127 before its first record"), "\(run)")
    #expect(!run.stdout.contains("first difference") && !run.stdout.contains("- application"), "\(run)")
    // Stopped at the first recording; no report of a run that compared nothing; no leftovers.
    #expect(!run.stdout.contains("second.jsonl"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("r.xml")))
    #expect(scratch.files.filter { $0.hasPrefix("tmp/") }.isEmpty, "\(scratch.files)")
    // The contrast: the right path passes.
    let good = try Subprocess.replay(engine: Built.engineCommand(), [recording, "--record", "never"])
    #expect(good.status == 0, "\(good)")
  }

  /// A Swift engine build that crashes mid-session: its crash message comes first, never the
  /// register dump.
  @Test func replayShowsASwiftCrashMessage() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let recording = try scratch.copy(Example.recording, to: "example.jsonl")
    let run = try Subprocess.replay(engine: Built.engineCommand("--fatal-error-after 4"), [recording, "--record", "never", "--report", scratch.path("r.json")], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    let said = "the engine said: example_engine/Session.swift"
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let saidLine = try #require(lines.firstIndex { $0.contains(said) }, "\(run)")
    #expect(lines[saidLine].contains("Fatal error: the items list has no row 7 (--fatal-error-after 4)"), "\(run)")
    // Before the diff, and no registers anywhere.
    if let diff = lines.firstIndex(where: { $0.contains("first difference") }) { #expect(saidLine < diff, "\(run)") }
    #expect(!run.stdout.contains("Registers") && !run.stdout.contains("rax 0x"), "\(run)")
    let report = try String(contentsOfFile: scratch.path("r.json"), encoding: .utf8)
    #expect(report.contains(#""engineSaid":"example_engine/Session.swift"#), "\(report)")
  }

  /// `record` shows the start of a failed engine's output and a crash's message.
  @Test func recordShowsTheEnginesOwnWords() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let usage = try Subprocess.record(scratch.path("u.jsonl"), script: Example.script, engine: [Built.engine.path, "--varaint", "changed"])
    #expect(usage.status == 1, "\(usage)")
    #expect(usage.stderr.contains("the engine ended with exit status 64"), "\(usage)")
    #expect(usage.stderr.contains("the engine said: example-engine: unknown option \"--varaint\""), "\(usage)")
    let crash = try Subprocess.record(scratch.path("c.jsonl"), script: Example.script, engine: [Built.engine.path, "--fatal-error-after", "4"])
    #expect(crash.status == 1, "\(crash)")
    #expect(crash.stderr.contains("Fatal error: the items list has no row 7"), "\(crash)")
    #expect(!crash.stderr.contains("Registers"), "\(crash)")
    // The recording's last record says it too, not the backtracer's images.
    let last = try #require(try Recording(scratch.path("c.jsonl.partial")).lastMarker)
    #expect(last.detail.hasPrefix("signal "), "\(last)")
    #expect(last.detail.contains("Fatal error: the items list has no row 7"), "\(last)")
  }

  // MARK: - Empty suites

  /// A folder without recordings is no green run; one with only a script records it.
  @Test func replayOfAnEmptyFolderOrOneWithOnlyAScript() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let empty = scratch.path("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let none = try Subprocess.replay(engine: Built.engineCommand(), [empty])
    #expect(none.status == 2, "\(none)")
    #expect(none.stderr.contains("nothing was tested (--allow-empty accepts that)"), "\(none)")
    #expect(!none.stdout.contains("0 passed"), "\(none)")
    let allowed = try Subprocess.replay(engine: Built.engineCommand(), [empty, "--allow-empty"])
    #expect(allowed.status == 0, "\(allowed)")
    #expect(allowed.stdout.contains("0 recordings: 0 passed, 0 failed"), "\(allowed)")

    // Only NAME.script.jsonl: --record never fails it, naming the script; missing records it.
    let scripts = scratch.path("scripts")
    try scratch.copy(Example.script, to: "scripts/example.script.jsonl")
    let never = try Subprocess.replay(engine: Built.engineCommand(), [scripts, "--record", "never"])
    #expect(never.status == 1, "\(never)")
    #expect(never.stdout.contains("--script \(scripts)/example.script.jsonl"), "\(never)")
    let missing = try Subprocess.replay(engine: Built.engineCommand(), [scripts])
    #expect(missing.status == 0, "\(missing)")
    #expect(missing.stdout.contains("REC   example.jsonl"), "\(missing)")
    #expect(missing.lastLine == "1 recording: 1 passed, 0 failed, 1 written", "\(missing)")
    #expect(try Recording(scratch.path("scripts/example.jsonl")).lastMarker?.detail == "status 0")
    // Now the recording is there: compared, and passing.
    let again = try Subprocess.replay(engine: Built.engineCommand(), [scripts, "--record", "never"])
    #expect(again.status == 0 && again.stdout.contains("PASS  example.jsonl"), "\(again)")
  }

  /// `conformance` with nothing to run: an empty shard, or a testee that skips every case.
  @Test func conformanceThatRunsNoCase() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let shard = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.Children.InCreationOrder", "--shard", "2/2", "--report", scratch.path("r.json"), "--", Built.referenceTestee.path])
    #expect(shard.status == 2, "\(shard)")
    #expect(shard.stdout.contains("no case ran (none selected): nothing was tested"), "\(shard)")
    #expect(try String(contentsOfFile: scratch.path("r.json"), encoding: .utf8).contains(#""green":false"#))
    // A testee that reports only its tree and sends only user events skips every style case (an
    // image case among them runs on its ImageRequestEvents when those are declared).
    let allSkipped = try Subprocess.cmdtool(["conformance", "--cases", "Required*Style*", "--", Built.referenceTestee.path, "--reports", "tree", "--events", "user"])
    #expect(allSkipped.status == 2, "\(allSkipped)")
    #expect(allSkipped.stdout.contains("the testee skipped every one"), "\(allSkipped)")
    let allowed = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.Children.InCreationOrder", "--shard", "2/2", "--allow-empty", "--", Built.referenceTestee.path])
    #expect(allowed.status == 0 && allowed.stdout.hasSuffix("conformant\n"), "\(allowed)")
  }

  // MARK: - Testees

  @Test(arguments: broken)
  func conformanceStopsAtTheFirstCase(_ peer: Broken) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try prepare(scratch)
    let run = try Subprocess.cmdtool(["conformance", "--report", scratch.path("r.json"), "--"] + peer.arguments(in: scratch))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains(peer.says(in: scratch, by: "the testee")), "\(run)")
    #expect(run.stderr.contains("in the first case"), "\(run)")
    // No FAIL lines, no coverage claimed, no report.
    #expect(!run.stdout.contains("FAIL") && !run.stdout.contains("coverage"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("r.json")))
  }

  @Test(arguments: broken)
  func fuzzPlatformStopsAtTheFirstRun(_ peer: Broken) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try prepare(scratch)
    let run = try Subprocess.cmdtool(["fuzz", "platform", "--out", scratch.path("fuzz"), "--runs", "5", "--"] + peer.arguments(in: scratch))
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains(peer.says(in: scratch, by: "the testee")), "\(run)")
    #expect(!run.stdout.contains("DIVERGES") && !run.stdout.contains("shrinking"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("fuzz/divergences")))
  }

  /// The contrast: a testee that crashes in one case after handshaking in others is an error of
  /// that case, with the testee's crash message, and the run goes on.
  @Test func aTesteeThatCrashesInALaterCaseIsAFinding() throws {
    let run = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.DeleteElement.*", "--", Built.referenceTestee.path, "--bug", "crash-on-unknown-delete"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  Required.Tree.DeleteElement.UnknownIdIsSilent [error]"), "\(run)")
    #expect(run.stdout.contains("the testee said:"), "\(run)")
    #expect(!run.stdout.contains("Registers"), "\(run)")
  }
}
