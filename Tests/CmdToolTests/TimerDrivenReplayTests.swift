import Foundation
import Testing

// `replay --engine` of a wall-clock recording of a timer-driven engine (docs/WIRE.md §10): the
// example engine with a session clock (`--session-timer`: a label that counts the ticks of a
// timer started by the first step) and output jitter (`--jitter`: a random pause before every
// write), which never echoes sync markers. Ticks fall next to steps, so whether a tick comes just
// before or just after a step differs from run to run; that must never make a replay red, and a
// timer that really changed must.

@Suite struct TimerDrivenReplayTests {
  /// The engine: a tick every 500 ms from the first step on, every write 0–10 ms late.
  static let engine = "--no-sync --session-timer 500 --jitter 10"

  /// Records the script against the engine (seed 1), with 100 ms of quiet for settled. The first
  /// step starts the clock; the others are 250 ms apart, every other one 6 ms after a tick is
  /// due (the tick is due 500 ms after the engine's answer to the first step, which takes it
  /// 0–10 ms and the recorder a little more): the tick and the step race.
  private func record(in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let steps = [200, 456, 706, 956, 1_206, 1_456].enumerated().map { number, time in
      #"{"t":\#(time),"type":"textField \"User name\"","text":"\#(String(repeating: "a", count: number + 1))"}"#
    }
    let out = scratch.path("timer.jsonl")
    let run = try Subprocess.record(out, script: try scratch.script("timer.script.jsonl", steps), engine: [Built.engine.path] + Self.engine.split(separator: " ").map(String.init) + ["--seed", "1"], options: ["--clock", "wall", "--settle", "100"])
    #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    let recording = try Recording(out)
    #expect(recording.commands.contains { $0.type == .createTimer && $0.value == 500 }, "the clock did not start:\n\(recording.text)", sourceLocation: sourceLocation)
    #expect(recording.commands.contains { $0.textValue == "Session 2" }, "the clock did not tick twice:\n\(recording.text)", sourceLocation: sourceLocation)
    return out
  }

  /// Runs `replay --engine ENGINE` over each list of recordings at the same time.
  private func replay(_ runs: [(engine: String, recordings: [String])], in scratch: Scratch) throws -> [FinishedRun] {
    let temporary: [String: String?] = ["TMPDIR": try scratch.temporaryFolder()]
    let processes = try runs.map { try Subprocess(Built.cmdtool, ["replay", "--engine", Built.engineCommand($0.engine), "--record", "never"] + $0.recordings, environment: temporary) }
    defer { processes.forEach { $0.kill() } }
    // Generous: a replay takes about 2 s, much more on a loaded machine.
    return processes.map { $0.wait(timeout: 600) }
  }

  @Test func aTimerDrivenEngineReplaysGreenTwentyTimesInARow() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try record(in: scratch)
    // Twenty replays, ten at a time in each of two processes, each engine with its own delays.
    let copies = try (1...2).map { batch in
      try (1...10).map { try scratch.copy(path, to: "batch\(batch)/timer-\($0).jsonl") }
    }
    let runs = try replay([(Self.engine + " --seed 2", copies[0]), (Self.engine + " --seed 3", copies[1])], in: scratch)
    for run in runs {
      #expect(run.status == 0, "\(run)")
      #expect(run.lastLine == "10 recordings: 10 passed, 0 failed", "\(run)")
    }
  }

  @Test func aTimerThatReallyChangedIsStillRed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = try record(in: scratch)
    let runs = try replay([
      // Another period.
      ("--no-sync --session-timer 700 --jitter 10 --seed 2", [path]),
      // An engine that stops its clock (deletes the label that owns the timer) after one tick,
      // so that the session has one tick fewer.
      (Self.engine + " --seed 3 --session-timer-stop 1", [path]),
    ], in: scratch)
    #expect(runs[0].status == 1, "\(runs[0])")
    #expect(runs[0].stdout.contains("~ timers › timer 9 · interval: 500 → 700"), "\(runs[0])")
    #expect(runs[1].status == 1, "\(runs[1])")
    #expect(runs[1].firstLine.contains(#"- timers › timer 9: {"owner":8,"interval":500}"#), "\(runs[1])")
    #expect(runs[1].stdout.contains("- frameView 2 › linearLayout 3 › text 8"), "\(runs[1])")
  }
}
