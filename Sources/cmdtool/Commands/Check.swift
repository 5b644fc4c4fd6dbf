import ArgumentParser
import CommandCodec
import Replay

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the protocol violations in a trace.",
    discussion: """
      Replays the trace through the reference model and lists every diagnostic: the record (and \
      the command within its batch), the time, the rule broken and what happened, e.g.

        #12.3 at 1.500s: error [unknown-target] SET_STYLE addresses element 99, which does not exist

      Notes ([not-modelled]) mark commands the model accepts without modelling them; they are not \
      violations. `--rules` lists every rule. docs/PROTOCOL.md explains each.

      Exit status: 0 no violations, 1 violations found, 2 unreadable input.
      """
  )

  @Argument(help: "The trace to check (.jsonl or .cmdtrace). Use - for standard input.")
  var trace: String?

  @Flag(name: .long, help: "List the rules instead of checking a trace.")
  var rules = false

  func validate() throws {
    if trace == nil && !rules { throw ValidationError("name a trace to check, or pass --rules") }
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    let widgets = try widgetOptions.load()
    let output = StandardOutput()
    defer { output.flush() }
    if rules {
      for rule in DiagnosticRule.everyRule {
        output.writeLine("\(rule.rawValue.padding(to: 28))\(rule.severity.rawValue.padding(to: 7))\(rule.summary)")
      }
      return
    }
    let result: Replayer.Result
    do {
      let reader = try TraceFileReader(path: trace!, widgets: widgets)
      let progress = ProgressReporter(reading: reader, verb: "checking")
      defer { progress.finish() }
      result = try Replayer.replay(reader, options: .init(recordEmissions: false, layout: WidgetFrameProbe()))
    } catch let failure as Replayer.Failure {
      printError(failure.description)
      throw ExitStatus.badInput
    } catch let error as TraceFileError {
      throw error.reported()
    }
    let model = result.model
    for diagnostic in model.diagnostics { output.writeLine(diagnostic.description) }
    let errors = model.errorCount
    let notes = model.diagnosticCounts[.note, default: 0]
    if model.diagnostics.count < errors + notes {
      output.writeLine("… and \(errors + notes - model.diagnostics.count) more")
    }
    output.writeLine("\(result.recordsApplied) records: \(errors) violation\(errors == 1 ? "" : "s"), \(notes) note\(notes == 1 ? "" : "s")")
    if errors > 0 {
      output.flush()
      throw ExitCode(1)
    }
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
