import CommandCodec
@testable import ReplayCore
import Testing

// Enum aliases and case-insensitive enums (docs/WIDGETS.md §3, issue #26 §2): PGAdapter
// lower-cases attribute values, so "Grouped" must be accepted when the schema says so, and the
// model stores the value in the spelling of `values`.

@Suite struct WidgetEnumSpellingTests {
  /// A PGAdapter-style table: a case-insensitive creation-time style with an alias, and a
  /// property enum with an alias only.
  static let schema = try! WidgetSchema(parsing: #"""
    {"widgetSchema": 1, "name": "pg", "widgets": [{
      "name": "PGTable", "create": {"command": "CREATE_PG_TABLE", "code": 1300},
      "attributes": {
        "style": {"type": "enum", "values": ["plain", "grouped", "insetGrouped"], "default": "Plain",
                  "caseInsensitive": true, "aliases": {"plain-style": "plain"}, "field": "textValue"}
      },
      "properties": {
        "separator": {"type": "enum", "values": ["none", "line"], "default": "line", "aliases": {"singleLine": "line"},
                      "set": {"command": "SET_STYLE", "key": "separator"}}
      }
    }]}
    """#)

  static func table(_ style: String, _ lines: String...) -> ReferenceModel {
    widgetModel(schema, [#"{"type":"CREATE_PG_TABLE","internalId":3,"childInternalId":9,"textValue":"\#(style)"}"#] + lines)
  }

  @Test(arguments: [("Grouped", "grouped"), ("INSETGROUPED", "insetGrouped"), ("plain-style", "plain"), ("Plain-Style", "plain"), ("grouped", "grouped")])
  func anotherSpellingIsStoredAsTheValue(given: String, stored: String) {
    let m = Self.table(given)
    #expect(m.diagnostics.isEmpty, "\(m.diagnostics)")
    #expect(m.state.elements[9]?.widget?.attributes["style"] == stored)
  }

  @Test func theDefaultIsStoredInItsCanonicalSpelling() throws {
    let style = try #require(Self.schema.widgets[0].attributes.first)
    #expect(style.defaultValue == "plain")
    #expect(Self.table("").state.elements[9]?.widget?.attributes["style"] == "plain")
  }

  @Test func aSpellingTheSchemaDoesNotGiveIsStillRefused() {
    let m = Self.table("banana")
    #expect(m.diagnostics.map(\.rule) == [.widgetInvalidValue])
    #expect(m.state.elements[9]?.widget?.attributes["style"] == "plain")
    // Aliases without caseInsensitive match exactly: "SingleLine" is no spelling of separator.
    let set = Self.table("plain", #"{"type":"SET_STYLE","internalId":9,"textValue":"separator","textValue2":"SingleLine"}"#)
    #expect(set.diagnostics.map(\.rule) == [.widgetInvalidValue])
    // The bundled table schema says neither: "Grouped" is refused there, as before.
    let bundled = widgetModel(WidgetModelTests.all, [#"{"type":"CREATE_DATA_TABLE","internalId":3,"childInternalId":9,"textValue":"Grouped"}"#])
    #expect(bundled.diagnostics.map(\.rule) == [.widgetInvalidValue])
  }

  @Test func anAliasOfTheCurrentValueChangesNothing() {
    let m = Self.table(
      "plain", #"{"type":"SET_STYLE","internalId":9,"textValue":"separator","textValue2":"singleLine"}"#,
      #"{"type":"SET_STYLE","internalId":9,"textValue":"separator","textValue2":"none"}"#)
    #expect(m.diagnostics.isEmpty)
    let hooks = WidgetModelTests.hooks(m).filter { $0.contains("property") }
    #expect(hooks == ["9 property separator line → none"])
  }

  @Test(arguments: [
    (#""aliases": {"Big": "huge"}"#, WidgetSchema.Failure.Code.unknownReference, "widgets[0].properties.p.aliases.Big"),
    (#""aliases": {"small": "small"}"#, .duplicateName, "widgets[0].properties.p.aliases.small"),
    (#""caseInsensitive": true, "aliases": {"SMALL": "small"}"#, .duplicateName, "widgets[0].properties.p.aliases.SMALL"),
    (#""aliases": {"": "small"}"#, .invalidName, "widgets[0].properties.p.aliases."),
    (#""aliases": {"s": 1}"#, .wrongKind, "widgets[0].properties.p.aliases.s"),
  ])
  func aBadSpellingIsRefusedAtItsPlace(keys: String, code: WidgetSchema.Failure.Code, path: String) {
    let text = #"{"widgetSchema": 1, "widgets": [{"name": "W", "create": {"command": "CREATE_W"}, "properties": {"p": {"type": "enum", "values": ["small", "large"], "set": {"command": "SET_STYLE", "key": "p"}, "# + keys + "}}}]}"
    do {
      _ = try WidgetSchema(parsing: Array(text.utf8))
      Issue.record("expected \(code)")
    } catch {
      #expect(error.code == code, "\(error)")
      #expect(error.path == path, "\(error)")
    }
  }

  @Test func onlyAnEnumTakesSpellings() {
    for keys in [#""caseInsensitive": true"#, #""aliases": {"a": "b"}"#] {
      let text = #"{"widgetSchema": 1, "widgets": [{"name": "W", "create": {"command": "CREATE_W"}, "properties": {"p": {"type": "string", "set": {"command": "SET_STYLE", "key": "p"}, "# + keys + "}}}]}"
      #expect(throws: WidgetSchema.Failure.self) { try WidgetSchema(parsing: Array(text.utf8)) }
    }
    let clash = #"{"widgetSchema": 1, "widgets": [{"name": "W", "create": {"command": "CREATE_W"}, "properties": {"p": {"type": "enum", "values": ["a", "A"], "caseInsensitive": true, "set": {"command": "SET_STYLE", "key": "p"}}}}]}"#
    #expect(throws: WidgetSchema.Failure.self) { try WidgetSchema(parsing: Array(clash.utf8)) }
  }

  @Test func spellingsAreInTheFingerprintOnlyWhenUsed() throws {
    let plain = #"{"widgetSchema": 1, "widgets": [{"name": "W", "create": {"command": "CREATE_W"}, "properties": {"p": {"type": "enum", "values": ["small", "large"], "set": {"command": "SET_STYLE", "key": "p"}}}}]}"#
    let folded = plain.replacingOccurrences(of: #""values""#, with: #""caseInsensitive": true, "values""#)
    let aliased = plain.replacingOccurrences(of: #""values""#, with: #""aliases": {"big": "large"}, "values""#)
    let schemas = try [plain, folded, aliased].map { try WidgetSchema(parsing: Array($0.utf8)) }
    #expect(Set(schemas.map(\.fingerprint)).count == 3)
    #expect(!schemas[0].canonicalText.contains("caseInsensitive") && !schemas[0].canonicalText.contains("aliases"))
  }
}
