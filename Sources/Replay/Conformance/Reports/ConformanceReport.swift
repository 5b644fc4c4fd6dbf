import CommandCodec
import ReplayCore

/// The outcome of a conformance run: the results, judged against a failure list, counted per
/// tier, and written for people (text), CI systems (JUnit XML) and tools (JSON).
public struct ConformanceReport: Sendable {
  public var results: [CaseResult]
  public var comparison: FailureList.Comparison
  /// What the cases run exercised, when computed (``ConformanceCoverage``).
  public var coverage: ProtocolCoverage?
  /// Cases whose outcome changed between repeated runs.
  public var unstable: [CaseResult] { results.filter { $0.unstable != nil } }
  /// The signal that stopped the run before its end: every report says so, and it is not green.
  public var interrupted: RunInterruption?
  /// Whether a run in which no case ran (none selected, every one skipped) may be green
  /// (`--allow-empty`, as Jest's `--passWithNoTests`).
  public var allowsEmpty = false
  /// The run's ignore patterns (`--ignore`): every report names them, so a known gap left out
  /// of the comparison is never silent.
  public var ignore = DiffIgnoreRules()
  /// Whether the failure list is being rewritten from this run (`--update-failure-list`): the
  /// summary then ends with what was written, not with a verdict the exit status does not give.
  public var updatesFailureList = false

  /// The name of the widget schema the run was given (`--widgets`), nil without one: such a run
  /// is about its custom widgets, and is not green when it exercised none (``widgetsNotExercised``).
  public var widgetSchema: String?
  /// The selected cases that name the widget schema (its generated cases, scenarios recorded
  /// with it), across every shard.
  public var widgetCases: Set<String> = []
  /// The selected cases that ask for a custom widget's named event (the `event` request): a
  /// testee that skips every one of them did not exercise its widgets' events.
  public var widgetEventCases: Set<String> = []

  public init(results: [CaseResult], failureList: FailureList = FailureList(), suiteNames: Set<String>) {
    self.results = results
    self.comparison = failureList.compare(results, suiteNames: suiteNames)
  }

  /// Whether no case ran: none was selected, or the testee took none (every one skipped).
  public var testedNothing: Bool { results.allSatisfy { $0.verdict == .skipped } }

  /// Why a run given a widget schema did not exercise its widgets, or nil when it did (or had
  /// no schema): no widget case was selected, or the testee skipped every one (it did not load
  /// the schema), or every case asking for a named event (it does not perform the `event`
  /// request). A shard without widget cases leaves them to the others.
  public var widgetsNotExercised: String? {
    guard let widgetSchema else { return nil }
    guard !widgetCases.isEmpty else { return "no case of widget schema \(widgetSchema) was selected" }
    let ran = results.filter { widgetCases.contains($0.name) }
    if let first = ran.first, ran.allSatisfy({ $0.verdict == .skipped }) {
      return "the testee skipped every case of widget schema \(widgetSchema) (\(first.name): \(first.reason))"
    }
    // Named events are part of a widget's contract: a testee that performs none (it answers the
    // `event` request unsupported) has not shown that its widgets send them.
    let events = results.filter { widgetEventCases.contains($0.name) }
    if let first = events.first, events.allSatisfy({ $0.verdict == .skipped }) {
      return "the testee skipped every named event of widget schema \(widgetSchema) (\(first.name): \(first.reason))"
    }
    return nil
  }

  /// Conformant: no unexpected failure, no stale entry, no unstable case; not interrupted, and
  /// some case ran, some widget case too when given a schema (unless ``allowsEmpty``).
  public var isGreen: Bool {
    comparison.isGreen && unstable.isEmpty && interrupted == nil && (allowsEmpty || (!testedNothing && widgetsNotExercised == nil))
  }

  /// Verdict counts for one tier.
  public func counts(_ tier: ConformanceTier) -> [CaseResult.Verdict: Int] {
    var counts: [CaseResult.Verdict: Int] = [:]
    for result in results where result.tier == tier { counts[result.verdict, default: 0] += 1 }
    return counts
  }

  /// How many differences the ignore patterns left out, in all cases.
  public var ignoredCount: Int { results.reduce(0) { $0 + $1.ignored } }

  /// The ignore patterns that left nothing out of any case (a typo, or a gap that is gone).
  public var unmatchedIgnorePatterns: [String] {
    let matched = results.reduce(into: Set<Int>()) { $0.formUnion($1.matchedPatterns) }
    return ignore.patterns.indices.filter { !matched.contains($0) }.map { ignore.patterns[$0] }
  }

  /// `ignored: 27 differences left out by --ignore 'application · …'`, nil without patterns.
  public var ignoreLine: String? {
    guard !ignore.isEmpty else { return nil }
    let count = ignoredCount
    return "ignored: \(count) difference\(count == 1 ? "" : "s") left out by " + ignore.patterns.map { "--ignore " + ShellText.quoted($0) }.joined(separator: " ")
  }

  /// The testee's creator and declaration, from the first case that read them.
  public var testee: (creator: String, hello: TesteeHello)? { results.lazy.compactMap(\.testee).first }

