import Foundation
import Testing

// What an outside engine developer found trying `cmdtool studio` from its docs alone (issue #27):
// a password's length on the live page, replays asking for secrets never typed, script lines
// that differ between `replay --engine` and `record --script`, a page that never learns the
// session ended, vague or late errors, and the wall-clock script's replay command.

@Suite struct StudioTrialTests {
  /// The example engine's login typed in the studio: a user, the named secret PASSWORD, Log in.
  static let login = [#"{"type":5,"text":"alice"}"#, #"{"type":6,"secret":"PASSWORD"}"#, #"{"tap":7}"#]

  @Test func aSecretsLengthIsInNoLiveFrameNorTimeTravelAnswer() throws {
    var streams: [String] = []
    var answers: [String] = []
    // Letters the page shows nowhere else: the frames scrub a secret's value wherever it occurs.
    for value in ["Ж", String(repeating: "Ж", count: 40)] {
      let scratch = try Scratch()
      defer { scratch.remove() }
      let studio = try RunningStudio(out: scratch.path("rec.jsonl"), environment: ["CMDTOOL_SECRET_PASSWORD": value])
      defer { studio.process.kill() }
      let events = try studio.events()
      #expect(try studio.act(#"{"type":6,"secret":"PASSWORD"}"#).status == 202)
      #expect(eventually { events.script.count == 1 }, "\(events.script)")
      // The time travel's answer for every record so far.
      let records = (events.frames.last?["records"] as? Int) ?? 0
      #expect(records > 3)
      var served = ""
      for record in 0..<records {
        served += try LoopbackHTTP.request("GET", port: studio.port, "/frame?record=\(record)&token=\(studio.token)").body
      }
      #expect(try studio.act(#"{"end":true}"#).status == 202)
      #expect(studio.process.wait(timeout: patience).status == 0)
      #expect(eventually { events.isClosed })
      // Eight dots, in the live frames and the past's alike.
      for text in [events.body, served] {
        #expect(text.contains("textField 6: ••••••••<") && !text.contains("•••••••••"), "\(text.suffix(3000))")
      }
      streams.append(events.body.replacingOccurrences(of: scratch.url.path, with: "SCRATCH"))
      answers.append(served)
    }
    #expect(streams[0] == streams[1])
    #expect(answers[0] == answers[1])
  }

  /// A secret whose value is a word of the SVG's own markup (a tag, an attribute, a number) is
  /// scrubbed from the texts only: every frame keeps the same tags and attributes as with a
  /// value found nowhere (a one-letter secret turned `stroke` into `stro&lt;secret:…&gt;e`).
  @Test func aSecretSpeltLikeMarkupLeavesTheMarkupAlone() throws {
    var skeletons: [[String]] = []
    for value in ["Ж", "stroke", "10", "svg", "k"] {
      let scratch = try Scratch()
      defer { scratch.remove() }
      let studio = try RunningStudio(out: scratch.path("rec.jsonl"), environment: ["CMDTOOL_SECRET_PASSWORD": value])
      defer { studio.process.kill() }
      let events = try studio.events()
      #expect(try studio.act(#"{"type":6,"secret":"PASSWORD"}"#).status == 202)
      #expect(eventually { events.script.count == 1 }, "\(events.script)")
      #expect(try studio.act(#"{"end":true}"#).status == 202)
      #expect(studio.process.wait(timeout: patience).status == 0)
      #expect(eventually { events.isClosed })
      let svgs = events.frames.compactMap { $0["svg"] as? String }
      #expect(svgs.count >= 2)
      // The tags of every frame, in order, attributes and all.
      skeletons.append(svgs.flatMap { svg in svg.split(separator: "<").dropFirst().map { "<" + ($0.split(separator: ">", maxSplits: 1).first ?? "") } })
    }
    for (index, skeleton) in skeletons.enumerated().dropFirst() {
      #expect(skeleton == skeletons[0], "value \(index): \(zip(skeleton, skeletons[0]).first { $0 != $1 }.map { "\($0) ≠ \($1)" } ?? "count \(skeleton.count) ≠ \(skeletons[0].count)")")
    }
  }

  @Test func aReplayAsksOnlyForTheSecretsItsScriptTypesAndReRecordsAlike() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let secrets = try scratch.write("secrets.txt", "PASSWORD=\(StudioActingTests.secret)\nOTHER=other-Value-7\n")
    let out = scratch.path("rec.jsonl")
    let studio = try RunningStudio(out: out, options: ["--secrets", secrets], engineOptions: ["--password", StudioActingTests.secret])
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in Self.login { #expect(try studio.act(body).status == 202, "\(body)") }
    #expect(eventually { events.script.count == 3 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    #expect(studio.process.wait(timeout: patience).status == 0)
    let recording = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(String(decoding: recording, as: UTF8.self).contains(#"\"secrets\":[\"OTHER\",\"PASSWORD\"]"#))
    // Only PASSWORD is typed: its value is all a replay needs, and its new run is the same.
    let engine = Built.engineCommand("--password '\(StudioActingTests.secret)'")
    let environment: [String: String?] = ["CMDTOOL_SECRET_PASSWORD": StudioActingTests.secret, "CMDTOOL_SECRET_OTHER": nil]
    let replay = try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("again"), out], environment: environment)
    #expect(replay.status == 0, "\(replay)")
    #expect(!(replay.stdout + replay.stderr).contains("OTHER"), "\(replay)")
    // Without PASSWORD's value it still names the one secret typed.
    let missing = try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("missing"), out], environment: ["CMDTOOL_SECRET_PASSWORD": nil, "CMDTOOL_SECRET_OTHER": nil])
    #expect(missing.status == 1 && missing.stdout.contains("types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set"), "\(missing)")
    // record --script with both secrets known re-records the session byte for byte.
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--secrets", secrets, "--script", scratch.path("rec.script.jsonl"), "--out", rerecorded, "--", Built.engine.path, "--password", StudioActingTests.secret])
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == recording)
  }

  @Test func replayAndRecordScriptNameTheSameLineOfTheSavedScript() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("login.jsonl")
    let studio = try RunningStudio(out: out, environment: StudioActingTests.environment)
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in Self.login { #expect(try studio.act(body).status == 202, "\(body)") }
    #expect(eventually { events.script.count == 3 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    #expect(studio.process.wait(timeout: patience).status == 0)
    let scriptPath = scratch.path("login.script.jsonl")
    let lines = try String(contentsOfFile: scriptPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let tap = try #require(lines.firstIndex { $0.contains(#"button \"Log in\""#) }) + 1
    #expect(tap == 4, "\(lines)")
    // The changed build says "Sign in": both commands fail at the tap, naming its line in the file.
    let replay = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--variant changed"), "--keep", scratch.path("changed"), out], environment: StudioActingTests.environment)
    #expect(replay.status == 1 && (replay.stdout + replay.stderr).contains("script line \(tap): button \"Log in\" matches no element"), "\(replay)")
    let record = try Subprocess.cmdtool(["record", "--script", scriptPath, "--out", scratch.path("changed.jsonl"), "--", Built.engine.path, "--variant", "changed"], environment: StudioActingTests.environment)
    // record names the script file (it has one); the replay, whose script is inside the recording, its line.
    #expect(record.status == 1 && record.stderr.contains("login.script.jsonl: line \(tap): button \"Log in\" matches no element"), "\(record)")
  }

  @Test func thePageLearnsHowTheSessionEnded() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("ended.jsonl")
    let studio = try RunningStudio(out: out)
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"tap":7}"#).status == 202)
    #expect(eventually { events.script.count == 1 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    #expect(studio.process.wait(timeout: patience).status == 0)
    #expect(eventually { events.isClosed })
    let last = try #require(events.frames.last)
    let ended = try #require(last["ended"] as? String, "\(events.body.suffix(1500))")
    #expect(ended.contains("saved") && ended.contains(out) && ended.contains(scratch.path("ended.script.jsonl")), "\(ended)")
    #expect(events.frames.dropLast().allSatisfy { $0["ended"] == nil })
  }

  @Test func thePageLearnsThatTheEngineCrashedInItsWords() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let studio = try RunningStudio(out: scratch.path("crash.jsonl"), engineOptions: ["--crash-after", "3"])
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"type":5,"text":"dave"}"#).status == 202)
    _ = try? studio.act(#"{"tap":7}"#)
    #expect(studio.process.wait(timeout: patience).status == 1)
    #expect(eventually { events.isClosed })
    let ended = try #require(events.frames.last?["ended"] as? String, "\(events.body.suffix(1500))")
    #expect(ended.contains("the engine's output stopped in the middle of a record") && ended.contains("the engine ended with exit status 3"), "\(ended)")
    #expect(ended.contains(scratch.path("crash.jsonl.partial")) && ended.contains(scratch.path("crash.script.jsonl.partial")), "\(ended)")
    #expect(!ended.contains("saved to"), "\(ended)")
  }

  @Test func setupErrorsAreClearAndComeBeforeAnythingIsWritten() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let nosuch = try Subprocess.cmdtool(["studio", "--secrets", scratch.path("nosuch.txt"), "--", Built.engine.path])
    #expect(nosuch.status == 2 && nosuch.stderr.contains("nosuch.txt") && nosuch.stderr.contains("No such file or directory"), "\(nosuch)")
    // No engine: nothing is written, and the message is the only one.
    let out = scratch.path("x.jsonl")
    let noEngine = try Subprocess.cmdtool(["studio", "--out", out, "--", scratch.path("no-engine")])
    #expect(noEngine.status != 0 && noEngine.stderr.contains("cannot start"), "\(noEngine)")
    #expect(!noEngine.stderr.contains("script"), "\(noEngine)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    // A missing --out folder is found before the engine starts (here it could not even start).
    let noFolder = try Subprocess.cmdtool(["studio", "--out", scratch.path("no-folder/x.jsonl"), "--", scratch.path("no-engine")])
    #expect(noFolder.status == 64 && noFolder.stderr.contains("no-folder") && !noFolder.stderr.contains("cannot start"), "\(noFolder)")
  }

  @Test func anElementThatDoesNotExistIsNamedSo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let studio = try RunningStudio(out: scratch.path("rec.jsonl"))
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"tap":9999}"#).status == 202)
    #expect(eventually { events.body.contains("there is no element 9999") }, "\(events.body.suffix(1500))")
    _ = studio.end()
  }

  @Test func theWallClocksScriptSaysHowToPlayItAgain() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let studio = try RunningStudio(out: scratch.path("wall.jsonl"), options: ["--clock", "wall", "--settle", "150"])
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"tap":7}"#).status == 202)
    #expect(eventually { events.script.count == 1 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    #expect(studio.process.wait(timeout: patience).status == 0)
    let script = try String(contentsOfFile: scratch.path("wall.script.jsonl"), encoding: .utf8)
    #expect(script.contains("play again with: cmdtool record --script FILE --clock wall --settle 150 -- ENGINE"), "\(script)")
  }

  /// The bidirectional controls that reorder what follows them (Trojan Source, CVE-2021-42574).
  static let bidiControls: [Unicode.Scalar] = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}",
  ]

  @Test func bidiAndC0ControlsFromTheEngineAreShownNotApplied() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let label = "cost \u{202E}3.99\u{202C} \u{2066}x\u{2069}\u{200F}\u{061C} bell\u{07}"
    let trace = try scratch.write("hostile.jsonl", """
      {"trace":1,"numbering":"engine-2018-11-28","viewport":{"width":375,"height":667,"scale":2}}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1}
      {"t":1,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_TEXT","internalId":2,"childInternalId":3,"textValue":\(String(decoding: try JSONSerialization.data(withJSONObject: [label], options: .withoutEscapingSlashes), as: UTF8.self).dropFirst().dropLast())}]}

      """)
    let svg = try Subprocess.cmdtool(["replay", trace, "--format", "svg"])
    #expect(svg.status == 0, "\(svg)")
    let page = scratch.path("page.html")
    let view = try Subprocess.cmdtool(["view", trace, "--out", page])
    #expect(view.status == 0, "\(view)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    for (name, text) in [("svg", svg.stdout), ("page", html)] {
      #expect(!text.unicodeScalars.contains { Self.bidiControls.contains($0) }, "\(name) holds a raw bidi control")
      #expect(text.contains(#"cost \u202e3.99\u202c \u2066x\u2069\u200f\u061c bell\u0007"#) || text.contains(#"cost \\u202e3.99\\u202c \\u2066x\\u2069\\u200f\\u061c bell\\u0007"#), "\(name): \(text.prefix(4000))")
    }
  }
}

