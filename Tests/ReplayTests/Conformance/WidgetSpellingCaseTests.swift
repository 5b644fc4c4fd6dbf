import CommandCodec
import Replay
import Testing

/// `Required.Widgets.<W>.Spelling.<name>` (docs/CONFORMANCE.md §2, WIDGETS.md §7.3): an enum's
/// alias or other case, sent as the engine would, is stored as the value it stands for.
@Suite("Conformance suite: an enum's other spellings")
struct WidgetSpellingCaseTests {
  /// A PGAdapter-style table: an attribute matched in any case, a property with aliases set by
  /// SET_STYLE, and an enum with neither (no case).
  static func schema(translating: Bool) -> WidgetSchema {
    let extra = translating ? #", "caseInsensitive": true"# : ""
    let aliases = translating ? #", "aliases": {"single-line": "singleLine", "NONE": "none"}"# : ""
    return try! WidgetSchema(parsing: """
      {"widgetSchema": 1, "name": "pg", "widgets": [{
        "name": "PGTable", "create": {"command": "CREATE_PG_TABLE"},
        "attributes": {"style": {"type": "enum", "values": ["plain", "grouped"], "default": "plain", "field": "textValue"\(extra)}},
        "properties": {
          "separator": {"type": "enum", "values": ["none", "singleLine"], "default": "none", "set": {"command": "SET_STYLE", "key": "separator"}\(aliases)},
          "density": {"type": "enum", "values": ["compact", "regular"], "default": "regular", "set": {"command": "SET_STYLE", "key": "density"}}
        }
      }]}
      """)
  }

  @Test func eachEnumWithAnotherSpellingHasACaseThatStoresTheValue() throws {
    let cases = ConformanceSuite.widgetCases(Self.schema(translating: true)).filter { $0.name.contains(".Spelling.") }
    #expect(cases.map(\.name) == ["Required.Widgets.PGTable.Spelling.style", "Required.Widgets.PGTable.Spelling.separator"])
    for (testCase, sent, stored, name) in [(cases[0], "GROUPED", "grouped", "style"), (cases[1], "single-line", "singleLine", "separator")] {
      #expect(testCase.summary.contains("\"\(sent)\"") && testCase.summary.contains(stored), "\(testCase.summary)")
      let expectation = try CaseExpectation(testCase)
      #expect(expectation.diagnostics.isEmpty, "\(expectation.diagnostics.map(\.description))")
      let widget = try #require(expectation.steps.last?.state[4]?.widget)
      #expect((name == "style" ? widget.attributes[name] : widget.properties[name]) == stored)
      // What is sent is the other spelling, not the value.
      let commands = expectation.steps.compactMap { step -> [Command]? in if case .batch(let batch) = step.traceRecord.body { batch } else { nil } }.joined()
      #expect(commands.contains { $0.textValue == sent || $0.textValue2 == sent }, "\(commands)")
    }
    #expect(ConformanceSuite.widgetCases(Self.schema(translating: false)).allSatisfy { !$0.name.contains(".Spelling.") })
  }

  /// The verdict's other direction: a platform that stores what it was sent (it does not know the
  /// schema's spellings) ends the case in another state, which the run reports.
  @Test func aPlatformThatDoesNotTranslateEndsInAnotherState() throws {
    let translating = Self.schema(translating: true)
    for testCase in ConformanceSuite.widgetCases(translating) where testCase.name.contains(".Spelling.") {
      let expected = try #require(try CaseExpectation(testCase).steps.last).state
      let records = try CaseExpectation(testCase).steps.map(\.traceRecord)
      let literal = try Replayer.replay(records, header: testCase.header, widgets: Self.schema(translating: false))
      #expect(!StateDiff(from: expected, to: literal.state).isEmpty, "\(testCase.name)")
    }
  }
}
