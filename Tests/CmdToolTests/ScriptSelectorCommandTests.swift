import CommandCodec
import Foundation
import Testing

// Selectors in scripts (Sources/Replay/Live/Script/ElementSelector.swift) against the live
// example engine: a selector must name exactly one element a user can reach, and when it does
// not, the session stops with a message that lists what there is. ElementSelectorTests has the
// rules on hand-made states; this is the same against what a real engine builds.

@Suite struct ScriptSelectorCommandTests {
  @Test func aSelectorThatNamesSeveralOrAnUnreachableElementStopsTheSession() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }

    // Two text fields on the login form: `textField` alone could mean either.
    let ambiguous = try scratch.script("ambiguous.script.jsonl", [#"{"t":800,"type":"textField","text":"alice"}"#])
    let first = try Subprocess.record(scratch.path("ambiguous.jsonl"), script: ambiguous)
    #expect(first.status == 1, "\(first)")
    let listing = #"ambiguous.script.jsonl: line 1: textField is ambiguous: 2 elements on screen match: frameView 2 › linearLayout 3 › textField 5 (hint "User name"); frameView 2 › linearLayout 3 › textField 6 (hint "Password"); name one by its text or hint, by position (textField[2]) or by id (#6) at 0.800s"#
    #expect(first.stderr.contains("cmdtool: " + listing), "\(first)")
    // The partial recording says so too, and nothing was typed.
    let stopped = try Recording(scratch.path("ambiguous.jsonl.partial"))
    #expect(stopped.markers.suffix(2).map(\.label) == ["engine-stopped", "engine-exit"])
    #expect(stopped.markers.last(where: { $0.label == "engine-stopped" })?.detail == listing)
    #expect(stopped.events.isEmpty)

    // Log in, open the "Delete all" dialog, then type into the login form: the dialog covers
    // everything behind it (and the form's view is no longer shown).
    let covered = try scratch.script("covered.script.jsonl", [
      #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":1000,"type":"textField \"Password\"","text":"hunter2"}"#,
      #"{"t":1200,"tap":"button \"Log in\""}"#,
      #"{"t":2000,"tap":"button \"Delete all\""}"#,
      #"{"t":2500,"type":"textField \"User name\"","text":"bob"}"#,
    ])
    let second = try Subprocess.record(scratch.path("covered.jsonl"), script: covered)
    #expect(second.status == 1, "\(second)")
    #expect(second.stderr.contains(#"cmdtool: covered.script.jsonl: line 5: textField "User name" matches only elements a user cannot reach now (dialog 16 is open): frameView 2 › linearLayout 3 › textField 5 "alice" [not shown] at 2.500s"#), "\(second)")
    let blocked = try Recording(scratch.path("covered.jsonl.partial"))
    #expect(!blocked.events.contains { $0.event == .value(ValueEvent(text: "bob")) })
    #expect(blocked.commands.contains { $0.type == .createDialog && $0.textValue == "Delete all items?" })
  }

  @Test("button \"Login\" against the example engine's \"Log in\": did you mean, and what is on screen")
  func aSelectorThatMatchesNothingSuggestsTheClosest() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.script("login.script.jsonl", [
      #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":1200,"tap":"button \"Login\""}"#,
    ])
    let run = try Subprocess.record(scratch.path("login.jsonl"), script: script)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains(#"cmdtool: login.script.jsonl: line 2: button "Login" matches no element (did you mean button "Log in"?); on screen: text "Log in to Example", textField "User name", textField "Password", button "Log in" at 1.200s"#), "\(run)")
  }

  @Test("A mistyped kind is named before the engine starts, with the closest kind")
  func aMistypedKindGetsASuggestion() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.script("typo.script.jsonl", [#"{"t":1200,"tap":"buton \"Log in\""}"#])
    let run = try Subprocess.record(scratch.path("typo.jsonl"), script: script)
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains(#"typo.script.jsonl: line 1: "tap": unknown kind "buton" (did you mean "button"?)"#), "\(run)")
  }

  @Test("The text tree of replay shows the hints selectors match on")
  func theTreeShowsHints() throws {
    let run = try Subprocess.cmdtool(["replay", Example.recording])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(#"textField 5 "alice" hint "User name" · 2 styles"#), "\(run)")
    #expect(run.stdout.contains(#"hint "Password" [password]"#), "\(run)")
  }
}
