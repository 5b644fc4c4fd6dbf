import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct FuzzShrinkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shrink",
    abstract: "Shrink a script that makes an engine fail to the smallest one that fails the same way.",
    discussion: """
      Plays the script against the engine as `cmdtool record` would (named secrets too: \
      CMDTOOL_SECRET_NAME or --secrets FILE), with the rules and \
      invariants of `cmdtool fuzz engine` checked between steps. When it fails, the script is \
      shrunk as a campaign shrinks what it finds (delta debugging over the steps, runs of \
      adjacent steps, shorter texts, earlier times; every candidate a real run) and kept under \
      OUT/failures/NAME/ with its recording and a one-line reproduction.

        cmdtool fuzz shrink --script long.script.jsonl --out shrunk -- .build/debug/example-engine --bug crash-after-two-cancels

      Exit status: 1 the script fails (and was shrunk), 0 it was played to its end and does not \
      fail, 2 an unreadable script, a missing secret, an engine that fails before its first \
      record, or a script that cannot be played to its end (a selector matches nothing), 64 bad \
      usage, 128+N stopped by signal N.
      """
  )

  @Option(name: .long, help: "The script (JSON Lines steps, as `cmdtool record --script` reads).")
  var script: String

  @Option(name: .long, help: "The output folder (failures/).")
  var out: String

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long shrinking may take.", valueName: "duration"))
  var shrinkTime: String = "60s"

  @Option(name: .long, help: ArgumentHelp("A condition on what is on screen after every step: never:SELECTOR or always:SELECTOR. Repeatable.", valueName: "invariant"))
  var invariant: [String] = []

  @Option(name: .long, help: ArgumentHelp("Which protocol rules count as failures: errors (the default), none, or rule ids.", valueName: "rules"))
  var rules: String = "errors"

  @OptionGroup var engineOptions: EngineOptions

  @OptionGroup var secretsOptions: SecretsOptions

  @Argument(parsing: .postTerminator, help: "The engine command and its arguments, after --.")
  var engine: [String] = []

  func validate() throws {
    if engine.isEmpty { throw ValidationError("give the engine command after --") }
    _ = try FuzzEngine.duration(shrinkTime, "--shrink-time")
    _ = try FuzzEngine.check(rules: rules, invariants: invariant)
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
      printError("\(script): cannot read the script")
      throw ExitStatus.badInput
    }
    let steps: EventScript
    do {
      steps = try EventScript(parsing: text, file: script)
    } catch {
      printError("\(script): \(error)")
      throw ExitStatus.badInput
    }
    var target = FuzzTarget(engine: engine)
    target.transport = engineOptions.transport
    target.limits = engineOptions.limits
    target.check = try FuzzEngine.check(rules: rules, invariants: invariant)
    target.widgets = try widgetOptions.load()
    target.widgetsFile = widgetOptions.widgets
    // Every secret known, typed or not, as `record` does: the engine may be given one another way.
    target.secrets = try secretsOptions.load(steps.secretNames, everyKnown: true)
    target.secretsFile = secretsOptions.secrets
    SignalTrap.install()
    let found: FuzzCampaign.Found?
    do {
      found = try FuzzShrink.shrink(steps, target: target, output: out, seconds: try FuzzEngine.duration(shrinkTime, "--shrink-time") ?? 60)
    } catch let error as FuzzCampaign.SetupError {
      throw setupError(error.description, peer: "the engine", said: error.engineSaid)
    } catch let error as FuzzShrink.Unplayable {
      printError("\(script): the script cannot be played to its end, so it neither fails nor passes: \(error.description)")
      throw ExitStatus.badInput
    } catch {
      printError("\(out): \(error.localizedDescription)")
      throw ExitStatus.badInput
    }
    guard let found else {
      if let signal = SignalTrap.caught {
        printError("interrupted by \(SignalTrap.name(of: signal) ?? "signal \(signal)") before the script's first run ended")
        throw ExitCode(SignalTrap.exitStatus(for: signal))
      }
      print("the script does not fail: \(steps.steps.count) steps played, the engine ended well, no rule or invariant broke")
      return
    }
    let interrupted = found.shrinkInterrupted ? ", shrinking interrupted" : ""
    print("FAIL  \(found.failure) (\(found.steps) step\(found.steps == 1 ? "" : "s"), from \(found.originalSteps); \(found.shrinkRuns) runs in \(Format.fixed(found.shrinkSeconds, digits: 1)) s\(interrupted))")
    if !found.failure.engineSaid.isEmpty { print(PeerWords.quoted(found.failure.engineSaid, by: "the engine", indent: "      ")) }
    print("      \(found.reproduction(engine: engine, widgetsFile: widgetOptions.widgets, secretsFile: secretsOptions.secrets, secrets: target.secrets))")
    // What was found is kept and shown also when a signal stopped the shrinking.
    if let signal = SignalTrap.caught { throw ExitCode(SignalTrap.exitStatus(for: signal)) }
    throw ExitCode(1)
  }
}
