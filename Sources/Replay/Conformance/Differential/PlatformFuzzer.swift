import CommandCodec
import ReplayCore
import ReplayFuzz
import ReplayLive

/// Differential fuzzing of a platform: generated command streams (and the user input in them)
/// played against the testee and judged against the model after every step; each distinct
/// divergence shrunk to a minimal case that still diverges the same way, and saved as a trace
/// that `cmdtool conformance --scenario` runs as a case of the platform's own suite.
public struct PlatformFuzzer {
  public struct Options: Sendable {
    public var testee: TesteeConnection.Settings
    /// The folder divergences are saved in (`OUT/divergences/`).
    public var output: String
    public var seed: UInt64 = 0
    /// Runs to play (nil: as many as `seconds` allow; with neither, 10).
    public var runs: Int?
    public var seconds: Double?
    /// About how many commands one generated stream holds.
    public var commands = 300
    /// The share of steps that break a protocol rule (robustness).
    public var violationPercent: Double = 0
    /// How long shrinking one divergence may take.
    public var shrinkSeconds: Double = 60
    /// The widget schema whose custom widgets the streams create and set (the testee is told it
    /// in each case's header, docs/CONFORMANCE.md §1.2). Nil: built-ins only.
    public var widgets: WidgetSchema?
    /// The element kinds the streams may create (`--kinds`; the application and frame views
    /// always); nil: every kind. Those the testee's hello says it lacks are left out either way.
    public var kinds: Set<ElementKind>?

    public init(testee: TesteeConnection.Settings, output: String) {
      self.testee = testee
      self.output = output
    }
  }

  /// A divergence found, shrunk and saved.
  public struct Divergence: Sendable {
    public var signature: String
    /// The run (and so the stream's seed) that found it.
    public var run: Int
    public var seed: UInt64
    /// Steps and commands before and after shrinking.
    public var originalSteps: Int
    public var steps: Int
    public var commands: Int
    /// The shrunk case's result (its diffs), and the saved trace.
    public var result: CaseResult
    public var path: String
    public var caseName: String
    public var shrinkRuns: Int
    public var shrinkSeconds: Double
    /// Whether a signal stopped the shrinking: the case is the smallest found until then.
    public var shrinkInterrupted = false
  }

  public enum Event {
    case runFinished(run: Int, seed: UInt64, commands: Int, result: CaseResult)
    case shrinking(signature: String, steps: Int)
    case saved(Divergence)
  }

  public struct Report: Sendable {
    public var runs = 0
    public var commands = 0
    public var seconds: Double = 0
    public var divergences: [Divergence] = []
    /// Runs the testee took (not skipped: it answered `unsupported`, or declared it does not
    /// report what the stream is about).
    public var runsJudged = 0
    /// The signal that stopped the campaign, if one did (the run it cut short is not counted).
    public var interruption: Int32?
    /// The first run's testee could not be started or failed its handshake: a setup error that
    /// every run would show, so the campaign stopped there (nothing is saved).
    public var setupError: CaseResult?
    /// The kinds the testee declared it lacks (`lacks=`), and every kind the streams left out
    /// (those and the ones `kinds` does not name).
    public var lacked: Set<ElementKind> = []
    public var excludedKinds: Set<ElementKind> = []
    /// What the streams of the runs the testee took sent: ``StreamCoverage/neverSent`` lists the
    /// command types, selectors and edge values none of them held.
    public var sent = StreamCoverage()
    /// The testee processes started (the probe's, the runs' and the shrinking's), and the case
    /// runs that ran on a process kept from the run before (sessions=many, CONFORMANCE.md §1.9).
    public var testeeProcesses = 0
    public var runsOnKeptProcesses = 0
    /// The events the schema's widgets declare (`RangeSlider.rangeChanged`), those the runs the
    /// testee took made it send (by a tap, or the `event` request), and those whose `event`
    /// request it answered `unsupported` (left out of every run from then on: docs/CONFORMANCE.md §4).
    public var widgetEventsDeclared: [String] = []
    public var widgetEventsExercised: Set<String> = []
    public var widgetEventsUnsupported: Set<String> = []

    /// The declared events no run the testee took made it send: a bug there cannot have been found.
    public var widgetEventsNeverExercised: [String] { widgetEventsDeclared.filter { !widgetEventsExercised.contains($0) } }
  }

  public let options: Options

  public init(_ options: Options) {
    self.options = options
  }

  /// The seed of run `run`'s stream: the campaign's seed and the run mixed, so that no two runs'
  /// streams are alike (``SplitMix64/mixed(_:_:)``).
  public func seed(ofRun run: Int) -> UInt64 { SplitMix64.mixed(options.seed, run) }

  /// The kinds the streams leave out for a testee that lacks `lacked`: those, and the ones
  /// ``Options/kinds`` does not name.
  public func excludedKinds(lacked: Set<ElementKind>) -> Set<ElementKind> {
    let narrowed = options.kinds.map { Set(ElementKind.allCases).subtracting($0) } ?? []
    return lacked.union(narrowed).subtracting([.application, .frameView])
  }

