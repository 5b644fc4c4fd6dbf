import Foundation
import Testing

@testable import CommandCodec

/// docs/WIDGETS.md §8: the schema written for each seed (000 CWIWidget, 001 PGAdapter, 002
/// TripWidget, 004 IBDesignable) is a whole schema the toolkit accepts.
@Suite("WIDGETS.md §8: one schema per seed")
struct WidgetSeedExampleTests {
  /// The ```json blocks of §8, in order.
  static func examples() throws -> [String] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/WIDGETS.md").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## 8. One schema per seed").last)
    return section.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
  }

  @Test("Each seed's schema is valid and says the seed's concepts")
  func everySeedParses() throws {
    let schemas = try Self.examples().map { try WidgetSchema(parsing: $0) }
    #expect(schemas.map(\.name) == ["cwi-slider", "pegasus", "trip-widget", "designable"])
    #expect(schemas[0].widgets[0].size.widthIsGiven && schemas[0].widgets[0].events[0].payloads.count == 2)
    #expect(schemas[1].widgets[1].isContainer && schemas[1].widgets[1].container?.kinds == nil)
    #expect(schemas[1].widget(named: "PGToolbar")?.container == WidgetContainerRules(kinds: nil, layout: .frame, kindLayouts: ["PGBarButtonItem": .horizontal]))
    #expect(schemas[2].widgets[0].visibility.blankHides && schemas[2].widgets[0].size.maxWidth == 400)
    let button = schemas[3].widgets[0]
    #expect(button.property(named: "shadowOffset")?.type == .point && button.property(named: "hitArea")?.type == .rect)
  }
}
