import Foundation
import Testing

// A recording is replaced only by a session that succeeded: a failed `record --out X` (the
// engine crashed or hung, a script step matched nothing) or a failed re-recording by
// `replay --engine --record all` leaves X byte for byte as it was and writes X.partial beside it;
// the next good run replaces X, takes X.partial with it, and touches nothing else.

@Suite struct AtomicRecordingTests {
  /// Ways a `record` session fails, each with what cmdtool says about it.
  enum Failure: String, CaseIterable, Sendable {
    case crash, hang, scriptStepMatchesNothing

    /// The example engine's options.
    var engineOptions: String {
      switch self {
      case .crash: return "--crash-after 5"
      case .hang: return "--hang"
      case .scriptStepMatchesNothing: return ""
      }
    }

    var message: String {
      switch self {
      case .crash: return "the engine's output stopped in the middle of a record"
      case .hang: return "the engine did not answer within 1 s"
      case .scriptStepMatchesNothing: return #"bad.script.jsonl: line 4: button "Sign up" matches no element"#
      }
    }
  }

  private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  /// `cmdtool record --out out` of `script` against the example engine started with `options`.
  private func record(_ out: String, script: String = Example.script, engine options: String = "", in scratch: Scratch) throws -> FinishedRun {
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    // --timeout 1: the hanging engine fails the session in a second, not ten.
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", script, "--timeout", "1", "--"] + engine.arguments(options), timeout: patience)
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    return run
  }

  @Test(arguments: Failure.allCases)
  func aFailedRecordingLeavesTheGoodOneAsItWas(_ failure: Failure) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let folder = scratch.path("recordings")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Something beside the recording that no run may touch.
    try scratch.write("recordings/other.jsonl", "not a recording of this session\n")
    let out = folder + "/session.jsonl"
    let partial = out + ".partial"
    // The first good recording differs from the bundled one (its engine-exit carries the
    // engine's stderr), so that the last run below visibly replaces it.
    let first = try record(out, engine: "--stderr 'first run'", in: scratch)
    #expect(first.status == 0, "\(first)")
    let good = try bytes(out)
    #expect(good != (try bytes(Example.recording)))
    #expect(!FileManager.default.fileExists(atPath: partial))

    var script = Example.script
    if failure == .scriptStepMatchesNothing {
      let text = try String(contentsOfFile: Example.script, encoding: .utf8)
      let firstTap = try #require(text.range(of: #"button \"Log in\""#))
      script = try scratch.write("bad.script.jsonl", text.replacingCharacters(in: firstTap, with: #"button \"Sign up\""#))
    }
    let failed = try record(out, script: script, engine: failure.engineOptions, in: scratch)
    #expect(failed.status == 1, "\(failed)")
    #expect(failed.stderr.contains(failure.message), "\(failed)")
    #expect(failed.stderr.contains("to \(partial); \(out) is unchanged"), "\(failed)")
    #expect(try bytes(out) == good, "the failed run changed \(out)")
    // The failed run is kept whole beside it.
    let kept = try Recording(partial)
    #expect(kept.trace.error == nil, "\(String(describing: kept.trace.error))")
    #expect(kept.lastMarker?.label == "engine-exit")
    let show = try Subprocess.cmdtool(["show", partial])
    #expect(show.status == 0, "\(show)")

    let again = try record(out, in: scratch)
    #expect(again.status == 0, "\(again)")
    #expect(try bytes(out) == (try bytes(Example.recording)), "the good run did not replace \(out)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["other.jsonl", "session.jsonl"])
    #expect(try String(contentsOfFile: folder + "/other.jsonl", encoding: .utf8) == "not a recording of this session\n")
  }

  @Test func aFailedReRecordingLeavesTheRecordingAsItWas() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let engine = TrackedEngine(in: scratch)
    defer { engine.killIfAlive() }
    let path = scratch.path("example.jsonl")
    // A recording that differs from what the engine records now, so that a re-recording that
    // took its place would show.
    let spoiled = try String(contentsOfFile: Example.recording, encoding: .utf8).replacingOccurrences(of: "Welcome, alice!", with: "Welcome, bob!")
    try scratch.write("example.jsonl", spoiled)
    let before = try bytes(path)

    let run = try Subprocess.cmdtool(["replay", "--engine", engine.command("--crash-after 5"), "--record", "all", "--keep", scratch.path("new"), path], timeout: patience)
    #expect(run.status == 1, "\(run)")
    #expect(!engine.isAlive, "the engine (pid \(engine.pid ?? 0)) outlived cmdtool")
    #expect(run.stdout.contains("FAIL  example.jsonl: "), "\(run)")
    #expect(run.stdout.contains("the new recording is at \(path).partial; \(path) is unchanged"), "\(run)")
    #expect(try bytes(path) == before, "the failed re-recording changed \(path)")
    let kept = try Recording(path + ".partial")
    #expect(kept.trace.error == nil)
    #expect(kept.lastMarker?.detail == "status 3", "\(String(describing: kept.lastMarker))")

    // A good re-recording replaces it and takes the partial one with it.
    let good = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), "--record", "all", "--keep", scratch.path("new"), path], timeout: patience)
    #expect(good.status == 0, "\(good)")
    #expect(good.stdout.contains("REC   example.jsonl"), "\(good)")
    #expect(try bytes(path) == (try bytes(Example.recording)))
    #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
  }
}
