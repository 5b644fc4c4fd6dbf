import CommandCodec
import Foundation
import ReplayCore
import ReplayLive

/// A fuzzing campaign against a live engine: runs of the monkey (``MonkeySteps``), each from a
/// seed of its own, steered across runs towards screens not seen yet, until a budget runs out;
/// every distinct failure shrunk to a minimal script and kept in an output folder with its
/// recording and a one-line reproduction.
///
/// Seeded and sharded: run `i` of a campaign with seed `s` always plays the same steps against the
/// same engine; `shard K/N` takes the runs `K-1, K-1+N, …`, so N machines cover N times the seeds
/// and their output folders merge (a failure's folder is named by its signature).
public final class FuzzCampaign {
  public struct Options: Sendable {
    public var target: FuzzTarget
    public var seed: UInt64 = 0
    /// Runs of this shard (nil: until the time runs out; with neither, 10).
    public var runs: Int?
    /// Seconds the exploration may take (shrinking aside).
    public var seconds: Double?
    /// The most steps one run plays.
    public var stepsPerRun = 200
    /// This shard (1-based) of how many.
    public var shard = (index: 1, count: 1)
    /// The output folder.
    public var output: String
    /// Seconds shrinking one failure may take.
    public var shrinkSeconds: Double = 60

    public init(target: FuzzTarget, output: String) {
      self.target = target
      self.output = output
    }
  }

  /// One run, as it ended.
  public struct RunSummary: Sendable {
    public var run: Int
    public var seed: UInt64
    public var steps: Int
    public var newStates: Int
    public var distinctStates: Int
    public var failure: FuzzFailure?
  }

  /// A failure kept in the output folder.
  public struct Found: Sendable {
    public var failure: FuzzFailure
    public var folder: String
    public var script: String
    public var recording: String
    /// Steps of the minimal script, and of the run that found it.
    public var steps: Int
    public var originalSteps: Int
    public var run: Int
    public var shrinkRuns: Int
    public var shrinkSeconds: Double
    /// Whether another shard or campaign had found it with a script this short or shorter.
    public var mergedWithEarlier: Bool
    /// Whether it was in the output folder before this campaign, which played its script first
    /// and saw it fail the same way again.
    public var savedBefore = false
    /// Whether a signal stopped its shrinking: the script is the smallest found until then.
    public var shrinkInterrupted = false
  }

  /// A failure the output folder held that no longer fails the same way: moved to `OUT/fixed/`.
  public struct Fixed: Sendable {
    public var signature: String
    /// Where it is now (`OUT/fixed/SLUG`).
    public var folder: String
    /// How its script's run ended this time: nil when it did not fail, else the other failure.
    public var now: FuzzFailure?
  }

  /// The engine failed before its first record the first time it ran: it cannot start (no such
  /// program, not executable, a usage error, a missing library). No step was played, so it is
  /// no finding; every run would show it, so the campaign stops at once.
  public struct SetupError: Error, Sendable, CustomStringConvertible {
    /// What happened: `the engine ended with exit status 64 before its first record`.
    public var description: String
    /// The engine's own words: the start of its error output, or its crash message.
    public var engineSaid: String
  }

  /// A failure the output folder holds that cannot be read: the file and what is wrong with it.
  public struct UnreadableFailure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// What the campaign reports as it goes.
  public enum Event: Sendable {
    case runFinished(RunSummary)
    case shrinking(FuzzFailure, steps: Int)
    case kept(Found)
    /// A saved failure's script failed the same way again.
    case stillFails(Found)
    case fixed(Fixed)
  }

  /// How the campaign went.
  public struct Report: Sendable {
    public var runs = 0
    public var steps = 0
    public var distinctStates = 0
    /// Every failure, saved ones that still fail first.
    public var failures: [Found] = []
    /// Saved failures played again, and those of them that no longer fail.
    public var replayed = 0
    public var fixed: [Fixed] = []
    public var seconds: Double = 0
    /// The signal that stopped the campaign, if one did.
    public var interruption: Int32?
    /// The same, as every report says it: `interrupted by SIGINT after 3 of 40 runs`.
    public var interrupted: RunInterruption?
    /// Why the campaign stopped before it began, if it did (nothing is reported or written then).
    public var setupError: SetupError?
    /// When new ground was found: after which run, how many distinct states, at which second.
    public var statesOverTime: [(run: Int, states: Int, seconds: Double)] = []

    public init() {}

    /// Whether nothing was tested: no step played and no saved failure replayed (the engine
    /// showed no application, or quit at once). Not a pass unless the user says so.
    public var testedNothing: Bool {
      setupError == nil && interruption == nil && steps == 0 && replayed == 0 && failures.isEmpty
    }
  }

  public let options: Options

  public init(_ options: Options) {
    self.options = options
  }

  /// The seed of run `index` (the campaign's seed mixed with the index).
  public static func seed(ofRun index: Int, campaign seed: UInt64) -> UInt64 {
    SplitMix64.mixed(seed, index)
  }

  /// The named secrets that the failures saved in `folder` type (docs/WIRE.md §7): a campaign's
  /// target needs their values (``FuzzTarget/secrets``) to play them again.
  /// - Throws: ``UnreadableFailure`` for a saved failure that cannot be read.
  public static func secretNames(savedIn folder: String) throws -> [String] {
    try FuzzOutput.secretNames(savedIn: folder)
  }

