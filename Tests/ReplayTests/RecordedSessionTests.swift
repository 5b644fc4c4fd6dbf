import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

// RecordedSession.read: what `replay --engine` learns from a recording before it replays it: how
// it was made, the script it played, and whether it ended in a failure (then it is no baseline).

@Suite struct RecordedSessionTests {
  static let header = #"{"trace":1,"creator":"cmdtool record of example-engine 1.0","viewport":{"width":375,"height":667,"scale":2}}"#
  static let session = #"{"t":0,"marker":"session","detail":"{\"clock\":\"wall\",\"passwords\":true,\"redact\":[\"pref:token\"],\"secrets\":[\"PASSWORD\"],\"settle\":150}"}"#
  static let app = #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Example"}"#
  static let steps = [
    #"{"t":800,"marker":"script","detail":"{\"t\":800,\"tap\":\"button \\\"Log in\\\"\"}"}"#,
    #"{"t":800,"event":"ValueEvent","target":7,"value":1}"#,
    #"{"t":1800,"marker":"script","detail":"{\"t\":1800,\"type\":\"textField \\\"Password\\\"\",\"secret\":\"PASSWORD\"}"}"#,
  ]

  static func marker(_ label: String, _ detail: String, at time: Int = 1800) -> String {
    #"{"t":\#(time),"marker":"\#(label)","detail":"\#(detail)"}"#
  }

  /// Reads a recording of `lines` (the header first).
  private func read(_ lines: [String]) throws -> RecordedSession {
    let files = try TemporaryTraces()
    return try withExtendedLifetime(files) { try RecordedSession.read(try files.write("r.jsonl", lines)) }
  }

  @Test func aSessionThatEndedWell() throws {
    let session = try read([Self.header, Self.session, Self.app] + Self.steps + [Self.marker("engine-exit", "status 0; stderr: bye")])
    #expect(session.failure == nil)
    #expect(session.ending?.label == "engine-exit")
    #expect(session.ending?.exit == "status 0")
    #expect(session.settings.clock == .wall)
    #expect(session.settings.settle == 150)
    #expect(session.settings.redactRules == ["pref:token"])
    #expect(session.settings.secretNames == ["PASSWORD"])
    #expect(session.header.viewport == Viewport(width: 375, height: 667, scale: 2))
    // The script is the script markers, in order, each at its own time.
    #expect(session.script.steps.map(\.time) == [800, 1800])
    #expect(session.script.steps.map(\.action) == [.tap(.match(kind: .button, text: "Log in")), .typeSecret(.match(kind: .textField, text: "Password"), name: "PASSWORD")])
    #expect(session.script.secretNames == ["PASSWORD"])
  }

  @Test func theBundledExampleRecordingIsABaseline() throws {
    let session = try RecordedSession.read(Repository.trace("example.jsonl"))
    #expect(session.failure == nil)
    // Made by record --script of traces/example.script.jsonl, whose steps follow two comment lines.
    var made = RecordingSettings()
    made.scriptLines = RecordingSettings.ScriptLines(first: 3)
    #expect(session.settings == made)
    #expect(session.script.steps.map(\.line) == Array(3...10))
  }

  @Test func theStepsAreNumberedAsTheScriptFileWas() throws {
    func session(_ lines: String) -> String {
      #"{"t":0,"marker":"session","detail":"{\"clock\":\"virtual\",\#(lines)\"passwords\":true,\"redact\":[],\"secrets\":[]}"}"#
    }
    let ending = [Self.marker("engine-exit", "status 0")]
    #expect(try read([Self.header, session(""), Self.app] + Self.steps + ending).script.steps.map(\.line) == [1, 2])
    #expect(try read([Self.header, session(#"\"first-line\":2,"#), Self.app] + Self.steps + ending).script.steps.map(\.line) == [2, 3])
    #expect(try read([Self.header, session(#"\"lines\":[3,7],"#), Self.app] + Self.steps + ending).script.steps.map(\.line) == [3, 7])
    // What the settings write reads back.
    var settings = RecordingSettings()
    for lines in [RecordingSettings.ScriptLines(), RecordingSettings.ScriptLines(first: 2), RecordingSettings.ScriptLines(of: try EventScript(parsing: "# a\n{\"back\":true}\n\n{\"back\":true}\n"))] {
      settings.scriptLines = lines
      guard case .marker(_, let detail) = settings.marker.body else { Issue.record("no marker"); continue }
      #expect(try RecordingSettings(markerDetail: detail) == settings, "\(detail)")
    }
    #expect(settings.scriptLines.each == [2, 4])
    for bad in [#"{"first-line":0}"#, #"{"first-line":1.5}"#, #"{"lines":[2,"x"]}"#, #"{"lines":4}"#] {
      #expect(throws: RecordingSettings.Failure.self, "\(bad)") { try RecordingSettings(markerDetail: bad) }
    }
  }

