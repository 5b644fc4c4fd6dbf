import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

/// Ratios, `--min` thresholds and the two renderings of a coverage report.
@Suite struct CoverageReportTests {
  @Test("Percentages round down to a tenth, so a shortfall never shows as reaching the minimum")
  func percentages() {
    #expect(CoverageRatio(covered: 2, total: 3).percentText == "66.6%")
    #expect(CoverageRatio(covered: 57, total: 100).percentText == "57.0%")
    #expect(CoverageRatio(covered: 7_999, total: 10_000).percentText == "79.9%")
    #expect(CoverageRatio(covered: 72, total: 73).percentText == "98.6%")
    #expect(CoverageRatio(covered: 73, total: 73).percentText == "100.0%")
    #expect(CoverageRatio(covered: 0, total: 0).percentText == "100.0%")
    #expect(CoverageRatio(covered: 52, total: 73).description == "52 of 73 (71.2%)")
  }

  @Test("reaches and needed compare exactly", arguments: [
    (covered: 52, total: 73, minimum: 80.0, reaches: false, needed: 7),
    (covered: 59, total: 73, minimum: 80.0, reaches: true, needed: 0),
    (covered: 58, total: 73, minimum: 80.0, reaches: false, needed: 1),
    (covered: 4, total: 5, minimum: 80.0, reaches: true, needed: 0),
    (covered: 6, total: 10, minimum: 70.0, reaches: false, needed: 1),
    (covered: 0, total: 64, minimum: 100.0, reaches: false, needed: 64),
    (covered: 0, total: 64, minimum: 0.0, reaches: true, needed: 0),
    (covered: 1, total: 3, minimum: 33.4, reaches: false, needed: 1),
  ])
  func thresholdsCompareExactly(_ example: (covered: Int, total: Int, minimum: Double, reaches: Bool, needed: Int)) {
    let ratio = CoverageRatio(covered: example.covered, total: example.total)
    #expect(ratio.reaches(example.minimum) == example.reaches)
    #expect(ratio.needed(for: example.minimum) == example.needed)
  }

