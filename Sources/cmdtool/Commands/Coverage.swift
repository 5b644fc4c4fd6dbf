import ArgumentParser
import CommandCodec
import Replay

struct CoverageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Measure which commands, fields, events, selectors and style keys traces exercise.",
    discussion: """
      Reads every trace and counts, over all of them together: each command type the current \
      engine has (codes 0–72) and which of the fields it uses were set to something other than \
      0 or ""; each event class and its fields; SET_STYLE's selectors (NORMAL 0 … LINK 5) and \
      style keys (the known ones from the protocol notes, and any other seen). Then it lists \
      what was never exercised and the totals: command types of 73, command fields of those \
      the types use, event types of those a platform sends, event fields, selectors of 6, \
      known style keys. docs/COVERAGE.md says exactly what is counted.

        cmdtool coverage traces/*.jsonl              the tables and the totals
        cmdtool coverage traces/*.jsonl --uncovered  only what was never exercised
        cmdtool coverage recordings/ --format json   the JSON report
        cmdtool coverage traces/*.jsonl --min 80     exit 1 below 80% of the types
        cmdtool coverage traces/*.jsonl --min commands=80,fields=50,events=40

      --min takes a percentage of command types, or METRIC=PERCENT pairs separated by commas \
      (metrics: commands, fields, events, event-fields, selectors, style-keys); it may be given \
      more than once. When a minimum is not met, the report is printed all the same, each \
      shortfall goes to standard error (`command types 19.1% < 80% (14 of 73; 45 more \
      needed)`) and the exit status is 1, so CI fails when coverage drops.

      A directory stands for the traces in it (.jsonl and .cmdtrace). Event scripts \
      (NAME.script.jsonl) are not traces and are skipped with a note, so traces/*.jsonl works.

      Exit status: 0 every minimum met, 1 a minimum not met, 2 an unreadable or invalid trace \
      (named with the line or byte and the record where it turned bad; nothing is reported), \
      64 bad usage.
      """
  )

  @Argument(help: "The traces (.jsonl or .cmdtrace; - for standard input) or directories of traces.")
  var traces: [String] = []

  @Option(name: .long, help: "text: tables for people; json: one JSON object (docs/COVERAGE.md).")
  var format: ShowFormat = .text

  @Option(
    name: .customLong("min"),
    help: ArgumentHelp(
      "Exit 1 below this coverage: a percentage of command types (80), or METRIC=PERCENT pairs (commands=80,fields=50).",
      valueName: "spec"))
  var minimum: [String] = []

  @Flag(name: .long, help: "Print only what was never exercised and the totals, without the tables.")
  var uncovered = false

  func validate() throws {
    if traces.isEmpty { throw ValidationError("name the traces to measure (files or directories)") }
    _ = try thresholds()
  }

  /// Every `--min`, read in order (a later minimum for the same metric replaces an earlier one).
  private func thresholds() throws -> [CoverageThreshold] {
    var result: [CoverageThreshold] = []
    for spec in minimum {
      do {
        for threshold in try CoverageThreshold.parse(spec) {
          result.removeAll { $0.metric == threshold.metric }
          result.append(threshold)
        }
      } catch {
        throw ValidationError("--min \(spec): \(error)")
      }
    }
    return result
  }

  /// Counts every record of the trace at `path`.
  private func measure(_ path: String, widgets: WidgetSchema?, into coverage: inout ProtocolCoverage) throws(TraceFileError) {
    let reader = try TraceFileReader(path: path, widgets: widgets)
    defer { reader.close() }
    let progress = ProgressReporter(reading: reader, verb: "measuring")
    defer { progress.finish() }
    // The header names the widget schema: known before the first record is counted.
    _ = try reader.readHeader()
    coverage.startTrace(widgets: reader.widgets)
    _ = try reader.read(into: &coverage)
  }

  @OptionGroup var widgetOptions: WidgetOptions

  func run() throws {
    let widgets = try widgetOptions.load()
    let expanded: [String]
    do {
      expanded = try RecordingSuite.expand(traces)
    } catch {
      printError("cannot list the traces: \(error)")
      throw ExitStatus.badInput
    }
    let paths = expanded.filter { path in
      guard path.hasSuffix(".script.jsonl") else { return true }
      printError("skipping \(path): an event script, not a trace")
      return false
    }
    if paths.isEmpty {
      printError("no traces to measure in \(traces.joined(separator: " "))")
      throw ExitStatus.badInput
    }
    var coverage = ProtocolCoverage()
    for path in paths {
      do {
        try measure(path, widgets: widgets, into: &coverage)
      } catch {
        throw error.reported()
      }
    }
    let report = CoverageReport(coverage, traces: paths, thresholds: try thresholds())
    let output = StandardOutput()
    defer { output.flush() }
    output.write(format == .json ? report.renderJSON(uncoveredOnly: uncovered) : report.renderText(uncoveredOnly: uncovered))
    let shortfalls = report.shortfalls
    guard shortfalls.isEmpty else {
      output.flush()
      for shortfall in shortfalls { printError("coverage below --min: \(shortfall)") }
      throw ExitCode(1)
    }
  }
}