  // MARK: - Failures

  @Test func aNonZeroExitIsAFailure() throws {
    let session = try read([Self.header, Self.session] + Self.steps + [Self.marker("engine-exit", "status 3; stderr: boom; and more")])
    #expect(session.failure == "the engine ended with status 3")
    // Only the status is compared with a new run's, the stderr tail aside.
    #expect(session.ending?.label == "engine-exit")
    #expect(session.ending?.exit == "status 3")
    let signalled = try read([Self.header, Self.session, Self.marker("engine-exit", "signal 9")])
    #expect(signalled.failure == "the engine ended with signal 9")
  }

  @Test(arguments: ["engine-error", "engine-timeout", "engine-stopped", "interrupted"])
  func aFailureMarkerIsAFailureWhateverTheExit(label: String) throws {
    let session = try read([Self.header, Self.session] + Self.steps + [Self.marker(label, "what happened"), Self.marker("engine-exit", "status 0")])
    #expect(session.failure == "\(label): what happened")
    #expect(session.ending?.label == label)
    #expect(session.ending?.exit == "status 0")
  }

  @Test func theFirstFailureMarkerIsTheOneThatCounts() throws {
    let session = try read([Self.header, Self.session, Self.marker("engine-timeout", "first"), Self.marker("interrupted", "second"), Self.marker("engine-exit", "signal 15")])
    #expect(session.failure == "engine-timeout: first")
    #expect(session.ending?.label == "engine-timeout")
    #expect(session.ending?.exit == "signal 15")
  }

  @Test func aRecordingWithoutAnEndingIsAFailure() throws {
    // cmdtool was killed before it could write how the engine ended, or someone else wrote it.
    let session = try read([Self.header, Self.session] + Self.steps)
    #expect(session.failure == "it has no engine-exit marker: the recording stops short (was cmdtool killed?), or it was not made by cmdtool record")
    #expect(session.ending == nil)
  }

  @Test func markersOfTheEnginesOwnAreNoFailures() throws {
    let session = try read([Self.header, Self.session, Self.marker("ready", ""), Self.marker("error", "shown to the user"), Self.marker("engine-exit", "status 0")])
    #expect(session.failure == nil)
  }

  // MARK: - Recordings from before the session marker

  @Test func anOldRecordingWithoutASessionMarkerReadsAsTheDefaults() throws {
    let session = try read([Self.header, Self.app] + Self.steps + [Self.marker("engine-exit", "status 0")])
    #expect(session.settings == RecordingSettings())
    #expect(session.script.steps.count == 2)
    #expect(session.failure == nil)
  }

  @Test func aSessionMarkerAfterTheFirstRecordIsTheEnginesAndNotSettings() throws {
    // An engine may send a marker of its own called "session": only the first record is read.
    let session = try read([Self.header, Self.app, Self.marker("session", "user 42 logged in", at: 0), Self.marker("engine-exit", "status 0")])
    #expect(session.settings == RecordingSettings())
  }

  @Test func anUnreadableSessionMarkerIsAnError() throws {
    let lines = [Self.header, Self.marker("session", #"{\"clock\":\"sundial\"}"#, at: 0), Self.marker("engine-exit", "status 0")]
    #expect {
      _ = try read(lines)
    } throws: { error in
      "\(error)".contains("the session marker's clock is not virtual or wall")
    }
  }

  @Test func aScriptMarkerThatIsNoStepIsAnError() throws {
    let lines = [Self.header, Self.session, Self.marker("script", #"{\"t\":1,\"jump\":true}"#), Self.marker("engine-exit", "status 0")]
    #expect {
      _ = try read(lines)
    } throws: { error in
      "\(error)".contains("a script marker is not a script step")
    }
  }
}