  @Test("--min: a bare percentage is the command types'; pairs name their metric; the last of a metric wins")
  func parsing() throws {
    #expect(try CoverageThreshold.parse("80") == [CoverageThreshold(.commands, minimum: 80)])
    #expect(try CoverageThreshold.parse("72.5%") == [CoverageThreshold(.commands, minimum: 72.5)])
    #expect(try CoverageThreshold.parse("commands=80,fields=50, events = 40,style-keys=10%") == [
      CoverageThreshold(.commands, minimum: 80), CoverageThreshold(.fields, minimum: 50),
      CoverageThreshold(.events, minimum: 40), CoverageThreshold(.styleKeys, minimum: 10),
    ])
    #expect(try CoverageThreshold.parse("fields=10,fields=20") == [CoverageThreshold(.fields, minimum: 20)])
    #expect(try CoverageThreshold.parse("event-fields=5")[0].description == "event-fields=5")
  }

  @Test("--min: what is wrong is named", arguments: [
    ("lines=80", #""lines" is not a coverage metric; metrics: commands, fields, events, event-fields, selectors, style-keys"#),
    ("commands=101", #""commands=101": the minimum is a percentage from 0 to 100"#),
    ("commands=-1", #""commands=-1": the minimum is a percentage from 0 to 100"#),
    ("commands=lots", #""commands=lots": the minimum is a percentage from 0 to 100"#),
    ("120", #""120": the minimum is a percentage from 0 to 100"#),
    ("-5%", #""-5%": the minimum is a percentage from 0 to 100"#),
    ("commands", #""commands" is not METRIC=PERCENT (e.g. commands=80); metrics: commands, fields, events, event-fields, selectors, style-keys"#),
    ("", #""" is not METRIC=PERCENT (e.g. commands=80); metrics: commands, fields, events, event-fields, selectors, style-keys"#),
    ("commands=80,", #""" is not METRIC=PERCENT (e.g. commands=80); metrics: commands, fields, events, event-fields, selectors, style-keys"#),
  ])
  func parseErrors(_ example: (spec: String, message: String)) {
    #expect(throws: CoverageThreshold.ParseError(example.message)) { try CoverageThreshold.parse(example.spec) }
  }

  static func loginCoverage() throws -> ProtocolCoverage {
    var coverage = ProtocolCoverage()
    let reader = try TraceFileReader(path: Repository.trace("login.jsonl"))
    defer { reader.close() }
    _ = try reader.read(into: &coverage)
    return coverage
  }

  @Test("Shortfalls say which threshold, by how much")
  func shortfalls() throws {
    let coverage = try Self.loginCoverage()
    let ratio = coverage.ratio(.commands)
    let report = CoverageReport(coverage, traces: ["login.jsonl"], thresholds: [
      CoverageThreshold(.commands, minimum: 80), CoverageThreshold(.selectors, minimum: 0),
    ])
    #expect(report.shortfalls.count == 1)
    let shortfall = try #require(report.shortfalls.first)
    #expect(shortfall.threshold.metric == .commands)
    #expect(shortfall.needed == 59 - ratio.covered)
    #expect(shortfall.description == "command types \(ratio.percentText) < 80% (\(ratio.covered) of 73; \(59 - ratio.covered) more needed)")
    let text = report.renderText()
    #expect(text.contains("--min commands=80: not met: command types"))
    #expect(text.contains("--min selectors=0: met (style selectors "))
  }

  @Test("The text report: a row per command type and event class, the never exercised, the totals")
  func text() throws {
    let coverage = try Self.loginCoverage()
    let text = CoverageReport(coverage, traces: ["login.jsonl"]).renderText()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "1 trace, \(coverage.recordCount) records: \(coverage.commandCount) commands, \(coverage.eventCount) events, 0 modal results, \(coverage.markerCount) markers")
    #expect(lines.filter { $0.hasPrefix("CREATE_") || $0.hasPrefix("SET_") }.count >= 40)
    #expect(lines.contains("CREATE_OPENGL_VIEW                0  0/3     (never sent)"))
    #expect(lines.contains("ImageResponseEvent                0  0/5     (not sent by platforms)"))
    #expect(lines.contains { $0.hasPrefix("  command types (\(73 - coverage.ratio(.commands).covered)): CREATE_NAVIGATIONVIEW,") })
    #expect(lines.allSatisfy { $0.count <= CoverageReport.width })
    for metric in CoverageMetric.allCases {
      #expect(lines.contains { $0.hasPrefix("  \(metric.title) ") && $0.hasSuffix(coverage.ratio(metric).percentText) })
    }
    let uncovered = CoverageReport(coverage, traces: ["login.jsonl"]).renderText(uncoveredOnly: true)
    #expect(!uncovered.contains("command type  "))
    #expect(uncovered.contains("never exercised\n"))
    #expect(uncovered.contains("totals\n"))
  }

  @Test("The JSON report parses, its totals agree with the ratios, and the same input gives the same bytes")
  func json() throws {
    let coverage = try Self.loginCoverage()
    let report = CoverageReport(coverage, traces: ["login.jsonl"], thresholds: [CoverageThreshold(.fields, minimum: 90)])
    let text = report.renderJSON()
    #expect(text == report.renderJSON())
    #expect(text.hasSuffix("}\n") && text.filter { $0 == "\n" }.count == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["coverage"] as? Int == 1)
    #expect(object["traces"] as? [String] == ["login.jsonl"])
    #expect(object["commands"] as? Int == coverage.commandCount)
    let totals = try #require(object["totals"] as? [String: [String: Any]])
    for metric in CoverageMetric.allCases {
      let ratio = coverage.ratio(metric)
      #expect(totals[metric.rawValue]?["covered"] as? Int == ratio.covered)
      #expect(totals[metric.rawValue]?["total"] as? Int == ratio.total)
    }
    let thresholds = try #require(object["thresholds"] as? [[String: Any]])
    #expect(thresholds.first?["met"] as? Bool == false)
    #expect(thresholds.first?["needed"] as? Int == coverage.ratio(.fields).needed(for: 90))
    let types = try #require(object["commandTypes"] as? [[String: Any]])
    #expect(types.count == 73)
    #expect(types.first?["type"] as? String == "CREATE_APPLICATION")
    let uncovered = try #require(object["uncovered"] as? [String: [String]])
    #expect(uncovered["fields"]?.count == coverage.ratio(.fields).total - coverage.ratio(.fields).covered)
    let short = try #require(try JSONSerialization.jsonObject(with: Data(report.renderJSON(uncoveredOnly: true).utf8)) as? [String: Any])
    #expect(short["commandTypes"] == nil && short["styleKeys"] == nil && short["uncovered"] != nil)
  }
}
