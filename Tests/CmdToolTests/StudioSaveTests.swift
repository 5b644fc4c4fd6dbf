import Foundation
import Testing

// `cmdtool studio`'s Save before the end, its clock options and named secrets, over its HTTP
// routes against the example engine (issue #27): a save while the session goes on replays green
// and re-records byte for byte; one the engine cannot play again is refused; the wall clock
// ticks by itself and only the end saves.

extension RunningStudio {
  /// Posts to `/save` with the token.
  func save() throws -> LoopbackHTTP.Answer {
    try LoopbackHTTP.request("POST", port: port, "/save?token=\(token)")
  }
}

@Suite struct StudioSaveTests {
  /// Three secrets, given (and typed) in an order that is not sorted.
  static let secretsFile = "ZETA=zeta-Value-1\nPASSWORD=\(StudioActingTests.secret)\nALPHA=alpha-Value-3\n"

  @Test func aSaveBeforeTheEndReplaysReRecordsByteForByteAndTheSessionGoesOn() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let secrets = try scratch.write("secrets.txt", Self.secretsFile)
    let out = scratch.path("rec.jsonl")
    let scriptPath = scratch.path("rec.script.jsonl")
    let studio = try RunningStudio(out: out, options: ["--secrets", secrets], engineOptions: ["--password", StudioActingTests.secret])
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [#"{"type":5,"secret":"ZETA"}"#, #"{"type":6,"secret":"PASSWORD"}"#, #"{"tap":7}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    #expect(eventually { events.script.count == 3 }, "\(events.script)")
    for path in ["/save", "/save?token=0"] {
      #expect(try LoopbackHTTP.request("POST", port: studio.port, path).status == 403, "\(path)")
    }
    #expect(try LoopbackHTTP.request("GET", port: studio.port, "/frame?record=0").status == 403)
    #expect(try studio.save().status == 202)
    #expect(eventually { events.body.contains("saved 3 steps") }, "\(events.body.suffix(1500))")
    let saved = try Data(contentsOf: URL(fileURLWithPath: out))
    let savedScript = try String(contentsOfFile: scriptPath, encoding: .utf8)
    #expect(String(decoding: saved, as: UTF8.self).contains(#"\"secrets\":[\"ALPHA\",\"PASSWORD\",\"ZETA\"]"#), "\(String(decoding: saved.prefix(400), as: UTF8.self))")
    #expect(savedScript.contains(#"{"secret":"ZETA","t":500,"type":"textField \"User name\""}"#), "\(savedScript)")
    // The saved recording replays green, its script re-records it byte for byte, and a changed
    // build is red at the tap on "Log in", while the session is still going.
    let engine = Built.engineCommand("--password '\(StudioActingTests.secret)'")
    let replay = try Subprocess.cmdtool(["replay", "--secrets", secrets, "--engine", engine, "--keep", scratch.path("again"), out])
    #expect(replay.status == 0, "\(replay)")
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--secrets", secrets, "--script", scriptPath, "--out", rerecorded, "--", Built.engine.path, "--password", StudioActingTests.secret])
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == saved)
    let changed = try Subprocess.cmdtool(["replay", "--secrets", secrets, "--engine", engine + " --variant changed", "--keep", scratch.path("changed"), out])
    #expect(changed.status == 1, "\(changed)")
    #expect((changed.stdout + changed.stderr).contains("script line 4: button \"Log in\" matches no element"), "\(changed)")
    // The session went on: more steps, then the end, which replaces both files.
    for body in [#"{"clock":"timer"}"#, #"{"clock":"step","ms":1000}"#, #"{"tap":14}"#, #"{"type":5,"secret":"ALPHA"}"#, #"{"choose":16,"option":1}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    #expect(eventually { events.script.count == 7 }, "\(events.script)")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let final = try Data(contentsOf: URL(fileURLWithPath: out))
    let finalScript = try String(contentsOfFile: scriptPath, encoding: .utf8)
    #expect(final.count > saved.count && finalScript.hasPrefix(savedScript) && finalScript.count > savedScript.count, "\(finalScript)")
    let rerecordedFinal = scratch.path("rerecorded-final.jsonl")
    let again = try Subprocess.cmdtool(["record", "--secrets", secrets, "--script", scriptPath, "--out", rerecordedFinal, "--", Built.engine.path, "--password", StudioActingTests.secret])
    #expect(again.status == 0, "\(again)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecordedFinal)) == final)
    // No secret's value in any file written or event served.
    for value in ["zeta-Value-1", StudioActingTests.secret, "alpha-Value-3"] {
      for name in ["rec.jsonl", "rec.script.jsonl"] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path(name))))
        #expect(!StudioActingTests.contains(bytes, Array(value.utf8)), "\(name) holds \(value)")
      }
      #expect(!StudioActingTests.contains(events.bytes, Array(value.utf8)))
    }
  }

  @Test func aSaveWhileTheClockRunsFirstPlaysAWaitToWhereItIs() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("running.jsonl")
    let studio = try RunningStudio(out: out)
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [#"{"type":5,"text":"bob"}"#, #"{"type":6,"text":"pw"}"#, #"{"tap":7}"#, #"{"clock":"run"}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    // The progress timer ticks on the running clock, past the last step: the save's script must
    // run the clock as far for its recording to be the session's.
    #expect(eventually { events.body.contains(">Loading 30%<") }, "\(events.body.suffix(1500))")
    #expect(try studio.save().status == 202)
    #expect(eventually { events.body.contains("saved 4 steps") }, "\(events.body.suffix(1500))")
    let script = try String(contentsOfFile: scratch.path("running.script.jsonl"), encoding: .utf8)
    #expect(script.split(separator: "\n").last?.hasPrefix(#"{"marker":"wait","t":"#) == true, "\(script)")
    let saved = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(String(decoding: saved, as: UTF8.self).contains("Loading 30%"))
    let rerecorded = scratch.path("rerecorded.jsonl")
    let record = try Subprocess.cmdtool(["record", "--script", scratch.path("running.script.jsonl"), "--out", rerecorded, "--", Built.engine.path])
    #expect(record.status == 0, "\(record)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: rerecorded)) == saved)
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
  }

  @Test func aSaveTheEngineDoesNotPlayAgainAlikeIsRefusedAndWritesNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("ticks.jsonl")
    // The engine ticks from a thread of its own: a run of its script again cannot be this session.
    let studio = try RunningStudio(out: out, engineOptions: ["--self-tick", "100"])
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(eventually { events.body.contains(">Tick 2<") }, "\(events.body.suffix(1500))")
    #expect(try studio.save().status == 202)
    #expect(eventually { events.body.contains("not saved: the engine did not play the script the same way again") }, "\(events.body.suffix(1500))")
    #expect(events.body.contains("the session has"), "\(events.body.suffix(1500))")
    #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: scratch.path("ticks.script.jsonl")))
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
    #expect(FileManager.default.fileExists(atPath: out), "\(run)")
  }

  @Test func onTheWallClockTimersTickByThemselvesAndOnlyTheEndSaves() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let refused = try Subprocess.cmdtool(["studio", "--settle=-1", "--out", scratch.path("x.jsonl"), "--", Built.engine.path])
    #expect(refused.status == 64 && refused.stderr.contains("--settle must be"), "\(refused)")
    let out = scratch.path("wall.jsonl")
    let studio = try RunningStudio(out: out, options: ["--clock", "wall", "--settle", "50"])
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [#"{"type":5,"text":"erin"}"#, #"{"type":6,"text":"pw"}"#, #"{"tap":7}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    // Nobody moves the clock: the progress timer ticks in real time while the page is idle.
    #expect(eventually { events.body.contains(">Loading 30%<") }, "\(events.body.suffix(1500))")
    #expect(try studio.act(#"{"clock":"step","ms":1000}"#).status == 202)
    #expect(eventually { events.body.contains("on the wall clock (--clock wall) time passes by itself") }, "\(events.body.suffix(1500))")
    let save = try studio.save()
    #expect(save.status == 409 && save.body.contains("--clock wall"), "\(save)")
    let page = try LoopbackHTTP.request("GET", port: studio.port, "/?token=\(studio.token)")
    #expect(page.body.contains(#"data-clock="wall""#) && page.body.contains(#"<button id="hsave" type="button" disabled"#), "\(page.body.prefix(2500))")
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
    let recording = try String(contentsOfFile: out, encoding: .utf8)
    #expect(recording.contains(#"\"clock\":\"wall\""#) && recording.contains(#"\"settle\":50"#) && recording.contains("Loading 30%"), "\(recording.prefix(600))")
    // Its script plays again on the wall clock (in real time, so not byte for byte).
    let again = try Subprocess.cmdtool(["record", "--clock", "wall", "--settle", "50", "--script", scratch.path("wall.script.jsonl"), "--out", scratch.path("again.jsonl"), "--", Built.engine.path])
    #expect(again.status == 0, "\(again)")
    #expect(try String(contentsOfFile: scratch.path("again.jsonl"), encoding: .utf8).contains("Loading 30%"))
  }
}
