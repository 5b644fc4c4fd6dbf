import Foundation
import Testing

// `replay --engine` of recordings made on the wall clock, for engines that never echo sync
// markers (`example-engine --no-sync`): the replay takes the clock from the recording's session
// marker, and compares the runs at each script step and at the end, moments within --tolerance.
// Each test takes real time (a recording of about 1.2 s and one or two replays of it).

@Suite struct WallClockReplayTests {
  /// A login spread over a second: an error first, then the password, then the items view with
  /// its toast (a moment in the state) and its timer. Steps are 250 ms apart, so that an engine
  /// slowed down by a loaded machine still answers each one before the next; the login comes
  /// last, so that no timer tick (500 ms after it) races a step.
  private func recordWallClockLogin(in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let script = try scratch.script("wall.script.jsonl", [
      #"{"t":200,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":450,"tap":"button \"Log in\""}"#,
      #"{"t":700,"type":"textField \"Password\"","text":"hunter2"}"#,
      #"{"t":950,"tap":"button \"Log in\""}"#,
    ])
    let out = scratch.path("wall.jsonl")
    let run = try Subprocess.record(out, script: script, engine: [Built.engine.path, "--no-sync"], options: ["--clock", "wall", "--settle", "100"])
    #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    let recording = try Recording(out)
    #expect(recording.markers.first?.detail == #"{"clock":"wall","passwords":true,"redact":[],"secrets":[],"settle":100}"#, sourceLocation: sourceLocation)
    #expect(recording.commands.contains { $0.type == .createToast }, "the login did not happen:\n\(recording.text)", sourceLocation: sourceLocation)
    return out
  }

  @Test func theSameEnginePassesThoughNoTwoRunsHaveTheSameTimes() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWallClockLogin(in: scratch)
    let run = try Subprocess.replay(engine: Built.engineCommand("--no-sync"), [path, "--keep", scratch.path("new")])
    #expect(run.status == 0, "\(run)")
    #expect(run.firstLine.hasPrefix("PASS  wall.jsonl ("), "\(run)")
    // The replay ran on the wall clock, as the recording says, not on the virtual one (which
    // would wait for sync echoes that never come, and time out).
    let newRun = try Recording(scratch.path("new/wall.jsonl"))
    #expect(newRun.header?.created != nil)
    #expect(newRun.markers.first?.detail == #"{"clock":"wall","passwords":true,"redact":[],"secrets":[],"settle":100}"#)
  }

  @Test func aChangedEngineFailsAtTheScriptStepThatFollowsTheRecord() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWallClockLogin(in: scratch)
    // The first difference is the login form, built before the first step: the comparison
    // names the record before that step's marker.
    let recording = try Recording(path)
    let firstStep = try #require(recording.records.firstIndex { if case .marker("script", _) = $0.body { return true } else { return false } })
    let run = try Subprocess.replay(engine: Built.engineCommand("--no-sync --variant changed"), [path], environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(run.status == 1, "\(run)")
    #expect(run.firstLine.hasPrefix("FAIL  wall.jsonl: "), "\(run)")
    #expect(run.firstLine.contains("the runs differ at the script step that follows record #\(firstStep - 1) ("), "\(run)")
    #expect(run.firstLine.contains(#"~ frameView 2 › linearLayout 3 › button 7 · text: "Log in" → "Sign in""#), "\(run)")
  }

  @Test func momentsMayDifferByTheTolerance() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try recordWallClockLogin(in: scratch)
    // A copy whose login came 300 ms later than the engine will answer it now: the toast's and
    // the timer's moments, and the image request's time, are 300 ms off (plus the real runs'
    // few milliseconds). Within the default 500 ms that is the same run; within 100 ms it is not.
    let late = try scratch.write("late.jsonl", try shifted(path, by: 300, fromStep: 4))
    // Side by side, so that the test takes the time of one replay.
    let temporary: [String: String?] = ["TMPDIR": try scratch.temporaryFolder()]
    let lenient = try Subprocess(Built.cmdtool, ["replay", "--engine", Built.engineCommand("--no-sync"), late], environment: temporary)
    let strict = try Subprocess(Built.cmdtool, ["replay", "--engine", Built.engineCommand("--no-sync"), late, "--tolerance", "100"], environment: temporary)
    defer {
      lenient.kill()
      strict.kill()
    }
    let (lenientRun, strictRun) = (lenient.wait(timeout: patience), strict.wait(timeout: patience))
    #expect(lenientRun.status == 0, "\(lenientRun)")
    #expect(strictRun.status == 1, "\(strictRun)")
    #expect(strictRun.firstLine.contains("the runs differ at the script step that follows record #"), "\(strictRun)")
    #expect(strictRun.stdout.contains("~ toasts › toast 1 · shownAt: "), "\(strictRun)")
  }

  /// The recording's text with every record from the `step`-th script marker on moved `by`
  /// milliseconds later (the times stay in order).
  private func shifted(_ path: String, by milliseconds: Int, fromStep step: Int) throws -> String {
    var steps = 0
    var lines: [String] = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.contains(#""marker":"script""#) { steps += 1 }
      guard steps >= step, line.hasPrefix(#"{"t":"#), let end = line.dropFirst(5).firstIndex(where: { !$0.isNumber }), let time = Int(line[line.index(line.startIndex, offsetBy: 5)..<end]) else {
        lines.append(line)
        continue
      }
      lines.append(#"{"t":"# + String(time + milliseconds) + line[end...])
    }
    return lines.joined(separator: "\n")
  }
}
