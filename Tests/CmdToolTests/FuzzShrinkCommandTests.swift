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

  @Test func anUnreadableScriptIsBadInputWithItsLine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("bad.script.jsonl", "{\"t\":1,\"tap\":}\n")
    let run = try Subprocess.cmdtool(["fuzz", "shrink", "--script", script, "--out", scratch.path("shrunk")] + shrinkUntilDone + ["--", Built.engine.path])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("bad.script.jsonl: line 1, column 14: not a JSON object"), "\(run)")
  }
}
