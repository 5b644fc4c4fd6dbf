import Foundation
import Testing

// `record --clock wall` waits after each step until the engine has been quiet for --settle ms.
// An engine that changes a label every 100 ms (a clock, an animation) is never quiet: before the
// fix the first step was never played. Now --max-wait bounds the wait; the session goes on, and
// an `unsettled` marker and a warning say where (docs/WIRE.md §5).

@Suite struct UnsettledEngineTests {
  /// Two steps: type a name, tap "Log in" (an error shows: no password).
  static let script = """
    {"t":300,"type":"textField \\"User name\\"","text":"alice"}
    {"t":600,"tap":"button \\"Log in\\""}

    """

  @Test func anEngineThatNeverQuietsDownIsWaitedForAtMostMaxWait() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("wall.script.jsonl", Self.script)
    let out = scratch.path("ticking.jsonl")
    // --settle 1000 against ticks every 100 ms: a busy machine may delay a tick, never by a second.
    let run = try Subprocess.cmdtool(["record", "--clock", "wall", "--settle", "1000", "--max-wait", "3", "--out", out, "--script", script, "--", Built.engine.path, "--self-tick", "100"], timeout: 120)
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(out)
    // Both steps were played, and the engine answered the tap.
    #expect(recording.markers.filter { $0.label == "script" }.count == 2)
    #expect(recording.commands.contains { $0.textValue == "Enter your password" }, "\(recording.text)")
    // The engine's own ticks were recorded all along.
    #expect(recording.commands.filter { $0.textValue.hasPrefix("Tick ") }.count > 10)
    // Each wait (after the start and after each step) ended at --max-wait, noted in place.
    let unsettled = recording.markers.filter { $0.label == "unsettled" }
    #expect(unsettled.count == 3, "\(recording.markers)")
    #expect(unsettled.first?.detail.hasPrefix("the engine was not quiet for 1000 ms (--settle) within 3 s (--max-wait) after the engine's start: it wrote ") == true, "\(unsettled)")
    #expect(unsettled.last?.detail.contains(#"after script line 2 ({"t":600,"tap":"button \"Log in\""})"#) == true, "\(unsettled)")
    #expect(run.stderr.contains("warning: the engine was not quiet for 1000 ms (--settle) within 3 s (--max-wait) after the engine's start"), "\(run)")
    #expect(run.stderr.contains("; and 2 more times after it (\"unsettled\" markers)"), "\(run)")
  }

  /// The same engine without its ticks settles after each step: no marker, no warning.
  @Test func aQuietEngineSettles() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("wall.script.jsonl", Self.script)
    let out = scratch.path("quiet.jsonl")
    let run = try Subprocess.cmdtool(["record", "--clock", "wall", "--max-wait", "2", "--out", out, "--script", script, "--", Built.engine.path], timeout: 120)
    #expect(run.status == 0, "\(run)")
    #expect(!run.stderr.contains("warning"), "\(run)")
    let recording = try Recording(out)
    #expect(recording.markers.filter { $0.label == "script" }.count == 2)
    #expect(!recording.markers.contains { $0.label == "unsettled" })
  }
}
