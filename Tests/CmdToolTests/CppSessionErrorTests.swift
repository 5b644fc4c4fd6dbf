import CommandCodec
import Foundation
import Testing

// What cmdtool_wire::Session does when something goes wrong (docs/CPP_ADAPTER.md §4): the first
// error stops the session, the engine's loops unwind, and the engine exits with status 2 and the
// error on stderr; the end of the input is no error (status 0). Fed to session_probe.cpp.

@Suite struct CppSessionErrorTests {
  static let known = CommandNumbering.all.map(\.name)

  // A mistyped numbering used to become cmdtool-1 without a word.
  @Test func aNumberingTheHeaderDoesNotKnowIsAnError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try CppSessionTests.probe(in: scratch) else { return }
    let input = [#"{"t":1,"event":"ValueEvent","target":3,"text":"a"}"#]
    // Every near miss of every known name: a character dropped, one changed, the case, spaces.
    var names: Set<String> = ["", " ", "engine", "cmdtool", "cmdtool-2", "engine-2018-11-28\n"]
    for name in Self.known {
      names.insert(String(name.dropLast()))
      names.insert(String(name.dropFirst()))
      names.insert(name.uppercased())
      names.insert(" " + name)
      names.insert(name + " ")
      names.insert(String(name.dropLast()) + "9")
    }
    for name in names.sorted() {
      let run = try CppSessionTests.run(probe, input, arguments: ["--numbering", name], in: scratch)
      #expect(run.status == 2, "\(name.debugDescription): \(run)")
      #expect(run.stdout.isEmpty, "nothing is written, not even the header: \(name.debugDescription): \(run)")
      #expect(run.stderr.contains("session_probe: unknown numbering \"\(name)\" (the known ones: \(Self.known.joined(separator: ", ")); docs/CPP_ADAPTER.md §2)"), "\(run)")
    }
    // Each name spelt right is the numbering of the header written.
    for name in Self.known {
      let run = try CppSessionTests.run(probe, input, arguments: ["--numbering", name], in: scratch)
      #expect(run.status == 0, "\(name): \(run)")
      #expect(run.stdout.hasPrefix(#"{"trace":1,"numbering":"\#(name)","creator":"session-probe"}"#), "\(run)")
    }
  }

  @Test func aFailedWriteStopsTheSession() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try CppSessionTests.probe(in: scratch) else { return }
    // The engine is inside a dialog's loop when its writes start failing: it unwinds and exits.
    let input = [#"{"t":1,"event":"ValueEvent","target":4,"value":10}"#, #"{"t":2,"marker":"sync","detail":"1"}"#, #"{"t":3,"modal":10,"value":1}"#]
    for (redirect, reason) in [("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
      let run = try CppSessionTests.run(probe, input, redirect: redirect, in: scratch)
      #expect(run.status == 2 && !run.timedOut, "\(redirect): \(run)")
      #expect(run.stderr == "session_probe: the output could not be written: \(reason)\n", "\(redirect): \(run)")
    }
    // A command code the numbering does not have: nothing of it is written, and nothing after it.
    let unknown = try CppSessionTests.run(probe, [#"{"t":1,"event":"ValueEvent","target":6}"#, #"{"t":2,"event":"ValueEvent","target":3,"text":"b"}"#], in: scratch)
    #expect(unknown.status == 2, "\(unknown)")
    #expect(unknown.stderr == "session_probe: command code 400 is not in the numbering engine-2018-11-28\n", "\(unknown)")
    #expect(CppSessionTests.lines(unknown) == ["input: t=1 now=1 target=6 ValueEvent value=0 has_text=0 text="], "\(unknown)")
  }

  @Test func inputThatIsNoTraceStopsTheSessionInsideADialog() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let probe = try CppSessionTests.probe(in: scratch) else { return }
    let open = #"{"t":1,"event":"ValueEvent","target":4,"value":10}"#
    let dialog = #"{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10,"textValue":"Dialog"}"#
    for (bad, message) in [
      (#"{"t":2,"event":"ValueEvent","target":3,"text":"a\ud800"}"#, "line 3, column 49: a high surrogate escape without its low half"),
      (#"{"t":2,"event":"NoSuchEvent","target":3}"#, #"line 3, column 16: unknown event class "NoSuchEvent""#),
      (#"{"t":2,"event":"ValueEvent","target":3,"colour":1}"#, #"line 3, column 40: a ValueEvent has no field "colour""#),
      (#"{"t":0.5,"event":"ValueEvent","target":3}"#, "line 3, column 1: the time 0.5 ms is earlier than the previous record's 1 ms"),
      ("not json", #"line 3, column 1: a line must hold one JSON object"#),
    ] {
      let run = try CppSessionTests.run(probe, [open, bad, #"{"t":3,"modal":10,"value":1}"#], in: scratch)
      #expect(run.status == 2, "\(bad): \(run)")
      #expect(run.stderr == "session_probe: \(message)\n", "\(bad): \(run)")
      // Nothing is written after the error: the dialog's loop returns, but its marker is not written.
      #expect(CppSessionTests.lines(run) == ["input: t=1 now=1 target=4 ValueEvent value=10 has_text=0 text=", dialog], "\(bad): \(run)")
    }
    // The end of the input inside the dialog is no error: its loop returns 0 (cancel), exit 0.
    let ended = try CppSessionTests.run(probe, [open], in: scratch)
    #expect(ended.status == 0 && ended.stderr.isEmpty, "\(ended)")
    #expect(CppSessionTests.lines(ended).suffix(2) == ["dialog 10 returned: 0", #"{"type":"REMOVE_CHILD","internalId":2,"childInternalId":10}"#], "\(ended)")
  }
}
