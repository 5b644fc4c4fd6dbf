import Foundation
import Testing

// Examples/CppEngine through its PlatformThread glue, recorded by the real cmdtool: nested
// dialogs answered out of order, a field emptied by typing "", and an engine that does not echo
// sync markers on the wall clock (docs/CPP_ADAPTER.md §3).

@Suite struct CppEngineFlowTests {
  static func engine(in scratch: Scratch) throws -> String? {
    try CppEngineTests.build(CppEngineTests.engineSources, named: "cpp-engine", .sanitized, in: scratch)
  }

  /// The recording's lines that are neither timer ticks nor script markers.
  static func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      .filter { !$0.contains("TimerEvent") && !$0.contains("Ticks: ") && !$0.contains(#""marker":"script""#) }
  }

  // The Terms dialog opens inside the login dialog; the platform answers the login dialog first
  // (a ValueEvent to it: a script's `choose` reaches only the innermost), then the Terms dialog.
  @Test func theOuterDialogsAnswerWaitsForTheInnerDialog() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let engine = try Self.engine(in: scratch) else { return }
    let script = try scratch.script("nested.script.jsonl", [
      #"{"t":500,"type":"textField","text":"alice"}"#,
      #"{"t":1500,"tap":"button \"Log in\""}"#,
      #"{"t":2000,"tap":"button \"Terms\""}"#,
      #"{"t":2500,"send":{"event":"ValueEvent","target":9,"value":1}}"#,
      #"{"t":3000,"choose":"dialog \"Accept the terms?\"","option":2}"#,
      #"{"t":4000,"marker":"done"}"#,
    ])
    let recording = scratch.path("nested.jsonl")
    let record = try Subprocess.record(recording, script: script, engine: [engine])
    #expect(record.status == 0, "\(record)")
    let lines = try Self.lines(recording)
    let tail = Array(lines.drop { !$0.contains(#""event":"ValueEvent","target":9"#) }.prefix(8))
    #expect(tail == [
      #"{"t":2500,"event":"ValueEvent","target":9,"value":1}"#,
      #"{"t":3000,"modal":13,"value":2}"#,
      // The Terms dialog's startModal() returns its own answer (2: declined)...
      #"{"t":3000,"type":"REMOVE_CHILD","internalId":2,"childInternalId":13}"#,
      #"{"t":3000,"type":"SET_TEXT_VALUE","internalId":4,"textValue":"Terms declined"}"#,
      // ...then the login dialog's returns the answer kept for it (1: OK).
      #"{"t":3000,"type":"REMOVE_CHILD","internalId":2,"childInternalId":9}"#,
      #"{"t":3000,"type":"CREATE_TOAST","internalId":6,"textValue":"Welcome, alice!"}"#,
      #"{"t":3000,"batch":[{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"lastUser","textValue2":"alice"},{"type":"COMMIT_PREFERENCES","internalId":1}]}"#,
      #"{"t":3000,"type":"SET_TEXT_VALUE","internalId":4,"textValue":"Logged in as alice"}"#,
    ], "\(lines)")
    let replay = try Subprocess.replay(engine: engine, [recording, "--ci"])
    #expect(replay.status == 0, "\(replay)")

    // Answered in order (the Terms dialog, then the login dialog), as a user would.
    let inOrder = try scratch.script("in-order.script.jsonl", [
      #"{"t":500,"type":"textField","text":"bob"}"#, #"{"t":1500,"tap":"button \"Log in\""}"#, #"{"t":2000,"tap":"button \"Terms\""}"#,
      #"{"t":2500,"choose":"dialog \"Accept the terms?\"","option":1}"#, #"{"t":3000,"choose":"dialog \"Log in as bob?\"","option":0}"#,
    ])
    let second = scratch.path("in-order.jsonl")
    let run = try Subprocess.record(second, script: inOrder, engine: [engine])
    #expect(run.status == 0, "\(run)")
    let text = try Self.lines(second).joined(separator: "\n")
    #expect(text.contains(#"{"t":2500,"type":"REMOVE_CHILD","internalId":2,"childInternalId":13}"# + "\n" + #"{"t":2500,"type":"SET_TEXT_VALUE","internalId":4,"textValue":"Terms accepted"}"#), "\(text)")
    #expect(text.contains(#"{"t":3000,"type":"REMOVE_CHILD","internalId":2,"childInternalId":9}"# + "\n" + #"{"t":3000,"type":"SET_TEXT_VALUE","internalId":4,"textValue":"Log in to CppEngine (cancelled)"}"#), "\(text)")
  }

  // cmdtool sends typing "" as a ValueEvent without "text"; the engine's field must still empty.
  @Test func typingNothingEmptiesTheField() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let engine = try Self.engine(in: scratch) else { return }
    let script = try scratch.script("empty.script.jsonl", [
      #"{"t":500,"type":"textField","text":"alice"}"#, #"{"t":1000,"type":"textField","text":""}"#, #"{"t":1500,"tap":"button \"Log in\""}"#,
    ])
    let recording = scratch.path("empty.jsonl")
    let record = try Subprocess.record(recording, script: script, engine: [engine])
    #expect(record.status == 0, "\(record)")
    let lines = try Self.lines(recording)
    #expect(lines.contains(#"{"t":1000,"event":"ValueEvent","target":5}"#), "\(lines)")
    #expect(lines.contains { $0.contains(#""childInternalId":9,"textValue":"Log in as ?"}"#) }, "\(lines)")
  }

  // An engine that keeps the wall clock and does not echo sync markers records on the wall clock.
  @Test func anEngineThatDoesNotEchoRecordsOnTheWallClock() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let engine = try Self.engine(in: scratch) else { return }
    let script = try scratch.script("login.script.jsonl", CppEngineTests.script)
    let recording = scratch.path("wall.jsonl")
    let record = try Subprocess.record(recording, script: script, engine: [engine, "--no-sync-echo"], options: ["--clock", "wall", "--settle", "200"])
    #expect(record.status == 0, "\(record)")
    let text = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(text.contains(#"\"clock\":\"wall\""#), "\(text)")
    #expect(text.contains(#""type":"CREATE_TOAST","internalId":6,"textValue":"Welcome, alice!"}"#), "\(text)")
    #expect(text.hasSuffix(#""marker":"engine-exit","detail":"status 0"}"# + "\n"), "\(text)")
  }
}
