import CommandCodec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Crash safety (docs/WIRE.md §9): whoever dies in the middle of a session, the recording holds
// every whole record received before, and the readers read it. And the two limits on waiting:
// `--timeout` is silence, `--max-wait` a flood without end.

@Suite struct RecordKillTests {
  /// Issue #23 (docs/FILES.md §2): SIGKILL mid-run over an existing output leaves that output
  /// byte for byte as it was, and the run's temporary `OUT.partial-XXXXXXXXXXXX` beside it, never
  /// published as `OUT` or `OUT.partial`; a later run that succeeds replaces `OUT` and leaves the
  /// killed run's temporary alone (it may be another live writer's).
  @Test func killingTheRecorderLeavesThePreviousOutputIntact() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("rec.jsonl")
    let first = try Subprocess.record(out, script: Example.script)
    #expect(first.status == 0, "\(first)")
    let before = try Data(contentsOf: URL(fileURLWithPath: out))
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let recorder = try Subprocess(Built.cmdtool, ["record", "--out", out, "--script", Example.script, "--timeout", "60", "--"] + engine.arguments("--hang"))
    defer { recorder.kill() }
    #expect(eventually { recordingUnderWay(out, holds: RecordSignalTests.answerToTheTap) }, "the recording never got the engine's answer to the tap")
    let temporary = try #require(recordingUnderWay(out))
    sendSignal(recorder.pid, SIGKILL)
    let run = recorder.wait(timeout: patience)
    #expect(run.signal == SIGKILL, "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before, "the previous output changed")
    #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
    #expect(FileManager.default.fileExists(atPath: temporary))
    #expect(try Recording(temporary).trace.error == nil)
    // The next run publishes its own recording and leaves the killed run's temporary alone.
    let again = try Subprocess.record(out, script: Example.script)
    #expect(again.status == 0, "\(again)")
    #expect(try Recording(out).trace.error == nil)
    #expect(FileManager.default.fileExists(atPath: temporary))
  }

  @Test func killingTheRecorderLeavesEveryRecordItHad() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("killed.jsonl")
    // A long --timeout: the recorder waits for the hanging engine's sync echo until killed.
    let recorder = try Subprocess(Built.cmdtool, ["record", "--out", out, "--script", Example.script, "--timeout", "60", "--"] + engine.arguments("--hang"))
    defer { recorder.kill() }
    // Until the session ends, the recording is the writer's own temporary beside OUT; killed
    // outright, cmdtool cannot rename it to OUT.partial, so it stays under that name.
    #expect(eventually { recordingUnderWay(out, holds: RecordSignalTests.answerToTheTap) }, "the recording never got the engine's answer to the tap")
    let partial = try #require(recordingUnderWay(out))
    #expect(partial.hasPrefix(out + ".partial-"))
    sendSignal(recorder.pid, SIGKILL)
    let run = recorder.wait(timeout: patience)
    #expect(run.signal == SIGKILL, "\(run)")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(!FileManager.default.fileExists(atPath: out + ".partial"))

    let recording = try Recording(partial)
    #expect(recording.trace.error == nil, "\(String(describing: recording.trace.error))")
    #expect(recording.header?.creator == "cmdtool record of example-engine 1.0")
    // Everything up to the engine's answer, in order; no end markers (nobody wrote them).
    #expect(recording.records[1].body == .batch([Command(.createApplication, childInternalId: 1, textValue: "Example")]))
    #expect(recording.markers.map(\.label).starts(with: ["session", "ready", "script", "script"]))
    #expect(recording.commands.contains(Command(.setError, internalId: 6, value: 1, textValue: "Enter your password")))
    #expect(!recording.markers.contains { $0.label.hasPrefix("engine-") })
    #expect(recording.events.contains { $0.target == 7 })
    // And the tools read it.
    let show = try Subprocess.cmdtool(["show", partial])
    #expect(show.status == 0, "\(show)")
    let replay = try Subprocess.cmdtool(["replay", partial])
    #expect(replay.status == 0, "\(replay)")
    #expect(replay.stdout.contains("Enter your password"), "\(replay)")
  }

  @Test(arguments: ["jsonl", "cmdtrace"])
  func killingTheEngineEndsTheRecordingWithItsSignal(_ fileExtension: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("engine-killed.\(fileExtension)")
    let recorder = try Subprocess(Built.cmdtool, ["record", "--out", out, "--script", Example.script, "--timeout", "60", "--"] + engine.arguments("--hang" + (fileExtension == "cmdtrace" ? " --binary" : "")))
    defer { recorder.kill() }
    // The binary recording holds the text too (strings are stored as UTF-8).
    #expect(eventually { recordingUnderWay(out, holds: fileExtension == "jsonl" ? RecordSignalTests.answerToTheTap : "Enter your password") })
    let pid = try #require(engine.pid)
    sendSignal(pid, SIGKILL)
    let run = recorder.wait(timeout: patience)
    #expect(!run.timedOut, "\(run)")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine closed its output while cmdtool was waiting for the echo of sync"), "\(run)")

    let recording = try Recording(out + ".partial")
    #expect(recording.trace.error == nil, "\(String(describing: recording.trace.error))")
    #expect(recording.commands.contains(Command(.setError, internalId: 6, value: 1, textValue: "Enter your password")))
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-stopped", "engine-exit"])
    #expect(recording.lastMarker?.detail.hasPrefix("signal 9") == true, "\(String(describing: recording.lastMarker))")
    let show = try Subprocess.cmdtool(["show", out + ".partial"])
    #expect(show.status == 0, "\(show)")
  }

  @Test func aFloodWithoutEndStopsAtMaxWait() throws {
    // The engine floods 100 million commands before it would read cmdtool's first sync marker:
    // it is never silent, so only --max-wait ends the wait.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("flood.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--timeout", "5", "--max-wait", "0.5", "--"] + engine.arguments("--flood 100000000"), timeout: patience)
    #expect(run.status == 1, "\(run)")
    // The 0.5 s --max-wait, however loaded the machine; the whole flood would take minutes.
    #expect(run.seconds < 30, "\(run)")
    #expect(run.stderr.contains("the engine did not answer within 0.5 s (--max-wait): it kept writing ("), "\(run)")
    #expect(run.stderr.contains("records) but cmdtool was waiting for the echo of sync 1 after the engine's start"), "\(run)")
    #expect(!engine.isAlive)

    let recording = try Recording(out + ".partial")
    #expect(recording.trace.error == nil, "\(String(describing: recording.trace.error))")
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
    #expect(recording.lastMarker?.detail.hasPrefix("signal 15") == true)
    // Some of the flood was recorded, each batch whole.
    let flood = recording.records.compactMap { record -> Int? in
      guard case .batch(let commands) = record.body, commands.first?.textValue.hasPrefix("Flood ") == true else { return nil }
      return commands.count
    }
    #expect(!flood.isEmpty)
    #expect(flood.allSatisfy { $0 == 1000 })
  }

  @Test func aLongFloodIsNotSilence() throws {
    // 20 batches 100 ms apart before the engine echoes the first sync: the flood lasts at least
    // 1.9 s however fast the machine, longer than the 1 s --timeout, and the engine is never
    // silent for the timeout (ten pauses' worth, for a loaded machine), so it is not hung.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("long-flood.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--timeout", "1", "--"] + engine.arguments("--flood 20000 --flood-pause 100"), timeout: patience)
    #expect(run.status == 0, "\(run)")
    #expect(run.seconds > 1.9, "\(run)")
    let recording = try Recording(out)
    #expect(recording.trace.error == nil)
    #expect(recording.commands.filter { $0.textValue.hasPrefix("Flood ") }.count == 20_000)
    #expect(recording.lastMarker?.detail == "status 0")
  }
}
