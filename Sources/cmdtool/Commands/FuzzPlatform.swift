import ArgumentParser
import Replay

struct FuzzPlatform: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "platform",
    abstract: "Differential fuzzing of a platform: generated streams against the testee and the model; every divergence shrunk.",
    discussion: """
      Generates command streams (those of `cmdtool fuzz streams`: the engine's habits, dialogs \
      answered, text typed) and plays each against the platform under test over the testee \
      protocol of docs/CONFORMANCE.md, comparing its events and state with the reference \
      model's after every step. Each distinct divergence (the verdict and the first thing that \
      differs, ids aside) is shrunk by running the testee again: delta debugging over the steps, \
      then over the commands in the batches left, keeping a smaller case only when it diverges \
      the same way. It is saved as a trace, OUT/divergences/divergence-HASH.jsonl, a case for \
      the platform's own suite:

        cmdtool fuzz platform --out fuzz --runs 20 -- .build/debug/reference-testee --bug ignore-reorder
        cmdtool conformance --scenario fuzz/divergences/divergence-HASH.jsonl --cases 'Recommended.Scenario.*' -- …

      --violations P makes about P% of the steps break a protocol rule, to fuzz robustness. \
      A testee that cannot be started or fails the handshake of the first run is a setup \
      error: the campaign stops with the testee's own words, nothing is shrunk or saved. \
      Ctrl-C keeps the divergences found (one being shrunk: its smallest case so far) and \
      never saves the run it cut short.

      Exit status: 0 no divergence, 1 divergences found, 2 a testee that cannot start, or one \
      that skipped every run (unless --allow-empty), 64 bad usage, 128+N stopped by signal N.
      """
  )

  @Option(name: .long, help: "The output folder (divergences/).")
  var out: String

  @Option(name: .long, help: "The campaign's seed.")
  var seed: UInt64 = 0

  @Option(name: .long, help: "Runs to play (with neither --runs nor --time: 10).")
  var runs: Int?

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long to explore: 60s, 5m (shrinking aside).", valueName: "duration"))
  var time: String?

  @Option(name: .long, help: "About how many commands each generated stream holds.")
  var commands: Int = 300

  @Option(name: .long, help: "The percent of steps that break a protocol rule (0-100).")
  var violations: Double = 0

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long shrinking one divergence may take.", valueName: "duration"))
  var shrinkTime: String = "60s"

  @Option(name: .long, help: ArgumentHelp("The element kinds the streams create, comma-separated (textField,switch,…; the application and frame views always). Kinds the testee's hello says it lacks are left out either way.", valueName: "kinds"))
  var kinds: String?

  @Flag(name: .long, help: "Pass when the testee skips every run; without it, that is an error, exit status 2.")
  var allowEmpty = false

  @OptionGroup var engineOptions: EngineOptions

  @OptionGroup var sessionsOptions: SessionsOptions

  @Argument(parsing: .postTerminator, help: "The testee command and its arguments, after --.")
  var testee: [String] = []

  func validate() throws {
    if testee.isEmpty { throw ValidationError("give the testee command after --, e.g. cmdtool fuzz platform --out fuzz -- ./my-platform-testee") }
    if let runs, runs < 1 { throw ValidationError("--runs must be at least 1") }
    if commands < 1 { throw ValidationError("--commands must be at least 1") }
    if !(0...100).contains(violations) { throw ValidationError("--violations is a percent, 0-100") }
    _ = try FuzzEngine.duration(time, "--time")
    _ = try FuzzEngine.duration(shrinkTime, "--shrink-time")
    _ = try kindList()
  }

  /// `--kinds`, read.
  func kindList() throws -> Set<ElementKind>? {
    guard let kinds else { return nil }
    do {
      return try ElementKind.list(parsing: kinds)
    } catch {
      throw ValidationError("--kinds: \(error.description)")
    }
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    var settings = TesteeConnection.Settings(command: testee)
    settings.transport = engineOptions.transport
    settings.limits = engineOptions.limits
    settings.sessions = sessionsOptions.sessions
    var options = PlatformFuzzer.Options(testee: settings, output: out)
    options.seed = seed
    options.runs = runs
    options.seconds = try FuzzEngine.duration(time, "--time")
    options.commands = commands
    options.violationPercent = violations
    options.shrinkSeconds = try FuzzEngine.duration(shrinkTime, "--shrink-time") ?? 60
    options.widgets = try widgetOptions.load()
    options.kinds = try kindList()
    SignalTrap.install()
    let output = StandardOutput()
    defer { output.flush() }
    let report: PlatformFuzzer.Report
    do {
      report = try PlatformFuzzer(options).run { event in
        switch event {
        case .runFinished(let run, let seed, let commands, let result):
          output.writeLine("run \(run) (seed \(seed)): \(commands) commands, \(result.verdict == .pass ? "same as the model" : "\(result.verdict.rawValue): \(result.reason)")")
        case .shrinking(let signature, let steps):
          output.writeLine("      shrinking \(signature) from \(steps) steps…")
        case .saved(let divergence):
          let interrupted = divergence.shrinkInterrupted ? " (shrinking interrupted: the smallest case so far)" : ""
          output.writeLine("      minimal: \(divergence.steps) steps, \(divergence.commands) commands; \(divergence.shrinkRuns) runs in \(Format.fixed(divergence.shrinkSeconds, digits: 1)) s\(interrupted)")
        }
        output.flush()
      }
    } catch {
      printError("the generated case cannot be played on the model (a cmdtool bug): \(error)")
      throw ExitCode(70)
    }
    if let setup = report.setupError {
      output.flush()
      throw setupError("the testee failed before its handshake in the first run: \(setup.reason)", peer: "the testee", said: setup.testeeSaid ?? "")
    }
    if !report.excludedKinds.isEmpty {
      let lacked = report.lacked.isEmpty ? "" : "the testee lacks \(report.lacked.sorted().map(\.rawValue).joined(separator: ", ")); "
      output.writeLine(lacked + "the streams created no " + report.excludedKinds.sorted().map(\.rawValue).joined(separator: ", "))
    }
    let neverSent = report.sent.neverSent(leavingOut: report.excludedKinds)
    if report.runsJudged > 0 && !neverSent.isEmpty {
      output.writeLine("never sent to the testee (a bug there cannot have been found): " + neverSent.joined(separator: ", "))
    }
    let neverExercised = report.widgetEventsNeverExercised
    if report.runsJudged > 0 && !neverExercised.isEmpty {
      let named = neverExercised.map { report.widgetEventsUnsupported.contains($0) ? "\($0) (the testee answered unsupported)" : $0 }
      output.writeLine("widget events never exercised (a bug there cannot have been found): " + named.joined(separator: ", "))
    }
    let interruption = report.interruption.map { RunInterruption(signal: $0, signalName: SignalTrap.name(of: $0) ?? "signal \($0)", done: report.runs, total: runs, unit: "run") }
    let skipped = report.runs - report.runsJudged
    if report.runsOnKeptProcesses > 0 {
      // sessions=many (docs/CONFORMANCE.md §1.9): the probe, the runs and the shrinking's runs.
      let runs = report.testeeProcesses + report.runsOnKeptProcesses
      output.writeLine("sessions=many: \(runs) case runs in \(report.testeeProcesses) testee process\(report.testeeProcesses == 1 ? "" : "es")")
    }
    output.writeLine("\(report.runs) runs\(skipped > 0 ? " (\(skipped) skipped)" : ""), \(report.commands) commands in \(Format.fixed(report.seconds, digits: 1)) s; \(report.divergences.count) divergence\(report.divergences.count == 1 ? "" : "s")" + (interruption.map { "; \($0)" } ?? ""))
    for divergence in report.divergences {
      output.writeLine("DIVERGES  \(divergence.signature) (\(divergence.steps) steps, \(divergence.commands) commands)")
      output.writeLine(divergence.result.renderText().split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
      let widgets = widgetOptions.widgets.map { " --widgets " + $0 } ?? ""
      output.writeLine("      cmdtool conformance --scenario \(divergence.path) --cases \(divergence.caseName)\(widgets) -- \(testee.joined(separator: " "))")
    }
    output.flush()
    if let interruption {
      printError(interruption.description)
      throw ExitCode(SignalTrap.exitStatus(for: interruption.signal))
    }
    if !report.divergences.isEmpty { throw ExitCode(1) }
    if report.runsJudged == 0 && !allowEmpty {
      printError("the testee skipped every run (it does not report what the streams are about, or answered unsupported): nothing was tested (--allow-empty accepts that)")
      throw ExitStatus.badInput
    }
  }
}