  /// Runs the campaign: first the failures the output folder holds (each still failing is
  /// reported, each fixed one moved to `OUT/fixed/`), then the runs of the budget.
  /// - Throws: when the output folder cannot be made, or a saved failure in it cannot be read.
  public func run(events: (Event) -> Void = { _ in }) throws -> Report {
    let start = Monotonic.now()
    let files = FileManager.default
    let output = FuzzOutput(folder: options.output)
    let saved = try output.savedFailures()
    try output.prepare()
    defer { output.cleanUp() }
    let guidance = Guidance()
    var report = Report()
    var seen: [FuzzFailure.Kind: Found] = [:]
    // Until the engine has written a record once, a run that fails before its first record says
    // it cannot start at all.
    var engineAnswered = false
    func isSetupError(_ session: FuzzTarget.Session) -> Bool {
      if session.outcome.failedBeforeFirstRecord && !engineAnswered {
        report.setupError = SetupError(description: options.target.secrets.scrub(session.outcome.startFailure ?? "the engine failed before its first record"), engineSaid: options.target.secrets.scrub(session.outcome.engineSaid))
        return true
      }
      engineAnswered = engineAnswered || session.outcome.recordsReceived > 0
      return false
    }
    func shrinkAndKeep(_ failure: FuzzFailure, steps: [EventScript.Step], run: Int, recordedIn recording: String) throws {
      events(.shrinking(failure, steps: steps.count))
      let shrinker = FailureShrinker(target: options.target, kind: failure.kind, scratch: output.work("shrink.jsonl"), budget: options.shrinkSeconds)
      let minimal = shrinker.shrink(steps, failure: failure, recordedIn: recording)
      // Interrupted or not, what was found is kept: the smallest script that failed so far.
      let found = try output.keep(minimal, originalSteps: steps.count, run: run, target: options.target)
      seen[failure.kind] = found
      report.failures.append(found)
      events(.kept(found))
      if minimal.interrupted { report.interruption = SignalTrap.caught }
    }
    for failure in saved {
      if let signal = SignalTrap.caught { report.interruption = signal }
      guard report.interruption == nil else { break }
      let recording = output.work("saved.jsonl")
      let session = options.target.replay(failure.steps, recordingTo: recording)
      if let signal = session.outcome.interruption {
        report.interruption = signal
        break
      }
      if isSetupError(session) { return report }
      report.replayed += 1
      if let now = session.failure, now.signature == failure.signature {
        var found = Found(
          failure: now, folder: failure.folder, script: failure.script, recording: failure.recording, steps: failure.steps.count,
          originalSteps: failure.steps.count, run: -1, shrinkRuns: 0, shrinkSeconds: 0, mergedWithEarlier: false)
        found.savedBefore = true
        seen[now.kind] = found
        report.failures.append(found)
        events(.stillFails(found))
      } else {
        let fixed = Fixed(signature: failure.signature, folder: try output.moveToFixed(failure), now: session.failure)
        report.fixed.append(fixed)
        events(.fixed(fixed))
        // Its script fails another way now: that is a failure of its own.
        if let now = session.failure, seen[now.kind] == nil {
          try shrinkAndKeep(now, steps: failure.steps, run: -1, recordedIn: recording)
        }
      }
    }
    let runs = options.runs ?? (options.seconds == nil ? 10 : .max)
    var number = 0
    while number < runs && report.interruption == nil {
      if let seconds = options.seconds, Monotonic.now() - start >= seconds * 1000 { break }
      if let signal = SignalTrap.caught {
        report.interruption = signal
        break
      }
      let run = options.shard.index - 1 + number * options.shard.count
      number += 1
      let seed = Self.seed(ofRun: run, campaign: options.seed)
      let monkey = MonkeySteps(seed: seed, guidance: guidance, check: options.target.check, maxSteps: options.stepsPerRun)
      let recording = output.work("run-\(run).jsonl")
      defer { try? files.removeItem(atPath: recording) }
      let session = options.target.session(monkey, recordingTo: recording, found: { monkey.failure }, lastStep: { monkey.steps.last })
      // A run cut short by a signal is no run: its ending is cmdtool's, not the engine's.
      if let signal = session.outcome.interruption {
        report.interruption = signal
        break
      }
      if isSetupError(session) { return report }
      report.runs += 1
      report.steps += monkey.steps.count
      if guidance.distinctStates > report.distinctStates {
        report.statesOverTime.append((run, guidance.distinctStates, (Monotonic.now() - start) / 1000))
      }
      report.distinctStates = guidance.distinctStates
      events(.runFinished(RunSummary(run: run, seed: seed, steps: monkey.steps.count, newStates: monkey.newStates, distinctStates: guidance.distinctStates, failure: session.failure)))
      guard let failure = session.failure, seen[failure.kind] == nil else { continue }
      try shrinkAndKeep(failure, steps: monkey.steps, run: run, recordedIn: recording)
    }
    report.seconds = (Monotonic.now() - start) / 1000
    report.interrupted = report.interruption.map { RunInterruption(signal: $0, signalName: SignalTrap.name(of: $0) ?? "signal \($0)", done: report.runs, total: options.runs, unit: "run") }
    try output.writeSummary(report, options: options)
    return report
  }
}
