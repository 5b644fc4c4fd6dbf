import CommandCodec
import Foundation
import Testing

// The writes that hung (issue 22 §3): cmdtool writing to a peer that does not read. Every write
// has --timeout (no byte taken, none written) and --max-wait, and cmdtool reads the peer while it
// writes, on every transport (docs/WIRE.md §8). The peers are the example engine and the
// reference testee with hostile options: one that stops reading, one that writes without reading,
// one that answers each of 3,000 simultaneous timer ticks with a batch.

/// The transports a test runs over, as `--listen` arguments (stdio: none).
enum WireUnderTest: String, CaseIterable, CustomTestStringConvertible {
  case stdio, unix, tcp

  func listen(in scratch: Scratch) -> [String] {
    switch self {
    case .stdio: return []
    case .unix: return ["--listen", "unix:" + scratch.path("wire.sock")]
    case .tcp: return ["--listen", "tcp:0"]
    }
  }

  /// A typed text the transport cannot hold: a pipe holds 64 KiB; a loopback socket's buffers
  /// (the sender's and the receiver's) a few MiB on Linux.
  var unbufferableText: Int { self == .stdio ? 100_000 : 8_000_000 }

  var testDescription: String { rawValue }
}

/// A script that types `count` characters into the example engine's user name field at 0.1 s.
func bigTypingScript(_ count: Int, in scratch: Scratch) throws -> String {
  try scratch.write("big.script.jsonl", #"{"t":100,"type":"textField \"User name\"","text":""# + String(repeating: "x", count: count) + "\"}\n")
}

@Suite struct WriteDeadlineTests {
  /// 3,000 timers that tick at the same instant, each tick answered with a 20-command batch: both
  /// sides write more than a pipe holds, and neither read before the fix (cmdtool hung in write(2)).
  @Test(arguments: WireUnderTest.allCases)
  func aStormOfTimerTicksIsForwardedAndAnswered(_ wire: WireUnderTest) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("storm.script.jsonl", #"{"t":1000,"marker":"after the storm"}"# + "\n")
    let out = scratch.path("storm.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", script, "--timeout", "5"] + wire.listen(in: scratch) + ["--", Built.engine.path, "--timer-storm", "3000"], timeout: 120)
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(out)
    let ticks = recording.events.filter { if case .timer = $0.event { return true } else { return false } }
    #expect(ticks.count == 3000)
    #expect(Set(ticks.map(\.time)) == [1000])
    // Every tick answered, and each answer attributed to the tick's instant (the sync after them).
    let answers = recording.records.filter { if case .batch(let commands) = $0.body { return commands.count == 20 } else { return false } }
    #expect(answers.count == 3000)
    #expect(answers.allSatisfy { $0.time == 1000 })
    #expect(recording.markers.contains { $0.label == "after the storm" })
  }

  /// An engine that stops reading while cmdtool types a text it cannot take: the session ends at
  /// --timeout with engine-timeout, saying what cmdtool was sending and how much went through.
  @Test(arguments: WireUnderTest.allCases)
  func anEngineThatStopsReadingTimesOutTheWrite(_ wire: WireUnderTest) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let script = try bigTypingScript(wire.unbufferableText, in: scratch)
    let out = scratch.path("stalled.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", script, "--timeout", "2"] + wire.listen(in: scratch) + ["--"] + engine.arguments("--stop-reading-after 1"), timeout: 120)
    #expect(run.status == 1, "\(run)")
    // Before the fix the write never returned: the test's deadline killed cmdtool.
    #expect(!run.timedOut)
    #expect(run.stderr.contains("the engine did not read its input for 2 s (--timeout) while cmdtool was sending 0.100s  ←  ValueEvent → 5 text=\"xxx"), "\(run)")
    #expect(run.stderr.contains("of \(wire.unbufferableText + 52) bytes"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let recording = try Recording(out + ".partial")
    #expect(recording.trace.error == nil)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
    #expect(recording.lastMarker?.detail.contains("stopped reading after 1 records (--stop-reading-after)") == true)
  }

  /// An engine that writes without end and never reads: cmdtool holds what it writes while it
  /// waits (16 MiB at most), records it, and ends at --timeout once it stops taking more.
  @Test(arguments: WireUnderTest.allCases)
  func anEngineThatWritesWithoutReadingTimesOutTheWrite(_ wire: WireUnderTest) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let script = try bigTypingScript(wire.unbufferableText, in: scratch)
    let out = scratch.path("flooded.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", script, "--timeout", "2"] + wire.listen(in: scratch) + ["--"] + engine.arguments("--flood-after 1"), timeout: 120)
    #expect(run.status == 1, "\(run)")
    #expect(!run.timedOut)
    #expect(run.stderr.contains("the engine did not read its input for 2 s (--timeout) while cmdtool was sending"), "\(run)")
    #expect(run.stderr.contains("bytes meanwhile)"), "\(run)")
    let recording = try Recording(out + ".partial")
    #expect(recording.trace.error == nil)
    // What the engine wrote meanwhile was read and recorded, the cut-off record aside.
    let flood = recording.commands.filter { $0.textValue.hasPrefix("Flood ") }
    #expect(flood.count > 10_000)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
  }

  /// The same engine, reading: the big text goes through and the session succeeds (the verdicts
  /// above are about the engine, not the size).
  @Test(arguments: WireUnderTest.allCases)
  func anEngineThatReadsTakesTheBigText(_ wire: WireUnderTest) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try bigTypingScript(wire.unbufferableText, in: scratch)
    let out = scratch.path("typed.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", script, "--timeout", "5"] + wire.listen(in: scratch) + ["--", Built.engine.path], timeout: 120)
    #expect(run.status == 0, "\(run)")
    let typed = try Recording(out).events.compactMap { event -> Int? in
      if case .value(let value) = event.event { return value.text.count }
      return nil
    }
    #expect(typed == [wire.unbufferableText])
  }

  /// `conformance --scenario` with a 300 KB typed text against a testee that stalls on big
  /// records: the case is an error at --timeout, and the run ends.
  @Test func aTesteeThatStallsOnABigRecordFailsItsCaseAtTheTimeout() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let scenario = try Self.bigTextScenario(in: scratch)
    let pidFile = scratch.path("testee.pid")
    defer { killIfRunning(processID(in: pidFile)) }
    let testee = "echo $$ > '\(pidFile)'; exec '\(Built.referenceTestee.path)' --bug stall-on-big-records"
    let run = try Subprocess.cmdtool(["conformance", "--scenario", scenario, "--cases", "Required.Scenario.*", "--timeout", "2", "--", "sh", "-c", testee], timeout: 120)
    #expect(run.status == 1, "\(run)")
    #expect(!run.timedOut)
    #expect(run.stdout.contains("FAIL  Required.Scenario.Bigtext [error]"), "\(run)")
    #expect(run.stdout.contains("the testee did not read its input for 2 s (--timeout) while cmdtool was sending step 4 (type \"yyyy"), "\(run)")
    #expect(run.stdout.contains("stopped reading (--bug stall-on-big-records)"), "\(run)")
    // The testee without the bug takes the text and conforms.
    let plain = try Subprocess.cmdtool(["conformance", "--scenario", scenario, "--cases", "Required.Scenario.*", "--timeout", "10", "--", Built.referenceTestee.path], timeout: 120)
    #expect(plain.status == 0, "\(plain)")
  }

  /// A trace whose user types 300,000 characters into a text field.
  static func bigTextScenario(in scratch: Scratch) throws -> String {
    try scratch.write("bigtext.jsonl", """
      {"trace":1,"creator":"big typing"}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Big"}
      {"t":0,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_TEXTFIELD","internalId":2,"childInternalId":3}]}
      {"t":1,"type":"SET_VISIBILITY","internalId":2,"value":1}
      {"t":100,"event":"ValueEvent","target":3,"text":"\(String(repeating: "y", count: 300_000))"}

      """)
  }
}
