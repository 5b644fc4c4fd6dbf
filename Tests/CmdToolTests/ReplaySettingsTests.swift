import CommandCodec
import Foundation
import Testing

// A replay records its new run the way the recording was made (docs/WIRE.md §7, the session
// marker): the same redaction, so recordings made with --keep-passwords or --redact rules replay
// green against the same engine.

@Suite struct ReplaySettingsTests {
  private func recordThenReplay(_ options: [String], in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> (recording: Recording, replay: FinishedRun) {
    let out = scratch.path("made.jsonl")
    let record = try Subprocess.cmdtool(["record", "--out", out, "--script", Example.script] + options + ["--", Built.engine.path])
    #expect(record.status == 0, "\(record)", sourceLocation: sourceLocation)
    let replay = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), out, "--record", "never", "--keep", scratch.path("new")])
    return (try Recording(out), replay)
  }

  @Test func aRecordingThatKeepsPasswordsReplaysWithPasswordsKept() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (recording, replay) = try recordThenReplay(["--keep-passwords"], in: scratch)
    // The script's steps start at its line 3, after two comment lines.
    #expect(recording.markers.first?.detail == #"{"clock":"virtual","first-line":3,"passwords":false,"redact":[],"secrets":[]}"#)
    #expect(recording.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: "hunter2")) })
    #expect(replay.status == 0, "\(replay)")
    let newRun = try Recording(scratch.path("new/made.jsonl"))
    #expect(newRun.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: "hunter2")) })
  }

  @Test func redactRulesApplyToTheNewRunToo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (recording, replay) = try recordThenReplay(["--redact", "pref:lastUser", "--redact", "path:*textField 5"], in: scratch)
    #expect(!recording.commands.contains { $0.type == .updatePreference && $0.textValue2 == "alice" })
    #expect(replay.status == 0, "\(replay)")
    // The new run hides the same values the same way: byte for byte the recording again.
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("new/made.jsonl"))) == Data(contentsOf: URL(fileURLWithPath: scratch.path("made.jsonl"))))
  }

  @Test func aRecordingFromBeforeTheSessionMarkerReadsAsTheDefaults() throws {
    // Drop the marker: what cmdtool recorded before it existed. The replay passes (virtual
    // clock, passwords hidden), and its new run gains the marker.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let lines = try String(contentsOfFile: Example.recording, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].contains(#""marker":"session""#))
    let old = try scratch.write("old.jsonl", (lines.prefix(1) + lines.dropFirst(2)).joined(separator: "\n"))
    let replay = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), old, "--record", "never", "--keep", scratch.path("new")])
    #expect(replay.status == 0, "\(replay)")
  }

  @Test func aBrokenSessionMarkerIsAnErrorWithItsPlace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let text = try String(contentsOfFile: Example.recording, encoding: .utf8).replacingOccurrences(of: #"\"clock\":\"virtual\""#, with: #"\"clock\":\"lunar\""#)
    let broken = try scratch.write("broken.jsonl", text)
    let replay = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), broken, "--record", "never", "--keep", scratch.path("new")])
    #expect(replay.status == 1, "\(replay)")
    #expect(replay.stdout.contains("FAIL  broken.jsonl: \(broken): byte 0 (record #0): the session marker's clock is not virtual or wall"), "\(replay)")
  }
}
