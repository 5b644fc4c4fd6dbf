import Foundation
import Testing

// `cmdtool fuzz shrink`: a long script that makes the engine fail, shrunk to the steps the
// failure needs; a script that does not fail is said to.

@Suite struct FuzzShrinkCommandTests {
  /// Log in, then `rounds` harmless rounds (a wait; "Delete all" answered with 1 or 2, which is
  /// not a cancel), then "Delete all" cancelled twice: what crashes `--bug crash-after-two-cancels`.
  static func longScript(rounds: Int, cancels: Int = 2) -> String {
    var lines = [
      #"{"t":100,"type":"textField \"User name\"","text":"alice"}"#, #"{"t":200,"type":"textField \"Password\"","text":"hunter2"}"#,
      #"{"t":300,"tap":"button \"Log in\""}"#,
    ]
    var time = 300
    func step(_ body: String) {
      time += 100
      lines.append(#"{"t":\#(time),"# + body + "}")
    }
    for round in 0..<rounds {
      step(#""marker":"wait""#)
      step(#""tap":"button \"Delete all\"""#)
      step(#""choose":"dialog","option":\#(round % 2 + 1)"#)
    }
    for _ in 0..<cancels {
      step(#""tap":"button \"Delete all\"""#)
      step(#""choose":"dialog","option":0"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aLongFailingScriptShrinksToTheStepsTheFailureNeeds() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("long.script.jsonl", Self.longScript(rounds: 30))
    let run = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("shrunk")] + shrinkUntilDone + ["--", Built.engine.path, "--bug", "crash-after-two-cancels"], timeout: fuzzerPatience)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.hasPrefix("FAIL  signal 6 (SIGABRT) after choosing 0 in dialog (7 steps, from 97;"), "\(run)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: scratch.path("shrunk/failures"))
    let shrunk = try String(contentsOfFile: scratch.path("shrunk/failures/\(try #require(folders.first))/script.jsonl"), encoding: .utf8)
    #expect(shrunk.split(separator: "\n").count == 7, "\(shrunk)")
    #expect(!shrunk.contains("wait") && !shrunk.contains(#""option":1"#), "\(shrunk)")
  }

  @Test func aScriptThatDoesNotFailIsSaidToAndExitsZero() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("fine.script.jsonl", Self.longScript(rounds: 3, cancels: 1))
    let run = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("shrunk")] + shrinkUntilDone + ["--", Built.engine.path, "--bug", "crash-after-two-cancels"], timeout: fuzzerPatience)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("the script does not fail: 14 steps played"), "\(run)")
  }

  /// Issue #22: a script whose login types a named secret, against an engine that checks the
  /// password and crashes on the second cancel. Before, shrinking could not type the secret: it
  /// stopped at that step and said "the script does not fail" (exit 0).
  @Test func aScriptThatTypesASecretShrinksWithTheSecretTyped() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let value = "opensesame-22"
    let text = Self.longScript(rounds: 4).replacingOccurrences(of: #""text":"hunter2""#, with: #""secret":"PASSWORD""#)
    #expect(text.contains(#""secret":"PASSWORD""#))
    let script = try scratch.write("secret.script.jsonl", text)
    let engine = [Built.engine.path, "--password", value, "--bug", "crash-after-two-cancels"]
    // `record` with the same script crashes the engine.
    let record = try Subprocess.record(scratch.path("secret.jsonl"), script: script, engine: engine, environment: ["CMDTOOL_SECRET_PASSWORD": value])
    #expect(record.status == 1, "\(record)")
    #expect(record.stderr.contains("signal 6"), "\(record)")

    let run = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("shrunk"), "--"] + engine, environment: ["CMDTOOL_SECRET_PASSWORD": value], timeout: 120)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.hasPrefix("FAIL  signal 6 (SIGABRT) after choosing 0 in dialog ("), "\(run)")
    // From a secrets file (SecretsOptions, as record and replay take it), the line that
    // reproduces the failure gives the file too.
    let secrets = try scratch.write("test.secrets", "PASSWORD=\(value)\n")
    let fromFile = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("from-file"), "--secrets", secrets, "--"] + engine, timeout: 120)
    #expect(fromFile.status == 1, "\(fromFile)")
    #expect(fromFile.stdout.contains("cmdtool record --secrets \(secrets) --script "), "\(fromFile)")
    let folders = try FileManager.default.contentsOfDirectory(atPath: scratch.path("shrunk/failures"))
    let shrunk = try String(contentsOfFile: scratch.path("shrunk/failures/\(try #require(folders.first))/script.jsonl"), encoding: .utf8)
    // The login needs the password: the secret step stays, by name.
    #expect(shrunk.contains(#""secret":"PASSWORD""#), "\(shrunk)")
    let recording = try Recording(scratch.path("shrunk/failures/\(try #require(folders.first))/recording.jsonl"))
    #expect(recording.markers.first?.detail == #"{"clock":"virtual","passwords":true,"redact":[],"secrets":["PASSWORD"]}"#)
    // The value is in no file and no output, but in the engine's own command line (this test's
    // engine takes the password it accepts as an option), which the reproduction repeats.
    func holdsTheValue(_ text: String) -> Bool { text.replacingOccurrences(of: "--password \(value)", with: "").contains(value) }
    for file in scratch.files where file != "test.secrets" {
      #expect(!holdsTheValue(String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch.path(file))), as: UTF8.self)), "\(file)")
    }
    #expect(!holdsTheValue(run.stdout + run.stderr + fromFile.stdout + fromFile.stderr), "\(run)")

    // Without the value, it is an error that names the secret, before any engine starts.
    let missing = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("missing"), "--"] + engine)
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderr.contains("the script types the secret PASSWORD, but CMDTOOL_SECRET_PASSWORD is not set"), "\(missing)")
  }

  /// Issue #22: a script that stops before its end (a selector that matches nothing) neither
  /// fails nor passes: exit 2 naming the step, never "does not fail". Its contrast is the test
  /// above: the same script with the selector right is played to its end and says so (exit 0).
  @Test func aScriptThatCannotBePlayedToItsEndIsNoVerdict() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let text = Self.longScript(rounds: 3, cancels: 1).replacingOccurrences(of: #"button \"Log in\""#, with: #"button \"Login\""#)
    let script = try scratch.write("typo.script.jsonl", text)
    let run = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("shrunk")] + shrinkUntilDone + ["--", Built.engine.path, "--bug", "crash-after-two-cancels"], timeout: fuzzerPatience)
    #expect(run.status == 2, "\(run)")
    #expect(!run.stdout.contains("does not fail"), "\(run)")
    #expect(run.stderr.contains("typo.script.jsonl: the script cannot be played to its end"), "\(run)")
    #expect(run.stderr.contains(#"button "Login" matches no element"#), "\(run)")
    #expect(run.stderr.contains(#"did you mean button "Log in""#), "\(run)")
  }

  @Test func anUnreadableScriptIsBadInputWithItsLine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("bad.script.jsonl", "{\"t\":1,\"tap\":}\n")
    let run = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("shrunk")] + shrinkUntilDone + ["--", Built.engine.path])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("bad.script.jsonl: line 1, column 14: not a JSON object"), "\(run)")
  }
}
