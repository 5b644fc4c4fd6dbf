import CommandCodec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `cmdtool record` asked to stop (Ctrl-C, a CI runner's SIGTERM, a closed terminal's SIGHUP)
// while its engine hangs: the engine and everything in its process group are stopped (SIGTERM,
// SIGKILL after --grace, at once on a second signal), the partial recording ends with how, the
// output is not created, and cmdtool exits 128+N as a shell expects of a process ended by N.

@Suite struct RecordSignalTests {
  /// The JSON text of the engine's answer to the first tap (an empty password): once the partial
  /// recording holds it, the session is under way and an engine started with `--hang` hangs.
  static let answerToTheTap = #""internalId":6,"value":1,"textValue":"Enter your password""#

  /// Starts `cmdtool record` of the example session against the engine started with `options`
  /// (which include `--hang`) and returns once the engine hangs. `--timeout 60`: only a signal
  /// ends the session.
  private func startHangingSession(_ engine: TrackedEngine, _ options: String, out: String, grace: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Subprocess {
    let arguments = ["record", "--out", out, "--script", Example.script, "--timeout", "60"] + (grace.map { ["--grace", $0] } ?? [])
    let recorder = try Subprocess(Built.cmdtool, arguments + ["--"] + engine.arguments(options))
    // On a loaded machine the debug build takes a while to start two processes and play the
    // first steps: wait for the file, never for a fixed time.
    let underWay = eventually { recordingUnderWay(out, holds: Self.answerToTheTap) }
    #expect(underWay, "the recording never got the engine's answer to the tap", sourceLocation: sourceLocation)
    return recorder
  }

  /// The partial recording read back: whole (also for `cmdtool show`), ending with the
  /// `interrupted` and `engine-exit` markers, which it returns.
  private func interruptedRecording(_ partial: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (interrupted: String, engineExit: String) {
    let recording = try Recording(partial)
    #expect(recording.trace.error == nil, "\(String(describing: recording.trace.error))", sourceLocation: sourceLocation)
    // Everything before the signal is there: the engine's answer to the tap.
    #expect(recording.commands.contains(Command(.setError, internalId: 6, value: 1, textValue: "Enter your password")), sourceLocation: sourceLocation)
    let last = Array(recording.markers.suffix(2))
    #expect(last.map(\.label) == ["interrupted", "engine-exit"], "\(last)", sourceLocation: sourceLocation)
    let show = try Subprocess.cmdtool(["show", partial])
    #expect(show.status == 0, "\(show)", sourceLocation: sourceLocation)
    guard last.count == 2 else { return ("", "") }
    return (last[0].detail, last[1].detail)
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalStopsTheEngineAndKeepsThePartialRecording(_ signal: Int32) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("signalled.jsonl")
    let recorder = try startHangingSession(engine, "--hang", out: out)
    defer { recorder.kill() }
    let name = try #require(["SIGINT": SIGINT, "SIGTERM": SIGTERM, "SIGHUP": SIGHUP].first { $0.value == signal }?.key)

    sendSignal(recorder.pid, signal)
    let run = recorder.wait(timeout: patience)
    #expect(run.status == 128 + signal, "\(run)")
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    // A failed session never creates the output; the partial recording says where it stopped.
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(run.stderr.contains("interrupted by \(name) while cmdtool was waiting for the echo of sync"), "\(run)")
    #expect(run.stderr.contains("to \(out).partial"), "\(run)")
    let (interrupted, engineExit) = try interruptedRecording(out + ".partial")
    #expect(interrupted.hasPrefix("interrupted by \(name)"), "\(interrupted)")
    // The engine dies of the SIGTERM cmdtool sends its group; no SIGKILL was needed.
    #expect(interrupted.contains("the engine was stopped and ended with signal 15 (SIGTERM)"), "\(interrupted)")
    #expect(engineExit.hasPrefix("signal 15"), "\(engineExit)")
  }

  @Test func anEngineThatIgnoresSIGTERMIsKilledAfterTheGraceWithItsChild() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let childFile = scratch.path("child.pid")
    defer { killIfRunning(processID(in: childFile)) }
    let out = scratch.path("stubborn.jsonl")
    let recorder = try startHangingSession(engine, "--hang --ignore-sigterm --child-pid-file '\(childFile)'", out: out, grace: "0.5")
    defer { recorder.kill() }
    let child = try #require(processID(in: childFile), "the engine did not start its child")
    #expect(!hasEnded(child))

    let signalled = Date()
    sendSignal(recorder.pid, SIGINT)
    let run = recorder.wait(timeout: patience)
    let seconds = Date().timeIntervalSince(signalled)
    #expect(run.status == 130, "\(run)")
    // The 0.5 s grace and the time to write and close, however loaded the machine: well under
    // the 60 s --timeout that would end the session had the signal not.
    #expect(seconds < 30, "cmdtool took \(seconds) s to stop: \(run)")
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    // The child, in the engine's process group, got the group's SIGTERM (or SIGKILL).
    #expect(eventually { hasEnded(child) }, "the engine's child (pid \(child)) outlived cmdtool")
    let (interrupted, engineExit) = try interruptedRecording(out + ".partial")
    #expect(interrupted.contains("the engine was stopped and ended with signal 9 (SIGKILL)"), "\(interrupted)")
    #expect(engineExit.hasPrefix("signal 9"), "\(engineExit)")
  }

  /// A second signal during the grace means "now": with `--grace 30`, an engine that ignores
  /// SIGTERM is killed at once. A second SIGINT once cmdtool has the first (a user who waited,
  /// then pressed Ctrl-C again); and a SIGTERM right behind the SIGINT (a CI runner that cancels
  /// with both), which cmdtool may catch before it starts stopping the engine. Two SIGINTs sent
  /// back to back could merge into one pending signal, so the second waits until the first is
  /// delivered (an event in /proc, not a pause); two different signals never merge.
  @Test(arguments: [(true, SIGINT), (false, SIGTERM)])
  func aSecondSignalKillsAtOnce(afterTheFirstIsDelivered: Bool, second: Int32) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("twice.jsonl")
    let recorder = try startHangingSession(engine, "--hang --ignore-sigterm", out: out, grace: "30")
    defer { recorder.kill() }

    sendSignal(recorder.pid, SIGINT)
    if afterTheFirstIsDelivered { #expect(waitUntilDelivered(SIGINT, to: recorder.pid)) }
    let secondSent = Date()
    sendSignal(recorder.pid, second)
    let run = recorder.wait(timeout: patience)
    let seconds = Date().timeIntervalSince(secondSent)
    #expect(!run.timedOut, "\(run)")
    // The first signal decides the status.
    #expect(run.status == 130, "\(run)")
    // Killed at once, then the recording written, however loaded the machine: well under the
    // 30 s grace it would have waited without the second signal.
    #expect(seconds < 15, "cmdtool took \(seconds) s after the second signal: it waited for the grace: \(run)")
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    let (interrupted, engineExit) = try interruptedRecording(out + ".partial")
    #expect(interrupted.hasPrefix("interrupted by SIGINT"), "\(interrupted)")
    #expect(engineExit.hasPrefix("signal 9"), "\(engineExit)")
  }

  @Test func aSignalTheParentIgnoresStaysIgnored() throws {
    // `nohup cmdtool record …` (or a shell's `trap "" HUP`): a closed terminal's SIGHUP must not
    // stop the session. Here the hanging engine ends it at --timeout instead.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let out = scratch.path("nohup.jsonl")
    let command = "trap '' HUP; exec '\(Built.cmdtool.path)' record --out '\(out)' --script '\(Example.script)' --timeout 3 -- " + engine.arguments("--hang").map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
    let recorder = try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
    defer { recorder.kill() }
    #expect(eventually { recordingUnderWay(out, holds: Self.answerToTheTap) })
    sendSignal(recorder.pid, SIGHUP)
    let run = recorder.wait(timeout: patience)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine did not answer within 3 s"), "\(run)")
    #expect(!run.stderr.contains("interrupted"), "\(run)")
    #expect(try Recording(out + ".partial").markers.suffix(2).map(\.label) == ["engine-timeout", "engine-exit"])
  }
}
