import Foundation
import Testing

// A recording that ended in a failure (the engine crashed, or exited non-zero) is no baseline:
// `replay --engine` refuses it, unless --accept-failed-recordings says the failure is what the
// new build should do too; then the new run must end the same way.

@Suite struct FailedRecordingReplayTests {
  /// Records the example session against `example-engine OPTIONS`, which fails, and copies the
  /// partial recording to `name` (as someone who committed it would have it).
  private func failedRecording(_ options: [String], as name: String, in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let out = scratch.path("made.jsonl")
    let run = try Subprocess.record(out, script: Example.script, engine: [Built.engine.path] + options)
    #expect(run.status == 1, "\(run)", sourceLocation: sourceLocation)
    let path = try scratch.copy(out + ".partial", to: name)
    try FileManager.default.removeItem(atPath: out + ".partial")
    return path
  }

  private func replay(_ path: String, engine options: String, accept: Bool, in scratch: Scratch) throws -> FinishedRun {
    try Subprocess.replay(engine: Built.engineCommand(options), [path] + (accept ? ["--accept-failed-recordings"] : []), environment: ["TMPDIR": try scratch.temporaryFolder()])
  }

  @Test func aCrashedRecordingIsRefusedUnlessAcceptedAndThenTheNewRunMustCrashAlike() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try failedRecording(["--crash-after", "5"], as: "crashed.jsonl", in: scratch)
    let recording = try Recording(path)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-error", "engine-exit"])

    let healthy = try replay(path, engine: "", accept: false, in: scratch)
    #expect(healthy.status == 1, "\(healthy)")
    #expect(healthy.firstLine.hasPrefix("FAIL  crashed.jsonl: the recording itself ended in a failure (engine-error: the engine's output stopped in the middle of a record"), "\(healthy)")
    #expect(healthy.firstLine.hasSuffix("), so it is not a baseline: record it again (--record all), or compare against it anyway with --accept-failed-recordings"), "\(healthy)")
    // Refused before any engine ran: there is no new run to show.
    #expect(!healthy.stdout.contains("new recording:"), "\(healthy)")

    let sameCrash = try replay(path, engine: "--crash-after 5", accept: true, in: scratch)
    #expect(sameCrash.status == 0, "\(sameCrash)")
    #expect(sameCrash.firstLine.hasPrefix("PASS  crashed.jsonl ("), "\(sameCrash)")

    // A healthy build plays the steps the recording reached and shows the same states, but it
    // does not end the same way.
    let accepted = try replay(path, engine: "", accept: true, in: scratch)
    #expect(accepted.status == 1, "\(accepted)")
    #expect(accepted.firstLine == "FAIL  crashed.jsonl: the new run's ending differs: the recording ended with engine-error (status 3), the new run with engine-exit (status 0)", "\(accepted)")
  }

  @Test func aNonZeroExitIsAFailedRecordingToo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try failedRecording(["--exit-status", "3"], as: "exit3.jsonl", in: scratch)
    // The whole session is there; only the ending says it failed.
    #expect(try Recording(path).lastMarker?.detail == "status 3")

    let refused = try replay(path, engine: "--exit-status 3", accept: false, in: scratch)
    #expect(refused.status == 1, "\(refused)")
    #expect(refused.firstLine.hasPrefix("FAIL  exit3.jsonl: the recording itself ended in a failure (the engine ended with status 3), so it is not a baseline"), "\(refused)")

    let sameExit = try replay(path, engine: "--exit-status 3", accept: true, in: scratch)
    #expect(sameExit.status == 0, "\(sameExit)")

    let healthy = try replay(path, engine: "", accept: true, in: scratch)
    #expect(healthy.status == 1, "\(healthy)")
    #expect(healthy.firstLine == "FAIL  exit3.jsonl: the new run's ending differs: the recording ended with engine-exit (status 3), the new run with engine-exit (status 0)", "\(healthy)")

    // Failing another way is no match either.
    let otherFailure = try replay(path, engine: "--exit-status 4", accept: true, in: scratch)
    #expect(otherFailure.status == 1, "\(otherFailure)")
    #expect(otherFailure.firstLine == "FAIL  exit3.jsonl: the new run: the engine ended with exit status 4", "\(otherFailure)")
  }

  @Test func recordFailedRecordsAFailedRecordingAnew() throws {
    // A failed recording counts as failing, so --record failed replaces it with a good one.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try failedRecording(["--crash-after", "5"], as: "example.jsonl", in: scratch)
    let rerecorded = try Subprocess.replay(engine: Built.engineCommand(), ["--record", "failed", path])
    #expect(rerecorded.status == 0, "\(rerecorded)")
    #expect(rerecorded.firstLine.hasPrefix("REC   example.jsonl: recorded anew; it was: the recording itself ended in a failure"), "\(rerecorded)")
    // Only the steps the crashed recording reached are in its script: two, then the end.
    let recording = try Recording(path)
    #expect(recording.markers.filter { $0.label == "script" }.count == 2)
    #expect(recording.lastMarker?.detail == "status 0")
  }
}
