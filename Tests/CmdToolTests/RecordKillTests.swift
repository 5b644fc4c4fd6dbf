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
  /// The JSON text of the engine's answer to the first tap (an empty password): once the recording
  /// holds it, the session is under way and the engine (started with `--hang`) is hanging.
  private static let answerToTheTap = #""internalId":6,"value":1,"textValue":"Enter your password""#

  /// Waits until the file at `path` holds `text` (the recorder flushed it), for up to 20 s.
  private func waitUntil(_ path: String, holds text: String) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let data = FileManager.default.contents(atPath: path), String(decoding: data, as: UTF8.self).contains(text) { return true }
      usleep(20_000)
    }
    return false
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
    // Until the session succeeds, the recording is OUT.partial.
    let partial = out + ".partial"
    #expect(waitUntil(partial, holds: Self.answerToTheTap), "the recording never got the engine's answer to the tap")
    sendSignal(recorder.pid, SIGKILL)
    let run = recorder.wait(timeout: 10)
    #expect(run.signal == SIGKILL, "\(run)")
    #expect(!FileManager.default.fileExists(atPath: out))

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
    #expect(waitUntil(out + ".partial", holds: fileExtension == "jsonl" ? Self.answerToTheTap : "Enter your password"))
    let pid = try #require(engine.pid)
    sendSignal(pid, SIGKILL)
    let run = recorder.wait(timeout: 30)
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
    let run = try Subprocess.cmdtool(["record", "--out", out, "--timeout", "5", "--max-wait", "0.5", "--"] + engine.arguments("--flood 100000000"), timeout: 30)
    #expect(run.status == 1, "\(run)")
    #expect(run.seconds < 10, "\(run)")
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
    // 300,000 commands take the (debug) recorder longer than --timeout 0.3 to record before the
    // engine echoes the first sync; the engine is writing all the time, so it is not hung.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("long-flood.jsonl")
    let run = try Subprocess.cmdtool(["record", "--out", out, "--timeout", "0.3", "--"] + engine.arguments("--flood 300000"), timeout: 60)
    #expect(run.status == 0, "\(run)")
    #expect(run.seconds > 0.3, "the flood was recorded too fast to test anything: \(run)")
    let recording = try Recording(out)
    #expect(recording.trace.error == nil)
    #expect(recording.commands.filter { $0.textValue.hasPrefix("Flood ") }.count == 300_000)
    #expect(recording.lastMarker?.detail == "status 0")
  }
}