  // MARK: - Text

  /// The summary: one line per tier, then what fails the run and why.
  public func summaryText() -> String {
    var lines: [String] = []
    // The testee names itself and words its errors: its text is escaped for the terminal.
    let e = { (text: String) in TerminalText.escaped(text, keepingNewlines: true) }
    if let testee { lines.append("testee: \(testee.creator.isEmpty ? "(unnamed)" : e(testee.creator)), \(e(testee.hello.detail))") }
    for tier in ConformanceTier.allCases {
      let counts = counts(tier)
      let total = counts.values.reduce(0, +)
      guard total > 0 else { continue }
      let parts = CaseResult.Verdict.allCases.compactMap { verdict in counts[verdict].map { "\($0) \(verdict.rawValue)" } }
      lines.append("\(tier.rawValue.padding(to: 14)) \(total) case\(total == 1 ? "" : "s"): \(parts.joined(separator: ", "))\(tier.fails ? "" : " (never fails the run)")")
    }
    if !comparison.expected.isEmpty { lines.append("\(comparison.expected.count) expected failure\(comparison.expected.count == 1 ? "" : "s") (in the failure list)") }
    for result in comparison.unexpected { lines.append("FAIL  \(e(result.name)): \(e(result.reason))") }
    for result in comparison.stale { lines.append("STALE \(e(result.name)) passes but is in the failure list (--update-failure-list removes it)") }
    for name in comparison.unknown { lines.append("note: the failure list names \(e(name)), which is no case of the suite") }
    for result in unstable { lines.append("UNSTABLE \(e(result.name)): \(e(result.unstable ?? ""))") }
    if let coverage { lines.append(ConformanceCoverage.summaryLine(coverage)) }
    if let ignoreLine { lines.append(ignoreLine) }
    if let interrupted {
      lines.append("\(interrupted): no verdict")
    } else if testedNothing && !allowsEmpty {
      lines.append("no case ran (\(results.isEmpty ? "none selected" : "the testee skipped every one")): nothing was tested (--allow-empty accepts that)")
    } else if updatesFailureList {
      // The list is rewritten to match the run: the verdict against the old list is not this
      // run's answer (it exits 0).
      let listed = comparison.expected.count + comparison.unexpected.count
      lines.append("the failure list is rewritten to name this run's \(listed) failure\(listed == 1 ? "" : "s") (--update-failure-list)")
    } else if let why = widgetsNotExercised {
      // Said whatever else the run found: a green standard suite is not a platform's widgets.
      lines.append("the widgets were not exercised: \(e(why))" + (allowsEmpty ? "" : " (--allow-empty accepts that)"))
      lines.append(isGreen ? "conformant, without its widgets" : "not conformant")
    } else {
      lines.append(isGreen ? "conformant" : "not conformant")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - JSON

  /// `{"conformance":1,"testee":…,"declaration":…,"counts":{TIER:{VERDICT:N}},"green":B,"cases":[…]}`:
  /// one object per case, in run order; merged across platforms by `cmdtool conformance --matrix`.
  public func json() -> String {
    var json = JSONText()
    let listed = Set(comparison.expected.map(\.name))
    json.object { o in
      o.member("conformance") { $0.int(1) }
      o.member("testee") { $0.string(testee?.creator ?? "") }
      o.member("declaration") { $0.string(testee?.hello.detail ?? "") }
      o.member("green") { $0.bool(isGreen) }
      if let why = widgetsNotExercised { o.member("widgetsNotExercised") { $0.string(why) } }
      if let interrupted { o.member("interrupted") { $0.string(interrupted.description) } }
      if !ignore.isEmpty {
        o.member("ignore") { value in
          value.object { i in
            i.member("patterns") { $0.array(ignore.patterns) { $0.string($1) } }
            i.member("differences") { $0.int(ignoredCount) }
            i.member("unmatched") { $0.array(unmatchedIgnorePatterns) { $0.string($1) } }
          }
        }
      }
      o.member("counts") { value in
        value.object { tiers in
          for tier in ConformanceTier.allCases where results.contains(where: { $0.tier == tier }) {
            tiers.member(tier.rawValue) { value in
              value.object { verdicts in
                let counts = counts(tier)
                for verdict in CaseResult.Verdict.allCases { verdicts.member(verdict.rawValue) { $0.int(counts[verdict] ?? 0) } }
              }
            }
          }
        }
      }
      if let coverage {
        o.member("coverage") { $0.raw(String(CoverageReport(coverage, traces: []).renderJSON().dropLast())) }
      }
      o.member("cases") { value in
        value.array(results) { item, result in
              item.object { c in
                c.member("name") { $0.string(result.name) }
                c.member("tier") { $0.string(result.tier.rawValue) }
                c.member("verdict") { $0.string(result.verdict.rawValue) }
                if listed.contains(result.name) { c.member("expectedFailure") { $0.bool(true) } }
                if !result.reason.isEmpty { c.member("reason") { $0.string(result.reason) } }
                if let step = result.step { c.member("step") { $0.int(step) } }
                if let description = result.stepDescription { c.member("stepDescription") { $0.string(description) } }
                if let diff = result.eventsDiff { c.member("eventsDiff") { $0.string(diff) } }
                if let diff = result.stateDiff { c.member("stateDiff") { $0.string(diff) } }
                if !result.laterSteps.isEmpty {
                  c.member("laterSteps") { value in
                    value.array(result.laterSteps) { item, later in
                      item.object { d in
                        d.member("step") { $0.int(later.step) }
                        d.member("stepDescription") { $0.string(later.description) }
                        if let diff = later.eventsDiff { d.member("eventsDiff") { $0.string(diff) } }
                        if let diff = later.stateDiff { d.member("stateDiff") { $0.string(diff) } }
                      }
                    }
                  }
                }
                if !result.parts.isEmpty {
                  c.member("parts") { value in
                    value.object { p in
                      for part in result.parts { p.member(part.part) { $0.int(part.differences) } }
                    }
                  }
                }
                if result.ignored > 0 { c.member("ignored") { $0.int(result.ignored) } }
                if let stopped = result.stopped { c.member("stopped") { $0.string(stopped) } }
                if let said = result.testeeSaid, !said.isEmpty { c.member("testeeSaid") { $0.string(said) } }
                if result.isFailure, let tail = result.stderrTail, !tail.isEmpty { c.member("stderr") { $0.string(tail) } }
                if let unstable = result.unstable { c.member("unstable") { $0.string(unstable) } }
                c.member("seconds") { $0.number((result.seconds * 1000).rounded() / 1000) }
              }
        }
      }
    }
    return String(decoding: json.bytes, as: UTF8.self) + "\n"
  }

  // MARK: - JUnit

  /// JUnit XML: one test suite per tier, one test case per case; skipped and expected failures
  /// as `<skipped/>`, so CI dashboards count what the run counts; an interrupted run ends with
  /// a suite `interrupted` of one test case in error, so it never reads as a pass.
  public func junit(suite: String = "cmdtool conformance") -> String {
    let listed = Set(comparison.expected.map(\.name))
    let total = results.reduce(0) { $0 + $1.seconds }
    func counted(_ results: [CaseResult]) -> (failures: Int, errors: Int, skipped: Int) {
      let failing = results.filter { !listed.contains($0.name) && $0.tier.fails }
      return (failing.filter { $0.verdict == .fail }.count, failing.filter { $0.verdict == .error }.count,
              results.filter { $0.verdict == .skipped || listed.contains($0.name) || (!$0.tier.fails && $0.isFailure) }.count)
    }
    let all = counted(results)
    let extra = interrupted == nil ? 0 : 1
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml += #"<testsuites name="\#(XMLText.escaped(suite))" tests="\#(results.count + extra)" failures="\#(all.failures)" errors="\#(all.errors + extra)" skipped="\#(all.skipped)" time="\#(Format.fixed(total, digits: 3))">"# + "\n"
    for tier in ConformanceTier.allCases {
      let members = results.filter { $0.tier == tier }
      guard !members.isEmpty else { continue }
      let c = counted(members)
      xml += #"  <testsuite name="\#(tier.rawValue)" tests="\#(members.count)" failures="\#(c.failures)" errors="\#(c.errors)" skipped="\#(c.skipped)" time="\#(Format.fixed(members.reduce(0) { $0 + $1.seconds }, digits: 3))">"# + "\n"
      if !ignore.isEmpty {
        // Every suite says what the comparison left out, where a dashboard shows a suite's properties.
        xml += "    <properties>\n"
        for pattern in ignore.patterns { xml += "      <property name=\"ignore\" value=\"\(XMLText.escaped(pattern))\"/>\n" }
        xml += "      <property name=\"ignored\" value=\"\(members.reduce(0) { $0 + $1.ignored })\"/>\n    </properties>\n"
      }
      for result in members {
        let className = result.name.split(separator: ".").dropLast().joined(separator: ".")
        let caseName = result.name.split(separator: ".").last.map(String.init) ?? result.name
        xml += #"    <testcase classname="\#(XMLText.escaped(className))" name="\#(XMLText.escaped(caseName))" time="\#(Format.fixed(result.seconds, digits: 3))""#
        let message = XMLText.escaped(result.reason)
        if listed.contains(result.name) {
          xml += ">\n      <skipped message=\"expected failure (failure list): \(message)\"/>\n    </testcase>\n"
        } else if result.verdict == .skipped || (!result.tier.fails && result.isFailure) {
          xml += ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n"
        } else if result.verdict == .fail {
          xml += ">\n      <failure message=\"\(message)\">\(XMLText.escaped(result.renderText()))</failure>\n    </testcase>\n"
        } else if result.verdict == .error {
          xml += ">\n      <error message=\"\(message)\">\(XMLText.escaped(result.renderText()))</error>\n    </testcase>\n"
        } else {
          xml += "/>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    if let interrupted { xml += interrupted.junitSuite }
    xml += "</testsuites>\n"
    return xml
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
