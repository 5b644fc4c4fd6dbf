import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An interrupted run is never green and keeps what it found (issue #22 §1): real signals sent to
// the built binary at moments the test waits for (a file a peer's wrapper writes when it starts,
// a line of output), never after a sleep.

@Suite struct InterruptedRunTests {
  /// A shell command that writes `file` when it starts and then runs `command`; with `from`, it
  /// counts its starts in `file` and runs `later` from that start on (a peer that behaves
  /// differently when cmdtool starts it again to shrink).
  static func starting(_ file: String, then command: String) -> [String] {
    ["sh", "-c", "echo started >> '\(file)'; exec \(command)"]
  }

  /// `firstStarts`: how many starts run `first` (`fuzz platform` starts the testee once to read its
  /// hello before its first run).
  static func counting(_ file: String, first: String, later: String, firstStarts: Int = 1) -> [String] {
    ["sh", "-c", "n=$(wc -l < '\(file)' 2>/dev/null || echo 0); echo start >> '\(file)'; if [ \"$n\" -ge \(firstStarts) ]; then exec \(later); fi; exec \(first)"]
  }

  /// Starts cmdtool with `arguments`, sends it `signal` once `ready` holds (a peer started, a
  /// line was printed), and waits for it to end.
  private func signalled(_ arguments: [String], _ signal: Int32, once ready: () -> Bool, environment: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> FinishedRun {
    let run = try Subprocess(Built.cmdtool, arguments, environment: environment)
    defer { run.kill() }
    let came = eventually(within: 60, ready)
    #expect(came, "the moment to send the signal never came", sourceLocation: sourceLocation)
    sendSignal(run.pid, signal)
    return run.wait(timeout: 30)
  }

  /// The number of lines in `path` (0 when it is missing).
  static func lines(_ path: String) -> Int {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
  }

  /// SIGTERM while the first case's testee is running (a CI runner's cancel after 0 of N cases):
  /// status 143, and the text, JSON, JUnit and HTML reports all say interrupted; none is green.
  @Test func conformanceInterruptedBeforeAnyCaseEnded() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let started = scratch.path("started")
    // The testee starts and then hangs before its header: the case never ends on its own.
    let testee = Self.starting(started, then: "sleep 600")
    let result = try signalled(["conformance", "--timeout", "120", "--report", scratch.path("r.json"), "--junit", scratch.path("r.xml"), "--html", scratch.path("r.html"), "--"] + testee, SIGTERM, once: { FileManager.default.fileExists(atPath: started) })
    #expect(result.status == 143, "\(result)")
    #expect(!result.stdout.contains("conformant") || result.stdout.contains("no verdict"), "\(result)")
    #expect(result.stdout.contains("interrupted by SIGTERM after 0 of "), "\(result)")
    #expect(result.stdout.hasSuffix("cases: no verdict\n"), "\(result)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("r.json")))) as? [String: Any])
    #expect(json["green"] as? Bool == false)
    #expect((json["interrupted"] as? String)?.hasPrefix("interrupted by SIGTERM after 0 of ") == true, "\(json)")
    let junit = try JUnitSummary(contentsOf: scratch.path("r.xml"))
    #expect(junit.testcases == ["interrupted"], "\(junit.testcases)")
    #expect(junit.suites == [.init(tests: 1, failures: 0, errors: 1)])
    let html = try String(contentsOfFile: scratch.path("r.html"), encoding: .utf8)
    #expect(html.contains("interrupted by SIGTERM after 0 of "), "\(html.prefix(2000))")
  }

  /// SIGINT after some cases passed: those are reported, and the run still is not green.
  @Test func conformanceInterruptedAfterSomeCases() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let starts = scratch.path("starts")
    // Two cases run and pass; the third case's testee hangs before its header.
    let testee = ["sh", "-c", "n=$(wc -l < '\(starts)' 2>/dev/null || echo 0); echo start >> '\(starts)'; if [ \"$n\" -ge 2 ]; then exec sleep 600; fi; exec '\(Built.referenceTestee.path)'"]
    let result = try signalled(["conformance", "--timeout", "120", "--cases", "Required.Tree.*", "--report", scratch.path("r.json"), "--junit", scratch.path("r.xml"), "--"] + testee, SIGINT, once: { Self.lines(starts) >= 3 })
    #expect(result.status == 130, "\(result)")
    #expect(result.stdout.contains("Required       2 cases: 2 pass"), "\(result)")
    #expect(result.stdout.contains("interrupted by SIGINT after 2 of "), "\(result)")
    let json = try String(contentsOfFile: scratch.path("r.json"), encoding: .utf8)
    #expect(json.contains(#""green":false"#) && json.contains(#""interrupted":"interrupted by SIGINT after 2 of "#), "\(json.prefix(600))")
    let junit = try JUnitSummary(contentsOf: scratch.path("r.xml"))
    #expect(junit.testcases.count == 3 && junit.testcases.last == "interrupted", "\(junit.testcases)")
  }

  /// Ctrl-C while `fuzz platform` waits for a testee: no divergence is saved for the run it cut
  /// short (before: "interrupted by SIGINT" saved and shrunk as a divergence).
  @Test func fuzzPlatformInterruptedInARunSavesNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let starts = scratch.path("starts")
    // The first run is played; the second run's testee hangs.
    let testee = Self.counting(starts, first: "'\(Built.referenceTestee.path)'", later: "sleep 600", firstStarts: 2)
    let result = try signalled(["fuzz", "platform", "--out", scratch.path("fuzz"), "--runs", "5", "--timeout", "120", "--"] + testee, SIGINT, once: { Self.lines(starts) >= 3 })
    #expect(result.status == 130, "\(result)")
    #expect(result.stdout.contains("1 runs, ") && result.stdout.contains("0 divergences; interrupted by SIGINT after 1 of 5 runs"), "\(result)")
    #expect(!result.stdout.contains("DIVERGES") && !result.stdout.contains("shrinking"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("fuzz/divergences")))
  }

  /// Ctrl-C while `fuzz platform` shrinks a real divergence: the divergence is kept (its smallest
  /// case so far), and the run says it was interrupted.
  @Test func fuzzPlatformInterruptedWhileShrinkingKeepsTheDivergence() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let starts = scratch.path("starts")
    // The first run diverges (a testee that loses ACTIVE styles); the first shrinking candidate's
    // testee hangs.
    let testee = Self.counting(starts, first: "'\(Built.referenceTestee.path)' --bug lose-active-styles", later: "sleep 600", firstStarts: 2)
    let result = try signalled(["fuzz", "platform", "--out", scratch.path("fuzz"), "--runs", "1", "--commands", "2000", "--timeout", "120", "--"] + testee, SIGINT, once: { Self.lines(starts) >= 3 })
    #expect(result.status == 130, "\(result)")
    #expect(result.stdout.contains("DIVERGES  fail · state"), "\(result)")
    #expect(result.stdout.contains("shrinking interrupted"), "\(result)")
    let saved = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path("fuzz/divergences"))) ?? []
    #expect(saved.contains { $0.hasSuffix(".jsonl") }, "\(saved)")
    #expect(saved.allSatisfy { !(((try? String(contentsOfFile: scratch.path("fuzz/divergences/\($0)"), encoding: .utf8)) ?? "").contains("interrupted")) })
  }

  /// Ctrl-C while `fuzz engine` shrinks a failure: the failure is kept (the smallest script so
  /// far, its recording and description), reported, and the summary says interrupted.
  @Test func fuzzEngineInterruptedWhileShrinkingKeepsTheFailure() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let starts = scratch.path("starts")
    // Every run of the engine exits with status 3 after 9 records; the first shrinking
    // candidate's engine hangs before its header.
    let engine = Self.counting(starts, first: "'\(Built.engine.path)' --crash-after 9", later: "sleep 600")
    let result = try signalled(["fuzz", "engine", "--out", scratch.path("fuzz"), "--runs", "3", "--timeout", "120", "--"] + engine, SIGINT, once: { Self.lines(starts) >= 2 })
    #expect(result.status == 130, "\(result)")
    #expect(result.stdout.contains("shrinking interrupted"), "\(result)")
    #expect(result.stdout.contains("1 failure; interrupted by SIGINT after 1 of 3 runs"), "\(result)")
    #expect(result.stdout.contains("FAIL  exit status 3"), "\(result)")
    let failures = try FileManager.default.contentsOfDirectory(atPath: scratch.path("fuzz/failures"))
    let name = try #require(failures.first, "the failure found was dropped")
    #expect(name.hasPrefix("exit-status-3-"))
    for file in ["script.jsonl", "recording.jsonl", "failure.json"] {
      #expect(FileManager.default.fileExists(atPath: scratch.path("fuzz/failures/\(name)/\(file)")), "\(file)")
    }
    #expect(try Recording(scratch.path("fuzz/failures/\(name)/recording.jsonl")).lastMarker?.detail.hasPrefix("status 3") == true)
    let description = try String(contentsOfFile: scratch.path("fuzz/failures/\(name)/failure.json"), encoding: .utf8)
    #expect(description.contains(#""shrinkInterrupted":true"#), "\(description)")
    let summary = try String(contentsOfFile: scratch.path("fuzz/summary.json"), encoding: .utf8)
    #expect(summary.contains(#""interrupted":"interrupted by SIGINT after 1 of 3 runs""#), "\(summary)")
  }

  /// SIGTERM during `replay --engine`: the JUnit and JSON reports say interrupted.
  @Test func replayInterruptedSaysSoInItsReports() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let recordings = scratch.path("rec")
    try scratch.copy(Example.recording, to: "rec/a.jsonl")
    try scratch.copy(Example.recording, to: "rec/b.jsonl")
    let started = scratch.path("started")
    let engine = "echo started >> '\(started)'; exec sleep 600"
    let result = try signalled(["replay", "--engine", engine, recordings, "--record", "never", "--timeout", "120", "--junit", scratch.path("r.xml"), "--report", scratch.path("r.json")], SIGTERM, once: { FileManager.default.fileExists(atPath: started) }, environment: ["TMPDIR": try scratch.temporaryFolder()])
    #expect(result.status == 143, "\(result)")
    #expect(result.stdout.contains("interrupted by SIGTERM after 1 of 2 recordings"), "\(result)")
    let junit = try JUnitSummary(contentsOf: scratch.path("r.xml"))
    #expect(junit.testcases.last == "interrupted", "\(junit.testcases)")
    let json = try String(contentsOfFile: scratch.path("r.json"), encoding: .utf8)
    #expect(json.contains(#""interrupted":"interrupted by SIGTERM after 1 of 2 recordings""#), "\(json)")
  }
}
