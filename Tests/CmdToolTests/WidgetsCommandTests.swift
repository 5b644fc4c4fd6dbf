import Foundation
import Testing

@Suite struct WidgetsCommandTests {
  @Test func validSchemaPrintsSummaryAndFingerprint() throws {
    let result = try CommandRunner.run(["widgets", "check", CommandRunner.path("traces/widgets/chart.widgets.json")])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == #"widget schema "chart": 1 widget, 1 command, 1 attribute, 3 properties, 1 event"#)
    #expect(lines.contains("fingerprint fnv1a64:a76687cf54a2689e"))
    #expect(lines.contains("PieChart: created by CREATE_PIE_CHART (1000)"))
    #expect(lines.contains("  property   piePercentage: int 0…100 = 0, inspectable (SET_INT_VALUE.value)"))
  }

  @Test(arguments: ["chart", "trip", "table", "all"])
  func everyBundledSchemaChecks(name: String) throws {
    let result = try CommandRunner.run(["widgets", "check", CommandRunner.path("traces/widgets/\(name).widgets.json")])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func invalidSchemaNamesThePlaceAndFailsWithTwo() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try String(contentsOfFile: CommandRunner.path("traces/widgets/chart.widgets.json"), encoding: .utf8)
    let bad = original.replacingOccurrences(of: #""default": 0, "inspectable""#, with: #""default": 140, "inspectable""#)
    #expect(bad != original)
    let file = directory.appendingPathComponent("bad.widgets.json").path
    try bad.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["widgets", "check", file])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "cmdtool: \(file): widgets[0].properties.piePercentage.default: 140 is above the maximum 100\n")
  }

  @Test func brokenJSONNamesLineAndColumn() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("broken.widgets.json").path
    try "{\"widgetSchema\": 1,\n \"widgets\": [,]}".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["widgets", "check", file])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("cmdtool: \(file): line 2, column 14: "))
  }

  @Test func unreadableFileFailsWithTwo() throws {
    let result = try CommandRunner.run(["widgets", "check", "/nonexistent/chart.widgets.json"])
    #expect(result.status == 2)
    #expect(result.stderr == "cmdtool: /nonexistent/chart.widgets.json: cannot read the file\n")
  }

  @Test func missingFileArgumentIsAUsageError() throws {
    let result = try CommandRunner.run(["widgets", "check"])
    #expect(result.status == 64)
  }

  @Test func helpTeaches() throws {
    let group = try CommandRunner.run(["widgets", "--help"])
    #expect(group.status == 0)
    #expect(group.stdout.contains("cmdtool widgets check traces/widgets/chart.widgets.json"))
    let check = try CommandRunner.run(["widgets", "check", "--help"])
    #expect(check.stdout.contains("Exit status: 0 valid, 2 invalid or unreadable"))
  }
}
