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
  }

  /// What the campaign reports as it goes.
  public enum Event: Sendable {
    case runFinished(RunSummary)
    case shrinking(FuzzFailure, steps: Int)
    case kept(Found)
  }

  /// How the campaign went.
  public struct Report: Sendable {
    public var runs = 0
    public var steps = 0
    public var distinctStates = 0
    public var failures: [Found] = []
    public var seconds: Double = 0
    /// The signal that stopped the campaign, if one did.
    public var interruption: Int32?
    /// When new ground was found: after which run, how many distinct states, at which second.
    public var statesOverTime: [(run: Int, states: Int, seconds: Double)] = []

    public init() {}
  }

  public let options: Options

  public init(_ options: Options) {
    self.options = options
  }

  /// The seed of run `index` (the campaign's seed mixed with the index).
  public static func seed(ofRun index: Int, campaign seed: UInt64) -> UInt64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
    return mixer.next()
  }

  /// Runs the campaign.
  /// - Throws: when the output folder cannot be made.
  public func run(events: (Event) -> Void = { _ in }) throws -> Report {
    let start = Monotonic.now()
    let files = FileManager.default
    let output = FuzzOutput(folder: options.output)
    try output.prepare()
    defer { output.cleanUp() }
    let guidance = Guidance()
    var report = Report()
    var seen: [FuzzFailure.Kind: Found] = [:]
    let runs = options.runs ?? (options.seconds == nil ? 10 : .max)
    var number = 0
    while number < runs {
      if let seconds = options.seconds, Monotonic.now() - start >= seconds * 1000 { break }
      let run = options.shard.index - 1 + number * options.shard.count
      number += 1
      let seed = Self.seed(ofRun: run, campaign: options.seed)
      let monkey = MonkeySteps(seed: seed, guidance: guidance, check: options.target.check, maxSteps: options.stepsPerRun)
      let recording = output.work("run-\(run).jsonl")
      let session = options.target.session(monkey, recordingTo: recording, found: { monkey.failure }, lastStep: { monkey.steps.last })
      report.runs += 1
      report.steps += monkey.steps.count
      if guidance.distinctStates > report.distinctStates {
        report.statesOverTime.append((run, guidance.distinctStates, (Monotonic.now() - start) / 1000))
      }
      report.distinctStates = guidance.distinctStates
      if let signal = session.outcome.interruption {
        report.interruption = signal
        break
      }
      events(.runFinished(RunSummary(run: run, seed: seed, steps: monkey.steps.count, newStates: monkey.newStates, distinctStates: guidance.distinctStates, failure: session.failure)))
      defer { try? files.removeItem(atPath: recording) }
      guard let failure = session.failure, seen[failure.kind] == nil else { continue }
      events(.shrinking(failure, steps: monkey.steps.count))
      let shrinker = FailureShrinker(target: options.target, kind: failure.kind, scratch: output.work("shrink.jsonl"), budget: options.shrinkSeconds)
      let minimal = shrinker.shrink(monkey.steps, failure: failure)
      if SignalTrap.caught != nil {
        report.interruption = SignalTrap.caught
        break
      }
      let found = try output.keep(minimal, originalSteps: monkey.steps.count, run: run, target: options.target)
      seen[failure.kind] = found
      report.failures.append(found)
      events(.kept(found))
    }
    report.seconds = (Monotonic.now() - start) / 1000
    try output.writeSummary(report, options: options)
    return report
  }
}
