import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// `cmdtool studio`'s actions over its HTTP route, against the example engine: each action the
// page can post becomes the script step a script holds, the script is saved beside the
// recording, both replay, a named secret's value never reaches a file or the page, and requests
// that are no action are refused with the reason.

@Suite struct StudioActingTests {
  /// The secret the login types: in cmdtool's environment and the engine's `--password`.
  static let secret = "Studio-s3cret-9f2"
  static let environment: [String: String?] = ["CMDTOOL_SECRET_PASSWORD": secret]

  /// The example engine's login session, as the studio writes it from the actions posted below.
  static let loginScript = [
    #"{"t":500,"text":"alice","type":"textField \"User name\""}"#,
    #"{"secret":"PASSWORD","t":1000,"type":"textField \"Password\""}"#,
    #"{"t":1500,"tap":"button \"Log in\""}"#,
    #"{"marker":"wait","t":2000}"#,
    #"{"marker":"wait","t":3000}"#,
    #"{"t":3500,"tap":"button \"Delete all\""}"#,
    #"{"choose":"dialog \"Delete all items?\"","option":1,"t":4000}"#,
    #"{"marker":"deleted","t":4000}"#,
    #"{"back":true,"t":4500}"#,
  ]

  @Test func badRequestsAreRefusedWithTheReasonAndWrongActionsWithANote() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let studio = try RunningStudio(out: scratch.path("bad.jsonl"), environment: Self.environment)
    defer { studio.process.kill() }
    let events = try studio.events()
    let refused: [(String, String)] = [
      ("not json", "not a JSON object"), ("{}", "name one action"), (#"{"tap":7,"back":true}"#, "one action at a time"),
      (#"{"tap":"x"}"#, "must be an element id"), (#"{"type":5}"#, "typing needs"), (#"{"type":6,"secret":"NOPE"}"#, "no secret named \"NOPE\""),
      (#"{"choose":16}"#, "integer \"option\""), (#"{"clock":"fast"}"#, "step, timer, run or pause"),
      (#"{"clock":"step","ms":-1}"#, "\"ms\" must be"), (#"{"back":false}"#, "must be true"),
      (#"{"tap":7,"extra":1}"#, "unexpected key \"extra\""), (#"{"scroll":3,"delta":0}"#, "non-zero"),
    ]
    for (body, reason) in refused {
      let answer = try studio.act(body)
      #expect(answer.status == 400 && answer.body.contains(reason), "\(body): \(answer)")
    }
    // Well-formed, but no user could do it on the login screen: refused by the session, on the page.
    #expect(try studio.act(#"{"select":5,"value":1}"#).status == 202)
    #expect(eventually { events.body.contains("is not something a user can select in") }, "\(events.body.suffix(2000))")
    #expect(try studio.act(#"{"type":7,"text":"x"}"#).status == 202)
    #expect(eventually { events.body.contains("is not something a user can type into") }, "\(events.body.suffix(2000))")
    #expect(try studio.act(#"{"clock":"timer"}"#).status == 202)
    #expect(eventually { events.body.contains("no timer or toast is pending") }, "\(events.body.suffix(2000))")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("the page played 0 steps"), "\(run)")
  }

  @Test func theActionsBecomeTheScriptWhichIsSavedAndReplaysAndTheSecretStaysOut() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("rec.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: ["--password", Self.secret], environment: Self.environment)
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [
      #"{"type":5,"text":"alice"}"#, #"{"type":6,"secret":"PASSWORD"}"#, #"{"tap":7}"#, #"{"clock":"timer"}"#,
      #"{"clock":"step","ms":1000}"#, #"{"tap":14}"#, #"{"choose":16,"option":5}"#, #"{"choose":16,"option":1}"#, #"{"marker":"deleted"}"#, #"{"back":true}"#,
    ] {
      let answer = try studio.act(body)
      #expect(answer.status == 202, "\(body): \(answer)")
    }
    // Shown live: the page's script grows as the steps are played; an answer the dialog does not
    // offer (its buttons answer: Cancel 0, Delete 1) is refused on the page and is no step.
    #expect(eventually { events.script == Self.loginScript }, "\(events.script)")
    #expect(events.body.contains(#"has no answer 5: it takes 0 \"Cancel\", 1 \"Delete\""#), "\(events.body.suffix(2000))")
    let page = try LoopbackHTTP.request("GET", port: studio.port, "/?token=\(studio.token)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    #expect(eventually { events.isClosed })
    let scriptPath = scratch.path("rec.script.jsonl")
    let script = try String(contentsOfFile: scriptPath, encoding: .utf8)
    #expect(script.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init) == Self.loginScript, "\(script)")
    // The value is in no file written, no page and no event served: every byte searched.
    let value = Array(Self.secret.utf8)
    for name in try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) {
      let bytes = Array(try Data(contentsOf: scratch.url.appendingPathComponent(name)))
      #expect(!Self.contains(bytes, value), "\(name) holds the secret's value")
    }
    #expect(!Self.contains(Array(page.body.utf8), value) && !Self.contains(events.bytes, value))
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("<secret:PASSWORD>"))
    // Saved: the recording replays green against the same engine ...
    let engine = Built.engineCommand("--password '\(Self.secret)'")
    let replay = try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("again"), out], environment: Self.environment)
    #expect(replay.status == 0, "\(replay)")
    // ... and record --script of its script gives the same recording, byte for byte.
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--script", scriptPath, "--out", rerecorded, "--", Built.engine.path, "--password", Self.secret], environment: Self.environment)
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == Data(contentsOf: URL(fileURLWithPath: out)))
    // A changed build ("Sign in") is red at the step that taps "Log in", line 4 of the script
    // file (line 1 is its comment).
    let changed = try Subprocess.cmdtool(["replay", "--engine", engine + " --variant changed", "--keep", scratch.path("changed"), out], environment: Self.environment)
    #expect(changed.status == 1, "\(changed)")
    #expect((changed.stdout + changed.stderr).contains("script line 4: button \"Log in\" matches no element"), "\(changed)")
    #expect((changed.stdout + changed.stderr).contains(#"button "Log in""#), "\(changed)")
  }

