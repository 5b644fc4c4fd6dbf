import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct FuzzStreams: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "streams",
    abstract: "Write generated command streams for platform tests: valid by construction, with labelled violations on request.",
    discussion: """
      Each trace is the engine's side of a session, what a platform receives: screens built, \
      styled, switched and torn down, hidden content and pager pages created when shown, dialogs \
      opened, answered and removed, timers, toasts, preferences and requests, with the platform's \
      own records (typing, toggles, answers) where a recording has them. Without violations the \
      reference model replays every trace without a diagnostic.

      --violations P makes about P% of the steps break one protocol rule once instead. Each such \
      record follows a marker naming the rule, {"marker":"violation","detail":"RULE-ID"}, and \
      `cmdtool check` reports exactly those records with those rules, and nothing else.

      Trace i (from 0) is generated from seed S+i and written to OUT/stream-<seed>.jsonl (or \
      .cmdtrace), each written whole or not at all; `--count 1 --seed <seed>` writes one again.

        cmdtool fuzz streams --out /tmp/streams --count 20 --seed 1 --commands 5000
        cmdtool fuzz streams --out /tmp/bad --count 5 --seed 7 --violations 5
        cmdtool check /tmp/bad/stream-7.jsonl
      """
  )

  @Option(name: .long, help: "The folder to write the traces to (created if missing).")
  var out: String

  @Option(name: .long, help: "How many traces to write.")
  var count: Int = 10

  @Option(name: .long, help: "The seed of the first trace; trace i uses seed S+i.")
  var seed: UInt64 = 1

  @Option(name: .long, help: "About how many commands each trace holds (the last step may go a little past).")
  var commands: Int = 1000

  @Option(name: .long, help: "The percent of steps that break a protocol rule, each labelled (0-100).")
  var violations: Double = 0

  @Option(name: .long, help: "The format: json or binary.")
  var to: TraceFormat = .jsonLines

  @OptionGroup var widgetOptions: WidgetOptions

  func validate() throws {
    if count < 1 { throw ValidationError("--count must be at least 1") }
    if commands < 1 { throw ValidationError("--commands must be at least 1") }
    if !(0...100).contains(violations) { throw ValidationError("--violations is a percent, from 0 to 100; got \(violations)") }
    if seed > UInt64.max - UInt64(count - 1) { throw ValidationError("--seed \(seed) with --count \(count) runs past the largest seed") }
  }

  func run() throws {
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      printError("cannot create \(out): \(error.localizedDescription)")
      throw ExitStatus.badInput
    }
    var configuration = StreamGenerator.Configuration()
    configuration.violationPercent = violations
    // With a schema, its widgets are created and set too, and the widget-* rules are broken too.
    configuration.widgets = try widgetOptions.load()
    if configuration.widgets != nil { configuration.violationRules = DiagnosticRule.everyRule }
    let output = StandardOutput()
    defer { output.flush() }
    var totals = (commands: 0, violations: 0)
    for index in 0..<count {
      let traceSeed = seed + UInt64(index)
      let path = (out as NSString).appendingPathComponent("stream-\(traceSeed).\(to.fileExtension)")
      var generator = StreamGenerator(seed: traceSeed, commands: commands, configuration: configuration)
      let writer: TraceFileWriter
      do {
        writer = try TraceFileWriter(path: path, format: to, header: generator.header, inputs: [widgetOptions.widgets].compactMap { $0 }, widgets: configuration.widgets)
      } catch {
        throw error.reported()
      }
      do {
        while let record = generator.next() { try writer.write(record) }
        try writer.commit()
      } catch {
        throw writer.abandoned(after: .failed(error))
      }
      totals.commands += generator.commandCount
      totals.violations += generator.violationCount
      output.writeLine("\(path): \(generator.commandCount) commands in \(generator.recordCount) records, \(generator.violationCount) labelled violation\(generator.violationCount == 1 ? "" : "s")")
    }
    if count > 1 {
      output.writeLine("\(count) traces (seeds \(seed)–\(seed + UInt64(count - 1))): \(totals.commands) commands, \(totals.violations) labelled violation\(totals.violations == 1 ? "" : "s")")
    }
  }
}