  /// The case run `run` plays: a generated stream, without the kinds `excluded`, as steps, then
  /// time for timers and toasts.
  public func testCase(ofRun run: Int, excluding excluded: Set<ElementKind> = []) throws(CaseExpectation.Failure) -> ConformanceCase {
    var configuration = StreamGenerator.Configuration()
    configuration.excludedKinds = excluded
    // The runs go through the rare cases in turn, so a short campaign holds all.
    configuration.rareOffset = run
    configuration.violationPercent = options.violationPercent
    configuration.widgets = options.widgets
    if options.widgets != nil && options.violationPercent > 0 { configuration.violationRules = DiagnosticRule.everyRule }
    let (header, records) = StreamGenerator.records(seed: seed(ofRun: run), commands: options.commands, configuration: configuration)
    var testCase: ConformanceCase
    do {
      testCase = try ScenarioCase.make(name: "fuzz", header: header, records: records, widgets: options.widgets)
    } catch {
      // Out of reach: the generator's timers are few and 16 ms or slower, its pauses short.
      throw CaseExpectation.Failure(description: "the stream of run \(run): \(error)")
    }
    // Judged as a Recommended case (docs/CONFORMANCE.md §4): a divergence is a bug in what the
    // protocol asks of a platform, not in what only the model keeps (the Informational tier).
    testCase.name = "Recommended.Fuzz.Platform.Run\(run)"
    if let last = testCase.steps.last { testCase.steps.append(CaseStep(at: last.time + 5000, .advance)) }
    return testCase
  }

  public func run(progress: (Event) -> Void = { _ in }) throws(CaseExpectation.Failure) -> Report {
    let start = Monotonic.now()
    var report = Report()
    var seen: Set<String> = []
    let maxRuns = options.runs ?? (options.seconds == nil ? 10 : .max)
    var run = 0
    // A testee that cannot run at all is a setup error, never a divergence to shrink; the run a
    // signal cut short diverges only in cmdtool's stopping it.
    var gate = CaseRunGate()
    // One process for the whole run when the testee serves many cases (docs/CONFORMANCE.md §1.9).
    let pool = TesteePool(options.testee)
    defer { pool.close() }
    // What the streams may hold depends on what the testee has: its hello, read from a case of
    // no steps before the first run (a testee that cannot run at all is a setup error there).
    let probe = CaseRunner.run(Self.helloCase, expected: try CaseExpectation(Self.helloCase), pool: pool)
    switch gate.stop(after: probe) {
    case .interrupted(let signal)?:
      report.interruption = signal
      return report
    case .setupError?:
      report.setupError = probe
      return report
    case nil:
      break
    }
    report.widgetEventsDeclared = Self.declaredEvents(of: options.widgets)
    report.lacked = probe.testee?.hello.lacks ?? []
    report.excludedKinds = excludedKinds(lacked: report.lacked)
    runs: while run < maxRuns {
      if let seconds = options.seconds, Monotonic.now() - start >= seconds * 1000 { break }
      if let signal = SignalTrap.caught {
        report.interruption = signal
        break
      }
      let generated = try testCase(ofRun: run, excluding: report.excludedKinds)
      var (testCase, expectation) = try Self.leavingOut(report.widgetEventsUnsupported, of: generated, try CaseExpectation(generated))
      var result = CaseRunner.run(testCase, expected: expectation, pool: pool)
      // An `event` request answered `unsupported` (a gesture the platform cannot perform) is no
      // reason to skip the run: the run is played again without that event, as every later run is.
      while result.verdict == .skipped, let step = result.step, testCase.steps.indices.contains(step - 1), case .act(.widgetEvent) = testCase.steps[step - 1].action,
        let named = Self.namedEvent(atStep: step - 1, of: testCase, expectation), report.widgetEventsUnsupported.insert(named).inserted
      {
        (testCase, expectation) = try Self.leavingOut(report.widgetEventsUnsupported, of: testCase, expectation)
        result = CaseRunner.run(testCase, expected: expectation, pool: pool)
      }
      switch gate.stop(after: result) {
      case .interrupted(let signal)?:
        report.interruption = signal
        break runs
      case .setupError?:
        report.setupError = result
        break runs
      case nil:
        break
      }
      let commands = testCase.commandCount
      report.runs += 1
      report.commands += commands
      if result.verdict != .skipped {
        report.runsJudged += 1
        for step in testCase.steps {
          if case .commands(let commands) = step.action { report.sent.add(commands) }
        }
        report.widgetEventsExercised.formUnion(Self.namedEvents(of: testCase, expectation))
      }
      progress(.runFinished(run: run, seed: seed(ofRun: run), commands: commands, result: result))
      if let signature = DivergenceSignature.of(result, in: testCase), seen.insert(signature).inserted {
        progress(.shrinking(signature: signature, steps: testCase.steps.count))
        // Interrupted or not, the divergence is real: the smallest case found so far is saved.
        let divergence = shrink(testCase, signature: signature, run: run, original: result, pool: pool)
        report.divergences.append(divergence)
        progress(.saved(divergence))
        if let signal = SignalTrap.caught {
          report.interruption = signal
          break
        }
      }
      run += 1
    }
    report.seconds = (Monotonic.now() - start) / 1000
    report.testeeProcesses = pool.processesStarted
    report.runsOnKeptProcesses = pool.runsOnKeptProcesses
    return report
  }
}

extension PlatformFuzzer {
  /// A case of no steps, played first to read the testee's hello.
  static let helloCase = ConformanceCase(
    name: "Fuzz.Platform.Hello", summary: "the testee's hello", reference: "docs/CONFORMANCE.md §4",
    header: TraceHeader(creator: "cmdtool fuzz platform", viewport: Viewport(width: 375, height: 667, scale: 2)), steps: [])
}

extension ConformanceCase {
  /// The commands the case sends.
  public var commandCount: Int {
    steps.reduce(0) { count, step in
      if case .commands(let commands) = step.action { return count + commands.count }
      return count
    }
  }
}
