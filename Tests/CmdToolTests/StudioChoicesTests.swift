import Foundation
import Testing

// Picking and scrolling through `cmdtool studio`, end to end, against the example engine's
// `--screen choices` (a picker and a list long enough to scroll, each answered by a text): the
// page's actions become `select` and `send` (ScrollEvent) steps, the saved recording replays
// green, and a build whose picker answers wrongly is red at the step that picks.

@Suite struct StudioChoicesTests {
  static let engineOptions = ["--screen", "choices"]
  /// The ids of `--screen choices`: the login view takes 2–7, the choices view's picker and
  /// scroll layout come after its view, layout and heading.
  static let picker = 11, scroll = 14

  /// What the studio writes for the actions of ``pickingAndScrollingBecomeStepsThatReplay()``.
  static let script = [
    #"{"select":"picker","t":500,"value":2}"#,
    #"{"send":{"delta":120,"event":"ScrollEvent","target":14},"t":1000}"#,
    #"{"send":{"delta":120,"event":"ScrollEvent","target":14},"t":1500}"#,
    #"{"select":"picker","t":2000,"value":4}"#,
    #"{"send":{"delta":-120,"event":"ScrollEvent","target":14},"t":2500}"#,
  ]

  /// Replays `out` against the example engine with `--screen choices` and `options`.
  static func replay(_ out: String, _ options: String = "", keep: String) throws -> FinishedRun {
    try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand((engineOptions + [options]).joined(separator: " ")), "--keep", keep, out])
  }

  @Test func pickingAndScrollingBecomeStepsThatReplay() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("choices.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: Self.engineOptions)
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(eventually { events.body.contains(">Picked: nothing yet<") }, "\(events.body.suffix(2000))")
    // The page offers the picker's options and the list's scrolling.
    #expect(events.body.contains(#""action":"select","kind":"picker","options":[[0,"Apple"],[1,"Banana"],[2,"Cherry"]"#), "\(events.body.suffix(3000))")
    #expect(events.body.contains(#""action":"scroll","kind":"scrollLayout""#), "\(events.body.suffix(3000))")
    let actions = [
      #"{"select":11,"value":2}"#, #"{"scroll":14,"delta":120}"#, #"{"scroll":14,"delta":120}"#,
      #"{"select":11,"value":4}"#, #"{"scroll":14,"delta":-120}"#,
    ]
    for (index, body) in actions.enumerated() {
      #expect(try studio.act(body).status == 202, "\(body)")
      // One at a time, so that each text below is seen between the steps.
      #expect(eventually { events.script.count == index + 1 }, "\(events.script)")
      if index == 0 { #expect(eventually { events.body.contains(">Picked: Cherry<") }, "\(events.body.suffix(2000))") }
      if index == 2 { #expect(eventually { events.body.contains(">Scrolled to 240<") }, "\(events.body.suffix(2000))") }
    }
    #expect(eventually { events.body.contains(">Picked: Elderberry<") && events.body.contains(">Scrolled to 120<") }, "\(events.body.suffix(2000))")
    #expect(events.script == Self.script, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let scriptPath = scratch.path("choices.script.jsonl")
    let saved = try String(contentsOfFile: scriptPath, encoding: .utf8)
    #expect(saved.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init) == Self.script, "\(saved)")
    // Green against the same engine, and record --script of the script gives the same bytes.
    let replay = try Self.replay(out, keep: scratch.path("again"))
    #expect(replay.status == 0, "\(replay)")
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--script", scriptPath, "--out", rerecorded, "--", Built.engine.path] + Self.engineOptions)
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == Data(contentsOf: URL(fileURLWithPath: out)))
    // A build whose picker names the wrong fruit is red at the first step, the one that picks
    // (played at 0.5 s), on the picked text.
    let wrong = try Self.replay(out, "--picker-off-by-one", keep: scratch.path("wrong"))
    #expect(wrong.status == 1, "\(wrong)")
    #expect(wrong.stdout.contains(#"(0.500s) of the new run: ~ frameView 8 › linearLayout 9 › text 12 · text: "Picked: Cherry" → "Picked: Damson""#), "\(wrong)")
  }

  @Test func aBuildThatScrollsWronglyIsRedAtTheScrollStep() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("scroll.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: Self.engineOptions)
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"scroll":14,"delta":-120}"#).status == 202)
    #expect(eventually { events.script.count == 1 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    #expect(studio.process.wait(timeout: patience).status == 0)
    // Scrolling up at the top stays at 0: the recording holds "Scrolled to 0" again, after the
    // view's creation.
    #expect(try String(contentsOfFile: out, encoding: .utf8).components(separatedBy: #""textValue":"Scrolled to 0""#).count == 3)
    #expect(try Self.replay(out, keep: scratch.path("again")).status == 0)
    // The same recording, its scroll step changed to scroll down: red at that step.
    let recording = try String(contentsOfFile: out, encoding: .utf8)
    let changed = scratch.path("changed.jsonl")
    try recording.replacingOccurrences(of: #"\"delta\":-120"#, with: #"\"delta\":120"#).write(toFile: changed, atomically: true, encoding: .utf8)
    #expect(recording.contains(#"\"delta\":-120"#), "\(recording)")
    let red = try Self.replay(changed, keep: scratch.path("red"))
    #expect(red.status == 1, "\(red)")
    #expect(red.stdout.contains(#"(0.500s) of the new run: ~ frameView 8 › linearLayout 9 › text 13 · text: "Scrolled to 0" → "Scrolled to 120""#), "\(red)")
  }
}
