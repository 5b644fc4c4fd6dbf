import Foundation
import Testing

// A password typed in clear in the studio becomes a stand-in in the recording (docs/WIRE.md §7),
// so its replay types the stand-in: the page warns when it is typed, the script's header says
// when the engine was given the password as an argument, and a failed replay names the stand-in
// and the ways out. None of it appears when no stand-in is involved.

@Suite struct StudioStandInTests {
  static let password = "Clear-pw-77"

  @Test func aPasswordTypedInClearIsWarnedAboutInThePageTheScriptAndTheFailedReplay() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("clear.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: ["--password", Self.password])
    defer { studio.process.kill() }
    let events = try studio.events()
    #expect(try studio.act(#"{"type":5,"text":"alice"}"#).status == 202)
    #expect(eventually { events.script.count == 1 })
    #expect(!events.body.contains("warning:"), "typing a user name warns of nothing")
    #expect(try studio.act(#"{"type":6,"text":"\#(Self.password)"}"#).status == 202)
    #expect(eventually { events.body.contains(#"warning: the text typed into textField \"Password\" is recorded as its stand-in"#) }, "\(events.body.suffix(1500))")
    #expect(events.body.contains("--keep-passwords"))
    #expect(try studio.act(#"{"tap":7}"#).status == 202)
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let script = try String(contentsOfFile: scratch.path("clear.script.jsonl"), encoding: .utf8)
    #expect(script.contains("# the engine's argument 2 is the password typed in clear above, which the recording holds as redacted-"), "\(script)")
    #expect(!script.contains(Self.password), "\(script)")
    let replay = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--password '\(Self.password)'"), "--keep", scratch.path("again"), out])
    #expect(replay.status == 1, "\(replay)")
    let said = replay.stdout + replay.stderr
    #expect(said.contains("script line 3 typed redacted-") && said.contains("--keep-passwords") && said.contains("named secret"), "\(replay)")
  }

  @Test func aFailedReplayWithoutAStandInHasNoHintAndTheScriptNoNote() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("secret.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: ["--password", StudioActingTests.secret], environment: StudioActingTests.environment)
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [#"{"type":5,"text":"alice"}"#, #"{"type":6,"secret":"PASSWORD"}"#, #"{"tap":7}"#] {
      #expect(try studio.act(body).status == 202)
    }
    #expect(eventually { events.script.count == 3 })
    #expect(!events.body.contains("warning:"), "a named secret warns of nothing: \(events.body.suffix(1500))")
    #expect(try studio.act(#"{"end":true}"#).status == 202)
    #expect(studio.process.wait(timeout: patience).status == 0)
    let script = try String(contentsOfFile: scratch.path("secret.script.jsonl"), encoding: .utf8)
    #expect(!script.contains("the engine's argument"), "\(script)")
    let changed = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--password '\(StudioActingTests.secret)' --variant changed"), "--keep", scratch.path("changed"), out], environment: StudioActingTests.environment)
    #expect(changed.status == 1, "\(changed)")
    #expect(!(changed.stdout + changed.stderr).contains("--keep-passwords"), "\(changed)")
  }
}
