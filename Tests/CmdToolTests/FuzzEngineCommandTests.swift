import CommandCodec
import Foundation
import Testing
@testable import cmdtool

// `cmdtool fuzz engine` against the example engine and its bugs that only a particular sequence
// of interactions reveals: the monkey finds each within a small budget, shrinks it to the minimal
// script, and that script, played by `cmdtool record`, fails the same way.

@Suite struct FuzzEngineCommandTests {
  private func fuzz(_ options: [String], engine: [String] = [], in scratch: Scratch) throws -> FinishedRun {
    try Subprocess.cmdtool(["fuzz", "engine", "--out", scratch.path("fuzz")] + shrinkUntilDone + options + ["--", Built.engine.path] + engine, timeout: fuzzerPatience)
  }

  /// The failures kept under OUT/failures, by folder name, with their scripts' lines.
  private func failures(in scratch: Scratch) throws -> [String: [String]] {
    let folder = scratch.path("fuzz/failures")
    var result: [String: [String]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      let script = try String(contentsOfFile: folder + "/" + name + "/script.jsonl", encoding: .utf8)
      result[name] = script.split(separator: "\n").map(String.init)
    }
    return result
  }

  @Test func aCrashThatNeedsSevenStepsInOrderIsFoundAndShrunk() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "40"], engine: ["--bug", "crash-after-two-cancels"], in: scratch)
    #expect(run.status == 1, "\(run)")
    let found = try failures(in: scratch)
    #expect(found.count == 1, "\(found)")
    let (name, script) = try #require(found.first)
    #expect(name.hasPrefix("signal-6-sigabrt-"))
    // Log in (a name, a password, the button), then "Delete all" cancelled twice: nothing else.
    #expect(script.count == 7, "\(script)")
    #expect(script.filter { $0.contains(#""option":0"#) }.count == 2, "\(script)")
    #expect(run.stdout.contains("FAIL  signal 6 (SIGABRT) after choosing 0 in dialog \"Delete all items?\" (7 steps)"), "\(run)")
    // The one-line reproduction, played as printed, crashes the engine the same way.
    let path = scratch.path("fuzz/failures/\(name)/script.jsonl")
    #expect(run.stdout.contains("cmdtool record --script \(path) --out repro.jsonl -- \(Built.engine.path) --bug crash-after-two-cancels"), "\(run)")
    let repro = try Subprocess.cmdtool(["record", "--script", path, "--out", scratch.path("repro.jsonl"), "--", Built.engine.path, "--bug", "crash-after-two-cancels"])
    #expect(repro.status == 1, "\(repro)")
    #expect(try Recording(scratch.path("repro.jsonl.partial")).lastMarker?.detail.hasPrefix("signal 6") == true)
    // And the failure's recording and description are kept beside the script.
    let recording = try Recording(scratch.path("fuzz/failures/\(name)/recording.jsonl"))
    #expect(recording.lastMarker?.detail.hasPrefix("signal 6") == true)
    let description = try String(contentsOfFile: scratch.path("fuzz/failures/\(name)/failure.json"), encoding: .utf8)
    #expect(description.contains(#""failure":"signal 6 (SIGABRT)""#), "\(description)")
  }

  @Test func malformedOutputAfterTypingIsOneStep() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "20"], engine: ["--bug", "malformed-after-quote"], in: scratch)
    #expect(run.status == 1, "\(run)")
    let found = try failures(in: scratch)
    let script = try #require(found.first { $0.key.hasPrefix("malformed-output-") }?.value)
    #expect(script.count == 1, "\(script)")
    #expect(script.first?.contains(#"\""#) == true, "the text typed keeps a quote: \(script)")
  }

  @Test func aBrokenProtocolRuleIsAFailureUnlessRulesSayOtherwise() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "40"], engine: ["--bug", "recreate-items"], in: scratch)
    #expect(run.status == 1, "\(run)")
    let script = try #require(try failures(in: scratch).first { $0.key.hasPrefix("rule-duplicate-create-") }?.value)
    // Log in, back, log in again.
    #expect(script.count == 5, "\(script)")
    #expect(run.stdout.contains("; cmdtool check repro.jsonl"), "\(run)")
    let quiet = Scratch.init
    let other = try quiet()
    defer { other.remove() }
    let ignored = try fuzz(["--runs", "40", "--rules", "none"], engine: ["--bug", "recreate-items"], in: other)
    #expect(ignored.status == 0, "\(ignored)")
  }

  @Test func aHangInsideTheDialogIsFound() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // Seed 0 finds the hang in its third run; its shrinking times out some forty times, a second
    // each (a timeout in tenths could fire on a sound run of a loaded machine, and a hang is a
    // hang to the shrinker wherever it is). Should a sound run look hung all the same, that is a
    // failure at its own place: the one checked is the hang after the back key.
    let run = try fuzz(["--runs", "3", "--seed", "0", "--timeout", "1"], engine: ["--bug", "hang-on-back-in-dialog"], in: scratch)
    #expect(run.status == 1, "\(run)")
    let hang = try FileManager.default.contentsOfDirectory(atPath: scratch.path("fuzz/failures")).first { name in
      file(scratch.path("fuzz/failures/\(name)/failure.json"), holds: #"{"failure":"hang","place":"after back","#)
    }
    let name = try #require(hang, "no hang after the back key: \(run)")
    let script = try #require(try failures(in: scratch)[name])
    #expect(script.count == 5, "\(script)")
    #expect(script.last == #"{"back":true,"t":500}"#, "\(script)")
  }

  @Test func anInvariantOverTheScreen() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "10", "--invariant", #"never:button "Delete all""#], in: scratch)
    #expect(run.status == 1, "\(run)")
    let script = try #require(try failures(in: scratch).first?.value)
    #expect(script.count == 3, "\(script)")
    #expect(run.stdout.contains(#"FAIL  invariant never:button "Delete all" after a tap on button "Log in" (3 steps)"#), "\(run)")
  }

  @Test func thePlainEngineRunsCleanAndTheSameSeedGivesTheSameCampaign() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let first = try fuzz(["--runs", "15", "--seed", "7"], in: scratch)
    #expect(first.status == 0, "\(first)")
    #expect(try failures(in: scratch).isEmpty)
    let summary = try String(contentsOfFile: scratch.path("fuzz/summary.json"), encoding: .utf8)
    #expect(summary.contains(#""failures":[]"#), "\(summary)")
    let again = try fuzz(["--runs", "15", "--seed", "7"], in: scratch)
    // The same runs: every line but the timing at the end.
    #expect(first.stdout.split(separator: "\n").dropLast() == again.stdout.split(separator: "\n").dropLast(), "\(first)\n\(again)")
  }

  @Test func shardsSplitTheSeedsAndMergeTheirFailures() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let one = try fuzz(["--runs", "30", "--shard", "1/2"], engine: ["--bug", "recreate-items"], in: scratch)
    let two = try fuzz(["--runs", "30", "--shard", "2/2"], engine: ["--bug", "recreate-items"], in: scratch)
    #expect(one.status == 1 && two.status == 1, "\(one)\n\(two)")
    // Different seeds: shard 1 plays runs 0, 2, 4…, shard 2 runs 1, 3, 5….
    #expect(one.stdout.contains("run 0 ") && !one.stdout.contains("run 1 "), "\(one)")
    // One folder for the failure, whichever shard found it; a summary per shard.
    #expect(try failures(in: scratch).count == 1)
    #expect(FileManager.default.fileExists(atPath: scratch.path("fuzz/summary-1-of-2.json")))
    #expect(FileManager.default.fileExists(atPath: scratch.path("fuzz/summary-2-of-2.json")))
  }

  @Test(arguments: [
    (["--shard", "3/2"], "--shard 3/2 is not a shard"),
    (["--invariant", "sometimes:button"], "--invariant sometimes:button is not an invariant"),
    (["--rules", "no-such-rule"], "--rules: no-such-rule is not a rule id"),
    (["--time", "-5s"], "--time -5s is not a duration"),
    (["--steps", "0"], "--steps must be at least 1"),
  ])
  func badUsage(_ options: [String], _ message: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(options, in: scratch)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains(message), "\(run)")
  }

  @Test("The budget: a minute with neither --runs nor --time; --runs alone plays exactly N runs")
  func defaultBudget() throws {
    let none = try FuzzEngine.parse(["--out", "f", "--", "engine"]).campaignOptions()
    #expect(none.seconds == 60 && none.runs == nil)
    let runs = try FuzzEngine.parse(["--out", "f", "--runs", "5", "--", "engine"]).campaignOptions()
    #expect(runs.seconds == nil && runs.runs == 5)
    let time = try FuzzEngine.parse(["--out", "f", "--time", "5s", "--", "engine"]).campaignOptions()
    #expect(time.seconds == 5 && time.runs == nil)
  }

  /// A fuzzed engine is hostile by nature: every way of breaking the wire ends as a reported
  /// failure of its own kind, with the engine's recording kept up to where it broke. The
  /// timeouts are seconds: the start and the steps before the hang must meet them on a loaded
  /// machine too.
  @Test(arguments: [
    (["--garbage"], [], "malformed output at the start", "engine-error"),
    (["--close-early"], [], "output closed early at the start", "engine-stopped"),
    (["--exit-status", "3"], [], "exit status 3 after a tap on button \"Log in\"", "engine-exit"),
    (["--linger"], ["--timeout", "2"], "no exit after the end of input", "engine-timeout"),
    (["--flood", "3000000", "--flood-batch", "1000"], ["--max-wait", "0.3"], "flood at the start", "engine-timeout"),
    (["--no-sync"], ["--timeout", "2"], "hang at the start", "engine-timeout"),
    (["--hang"], ["--timeout", "2"], "hang after a tap on button \"Log in\"", "engine-timeout"),
  ])
  func aHostileEngineIsAReportedFailureWithItsRecording(engine: [String], options: [String], failure: String, marker: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "2"] + options, engine: engine, in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  \(failure)"), "\(run)")
    let found = try failures(in: scratch)
    #expect(found.count == 1, "\(found)")
    let name = try #require(found.first?.key)
    let recording = try Recording(scratch.path("fuzz/failures/\(name)/recording.jsonl"))
    #expect(recording.markers.contains { $0.label == marker }, "\(recording.markers.map(\.label))")
    #expect(recording.lastMarker?.label == "engine-exit", "the engine's end is recorded: \(recording.markers.map(\.label))")
  }
}
