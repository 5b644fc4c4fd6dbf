import Foundation
import Testing

// The timer bomb (issue 22 §3): a 1 ms timer, then a record at t=1e15. Every command that runs
// the virtual clock over a trace ran forever on it, growing ~600 MB/s; now each ends at once with
// an error naming the timer (docs/PROTOCOL.md §2.1), and the same trace without the far record
// is fine.

@Suite struct TimerBombTests {
  /// The bomb: a 1 ms timer, then a command at t=1e15 (with `last` instead, a trace that is fine).
  static func bomb(in scratch: Scratch, last: String = "1e15") throws -> String {
    try scratch.write("bomb-\(last).jsonl", """
      {"trace":1,"creator":"timer bomb"}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Bomb"}
      {"t":0,"type":"CREATE_TIMER","internalId":1,"childInternalId":2,"value":1}
      {"t":\(last),"type":"SET_TEXT_VALUE","internalId":1,"textValue":"later"}

      """)
  }

  /// The commands that run the clock over a trace.
  static let commands = ["replay", "replay --events", "replay --format json", "check", "diff", "diff --align time", "diff --align steps", "view", "conformance --scenario"]

  /// The arguments of command `name` on `trace`.
  static func arguments(_ name: String, _ trace: String, _ scratch: Scratch) -> [String] {
    switch name {
    case "replay --events": return ["replay", trace, "--events"]
    case "replay --format json": return ["replay", trace, "--format", "json"]
    case "check": return ["check", trace]
    case "diff": return ["diff", trace, trace]
    case "diff --align time": return ["diff", trace, CommandRunner.path("traces/login.jsonl"), "--align", "time"]
    case "diff --align steps": return ["diff", trace, trace, "--align", "steps"]
    case "view": return ["view", trace, "--out", scratch.path("bomb.html")]
    case "conformance --scenario": return ["conformance", "--scenario", trace, "--cases", "Required.Scenario.*", "--", Built.referenceTestee.path]
    default: return ["replay", trace]
    }
  }

  @Test(arguments: commands)
  func theBombEndsWithAnErrorNamingTheTimer(_ name: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let arguments = Self.arguments(name, try Self.bomb(in: scratch), scratch)
    // Before the fix this ran until the deadline killed it; the error itself comes in well under
    // a second (measured, not asserted: the machine may be busy).
    let run = try Subprocess.cmdtool(arguments, timeout: 60)
    #expect(!run.timedOut, "\(run)")
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("bomb-1e15.jsonl: the virtual clock stops at"), "\(run)")
    #expect(run.stderr.contains("would fire timer 2 (owner 1, every 1 ms) "), "\(run)")
    #expect(run.stderr.contains("and the clock fires timers at most 1000000 times without a command in between (docs/PROTOCOL.md §2.1)"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("bomb.html")))
  }

  /// The same trace with its last record at t=2000 (2,000 ticks): every command runs it.
  @Test(arguments: commands)
  func theSameTraceWithoutTheFarRecordRuns(_ name: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let arguments = Self.arguments(name, try Self.bomb(in: scratch, last: "2000"), scratch)
    let run = try Subprocess.cmdtool(arguments, timeout: 60)
    #expect(!run.stderr.contains("virtual clock"), "\(run)")
    // diff against login.jsonl differs (exit 1); everything else is clean.
    #expect(run.status == (name == "diff --align time" ? 1 : 0), "\(run)")
  }

  @Test func aLongGapOfASlowTimerIsNoBomb() throws {
    // A 1 s timer for eleven days: 950,400 ticks, under the limit, replayed and counted.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trace = try scratch.write("slow.jsonl", """
      {"trace":1}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Slow"}
      {"t":0,"type":"CREATE_TIMER","internalId":1,"childInternalId":2,"value":1000}
      {"t":950400000,"type":"SET_TEXT_VALUE","internalId":1,"textValue":"eleven days later"}

      """)
    let run = try Subprocess.cmdtool(["replay", trace], timeout: 120)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("fired 950400×"), "\(run)")
  }

  /// A live session: a script step far ahead of an engine's timer would be a round trip per
  /// tick, forever even when the engine answers each; the step is refused at once.
  @Test func aScriptStepFarAheadOfATimerStopsTheRecording() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("far.script.jsonl", #"{"t":1e15,"marker":"much later"}"# + "\n")
    let out = scratch.path("far.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", script, "--", Built.engine.path, "--timer-storm", "1"], timeout: 60)
    #expect(!run.timedOut, "\(run)")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("running the platform's clock from 0.000s to 1000000000000.000s would fire timer 8 (owner 4, every 1000 ms) 1000000000000 times, and a session fires timers at most 1000000 times between two steps (docs/PROTOCOL.md §2.1)"), "\(run)")
    #expect(try Recording(out + ".partial").markers.suffix(2).map(\.label) == ["engine-stopped", "engine-exit"])
  }
}
