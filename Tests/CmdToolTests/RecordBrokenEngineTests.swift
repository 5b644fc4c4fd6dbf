import CommandCodec
import Foundation
import Testing

// `cmdtool record` against engines that misbehave (docs/WIRE.md, "What cmdtool does when the
// engine misbehaves"): a clear report, the right exit status, and a readable recording that
// holds every whole record received before the problem and ends with how the engine ended.

@Suite struct RecordBrokenEngineTests {
  /// Records the example session against the example engine started with `options` (through
  /// `sh -c`, so its process id is known), and checks that no engine process is left.
  private func record(_ options: String, timeout: Double = 10, out name: String = "broken.jsonl", script: String = Example.script, in scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> (FinishedRun, Recording) {
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let run = try Subprocess.cmdtool(["record", "--out", scratch.path(name), "--script", script, "--timeout", String(timeout), "--"] + engine.arguments(options), timeout: patience)
    #expect(!run.timedOut, "cmdtool did not finish: \(run)", sourceLocation: sourceLocation)
    #expect(engine.pid != nil, "the engine did not start", sourceLocation: sourceLocation)
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool", sourceLocation: sourceLocation)
    // A failed session never takes the output's place: its recording is OUT.partial.
    let path = run.status == 0 ? scratch.path(name) : scratch.path(name) + ".partial"
    #expect(FileManager.default.fileExists(atPath: scratch.path(name)) == (run.status == 0), sourceLocation: sourceLocation)
    if run.status != 0 { #expect(run.stderr.contains("to \(path)"), "\(run)", sourceLocation: sourceLocation) }
    let recording = try Recording(path)
    // Every recording reads back whole: the problem is in its markers, not its bytes.
    #expect(recording.trace.error == nil, "the recording does not read back: \(String(describing: recording.trace.error))", sourceLocation: sourceLocation)
    #expect(recording.header?.creator == "cmdtool record of example-engine 1.0", sourceLocation: sourceLocation)
    return (run, recording)
  }

  /// `cmdtool show` reads the recording to its end.
  private func expectShowReads(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let show = try Subprocess.cmdtool(["show", path])
    #expect(show.status == 0, "\(show)", sourceLocation: sourceLocation)
  }

  /// The records of the start-up every engine writes before misbehaving, after the recording's
  /// session marker: the application, the login form, its visibility and the ready marker.
  private func expectStartUp(_ recording: Recording, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(recording.records.count >= 5, sourceLocation: sourceLocation)
    guard recording.records.count >= 5 else { return }
    #expect(recording.markers.first?.label == "session", sourceLocation: sourceLocation)
    #expect(recording.records[1].body == .batch([Command(.createApplication, childInternalId: 1, textValue: "Example")]), sourceLocation: sourceLocation)
    if case .batch(let form) = recording.records[2].body {
      #expect(form.count == 19, sourceLocation: sourceLocation)
    } else {
      Issue.record("record 2 is not the login form", sourceLocation: sourceLocation)
    }
    #expect(recording.records[4].body == .marker(label: "ready", detail: ""), sourceLocation: sourceLocation)
  }

  @Test func garbageIsBadInputWithItsPlace() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--garbage", in: scratch)
    #expect(run.status == 2, "\(run)")
    // A line of text where a record belongs is a log in the wrong place: shown, and where logs go.
    #expect(run.stderr.contains(#"cmdtool: the engine wrote a line of text, not a trace record: line 6, column 1 (record #4): "this line is not a trace record"; logs go to standard error: standard output carries only trace records (docs/WIRE.md §1)"#), "\(run)")
    expectStartUp(recording)
    // The session marker and the four records before the garbage, then what happened and how
    // the engine ended: stopped with SIGTERM.
    #expect(recording.records.count == 7)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-error", "engine-exit"])
    #expect(recording.markers.last { $0.label == "engine-error" }?.detail.contains("line 6, column 1") == true)
    #expect(recording.lastMarker?.detail.hasPrefix("signal 15") == true)
    try expectShowReads(scratch.path("broken.jsonl.partial"))
  }

  @Test func anEngineThatLogsToStandardOutputBeforeItsHeaderIsShownItsLine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = "echo 'Engine v1.2 starting, loading assets from /opt/app'; exec " + Built.engineCommand()
    let run = try Subprocess.cmdtool(["record", "--out", scratch.path("log.jsonl"), "--script", Example.script, "--", "sh", "-c", engine])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains(#"cmdtool: the engine wrote a line of text, not a trace record: byte 0: "Engine v1.2 starting, loading assets from /opt/app"; logs go to standard error: standard output carries only trace records (docs/WIRE.md §1)"#), "\(run)")
    let recording = try Recording(scratch.path("log.jsonl.partial"))
    #expect(recording.markers.last { $0.label == "engine-error" }?.detail.contains("logs go to standard error") == true)
  }

  @Test func garbageFromABinaryEngineIsBadInputToo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--binary --garbage", out: "broken.cmdtrace", in: scratch)
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("not a trace record"), "\(run)")
    expectStartUp(recording)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-error", "engine-exit"])
  }

  @Test(arguments: [1, 3, 6])
  func aCrashKeepsEveryWholeRecord(after records: Int) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--crash-after \(records)", in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine's output stopped in the middle of a record"), "\(run)")
    #expect(run.stderr.contains("the engine ended with exit status 3"), "\(run)")
    expectStartUp(recording)
    let last = recording.markers.suffix(2)
    #expect(last.first.map { ["engine-stopped", "engine-error"].contains($0.label) } == true, "\(last.map(\.label))")
    #expect(recording.lastMarker?.label == "engine-exit")
    #expect(recording.lastMarker?.detail == "status 3")
    // The half record the engine wrote is not in the recording.
    #expect(!recording.text.contains("This record is cut off"))
    try expectShowReads(scratch.path("broken.jsonl.partial"))
  }

  @Test func aCrashWithTheBinaryFormat() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--binary --crash-after 3", out: "broken.cmdtrace", in: scratch)
    #expect(run.status == 1, "\(run)")
    expectStartUp(recording)
    #expect(recording.lastMarker?.detail == "status 3")
    try expectShowReads(scratch.path("broken.cmdtrace.partial"))
  }

  @Test func closingTheOutputEarlyIsAClearFailure() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--close-early", in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine closed its output while cmdtool was waiting for the echo of sync 1 after the engine's start"), "\(run)")
    expectStartUp(recording)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-stopped", "engine-exit"])
    // The engine itself ended well once its input was closed: its status is its own.
    #expect(recording.lastMarker?.detail == "status 0")
    #expect(run.stderr.contains("the engine ended with exit status 0"), "\(run)")
  }

  @Test func aNonZeroExitStatusFailsTheRecording() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--exit-status 5", in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine ended with exit status 5"), "\(run)")
    // The whole session is there.
    #expect(recording.records.count == 59)
    #expect(recording.lastMarker?.label == "engine-exit")
    #expect(recording.lastMarker?.detail == "status 5")
  }

  @Test func theStderrTailOfAFailingEngine() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--exit-status 7 --stderr 'fatal: out of widgets'", in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(recording.lastMarker?.detail == "status 7; stderr: fatal: out of widgets")
    #expect(run.stderr.contains("the engine said: fatal: out of widgets"), "\(run)")
  }

  @Test func aHangingEngineTimesOutAndIsKilled() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--hang", timeout: 1, in: scratch)
    #expect(run.status == 1, "\(run)")
    // The 1 s --timeout, with the start and the steps before however loaded the machine; a
    // session that never gave up would be killed at the test's deadline (patience).
    #expect(run.seconds < 20, "\(run)")
    // What cmdtool was waiting for, and after what.
    #expect(run.stderr.contains("the engine did not answer within 1 s: cmdtool was waiting for the echo of sync"), "\(run)")
    #expect(run.stderr.contains(#"after script line 4 ({"t":1200,"tap":"button \"Log in\""})"#), "\(run)")
    #expect(run.stderr.contains("ValueEvent → 7 value=1"), "\(run)")
    expectStartUp(recording)
    // The engine's answer to the click came before it hung; then the timeout and the kill.
    #expect(recording.commands.contains(Command(.setError, internalId: 6, value: 1, textValue: "Enter your password")))
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
    // Stopped with SIGTERM (a --grace later it would have been SIGKILL).
    #expect(recording.lastMarker?.detail.hasPrefix("signal 15") == true)
    #expect(recording.lastMarker?.detail.contains("hanging (--hang)") == true)
  }

  @Test func anEngineThatNeverEchoesTimesOutAtTheFirstSync() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--no-sync", timeout: 1, in: scratch)
    #expect(run.status == 1, "\(run)")
    // The 1 s --timeout, with the start and the steps before however loaded the machine; a
    // session that never gave up would be killed at the test's deadline (patience).
    #expect(run.seconds < 20, "\(run)")
    #expect(run.stderr.contains("the engine did not answer within 1 s: cmdtool was waiting for the echo of sync 1 after the engine's start, after sending the platform's header"), "\(run)")
    expectStartUp(recording)
    #expect(recording.records.count == 7)
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
  }

  @Test func aFloodIsRecordedWhole() throws {
    // 5,000 commands right after the ready marker, 1,000 a batch: the pipe's back-pressure slows
    // the engine down, nothing is lost.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--flood 5000", in: scratch)
    #expect(run.status == 0, "\(run)")
    let flood = recording.records.compactMap { record -> [Command]? in
      guard case .batch(let commands) = record.body, commands.first?.textValue.hasPrefix("Flood ") == true else { return nil }
      return commands
    }
    #expect(flood.count == 5)
    #expect(flood.allSatisfy { $0.count == 1000 })
    #expect(flood.allSatisfy { $0.enumerated().allSatisfy { $1 == Command(.setTextValue, internalId: 4, textValue: "Flood \($0 + 1)") } })
    // And the session went on after it.
    #expect(recording.records.count == 59 + 5)
    #expect(recording.lastMarker?.detail == "status 0")
  }

  @Test func anEngineThatDoesNotExitAfterItsInputIsStoppedAndSaysSo() throws {
    // The whole session plays; then the engine lingers: its SIGTERM status must not read as a
    // crash of its own, and the recording says what happened.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (run, recording) = try record("--linger", timeout: 1, in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine did not exit within 1 s after its input ended (--timeout): cmdtool stopped it"), "\(run)")
    #expect(recording.markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
    #expect(recording.lastMarker?.detail.hasPrefix("signal 15") == true)
  }

  @Test func anEngineThatCannotBeStarted() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.cmdtool(["record", "--out", scratch.path("none.jsonl"), "--", scratch.path("no-such-engine")])
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("cannot start \(scratch.path("no-such-engine")): No such file or directory"), "\(run)")
  }
}
