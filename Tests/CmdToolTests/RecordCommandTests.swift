import CommandCodec
import Foundation
import Testing

// `cmdtool record` against the built example engine (docs/WIRE.md): the scripted example session,
// its determinism, what the recording holds, the clocks.

@Suite struct RecordCommandTests {
  /// Records `script` against the example engine with `options` into `out`.
  private func record(_ out: String, script: String? = Example.script, engine: [String] = [Built.engine.path], options: [String] = [], timeout: Double = 30) throws -> FinishedRun {
    var arguments = ["record", "--out", out]
    if let script { arguments += ["--script", script] }
    return try Subprocess.cmdtool(arguments + options + ["--"] + engine, timeout: timeout)
  }

  // MARK: - Determinism

  @Test func theExampleSessionRecordsExactlyTheBundledRecording() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("example.jsonl"))
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("recorded 59 records (87 commands from example-engine 1.0) to \(scratch.path("example.jsonl"))"), "\(run)")
    let recorded = try Data(contentsOf: URL(fileURLWithPath: scratch.path("example.jsonl")))
    let bundled = try Data(contentsOf: URL(fileURLWithPath: Example.recording))
    #expect(recorded == bundled, "the recording differs from traces/example.jsonl:\n\(String(decoding: recorded, as: UTF8.self))")
  }

  @Test func theViewportIsTheOneAskedFor() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.cmdtool(["record", "--viewport", "390x844@3", "--out", scratch.path("v.jsonl"), "--script", CommandRunner.path("traces/example.script.jsonl"), "--", Built.engine.path])
    #expect(run.status == 0, "\(run)")
    #expect(try Recording(scratch.path("v.jsonl")).header?.viewport == Viewport(width: 390, height: 844, scale: 3))
    for bad in ["390", "390x", "0x844", "390x844@0", "390x844@x"] {
      let refused = try Subprocess.cmdtool(["record", "--viewport", bad, "--out", scratch.path("w.jsonl"), "--", Built.engine.path])
      #expect(refused.status == 64 && refused.stderr.contains("--viewport \(bad) is not a size"), "\(refused)")
    }
  }

  @Test func recordingTwiceGivesTheSameBytes() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for name in ["a.jsonl", "b.jsonl"] {
      let run = try record(scratch.path(name))
      #expect(run.status == 0, "\(run)")
    }
    #expect(try Data(contentsOf: scratch.url.appendingPathComponent("a.jsonl")) == Data(contentsOf: scratch.url.appendingPathComponent("b.jsonl")))
  }

  @Test func aBinaryRecordingConvertsToTheSameJSON() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("example.cmdtrace"))
    #expect(run.status == 0, "\(run)")
    let binary = try Recording(scratch.path("example.cmdtrace"))
    #expect(binary.trace.format == .binary)
    #expect(binary.trace.error == nil)
    let convert = try Subprocess.cmdtool(["convert", scratch.path("example.cmdtrace"), scratch.path("converted.jsonl")])
    #expect(convert.status == 0, "\(convert)")
    #expect(try Data(contentsOf: scratch.url.appendingPathComponent("converted.jsonl")) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
  }

  @Test func aBinaryEngineRecordsTheSameSession() throws {
    // The engine writes the binary format; the recording's format comes from --out.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("example.jsonl"), options: [], timeout: patience)
    let binaryRun = try record(scratch.path("binary-engine.jsonl"), engine: [Built.engine.path, "--binary"])
    #expect(run.status == 0 && binaryRun.status == 0, "\(run)\n\(binaryRun)")
    #expect(try Data(contentsOf: scratch.url.appendingPathComponent("binary-engine.jsonl")) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
  }

  // MARK: - What the recording holds

  @Test func theRecordingHoldsBothDirectionsWithTimes() throws {
    let recording = try Recording(Example.recording)
    #expect(recording.trace.error == nil)
    #expect(recording.header?.creator == "cmdtool record of example-engine 1.0")
    #expect(recording.header?.numbering == "engine-2018-11-28")
    #expect(recording.header?.created == nil)  // the virtual clock: nothing that changes between runs
    let directions = Set(recording.records.map(\.direction))
    #expect(directions == [.engineToPlatform, .platformToEngine, .none])
    let times = recording.records.map(\.time)
    #expect(times == times.sorted())
    // Every script step is in the recording, as written (the password aside), at its time.
    let steps = recording.markers.filter { $0.label == "script" }
    #expect(steps.count == 8)
    #expect(steps.first?.detail == #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#)
    // The first record says how the recording was made, for replays to do the same (its script's
    // steps start at line 3, after two comment lines).
    #expect(recording.records.first?.body == .marker(label: "session", detail: #"{"clock":"virtual","first-line":3,"passwords":true,"redact":[],"secrets":[]}"#))
  }

  @Test func timerTicksComeAt500msStepsOnTheVirtualClock() throws {
    let recording = try Recording(Example.recording)
    let ticks = recording.events.filter { if case .timer = $0.event { return true } else { return false } }
    // The timer is created at 2.4 s; the label is deleted at 100 %, which stops it.
    #expect(ticks.map(\.time) == stride(from: 2900.0, through: 7400, by: 500).map { $0 })
    #expect(ticks.allSatisfy { $0.target == 12 && $0.event == .timer(TimerEvent(id: 15)) })
    // Each tick's answer is recorded at the tick's instant.
    for (index, record) in recording.records.enumerated() {
      guard case .event(_, .timer) = record.body else { continue }
      #expect(recording.records[index + 1].time == record.time)
      #expect(recording.records[index + 1].direction == .engineToPlatform)
    }
    #expect(recording.commands.contains(Command(.setTextValue, internalId: 12, textValue: "Loading 100%")))
  }

  @Test func thePasswordIsRedactedEverywhere() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for name in ["example.jsonl", "example.cmdtrace"] {
      let run = try record(scratch.path(name))
      #expect(run.status == 0, "\(run)")
      let recording = try Recording(scratch.path(name))
      #expect(!recording.bytes.containsSubsequence(Array("hunter2".utf8)), "\(name) holds the password")
      #expect(recording.bytes.containsSubsequence(Array("redacted-4db147a54908e973".utf8)))
      #expect(recording.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: "redacted-4db147a54908e973")) })
      // The user name is no password: it stays.
      #expect(recording.events.contains { $0.target == 5 && $0.event == .value(ValueEvent(text: "alice")) })
    }
  }

  @Test func keepPasswordsRecordsThemAsTyped() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("kept.jsonl"), options: ["--keep-passwords"])
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(scratch.path("kept.jsonl"))
    #expect(recording.events.contains { $0.target == 6 && $0.event == .value(ValueEvent(text: "hunter2")) })
  }

  @Test func redactRulesHidePreferencesAndPaths() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("hidden.jsonl"), options: ["--redact", "pref:lastUser", "--redact", "path:*textField 5"])
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(scratch.path("hidden.jsonl"))
    guard case .value(let typed)? = recording.events.first(where: { $0.target == 5 })?.event else {
      Issue.record("no typing into the user name field")
      return
    }
    let alice = typed.text
    #expect(alice.hasPrefix("redacted-") && alice.utf8.count == 25 && alice != "redacted-4db147a54908e973")
    #expect(recording.commands.contains(Command(.updatePreference, internalId: 1, textValue: "lastUser", textValue2: alice)))
    // The engine echoes the name as a word of its greeting: hidden there too (docs/WIRE.md §7),
    // as a replay, whose engine gets the stand-in, will echo it.
    #expect(recording.commands.contains(Command(.createToast, internalId: 7, textValue: "Welcome, \(alice)!")))
    #expect(!recording.text.contains("alice"), "\(recording.text)")
    #expect(recording.markers.first?.detail == #"{"clock":"virtual","first-line":3,"passwords":true,"redact":["pref:lastUser","path:*textField 5"],"secrets":[]}"#)
  }

  @Test func aBadRedactRuleIsAUsageError() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("x.jsonl"), options: ["--redact", "lastUser"])
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains("--redact lastUser is not a rule"))
  }

  @Test(arguments: [
    (["--timeout", "0"], "--timeout must be a positive number of seconds"),
    (["--max-wait", "0"], "--max-wait must be a positive number of seconds"),
    (["--settle", "nan"], "--settle must be a number of milliseconds ≥ 0"),
  ])
  func aBadLimitIsAUsageError(_ options: [String], _ message: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("x.jsonl"), options: options)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains(message), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("x.jsonl")))
  }

  @Test func theModalResultIsRecorded() throws {
    let recording = try Recording(Example.recording)
    let modal = recording.records.firstIndex { $0.body == .modalResult(dialog: 16, value: 1) }
    #expect(modal != nil)
    #expect(modal.map { recording.records[$0].time } == 5000)
    // What the engine did once unblocked: the dialog's teardown, the list emptied.
    #expect(recording.commands.contains(Command(.reshapeSheet, internalId: 11)))
    #expect(recording.commands.contains(Command(.deleteElement, internalId: 16)))
  }

  @Test func theLastRecordIsTheEngineExit() throws {
    let recording = try Recording(Example.recording)
    #expect(recording.lastMarker?.label == "engine-exit")
    #expect(recording.lastMarker?.detail == "status 0")
  }

  @Test func theEnginesStderrTailGoesIntoTheLastRecord() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("stderr.jsonl"), engine: [Built.engine.path, "--stderr", "engine 4.2 says hello"])
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(scratch.path("stderr.jsonl"))
    #expect(recording.lastMarker?.label == "engine-exit")
    #expect(recording.lastMarker?.detail == "status 0; stderr: engine 4.2 says hello")
  }

  @Test func withoutAScriptTheEngineIsStartedSettledAndStopped() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("start.jsonl"), script: nil)
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(scratch.path("start.jsonl"))
    #expect(recording.records.count == 6)
    #expect(recording.markers.map(\.label) == ["session", "ready", "engine-exit"])
  }

  @Test func preferencesGoToTheEngine() throws {
    // The engine prefills the user name from the stored preference.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try record(scratch.path("prefs.jsonl"), script: nil, options: ["--preference", "lastUser=bob"])
    #expect(run.status == 0, "\(run)")
    let recording = try Recording(scratch.path("prefs.jsonl"))
    #expect(recording.header?.preferences == ["lastUser": "bob"])
    #expect(recording.commands.contains(Command(.createTextField, internalId: 3, childInternalId: 5, textValue: "bob")))
  }

  // MARK: - Scripts

  @Test func aBadScriptIsBadInputWithItsLine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("bad.script.jsonl", "# comment\n{\"t\":300,\"back\":true}\n{\"t\":200,\"back\":true}\n")
    let run = try record(scratch.path("bad.jsonl"), script: script)
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("bad.script.jsonl: line 3: \"t\" 200 is earlier than the previous step's 300"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.jsonl")))
  }

  @Test func aSelectorThatMatchesNothingStopsTheSessionAndKeepsTheTrace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write("s.script.jsonl", #"{"t":100,"type":"textField \"User name\"","text":"alice"}"# + "\n" + #"{"t":200,"tap":"button \"Sign in\""}"# + "\n")
    let run = try record(scratch.path("s.jsonl"), script: script)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains(#"s.script.jsonl: line 2: button "Sign in" matches no element; on screen: text "Log in to Example", textField "User name", textField "Password", button "Log in" at 0.200s"#), "\(run)")
    // A failed session never takes the output's place: the recording is beside it.
    #expect(run.stderr.contains("to \(scratch.path("s.jsonl")).partial"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("s.jsonl")))
    let recording = try Recording(scratch.path("s.jsonl.partial"))
    #expect(recording.trace.error == nil)
    #expect(recording.events.contains { $0.target == 5 })
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-stopped", "engine-exit"])
    #expect(recording.lastMarker?.detail == "status 0")
  }

  @Test func crlfScriptsWork() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let text = try String(contentsOfFile: Example.script, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n")
    let script = try scratch.write("crlf.script.jsonl", text)
    let run = try record(scratch.path("crlf.jsonl"), script: script)
    #expect(run.status == 0, "\(run)")
    #expect(try Data(contentsOf: scratch.url.appendingPathComponent("crlf.jsonl")) == Data(contentsOf: URL(fileURLWithPath: Example.recording)))
  }

  // MARK: - Wall clock

  @Test func theWallClockRecordsRealTimes() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let script = try scratch.write(
      "wall.script.jsonl",
      [
        #"{"t":100,"type":"textField \"User name\"","text":"alice"}"#, ##"{"t":200,"type":"#6","text":"hunter2"}"##,
        #"{"t":300,"tap":"button \"Log in\""}"#, #"{"t":1500,"marker":"end"}"#,
      ].joined(separator: "\n") + "\n")
    let run = try record(scratch.path("wall.jsonl"), script: script, options: ["--clock", "wall", "--settle", "100"])
    #expect(run.status == 0, "\(run)")
    #expect(run.seconds >= 1.5)
    let recording = try Recording(scratch.path("wall.jsonl"))
    #expect(recording.trace.error == nil)
    #expect(recording.header?.created != nil)  // real time: the recording says when
    let times = recording.records.map(\.time)
    #expect(times == times.sorted(), "times decrease: \(times)")
    // Each step is sent at its time, never before; after it by what the engine's answers and the
    // settle before it took (a generous bound: a loaded machine takes hundreds of ms).
    let steps = recording.records.filter { if case .marker("script", _) = $0.body { return true } else { return false } }
    #expect(steps.count == 4)
    for (step, planned) in zip(steps, [100.0, 200, 300, 1500]) {
      #expect(step.time >= planned && step.time < planned + 1500, "a step planned at \(planned) ms went at \(step.time) ms")
    }
    #expect(!recording.text.contains("hunter2"))
    #expect(recording.lastMarker?.label == "engine-exit")
    // The timer (created right after the login) fires in real time, every 500 ms.
    let created = try #require(recording.records.first { if case .batch(let commands) = $0.body { return commands.contains { $0.type == .createTimer } } else { return false } })
    let ticks = recording.events.filter { if case .timer = $0.event { return true } else { return false } }.map(\.time)
    // How many depends on how long the session lasted on this machine, which the recording
    // says: the first tick was due before the last step (so it came), none comes before it is
    // due, and there are never more than were due by the last record.
    let end = try #require(times.last)
    #expect(ticks.count >= 1 && ticks.count <= Int((end - created.time) / 500), "ticks at \(ticks), the session ended at \(end) ms")
    for (index, tick) in ticks.enumerated() {
      let due = created.time + 500 * Double(index + 1)
      #expect(tick >= due && tick < due + 1500, "tick \(index + 1) came at \(tick) ms, due at \(due) ms")
    }
  }
}

extension Array where Element == UInt8 {
  func containsSubsequence(_ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
    for start in 0...(count - needle.count) where self[start] == needle[0] && self[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }
}