  @Test func aSecretTypedIntoAFieldThatShowsItsTextIsScrubbedFromThePage() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // Without the password flag the wireframe draws the field's text as it is.
    let studio = try RunningStudio(out: scratch.path("clear.jsonl"), engineOptions: ["--no-password-flag"], environment: Self.environment)
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"type":6,"secret":"PASSWORD"}"#).status == 202)
    #expect(eventually { events.script.count == 1 }, "\(events.script)")
    // The field offers the secret by its hint, and shows the placeholder, as text.
    #expect(events.body.contains(#""password":true"#) && events.body.contains("&lt;secret:PASSWORD&gt;"), "\(events.body.suffix(3000))")
    let page = try LoopbackHTTP.request("GET", port: studio.port, "/?token=\(studio.token)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    #expect(!Self.contains(events.bytes, Array(Self.secret.utf8)) && !Self.contains(Array(page.body.utf8), Array(Self.secret.utf8)))
  }

  @Test func whatTheEngineSendsOnItsOwnIsDrawnWhileThePageIsIdle() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let studio = try RunningStudio(out: scratch.path("ticks.jsonl"), engineOptions: ["--self-tick", "200"])
    defer { studio.process.kill() }
    let events = try studio.events()
    // No action is posted: only the engine's own records can bring the third tick to the page.
    #expect(eventually { events.body.contains(">Tick 3<") }, "\(events.body.suffix(2000))")
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("the page played 0 steps"), "\(run)")
  }

  @Test func theClockRunsAtWallSpeedAndItsScriptRecordsTheSameTicks() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("running.jsonl")
    let studio = try RunningStudio(out: out)
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [#"{"type":5,"text":"bob"}"#, #"{"type":6,"text":"pw"}"#, #"{"tap":7}"#, #"{"clock":"run"}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    // The progress timer ticks every 500 virtual ms, which now follow the wall clock.
    #expect(eventually { events.body.contains(">Loading 30%<") }, "\(events.body.suffix(2000))")
    #expect(try studio.act(#"{"clock":"pause"}"#).status == 202)
    #expect(eventually { events.script.last?.hasPrefix(#"{"marker":"wait","t":"#) == true }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--script", scratch.path("running.script.jsonl"), "--out", rerecorded, "--", Built.engine.path])
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == Data(contentsOf: URL(fileURLWithPath: out)))
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains("Loading 30%"))
  }

  @Test func theStudioRecordsWithRecordsOptionsAndItsScriptReRecordsAlike() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("options.jsonl")
    let schema = CommandRunner.path("traces/widgets/chart.widgets.json")
    let options = ["--widgets", schema, "--preference", "theme=dark", "--redact", "pref:lastLogin", "--keep-passwords"]
    let engineOptions = ["--widgets", schema, "--last-login", "Tuesday-9f2"]
    let studio = try RunningStudio(out: out, options: options, engineOptions: engineOptions)
    defer { studio.process.kill() }
    let events = try studio.events()
    // Tapping "Budget" opens the view with the schema's pie chart, which the page draws as one.
    #expect(try studio.act(#"{"tap":8}"#).status == 202)
    #expect(eventually { events.body.contains(#"data-widget=\"PieChart\""#) }, "\(events.body.suffix(2000))")
    for body in [#"{"back":true}"#, #"{"type":5,"text":"carol"}"#, #"{"type":6,"text":"pw-in-clear"}"#, #"{"tap":7}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    #expect(eventually { events.script.count == 5 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let recording = try String(contentsOfFile: out, encoding: .utf8)
    #expect(recording.contains(#""widgets":{"name":"chart""#) && recording.contains(#"\"passwords\":false,\"redact\":[\"pref:lastLogin\"]"#), "\(recording.prefix(600))")
    #expect(recording.contains(#""preferences":{"theme":"dark"}"#) && recording.contains("pw-in-clear") && !recording.contains("Tuesday-9f2"), "\(recording)")
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--script", scratch.path("options.script.jsonl"), "--out", rerecorded] + options + ["--", Built.engine.path] + engineOptions)
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == Data(contentsOf: URL(fileURLWithPath: out)))
  }

  @Test func aFailedSessionKeepsTheRecordingAndItsScriptAsPartials() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("crash.jsonl")
    try "an earlier script\n".write(toFile: scratch.path("crash.script.jsonl"), atomically: true, encoding: .utf8)
    // The engine crashes as it reads the typed text or the tap after it.
    let studio = try RunningStudio(out: out, engineOptions: ["--crash-after", "3"])
    defer { studio.process.kill() }
    #expect(try studio.act(#"{"type":5,"text":"dave"}"#).status == 202)
    _ = try? studio.act(#"{"tap":7}"#)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 1, "\(run)")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(try String(contentsOfFile: scratch.path("crash.script.jsonl"), encoding: .utf8) == "an earlier script\n")
    let partial = try String(contentsOfFile: scratch.path("crash.script.jsonl.partial"), encoding: .utf8)
    #expect(partial.contains(#"{"t":500,"text":"dave","type":"textField \"User name\""}"#), "\(partial)")
    #expect(FileManager.default.fileExists(atPath: out + ".partial"), "\(run)")
  }

  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
