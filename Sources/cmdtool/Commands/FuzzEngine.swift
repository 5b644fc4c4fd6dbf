import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct FuzzEngine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "engine",
    abstract: "Drive a live engine with random but possible interaction until it fails; shrink each failure to a minimal script.",
    discussion: """
      Starts the engine as `cmdtool record` does (the same wire, --listen, limits) and plays a \
      monkey: at each step it chooses, at random but weighted, something a user could do on the \
      screen the engine shows now (tap a button, switch or checkbox, type a string that breaks \
      naive code, choose in an open dialog, pick an option, back, scroll, wait for timers), and \
      prefers what led to screens not seen yet. A run ends after --steps steps, when the app \
      quits, or on a failure:

        the engine crashes or exits non-zero, hangs (--timeout), writes malformed output
        its commands break a protocol rule (cmdtool check's; --rules says which count)
        an --invariant fails: never:SELECTOR (no element on screen may match) or always:SELECTOR

      Each distinct failure is shrunk by running the engine again (delta debugging over the \
      steps, then shorter texts and earlier times), keeping a smaller script only when it fails \
      the same way, and kept under OUT/failures/NAME/ as script.jsonl (for cmdtool record \
      --script), recording.jsonl and failure.json; the summary prints a one-line reproduction.

        cmdtool fuzz engine --out fuzz --runs 20 -- .build/debug/example-engine --bug crash-after-two-cancels

      The budget is --runs N, or --time (as many runs as it allows); with neither, a minute. The \
      same --seed and engine give the same runs. --shard K/N runs every Nth seed (a CI \
      matrix); shards' output folders merge, the shorter script of a failure winning.

      A campaign into an OUT that holds failures plays their scripts first: each that fails the \
      same way again is reported (and counts), each that no longer does is moved to \
      OUT/fixed/NAME/ and reported as fixed.

      An engine that fails before its first record the first time it runs (it cannot start, \
      prints its usage, dies at once) is a setup error: the campaign stops at once and shows \
      the engine's own words. A campaign that plays no step at all (the engine shows no \
      application) tested nothing: an error unless --allow-empty. A crash shows the engine's \
      crash message (Fatal error: …, terminate called …). Ctrl-C keeps what was found, also a \
      failure half shrunk, and says the campaign was interrupted (summary.json too).

      Exit status: 0 the budget ran out with no failure, 1 failures found (in OUT), 2 a setup \
      error, nothing tested, or an unreadable saved failure, 64 bad usage, 128+N stopped by \
      signal N.
      """
  )

  @Option(name: .long, help: "The output folder (failures/, summary.json).")
  var out: String

  @Option(name: .long, help: "The campaign's seed.")
  var seed: UInt64 = 0

  @Option(name: .long, help: "Runs to play (with neither --runs nor --time: as many as a minute allows).")
  var runs: Int?

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long to explore: 60s, 5m (shrinking aside).", valueName: "duration"))
  var time: String?

  @Option(name: .long, help: "The most steps one run plays.")
  var steps: Int = 200

  @Option(name: .long, help: ArgumentHelp("Run this shard of the seeds: K/N, K from 1.", valueName: "K/N"))
  var shard: String = "1/1"

  @Option(name: .long, help: ArgumentHelp("A condition on what is on screen after every step: never:SELECTOR or always:SELECTOR (e.g. 'never:text \"undefined\"'). Repeatable.", valueName: "invariant"))
  var invariant: [String] = []

  @Option(name: .long, help: ArgumentHelp("Which protocol rules count as failures: errors (every error rule, the default), none, or a comma-separated list of rule ids (cmdtool check --rules).", valueName: "rules"))
  var rules: String = "errors"

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long shrinking one failure may take.", valueName: "duration"))
  var shrinkTime: String = "60s"

  @Flag(name: .long, help: "Pass when no step could be played (the engine showed no application); without it, that is an error, exit status 2.")
  var allowEmpty = false

  @OptionGroup var engineOptions: EngineOptions

  @Argument(parsing: .postTerminator, help: "The engine command and its arguments, after --.")
  var engine: [String] = []

  func validate() throws {
    if engine.isEmpty { throw ValidationError("give the engine command after --, e.g. cmdtool fuzz engine --out fuzz -- ./my-engine") }
    if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
    if steps < 1 { throw ValidationError("--steps must be at least 1") }
    _ = try Self.duration(time, "--time")
    _ = try Self.duration(shrinkTime, "--shrink-time")
    _ = try Shard.parse(shard)
    _ = try Self.check(rules: rules, invariants: invariant)
  }

  @OptionGroup var widgetOptions: WidgetOptions
  @OptionGroup var secretsOptions: SecretsOptions

  /// The campaign these options describe.
  func campaignOptions() throws -> FuzzCampaign.Options {
    var target = FuzzTarget(engine: engine)
    target.transport = engineOptions.transport
    target.limits = engineOptions.limits
    target.check = try Self.check(rules: rules, invariants: invariant)
    target.widgets = try widgetOptions.load()
    target.widgetsFile = widgetOptions.widgets
    // The monkey types no secrets, but failures saved in OUT (by `fuzz shrink`) may: their values
    // are loaded as `record` loads them, before any engine starts, with every other secret known
    // (the engine may be given one on its command line): all are scrubbed from what is written.
    do {
      target.secrets = try secretsOptions.load(try FuzzCampaign.secretNames(savedIn: out), purpose: "a saved failure in \(out)", everyKnown: true)
    } catch let error as FuzzCampaign.UnreadableFailure {
      printError(error.description)
      throw ExitStatus.badInput
    }
    target.secretsFile = secretsOptions.secrets
    var options = FuzzCampaign.Options(target: target, output: out)
    options.seed = seed
    options.runs = runs
    // A monkey finds rare sequences by playing many runs: without a budget, explore for a minute
    // (what a user trying it expects), not the library's ten runs.
    options.seconds = try Self.duration(time, "--time") ?? (runs == nil ? Self.defaultSeconds : nil)
    options.stepsPerRun = steps
    options.shard = try Shard.parse(shard)
    options.shrinkSeconds = try Self.duration(shrinkTime, "--shrink-time") ?? 60
    return options
  }

  func run() throws {
    let options = try campaignOptions()
    SignalTrap.install()
    let output = StandardOutput()
    defer { output.flush() }
    let report: FuzzCampaign.Report
    var runsSeen = 0
    do {
      report = try FuzzCampaign(options).run { event in
        switch event {
        case .runFinished(let run):
          // A line when something happens (a failure, new ground) and every tenth run, so a long
          // campaign shows whether it still finds new screens without flooding the log.
          runsSeen += 1
          guard run.failure != nil || run.newStates > 0 || runsSeen % 10 == 0 else { break }
          let ending = run.failure.map { "FAIL  \($0)" } ?? "clean"
          output.writeLine("run \(run.run) (seed \(run.seed)): \(run.steps) steps, \(run.distinctStates) states (+\(run.newStates) new), \(ending)")
        case .shrinking(let failure, let steps):
          output.writeLine("      shrinking \(failure.signature) from \(steps) steps…")
        case .kept(let found):
          let merged = found.mergedWithEarlier ? " (found before with a script as short: kept that one)" : ""
          let interrupted = found.shrinkInterrupted ? " (shrinking interrupted: the smallest script so far)" : ""
          output.writeLine("      minimal: \(found.steps) steps, \(found.failure.place); \(found.shrinkRuns) runs in \(Format.fixed(found.shrinkSeconds, digits: 1)) s\(merged)\(interrupted)")
        case .stillFails(let found):
          output.writeLine("saved \((found.folder as NSString).lastPathComponent): still fails (\(found.failure))")
        case .fixed(let fixed):
          let now = fixed.now.map { "; it fails otherwise now: \($0)" } ?? ""
          output.writeLine("saved \((fixed.folder as NSString).lastPathComponent): no longer fails (\(fixed.signature)); moved to \(fixed.folder)\(now)")
        }
        output.flush()
      }
    } catch let error as FuzzCampaign.UnreadableFailure {
      printError(error.description)
      throw ExitStatus.badInput
    } catch {
      printError("\(out): \(error.localizedDescription)")
      throw ExitStatus.badInput
    }
    if let setup = report.setupError {
      output.flush()
      throw setupError(setup.description, peer: "the engine", said: setup.engineSaid)
    }
    var line = "\(report.runs) runs, \(report.steps) steps, \(report.distinctStates) distinct states in \(Format.fixed(report.seconds, digits: 1)) s; \(report.failures.count) failure\(report.failures.count == 1 ? "" : "s")"
    let savedBefore = report.failures.filter(\.savedBefore).count
    if savedBefore > 0 { line += " (\(savedBefore) saved before, still failing)" }
    if !report.fixed.isEmpty { line += ", \(report.fixed.count) saved failure\(report.fixed.count == 1 ? "" : "s") fixed" }
    let interruption = report.interrupted
    if let interruption { line += "; \(interruption)" }
    output.writeLine(line)
    for found in report.failures {
      output.writeLine("FAIL  \(found.failure) (\(found.steps) step\(found.steps == 1 ? "" : "s")\(found.savedBefore ? ", saved before" : ""))")
      if !found.failure.engineSaid.isEmpty { output.writeLine(PeerWords.quoted(found.failure.engineSaid, by: "the engine", indent: "      ")) }
      output.writeLine("      \(found.reproduction(engine: engine, widgetsFile: widgetOptions.widgets, secrets: options.target.secrets))")
    }
    output.flush()
    if let interruption {
      printError(interruption.description)
      throw ExitCode(SignalTrap.exitStatus(for: interruption.signal))
    }
    if !report.failures.isEmpty { throw ExitCode(1) }
    if report.testedNothing && !allowEmpty {
      printError("no step was played: the engine showed no application (or quit at once), so nothing was tested (--allow-empty accepts that)")
      throw ExitStatus.badInput
    }
  }

  /// The exploring budget when neither `--runs` nor `--time` is given.
  static let defaultSeconds: Double = 60

  /// Seconds from `60s`, `5m`, `1500ms` (nil for nil).
  static func duration(_ text: String?, _ option: String) throws -> Double? {
    guard let text else { return nil }
    guard case .time(let milliseconds)? = try? ReplayPoint.parse(text), milliseconds > 0 else {
      throw ValidationError("\(option) \(text) is not a duration: use 60s, 5m or 1500ms")
    }
    return milliseconds / 1000
  }

  /// The rules and invariants that count.
  static func check(rules: String, invariants: [String]) throws -> FailureCheck {
    var check = FailureCheck()
    switch rules {
    case "errors": break
    case "none": check.rules = []
    default:
      var selected: Set<DiagnosticRule> = []
      for name in rules.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
        guard let rule = DiagnosticRule(rawValue: name) else {
          throw ValidationError("--rules: \(name) is not a rule id (cmdtool check --rules lists them), nor errors or none")
        }
        selected.insert(rule)
      }
      check.rules = selected
    }
    for text in invariants {
      guard let parsed = FailureCheck.Invariant(parsing: text) else {
        // A mode and a selector that is not one: say what is wrong with the selector.
        if let colon = text.firstIndex(of: ":"), FailureCheck.Invariant.Mode(rawValue: String(text[..<colon])) != nil,
          case .failure(let failure) = ElementSelector.parse(String(text[text.index(after: colon)...])) {
          throw ValidationError("--invariant \(text): \(failure)")
        }
        throw ValidationError("--invariant \(text) is not an invariant: use never:SELECTOR or always:SELECTOR, e.g. 'never:text \"undefined\"'")
      }
      check.invariants.append(parsed)
    }
    return check
  }
}
