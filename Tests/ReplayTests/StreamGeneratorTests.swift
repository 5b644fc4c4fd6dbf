import CommandCodec
import ReplayCore
import ReplayFuzz
import Testing

/// The stream generator: reproducible, valid by construction, every violation labelled, and
/// broad enough to reach every command the model knows.
@Suite("Generated command streams")
struct StreamGeneratorTests {
  @Test("The same seed gives the same stream; another seed another")
  func reproducible() {
    let first = StreamGenerator.records(seed: 42, commands: 3000)
    #expect(StreamGenerator.records(seed: 42, commands: 3000).records == first.records)
    #expect(StreamGenerator.records(seed: 43, commands: 3000).records != first.records)
    var configuration = StreamGenerator.Configuration()
    configuration.violationPercent = 10
    let labelled = StreamGenerator.records(seed: 42, commands: 3000, configuration: configuration)
    #expect(StreamGenerator.records(seed: 42, commands: 3000, configuration: configuration).records == labelled.records)
    #expect(labelled.header.creator == "cmdtool fuzz streams --seed 42 --commands 3000 --violations 10")
  }

  @Test("A stream stops after the step that reaches its commands, and starts with the application")
  func length() {
    var generator = StreamGenerator(seed: 3, commands: 500)
    var records: [TraceRecord] = []
    while let record = generator.next() { records.append(record) }
    #expect(generator.next() == nil)
    #expect(generator.commandCount >= 500)
    #expect(generator.recordCount == records.count)
    #expect(records.first == .batch([Command(.createApplication, childInternalId: 1, textValue: "Generated app")], at: records[0].time))
    #expect(zip(records, records.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test("A long stream without violations replays without a diagnostic and keeps every invariant")
  func longValidStream() {
    var generator = StreamGenerator(seed: 2024, commands: 30_000)
    var oracle = StreamOracle(header: generator.header)
    while let record = generator.next() { oracle.apply(record) }
    oracle.finish()
    #expect(oracle.findings.isEmpty, "\(oracle.findings.prefix(5))")
    #expect(oracle.model.diagnosticCounts.isEmpty)
    #expect(oracle.model.state.elements.count > 20)
  }

  @Test("Every rule the model checks is broken, labelled, at 100% violations")
  func everyRule() {
    var configuration = StreamGenerator.Configuration()
    configuration.violationPercent = 100
    var generator = StreamGenerator(seed: 9, commands: 3000, configuration: configuration)
    var records: [TraceRecord] = []
    while let record = generator.next() { records.append(record) }
    let labels = violationLabels(records)
    #expect(labels.count == generator.violationCount)
    #expect(Set(labels.map(\.rule)) == Set(DiagnosticRule.allCases))
    // Each label sits right before its record, at its time.
    for (record, _) in labels { #expect(records[record - 1].time == records[record].time) }
    #expect(StreamOracle.check(records, header: generator.header).isEmpty)
  }

  @Test("Violations are drawn from the configured rules only")
  func chosenRules() {
    var configuration = StreamGenerator.Configuration()
    configuration.violationPercent = 30
    configuration.violationRules = [.invalidSelector, .cycle]
    let (header, records) = StreamGenerator.records(seed: 5, commands: 2000, configuration: configuration)
    let rules = Set(violationLabels(records).map(\.rule))
    #expect(rules == [.invalidSelector, .cycle])
    #expect(StreamOracle.check(records, header: header).isEmpty)
  }

  @Test("Valid streams reach every command the protocol has today, bar the two no engine sends and the model does not model")
  func commandCoverage() {
    var types = Set<CommandType>()
    var events = Set<EventKind>()
    var modalResults = 0
    for seed in UInt64(1)...4 {
      for record in StreamGenerator.records(seed: seed, commands: 6000).records {
        switch record.body {
        case .batch(let commands): types.formUnion(commands.map(\.type))
        case .event(_, let event): events.insert(event.kind)
        case .modalResult: modalResults += 1
        case .marker: break
        }
      }
    }
    let current = Set(CommandType.allCases.filter(\.isCurrent))
    #expect(current.subtracting(types) == [.setIntData, .setShape])
    #expect(types.contains(.createTextLabel) && types.contains(.createProxyLayout))
    #expect(events.isSuperset(of: [.value, .visibility, .sysInfo, .command, .scrollChanged, .touch]))
    #expect(modalResults > 0)
  }

  @Test("The oracle notices a label taken away, a wrong label, a label at the end and a label naming no rule")
  func oracleNoticesBadLabels() throws {
    var configuration = StreamGenerator.Configuration()
    configuration.violationPercent = 20
    let (header, records) = StreamGenerator.records(seed: 11, commands: 600, configuration: configuration)
    let (labelled, rule) = try #require(violationLabels(records).first)
    var withoutLabel = records
    withoutLabel.remove(at: labelled - 1)
    let replayed = try Replayer.replay(withoutLabel, header: header)
    #expect(StreamOracle.check(withoutLabel, header: header).first == .unexpectedDiagnostic(replayed.diagnostics.first!))
    var wrongLabel = records
    let other: DiagnosticRule = rule == .cycle ? .missingId : .cycle
    wrongLabel[labelled - 1] = ViolationLabel.marker(for: other, at: records[labelled].time)
    let findings = StreamOracle.check(wrongLabel, header: header)
    #expect(findings.contains(.missingViolation(record: labelled, rule: other)))
    #expect(findings.contains { if case .unexpectedDiagnostic(let d) = $0 { return d.rule == rule && d.recordIndex == labelled } else { return false } })
    let atTheEnd = Array(records.prefix(labelled))
    #expect(StreamOracle.check(atTheEnd, header: header) == [.badLabel(record: labelled - 1, detail: rule.rawValue)])
    var unknown = records
    unknown[labelled - 1] = TraceRecord(time: records[labelled].time, .marker(label: "violation", detail: "no-such-rule"))
    #expect(StreamOracle.check(unknown, header: header).contains(.badLabel(record: labelled - 1, detail: "no-such-rule")))
  }
}
