import Foundation
import Testing

// Two `cmdtool record --out rec.jsonl` at once (issue #23): they used to share rec.jsonl.partial,
// so one reported success while rec.jsonl failed to read, and the other said "rec.jsonl is
// unchanged" (false) naming a partial file that no longer existed. Each writer now has a
// temporary of its own and renames it into place whole: both succeed, and rec.jsonl is one of
// the two recordings, byte for byte.
//
// The sessions overlap for certain, not by luck: each engine runs in a shell that, once the
// engine has exited (its whole session is recorded), says so with a file and then keeps the
// recording open until the test creates the gate file. Only then do the recorders finish.

@Suite struct ConcurrentWriterTests {
  /// How many times the two sessions race.
  static let rounds = 8

  /// The example engine with `options`, in a shell that creates `ready` once the engine exited
  /// and ends (closing the recording's stream) only once `gate` exists.
  private func gatedEngine(_ options: String, ready: String, gate: String) -> [String] {
    ["sh", "-c", "'\(Built.engine.path)' \(options); status=$?; : > '\(ready)'; while [ ! -e '\(gate)' ]; do sleep 0.02; done; exit $status"]
  }

  private func record(_ out: String, _ engine: [String], script: String = Example.script) throws -> Subprocess {
    // A long --timeout: the shell keeps the stream open until the gate opens.
    try Subprocess(Built.cmdtool, ["record", "--out", out, "--script", script, "--timeout", "120", "--"] + engine)
  }

  @Test func twoRecordingsOfOneOutputNeverMix() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // The two sessions differ (their engine-exit markers carry different stderr), so that a
    // mix of the two, or the one that lost, would show.
    let options = ["--stderr 'first run'", "--stderr 'second run'"]
    let open = try scratch.write("open", "")
    var expected: [Data] = []
    for (index, option) in options.enumerated() {
      let alone = scratch.path("alone-\(index).jsonl")
      let run = try record(alone, gatedEngine(option, ready: scratch.path("alone-ready-\(index)"), gate: open)).wait(timeout: 120)
      #expect(run.status == 0, "\(run)")
      expected.append(try Data(contentsOf: URL(fileURLWithPath: alone)))
    }
    #expect(expected[0] != expected[1])
    let folder = scratch.path("race")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let out = folder + "/rec.jsonl"
    for round in 1...Self.rounds {
      let gate = scratch.path("gate-\(round)")
      let ready = options.indices.map { scratch.path("ready-\(round)-\($0)") }
      let writers = try options.indices.map { try record(out, gatedEngine(options[$0], ready: ready[$0], gate: gate)) }
      defer { writers.forEach { $0.kill() } }
      // Both sessions are recorded and neither recorder has finished: let them finish together.
      #expect(eventually(within: 120) { ready.allSatisfy { FileManager.default.fileExists(atPath: $0) } }, "round \(round): the sessions never ended")
      _ = try scratch.write("gate-\(round)", "")
      let runs = writers.map { $0.wait(timeout: 120) }
      for run in runs {
        #expect(run.status == 0, "round \(round): \(run)")
        #expect(run.stderr.contains("to \(out)\n"), "round \(round): \(run)")
        #expect(!run.stderr.contains("unchanged"), "round \(round): \(run)")
      }
      let written = try Data(contentsOf: URL(fileURLWithPath: out))
      #expect(expected.contains(written), "round \(round): \(out) is neither recording whole")
      let show = try Subprocess.cmdtool(["show", out])
      #expect(show.status == 0, "round \(round): \(show)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["rec.jsonl"], "round \(round)")
    }
  }

  @Test func twoFailedRecordingsOfOneOutputKeepOneEach() throws {
    // Both sessions fail (the engine crashes) and end together: neither replaces the other's
    // partial recording, and each message names a file that holds that run's records, as many
    // as it says.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("rec.jsonl")
    let runs = ["first run", "second run"]
    let gate = scratch.path("gate")
    let ready = runs.indices.map { scratch.path("ready-\($0)") }
    let writers = try runs.indices.map { try record(out, gatedEngine("--crash-after 4 --stderr '\(runs[$0])'", ready: ready[$0], gate: gate)) }
    defer { writers.forEach { $0.kill() } }
    #expect(eventually(within: 120) { ready.allSatisfy { FileManager.default.fileExists(atPath: $0) } }, "the sessions never ended")
    _ = try scratch.write("gate", "")
    var kept: Set<String> = []
    for (writer, said) in zip(writers, runs) {
      let run = writer.wait(timeout: 120)
      #expect(run.status == 1, "\(run)")
      #expect(run.stderr.contains("; \(out) was not written"), "\(run)")
      let summary = try #require(run.stderr.firstMatch(of: /recorded (\d+) records \([^)]*\) to ([^;]+);/), "\(run)")
      let path = String(summary.2)
      #expect(path == out + ".partial" || path.hasPrefix(out + ".partial-"), "\(run)")
      let recording = try Recording(path)
      #expect(recording.records.count == Int(summary.1), "\(run)")
      #expect(recording.lastMarker?.detail.contains(said) == true, "\(path) is not the recording of the \(said): \(String(describing: recording.lastMarker))")
      kept.insert(path)
    }
    #expect(kept.count == 2)
    #expect(kept.contains(out + ".partial"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aFailedRecordingDuringAGoodOneTellsTheTruth() throws {
    // A session fails and ends while another is being recorded to the same output: the failed
    // one's recording is where its message says, what it says of rec.jsonl is true, and the
    // good one then takes rec.jsonl, whole.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("rec.jsonl")
    let expected = try Data(contentsOf: URL(fileURLWithPath: Example.recording))
    for round in 1...Self.rounds / 2 {
      let gate = scratch.path("gate-\(round)")
      let ready = scratch.path("ready-\(round)")
      let good = try record(out, gatedEngine("", ready: ready, gate: gate))
      defer { good.kill() }
      #expect(eventually(within: 120) { FileManager.default.fileExists(atPath: ready) }, "round \(round): the good session never ended")
      let failed = try record(out, [Built.engine.path, "--crash-after", "4"]).wait(timeout: 120)
      #expect(failed.status == 1, "round \(round): \(failed)")
      let before = round == 1 ? "\(out) was not written" : "\(out) is unchanged"
      #expect(failed.stderr.contains("to \(out).partial; \(before)"), "round \(round): \(failed)")
      let kept = try Recording(out + ".partial")
      #expect(kept.lastMarker?.detail.hasPrefix("status 3") == true, "round \(round): \(String(describing: kept.lastMarker))")
      _ = try scratch.write("gate-\(round)", "")
      let ok = good.wait(timeout: 120)
      #expect(ok.status == 0, "round \(round): \(ok)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == expected, "round \(round)")
      // The failed run's partial recording appeared while the good one ran: it stays.
      #expect(try Recording(out + ".partial").lastMarker?.detail.hasPrefix("status 3") == true, "round \(round)")
    }
  }
}
