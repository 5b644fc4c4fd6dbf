import CommandCodec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Ctrl-C while cmdtool is stuck writing to a peer that does not read (issue 22 §3): before the
// fix SIGINT, SIGTERM and SIGHUP were ignored there and only SIGKILL ended cmdtool. Now a signal
// ends the write at once and the run ends as docs/WIRE.md §11 says: the peer stopped, the
// `interrupted` and `engine-exit` markers, the partial recording kept, exit 128+N.

@Suite struct WriteSignalTests {
  static let signals: [(Int32, String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

  /// Starts `record` typing a text the engine will not take, and returns once cmdtool is in the
  /// write: the engine has said it stopped reading (its stall file), and the recording under way
  /// holds the typed event, which cmdtool writes to the file just before it sends it.
  private func startStuckRecording(_ scratch: Scratch, _ wire: WireUnderTest, engine: TrackedEngine, sourceLocation: SourceLocation = #_sourceLocation) throws -> (Subprocess, out: String) {
    let script = try bigTypingScript(wire.unbufferableText, in: scratch)
    let out = scratch.path("stuck.jsonl")
    let stall = scratch.path("stalled")
    let recorder = try Subprocess(Built.cmdtool, ["record", "--out", out, "--script", script, "--timeout", "600"] + wire.listen(in: scratch) + ["--"] + engine.arguments("--stop-reading-after 1 --stall-file '\(stall)'"))
    let stuck = eventually(within: 60) { FileManager.default.fileExists(atPath: stall) && recordingUnderWay(out, holds: #""event":"ValueEvent","target":5,"text":"xxxxxxxx"#) }
    #expect(stuck, "cmdtool never got to the write", sourceLocation: sourceLocation)
    return (recorder, out)
  }

  @Test(arguments: signals)
  func aSignalEndsAWriteTheEngineDoesNotTake(_ signal: Int32, _ name: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let (recorder, out) = try startStuckRecording(scratch, .stdio, engine: engine)
    defer { recorder.kill() }

    sendSignal(recorder.pid, signal)
    // --timeout 600: only the signal can end the write within the test's deadline.
    let run = recorder.wait(timeout: 60)
    #expect(!run.timedOut, "cmdtool ignored \(name) while writing: \(run)")
    #expect(run.status == 128 + signal, "\(run)")
    #expect(run.stderr.contains("interrupted by \(name) while cmdtool was sending 0.100s  ←  ValueEvent → 5 text="), "\(run)")
    #expect(run.stderr.contains("(the engine had taken "), "\(run)")
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    #expect(!FileManager.default.fileExists(atPath: out))
    let recording = try Recording(out + ".partial")
    #expect(recording.trace.error == nil)
    let last = Array(recording.markers.suffix(2))
    #expect(last.map(\.label) == ["interrupted", "engine-exit"], "\(last)")
    #expect(last.first?.detail.hasPrefix("interrupted by \(name) while cmdtool was sending") == true)
    #expect(last.first?.detail.contains("the engine was stopped and ended with signal 15 (SIGTERM)") == true)
  }

  /// The same over the sockets, where a write waits on the connection cmdtool also reads.
  @Test(arguments: [WireUnderTest.unix, .tcp])
  func aSignalEndsAWriteOverASocket(_ wire: WireUnderTest) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let (recorder, out) = try startStuckRecording(scratch, wire, engine: engine)
    defer { recorder.kill() }

    sendSignal(recorder.pid, SIGTERM)
    let run = recorder.wait(timeout: 60)
    #expect(!run.timedOut, "\(run)")
    #expect(run.status == 143, "\(run)")
    #expect(run.stderr.contains("interrupted by SIGTERM while cmdtool was sending"), "\(run)")
    #expect(!engine.isAlive)
    #expect(try Recording(out + ".partial").markers.suffix(2).map(\.label) == ["interrupted", "engine-exit"])
  }

  /// `conformance --scenario` stuck writing a 300 KB text to a testee that stalled on it: the
  /// signal ends the run with 128+N, the testee stopped.
  @Test(arguments: signals)
  func aSignalEndsAConformanceRunStuckInAWrite(_ signal: Int32, _ name: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let scenario = try WriteDeadlineTests.bigTextScenario(in: scratch)
    let stall = scratch.path("stalled")
    let pidFile = scratch.path("testee.pid")
    let testee = "echo $$ > '\(pidFile)'; exec '\(Built.referenceTestee.path)' --bug stall-on-big-records --stall-file '\(stall)'"
    let conformance = try Subprocess(Built.cmdtool, ["conformance", "--scenario", scenario, "--cases", "Required.Scenario.*", "--timeout", "600", "--", "sh", "-c", testee])
    defer { conformance.kill() }
    defer { killIfRunning(processID(in: pidFile)) }
    #expect(eventually(within: 60) { FileManager.default.fileExists(atPath: stall) }, "the testee never stalled")
    let testeePid = try #require(processID(in: pidFile))

    sendSignal(conformance.pid, signal)
    let run = conformance.wait(timeout: 60)
    #expect(!run.timedOut, "cmdtool ignored \(name) while writing: \(run)")
    #expect(run.status == 128 + signal, "\(run)")
    #expect(run.stderr.contains("interrupted by \(name)"), "\(run)")
    #expect(eventually(within: 10) { hasEnded(testeePid) }, "the testee (pid \(testeePid)) outlived cmdtool")
  }
}
