import CommandCodec
import Foundation
import Replay
import Testing

// Engines that drop the password flag when they create a field (`example-engine
// --no-password-flag`) get their passwords recorded in clear: `record` warns when a script types
// into a field that looks like a password field but is not one, and says how to hide it.

@Suite struct ClearPasswordWarningTests {
  /// Types a user name and a password; the password step is on line 3 of the file.
  private func script(in scratch: Scratch) throws -> String {
    try scratch.script("login.script.jsonl", [
      "# The password field is found by its hint.",
      #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":1800,"type":"textField \"Password\"","text":"s3cret"}"#,
      #"{"t":2400,"tap":"button \"Log in\""}"#,
    ])
  }

  @Test func typingIntoAnUnflaggedPasswordFieldWarnsAndSaysHowToHideIt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.record(scratch.path("clear.jsonl"), script: try script(in: scratch), engine: [Built.engine.path, "--no-password-flag"])
    #expect(run.status == 0, "\(run)")
    let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning:") }
    #expect(warnings.count == 1, "\(run)")
    let warning = String(warnings.first ?? "")
    #expect(warning.hasPrefix(#"cmdtool: warning: script line 3 types into frameView 2 › linearLayout 3 › textField 6 (hint "Password"), which looks like a password field but was not created as one (flags 1 or 16): the text is recorded in clear."#), "\(run)")
    #expect(warning.contains("--redact 'path:frameView 2 › linearLayout 3 › textField 6'"), "\(run)")
    #expect(warning.contains(#"a named secret ({"type":…,"secret":"PASSWORD"} with CMDTOOL_SECRET_PASSWORD set)"#), "\(run)")
    // As the warning says: in clear.
    #expect(try Recording(scratch.path("clear.jsonl")).text.contains("s3cret"))
  }

  @Test func theWarningNeverQuotesTheFieldsText() throws {
    // Issue #23: a named secret typed into the unflagged field, then text typed into it again;
    // the warning described the field by its text, the secret just typed ("Zq9-hunter2").
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.script("again.script.jsonl", [
      #"{"t":800,"type":"textField \"Password\"","secret":"PASSWORD"}"#,
      #"{"t":1200,"type":"textField \"Password\"","text":"typed-again"}"#,
    ])
    let value = "Zq9-hunter2"
    let run = try Subprocess.record(scratch.path("again.jsonl"), script: script, engine: [Built.engine.path, "--no-password-flag"], environment: ["CMDTOOL_SECRET_PASSWORD": value])
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains(#"cmdtool: warning: script line 2 types into frameView 2 › linearLayout 3 › textField 6 (hint "Password"), which looks like a password field"#), "\(run)")
    #expect(!run.stderr.contains(value) && !run.stdout.contains(value), "\(run)")
    #expect(scratch.files(containing: value) == [])
  }

  @Test func aRedactRuleForTheFieldHidesItAndSilencesTheWarning() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.record(scratch.path("hidden.jsonl"), script: try script(in: scratch), engine: [Built.engine.path, "--no-password-flag"], options: ["--redact", "path:*textField 6"])
    #expect(run.status == 0, "\(run)")
    #expect(!run.stderr.contains("warning:"), "\(run)")
    let recording = try Recording(scratch.path("hidden.jsonl"))
    #expect(!recording.text.contains("s3cret"))
    let standIn = Redaction.standIn(for: "s3cret")
    #expect(recording.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: standIn)) })
    // The script step in the recording types the stand-in too, so a replay types it again.
    #expect(recording.markers.contains { $0.label == "script" && $0.detail.contains(standIn) })
  }

  @Test func aFlaggedPasswordFieldNeedsNoWarning() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.record(scratch.path("flagged.jsonl"), script: try script(in: scratch))
    #expect(run.status == 0, "\(run)")
    #expect(!run.stderr.contains("warning:"), "\(run)")
    #expect(!(try Recording(scratch.path("flagged.jsonl")).text.contains("s3cret")))
  }
}
