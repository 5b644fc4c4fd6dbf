import ArgumentParser
import CommandCodec
import Foundation
import Replay

struct Conformance: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a platform layer against the protocol: named cases, verdicts, a failure list, reports.",
    discussion: """
      Plays the engine against the platform under test (the testee), one fresh testee process \
      per case (or, for a testee whose hello declares sessions=many, case after case in one \
      process, a fresh one after any error; --sessions one forces a process per case), over the testee protocol of docs/CONFORMANCE.md: command batches, a user's taps, \
      typing and choices, virtual time, and requests for the platform's state. After every step \
      the events the testee sent and its state are compared with the reference model's; the \
      first difference fails the case, with both diffs.

        cmdtool conformance --list
        cmdtool conformance -- .build/debug/reference-testee
        cmdtool conformance --cases 'Required.Tree.*' --junit conformance.xml -- ./my-platform-testee
        cmdtool conformance --failure-list gtk-failures.txt -- ./gtk-testee
        cmdtool conformance --cases 'Required.Scenario.*' --scenario traces/login.jsonl -- ./gtk-testee
        cmdtool conformance --widgets traces/widgets/chart.widgets.json --cases 'Required.Widgets' -- ./gtk-testee

      Tiers: Required (what every platform must do), Recommended (robustness against wrong \
      input, behaviour most platforms share), Profile.<Platform> (where the protocol is \
      ambiguous: run only for a testee of that profile), Informational (reported, never failing). \
      A case about a state part or event kind the testee does not report is skipped.

      --widgets FILE adds the cases of a widget schema's custom widgets (Required.Widgets.<Widget>.…, \
      Recommended.Widgets.<Widget>.…): created with defaults, each property set, each invalid \
      value refused, attributes immutable, the visibility rules, deleted. Their headers name the \
      schema; a testee that has not loaded it answers unsupported and they are skipped. A run \
      given --widgets that exercises no widget (none selected, or every widget case skipped) \
      says the widgets were not exercised and exits 2, unless --allow-empty.

      --failure-list FILE names known failures, one case per line (# comments): a listed failure \
      is expected; an unlisted one fails the run, and so does a listed case that now passes \
      (stale). --update-failure-list rewrites the file from this run.

      --matrix merges the --report files of several platforms into one table, case × platform, \
      and prints the cases where they disagree (--html writes the whole table as a page).

      A testee that cannot be started or fails the handshake (its header and hello) of the \
      first case is a setup error: the run stops there with the testee's own words, exit \
      status 2, no report. A run in which no case runs (an empty shard, every case skipped) \
      tested nothing: exit status 2 unless --allow-empty; so does a --widgets run whose widget cases \
      all are skipped or none selected. A run stopped by a signal says so in \
      every report (JSON "interrupted", a JUnit test case in error, the HTML page) and is never \
      green.

      Exit status: 0 conformant, 1 failures (unexpected, stale or unstable), 2 bad input (an \
      unreadable failure list, scenario trace or widget schema), a testee that cannot start, \
      no case run, or no widget case run with --widgets, 64 bad usage, 128+N stopped by signal N.
      """
  )

  @Flag(name: .long, help: "List the cases (name, tier, what they check) and exit.")
  var list = false

  @Option(name: .long, help: ArgumentHelp("Run only the cases matching GLOB (* any run, ? one character; a name without wildcards also selects the cases under it). Repeatable.", valueName: "glob"))
  var cases: [String] = []

  @Option(name: .long, help: ArgumentHelp("Add a recorded session as the case Required.Scenario.<Name> (Recommended.Scenario.<Name> for a case fuzz platform saved): its batches as sent, its user input as actions. Repeatable.", valueName: "trace"))
  var scenario: [String] = []

  @Option(name: .long, help: ArgumentHelp("A widget schema (.widgets.json): adds the cases of its custom widgets, and reads --scenario traces with it. The testee loads the schema itself; each case's header names it (docs/CONFORMANCE.md §1.2).", valueName: "file"))
  var widgets: String?

  @Option(name: .long, help: ArgumentHelp("Run this shard of the selected cases: K/N, K from 1.", valueName: "K/N"))
  var shard: String = "1/1"

  @Option(name: .long, help: ArgumentHelp("Known failures of this platform, one case name per line.", valueName: "file"))
  var failureList: String?

  @Flag(name: .long, help: "Rewrite --failure-list from this run: failing cases added, passing ones removed.")
  var updateFailureList = false

  @Option(name: .long, help: "Run each case N times; a case whose verdict or output changes is unstable.")
  var `repeat`: Int = 1

  @Option(name: .long, help: ArgumentHelp("Write a JUnit XML report.", valueName: "file"))
  var junit: String?

  @Option(name: .long, help: ArgumentHelp("Write a JSON report (docs/CONFORMANCE.md).", valueName: "file"))
  var report: String?

  @Option(name: .long, help: ArgumentHelp("Write an HTML page of the run (or, with --matrix, of the matrix): every case, failing ones with their diffs, and for a run the expected and actual UI of each failing case drawn side by side.", valueName: "file"))
  var html: String?

  @Option(name: .long, help: ArgumentHelp("Merge JSON reports of several platforms into one matrix, case × platform, and print where they disagree (no testee is run). Repeatable.", valueName: "report"))
  var matrix: [String] = []

  @Flag(name: .long, help: "Print every case's verdict, not only the failures (with --matrix: every case, not only disagreements).")
  var verbose = false

  @Flag(name: .long, help: "Pass when no case runs (none selected, as an empty --shard; or the testee skips every one), or, with --widgets, no widget case; without it, that is an error, exit status 2.")
  var allowEmpty = false

  @OptionGroup var engineOptions: EngineOptions

  @OptionGroup var sessionsOptions: SessionsOptions

  @OptionGroup var ignoreOptions: IgnoreOptions

  @Argument(parsing: .postTerminator, help: "The testee command and its arguments, after --.")
  var testee: [String] = []

  func validate() throws {
    if !matrix.isEmpty && !testee.isEmpty { throw ValidationError("--matrix merges reports; it runs no testee") }
    if !list && matrix.isEmpty && testee.isEmpty { throw ValidationError("give the testee command after --, e.g. cmdtool conformance -- ./my-platform-testee (or --list)") }
    if `repeat` < 1 { throw ValidationError("--repeat must be at least 1") }
    if updateFailureList && failureList == nil { throw ValidationError("--update-failure-list needs --failure-list FILE") }
    // The failure list is an input that --update-failure-list rewrites on purpose; no report may
    // be it, nor any other file the run reads.
    try OutputConflict.refuse(["--junit": junit, "--report": report, "--html": html], inputs: inputs)
    _ = try Shard.parse(shard)
  }

  func run() throws {
    if !matrix.isEmpty { return try runMatrix() }
    let shard = try Shard.parse(shard)
    let schema = try loadWidgets()
    var all = ConformanceSuite.standard.adding(widgets: schema)
    for path in scenario { all.cases.append(try Self.scenario(at: path, widgets: schema)) }
    let selected = all.matching(cases)
    if selected.cases.isEmpty {
      printError("no case matches \(cases.map { "'\($0)'" }.joined(separator: " or ")) (cmdtool conformance --list shows them)")
      throw ExitStatus.badInput
    }
    let suite = selected.shard(shard.index, of: shard.count)
    let output = StandardOutput()
    defer { output.flush() }
    if list {
      for testCase in suite.cases { output.writeLine("\(testCase.name)  —  \(testCase.summary) (\(testCase.reference))") }
      output.writeLine("\(suite.cases.count) cases")
      return
    }
    let knownFailures = try readFailureList()
    var settings = TesteeConnection.Settings(command: testee)
    settings.transport = engineOptions.transport
    settings.limits = engineOptions.limits
    settings.sessions = sessionsOptions.sessions
    var options = ConformanceRun.Options(testee: settings)
    options.repeatCount = `repeat`
    options.ignoring = try ignoreOptions.rules()
    SignalTrap.install()
    let outcome: ConformanceRun.Outcome
    // Between the verdicts printed, the case under way on standard error (a terminal only).
    let progress = CaseProgress(total: suite.cases.count)
    defer { progress.finish() }
    do {
      outcome = try ConformanceRun(options).run(suite) { event in
        guard case .finished(let result, _, _) = event else {
          if case .started(let name, let index, _) = event { progress.started(name, index: index) }
          return
        }
        progress.finished(result)
        let printsSomething = (result.isFailure && result.tier.fails && !knownFailures.names.contains(result.name)) || verbose
        if printsSomething { progress.clear() }
        if result.isFailure && result.tier.fails && !knownFailures.names.contains(result.name) {
          output.writeLine("FAIL  \(TerminalText.escaped(result.name)) [\(result.verdict.rawValue)]")
          output.writeLine(result.renderText().split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
        } else if verbose {
          // PASS, FAIL, ERROR, SKIP: five columns at most.
          let label = result.verdict == .skipped ? "SKIP" : result.verdict.rawValue.uppercased()
          output.writeLine("\(label.padding(toLength: 5, withPad: " ", startingAt: 0)) \(TerminalText.escaped(result.name))\(result.reason.isEmpty ? "" : ": " + TerminalText.escaped(result.reason, keepingNewlines: true))")
        }
        output.flush()
      }
    } catch {
      printError("the suite itself is broken: \(error)")
      throw ExitCode(70)
    }
    progress.finish()
    if let setup = outcome.setupError {
      // The testee cannot run at all: no case was judged, no report is written.
      output.flush()
      throw setupError("the testee failed before its handshake in the first case, \(setup.name): \(setup.reason)", peer: "the testee", said: setup.testeeSaid ?? "")
    }
    let results = outcome.results
    var report = ConformanceReport(results: results, failureList: knownFailures, suiteNames: Set(all.cases.map(\.name)))
    report.coverage = ConformanceCoverage.of(suite, results: results)
    report.allowsEmpty = allowEmpty
    report.widgetSchema = schema.map { $0.name.isEmpty ? widgets ?? "" : $0.name }
    report.widgetCases = Set(selected.cases.filter { $0.widgets != nil }.map(\.name))
    report.widgetEventCases = Set(selected.cases.filter(\.asksForWidgetEvents).map(\.name))
    report.ignore = options.ignoring
    report.updatesFailureList = updateFailureList && outcome.interruption == nil
    report.interrupted = outcome.interruption.map { RunInterruption(signal: $0, signalName: SignalTrap.name(of: $0) ?? "signal \($0)", done: results.count, total: suite.cases.count, unit: "case") }
    if outcome.runsOnKeptProcesses > 0 {
      // sessions=many (docs/CONFORMANCE.md §1.9): a fresh process follows each error.
      let runs = outcome.testeeProcesses + outcome.runsOnKeptProcesses
      output.writeLine("sessions=many: \(runs) case run\(runs == 1 ? "" : "s") in \(outcome.testeeProcesses) testee process\(outcome.testeeProcesses == 1 ? "" : "es")")
    }
    if let name = outcome.passesInAFreshProcess {
      output.writeLine("sessions=many: \(name) failed on a process kept from the case before and passes in a fresh one: the testee's reset leaves state behind (docs/CONFORMANCE.md §1.9); --sessions one runs every case in a fresh process")
    }
    output.write(report.summaryText())
    output.flush()
    for pattern in report.unmatchedIgnorePatterns where !results.isEmpty {
      printError("warning: the ignore pattern \(ShellText.quoted(pattern)) left nothing out of any case")
    }
    try write(report.junit(), to: junit)
    try write(report.json(), to: self.report)
    if html != nil {
      let page = try ConformanceMatrix(reports: [(self.report ?? "run", Array(report.json().utf8))])
      try write(page.renderHTML(title: "cmdtool conformance: \(report.testee?.creator ?? testee.joined(separator: " "))", failures: results), to: html)
    }
    // An interrupted run knows too little to rewrite the failure list (the cases not run would
    // drop out of it).
    if updateFailureList, let failureList, report.interrupted == nil {
      try write(knownFailures.updated(for: results).text, to: failureList)
      output.writeLine("updated \(failureList)")
    }
    if let interrupted = report.interrupted {
      printError(interrupted.description)
      throw ExitCode(SignalTrap.exitStatus(for: interrupted.signal))
    }
    if (report.testedNothing || report.widgetsNotExercised != nil) && !allowEmpty { throw ExitStatus.badInput }
    if !report.isGreen && !updateFailureList { throw ExitCode(1) }
  }

  /// `--matrix`: reports merged, disagreements printed.
  private func runMatrix() throws {
    var reports: [(file: String, bytes: [UInt8])] = []
    for path in matrix {
      guard let data = FileManager.default.contents(atPath: path) else {
        printError("\(path): cannot read the report")
        throw ExitStatus.badInput
      }
      reports.append((path, Array(data)))
    }
    let merged: ConformanceMatrix
    do {
      merged = try ConformanceMatrix(reports: reports)
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
    let output = StandardOutput()
    output.write(merged.renderText(all: verbose))
    output.flush()
    try write(merged.renderHTML(title: "cmdtool conformance: " + merged.columns.map(\.name).joined(separator: ", ")), to: html)
  }

  /// The schema of `--widgets`, nil without it; an unreadable or invalid file is bad input.
  private func loadWidgets() throws -> WidgetSchema? {
    guard let widgets else { return nil }
    do throws(TraceFileError) {
      return try WidgetSchemaFile.load(widgets)
    } catch {
      throw error.reported()
    }
  }

  /// A recorded session as a case: read with `widgets`, or with the schema its header names found
  /// beside it.
  static func scenario(at path: String, widgets: WidgetSchema? = nil) throws -> ConformanceCase {
    let reader: TraceFileReader
    let header: TraceHeader
    var records: [TraceRecord] = []
    do {
      reader = try TraceFileReader(path: path, widgets: widgets)
      header = try reader.readHeader()
      while let record = try reader.next() { records.append(record) }
    } catch {
      throw error.reported()
    }
    do {
      return try ScenarioCase.make(name: ScenarioCase.name(ofFile: path), header: header, records: records, widgets: reader.widgets, file: path)
    } catch {
      printError("\(path): \(error)")
      throw ExitStatus.badInput
    }
  }

  private func readFailureList() throws -> FailureList {
    guard let failureList else { return FailureList() }
    guard let bytes = FileManager.default.contents(atPath: failureList) else {
      // A list that does not exist yet is empty when it is about to be written.
      if updateFailureList && !FileManager.default.fileExists(atPath: failureList) { return FailureList() }
      printError("\(failureList): cannot read the failure list")
      throw ExitStatus.badInput
    }
    do {
      return try FailureList(parsing: [UInt8](bytes), file: failureList)
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
  }

  /// The files the run reads: scenarios, reports to merge, the failure list, the schema.
  private var inputs: [String?] { scenario + matrix + [failureList, widgets] }

  private func write(_ text: String, to path: String?) throws {
    guard let path else { return }
    do {
      // --update-failure-list rewrites the list it read; every other output is no input at all.
      let others = path == failureList ? scenario + matrix + [widgets] : inputs
      try AtomicFile.write(Array(text.utf8), to: path, inputs: others.compactMap { $0 })
    } catch {
      printError(error.description)
      throw ExitStatus.badInput
    }
  }
}
