import CommandCodec
import Foundation
import ReplayCore
import ReplayFuzz
import Testing

/// Generated streams with custom widgets (docs/WIDGETS.md §6.5): valid ones replay without a
/// diagnostic, and every widget-* rule the bundled schemas allow is broken, labelled, exactly.
@Suite("Generated streams with custom widgets")
struct WidgetStreamTests {
  static func configuration(violations: Double) -> StreamGenerator.Configuration {
    var configuration = StreamGenerator.Configuration()
    configuration.widgets = WidgetModelTests.all
    configuration.violationPercent = violations
    configuration.violationRules = DiagnosticRule.everyRule
    return configuration
  }

  @Test("Valid streams create and set every declared widget without a diagnostic", arguments: [UInt64(1), 2, 3])
  func validStreams(seed: UInt64) {
    let (header, records) = StreamGenerator.records(seed: seed, commands: 6000, configuration: Self.configuration(violations: 0))
    #expect(header.widgets == WidgetModelTests.all.reference)
    var oracle = StreamOracle(header: header, widgets: WidgetModelTests.all)
    for record in records { oracle.apply(record) }
    oracle.finish()
    #expect(oracle.findings.isEmpty, "\(oracle.findings.prefix(5))")
    #expect(oracle.model.diagnosticCounts.isEmpty, "\(oracle.model.diagnostics.prefix(5).map(\.description))")
    let customs = records.flatMap { record -> [Command] in
      if case .batch(let commands) = record.body { return commands.filter { $0.type == .custom } }
      return []
    }
    let names = Set(customs.map(\.customType))
    #expect(names.isSuperset(of: ["CREATE_PIE_CHART", "CREATE_TRIP_CARD", "CREATE_DATA_TABLE", "SET_TRIP"]), "\(names)")
  }

  @Test("Every widget rule the bundled schemas allow is broken once per label, and nothing else")
  func everyWidgetRule() {
    var seen = Set<DiagnosticRule>()
    for seed in UInt64(1)...3 {
      let (header, records) = StreamGenerator.records(seed: seed, commands: 4000, configuration: Self.configuration(violations: 40))
      #expect(StreamOracle.check(records, header: header, widgets: WidgetModelTests.all).isEmpty)
      seen.formUnion(violationLabels(records).map(\.rule))
    }
    // No bundled widget refuses to be hidden, so widget-not-hideable cannot be broken with them.
    #expect(seen.isSuperset(of: Set(DiagnosticRule.widgetRules).subtracting([.widgetNotHideable])), "\(seen)")
  }

  @Test("Streams with widgets convert to binary and back unchanged")
  func binaryRoundTrip() throws {
    let schema = WidgetModelTests.all
    let (header, records) = StreamGenerator.records(seed: 5, commands: 3000, configuration: Self.configuration(violations: 10))
    var encoder = BinaryTraceEncoder(widgets: schema)
    var bytes: [UInt8] = []
    try encoder.encodeHeader(header, into: &bytes)
    for record in records { try encoder.encode(record, into: &bytes) }
    var decoder = BinaryTraceDecoder(options: BinaryDecodingOptions(widgets: schema))
    decoder.feed(bytes)
    var decoded: [TraceRecord] = []
    while let record = try decoder.next() { decoded.append(record) }
    try decoder.finish()
    #expect(decoder.header == header)
    #expect(decoded == records)
  }
}
