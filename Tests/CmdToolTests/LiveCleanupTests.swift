import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// What the live commands leave behind: no process (the engine, a child it started, also after a
// session that ended well), and no temporary folder when every run passed; a failed or
// interrupted `replay --engine` keeps its new runs in one folder and says where.

@Suite struct LiveCleanupTests {
  /// The folders `replay --engine` made in `temporary` (its TMPDIR).
  private func replayFolders(in temporary: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasPrefix("cmdtool-replay-") }.sorted()
  }

  /// An empty folder in `scratch` to be `replay --engine`'s TMPDIR, so that what it leaves there
  /// can be seen (and is removed with the scratch).
  private func temporaryFolder(in scratch: Scratch) throws -> String {
    let path = scratch.path("tmp")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func aChildTheEngineLeavesIsStoppedAfterASessionThatEndedWell() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let childFile = scratch.path("child.pid")
    defer { killIfRunning(processID(in: childFile)) }
    let out = scratch.path("child.jsonl")
    // The child inherited the engine's output and holds it open after the engine exits: the end
    // of file cmdtool would wait for never comes. A long --timeout makes waiting for it show.
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", Example.script, "--timeout", "30", "--"] + engine.arguments("--child-pid-file '\(childFile)'"), timeout: patience)
    #expect(run.status == 0, "\(run)")
    // The session, and at most the 2 s grace for the child (dead, but in the group until init
    // reaps it, which can take a while), however loaded the machine: well under the 30 s that
    // waiting for the held output would take.
    #expect(run.seconds < 20, "cmdtool waited for the output the child held open: \(run)")
    // The engine exited on its own at the end of its input: its status is its own, not SIGTERM's.
    let recording = try Recording(out)
    #expect(recording.lastMarker?.label == "engine-exit")
    #expect(recording.lastMarker?.detail == "status 0", "\(String(describing: recording.lastMarker))")
    #expect(!engine.isAlive)
    // Its child (sleep 600), still in the engine's process group, did not outlive cmdtool.
    let child = try #require(processID(in: childFile), "the engine did not start its child")
    #expect(eventually { hasEnded(child) }, "the engine's child (pid \(child)) outlived cmdtool")
  }

  @Test func anInterruptedReplayStopsTheEngineAndTheSuite() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let temporary = try temporaryFolder(in: scratch)
    // Two recordings: the signal comes during the first, the second must never start.
    let first = scratch.path("first.jsonl")
    let second = scratch.path("second.jsonl")
    for path in [first, second] { try FileManager.default.copyItem(atPath: Example.recording, toPath: path) }
    let replay = try Subprocess(Built.cmdtool, ["replay", "--engine", engine.command("--hang"), "--timeout", "60", first, second], environment: ["TMPDIR": temporary])
    defer { replay.kill() }
    // The new run of the first recording is written in the temporary folder as it goes (to a
    // temporary of its own beside first.jsonl, docs/FILES.md §1).
    let underWay = eventually {
      replayFolders(in: temporary).contains { recordingUnderWay("\(temporary)/\($0)/first.jsonl", holds: RecordSignalTests.answerToTheTap) }
    }
    #expect(underWay, "the new run never got the engine's answer to the tap")

    sendSignal(replay.pid, SIGTERM)
    let run = replay.wait(timeout: patience)
    #expect(run.status == 143, "\(run)")
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    #expect(run.stdout.contains("FAIL  first.jsonl: the new run: interrupted by SIGTERM while cmdtool was waiting for the echo of sync"), "\(run)")
    #expect(!run.stdout.contains("second.jsonl"), "the suite went on after the signal: \(run)")
    #expect(run.stdout.contains("1 recording: 0 passed, 1 failed"), "\(run)")
    #expect(run.stderr.contains("interrupted by SIGTERM after 1 of 2 recordings; 1 recording not run"), "\(run)")
    // The interrupted run is kept, like a failed one, where cmdtool says.
    let folders = replayFolders(in: temporary)
    #expect(folders.count == 1, "\(folders)")
    if let folder = folders.first {
      #expect(run.stdout.contains("the new runs that failed are in \(temporary)/\(folder)"), "\(run)")
      let newRun = try Recording("\(temporary)/\(folder)/first.jsonl")
      #expect(newRun.trace.error == nil)
      #expect(newRun.markers.suffix(2).map(\.label) == ["interrupted", "engine-exit"])
    }
    // The recordings themselves are untouched.
    for path in [first, second] {
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
    }
  }

  @Test func aReplayThatPassesLeavesNoTemporaryFolder() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let temporary = try temporaryFolder(in: scratch)
    let run = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), Example.recording], environment: ["TMPDIR": temporary])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("PASS  example.jsonl"), "\(run)")
    #expect(!run.stdout.contains("the new runs that failed are in"), "\(run)")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
    #expect(left.isEmpty, "a green run left \(left) in TMPDIR")
  }

  @Test func aReplayThatFailsKeepsOneFolderAndSaysWhere() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let temporary = try temporaryFolder(in: scratch)
    let run = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--variant changed"), Example.recording], environment: ["TMPDIR": temporary])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  example.jsonl: "), "\(run)")
    // Exactly one folder, and nothing else, left in TMPDIR.
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
    let folders = replayFolders(in: temporary)
    #expect(folders.count == 1 && left.count == 1, "\(left)")
    guard let folder = folders.first else { return }
    let path = "\(temporary)/\(folder)"
    #expect(run.stdout.contains("the new runs that failed are in \(path)\n"), "\(run)")
    #expect(run.stdout.contains("new recording: \(path)/example.jsonl"), "\(run)")
    // The failed run is there to look at, and it reads back.
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["example.jsonl"])
    #expect(try Recording("\(path)/example.jsonl").trace.error == nil)
  }
}
