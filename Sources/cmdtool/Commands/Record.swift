import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct Record: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Record a session against a live engine, playing the platform.",
    discussion: """
      Starts the engine, plays the platform with the reference model, drives the engine with an \
      event script, and records everything that crosses the wire, both ways, with times \
      (docs/WIRE.md describes what the engine must do).

        cmdtool record --out session.jsonl --script traces/example.script.jsonl -- .build/debug/example-engine

      The script is JSON Lines of timed steps, elements named by id or by a selector on the \
      current state (ids change between engine builds):

        {"t":1500,"type":"textField","text":"alice"}
        {"t":2000,"tap":"button \\"Log in\\""}
        {"t":3000,"choose":"dialog","option":1}
        {"t":3500,"back":true}

      --clock virtual (the default) moves time only between steps, so the same engine and script \
      give the same recording; --clock wall uses real time for engines that cannot echo sync \
      markers. Text typed into password fields (and whatever --redact names) is recorded as a stand-in \
      (redacted-…), the same for the same text, so replays still line up.

      Every record reaches the file before cmdtool waits for anything after it: if the engine or \
      cmdtool dies, the recording holds everything received before, and its last record says how \
      the engine ended. --timeout is how long the engine may stay silent while cmdtool waits for \
      it; --max-wait how long it may keep writing without giving the answer cmdtool waits for.

      For engines that cannot give up stdio, --listen unix:PATH or --listen tcp:PORT carries the \
      same bytes over a socket; the engine finds the address in CMDTOOL_WIRE:

        cmdtool record --listen tcp:0 --out session.jsonl -- ./my-engine

      Exit status: 0 the session ran and the engine exited with 0; 1 the engine failed (exit \
      status, crash, no answer); 2 unreadable input (the script, or what the engine wrote).
      """
  )

  @Option(name: .long, help: "The recording to write (.jsonl or .cmdtrace).")
  var out: String

  @Option(name: .long, help: "The event script (JSON Lines). Without one the engine is started, settled and stopped.")
  var script: String?

  @Option(name: .long, help: "virtual (deterministic, needs sync echoes) or wall.")
  var clock: Recorder.Clock = .virtual

  @Option(name: .long, help: "Seconds of silence from the engine, while cmdtool waits for its header, a sync echo or its exit, after which it counts as hung.")
  var timeout: Double = 10

  @Option(name: .long, help: "Seconds cmdtool waits for one answer (the header, a sync echo) while the engine keeps writing without giving it: an engine flooding the pipe.")
  var maxWait: Double = 600

  @Option(name: .long, help: ArgumentHelp("Where the engine's records travel: stdio (its standard output and input), unix:PATH or tcp:PORT (a socket cmdtool listens on, on 127.0.0.1 for TCP; port 0 picks a free one). The engine finds the address in CMDTOOL_WIRE.", valueName: "transport"))
  var listen: String = "stdio"

  @Option(name: .long, help: "With --clock wall: milliseconds of quiet from the engine that count as settled.")
  var settle: Double = 200

  @Option(name: .long, help: "Also hide, in the recording: pref:KEY (a preference's value) or path:PATTERN (the texts of elements whose path matches, e.g. 'path:*searchBar *'). Repeatable.")
  var redact: [String] = []

  @Flag(name: .long, help: "Record typed passwords as they are.")
  var keepPasswords = false

  @Option(name: .long, help: "A preference the platform has stored at the start, as KEY=VALUE. Repeatable.")
  var preference: [String] = []

  @Argument(parsing: .postTerminator, help: "The engine command and its arguments, after --.")
  var engine: [String] = []

  func validate() throws {
    if engine.isEmpty { throw ValidationError("give the engine command after --, e.g. cmdtool record --out s.jsonl -- ./my-engine") }
    if TraceFormat(pathExtensionOf: out) == nil { throw ValidationError("cannot tell the format of \"\(out)\": name it .jsonl or .cmdtrace") }
    if let bad = preference.first(where: { !$0.contains("=") }) { throw ValidationError("--preference \(bad) must be KEY=VALUE") }
    if !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
    if WireTransport(parsing: listen) == nil {
      throw ValidationError("--listen \(listen) is not a transport: use stdio, unix:PATH or tcp:PORT")
    }
    if !(maxWait > 0) { throw ValidationError("--max-wait must be a positive number of seconds") }
    if !(settle >= 0) { throw ValidationError("--settle must be a number of milliseconds ≥ 0") }
    var probe = Redaction()
    if let bad = redact.first(where: { !probe.add(rule: $0) }) {
      throw ValidationError("--redact \(bad) is not a rule: use pref:KEY or path:PATTERN")
    }
  }

  func run() throws {
    var steps = EventScript()
    if let script {
      guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
        printError("\(script): cannot read the script")
        throw ExitStatus.badInput
      }
      do {
        steps = try EventScript(parsing: text)
      } catch {
        printError("\(script): \(error)")
        throw ExitStatus.badInput
      }
    }
    var configuration = Recorder.Configuration(engine: engine, script: steps, output: out, format: TraceFormat(pathExtensionOf: out)!)
    configuration.clock = clock
    configuration.timeout = timeout
    configuration.maxWait = maxWait
    configuration.transport = WireTransport(parsing: listen)!
    configuration.settle = settle
    configuration.redaction = Redaction(passwords: !keepPasswords)
    for rule in redact { _ = configuration.redaction.add(rule: rule) }
    for entry in preference {
      let parts = entry.split(separator: "=", maxSplits: 1)
      configuration.preferences[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    let outcome = Recorder(configuration).run()
    let engineName = outcome.engineName ?? engine[0]
    let summary = "recorded \(outcome.recordsWritten) records (\(outcome.commandsReceived) commands from \(engineName)) to \(out)"
    if let problem = outcome.problem {
      printError(problem)
      printError(summary + "; the engine ended with \(Self.describe(outcome.exitStatus))")
      if !outcome.stderrTail.isEmpty { printError("engine stderr (last lines):\n" + String(outcome.stderrTail.suffix(800))) }
      throw outcome.problemIsBadInput ? ExitStatus.badInput : ExitCode(1)
    }
    printError(summary)
  }

  static func describe(_ status: Int32?) -> String {
    guard let status else { return "no status" }
    return status >= 0 ? "exit status \(status)" : "signal \(-status)"
  }
}

extension Recorder.Clock: ExpressibleByArgument {}
