import CommandCodec
import Replay
import Testing

/// The suite's texts say "an" before a vowel (issue #26 trial: `a eventLayout`, `a imageView`,
/// `a alertDialog` in `cmdtool conformance --list`).
@Suite("Conformance suite: articles in the case descriptions")
struct ConformanceArticleTests {
  /// Each "a WORD" in `text` where WORD starts with a vowel sound: "an" is due. Words said
  /// with a "you" (url, unique, use, usual) take "a".
  static func misplacedArticles(in text: String) -> [String] {
    let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
    var found: [String] = []
    for (index, word) in words.enumerated().dropLast() where word == "a" || word == "A" {
      let next = words[index + 1].lowercased()
      guard let first = next.first, "aeiou".contains(first) else { continue }
      if ["url", "uint", "uni", "use", "usu"].contains(where: { next.hasPrefix($0) }) { continue }
      found.append("a " + words[index + 1])
    }
    return found
  }

  @Test func theCheckFindsWhatItLooksFor() {
    #expect(Self.misplacedArticles(in: "CREATE_EVENT_LAYOUT makes a eventLayout (a url, a button)") == ["a eventLayout"])
    #expect(Self.misplacedArticles(in: "an imageView, a pager, a unique name").isEmpty)
  }

  @Test("No case description says a before a vowel, with and without the bundled widgets")
  func descriptions() throws {
    // A vowel-initial kind as well ("an AirportWidget"), with an event and an enum.
    let airport = try WidgetSchema(parsing: #"""
      {"widgetSchema": 1, "name": "airport", "widgets": [{
        "name": "AirportWidget", "create": {"command": "CREATE_AIRPORT_WIDGET"},
        "attributes": {"iata": {"type": "string", "field": "textValue", "default": ""}},
        "properties": {"unit": {"type": "enum", "values": ["km", "mi"], "default": "km", "set": {"command": "SET_STYLE", "key": "unit"}}},
        "events": {"opened": {"class": "ValueEvent", "fields": {"value": {"name": "index", "type": "int", "min": 0}}}}
      }]}
      """#)
    let suites = [ConformanceSuite.standard, ConformanceSuite.standard.adding(widgets: WidgetModelTests.all), ConformanceSuite(cases: ConformanceSuite.widgetCases(airport))]
    for suite in suites {
      let wrong = suite.cases.flatMap { testCase in Self.misplacedArticles(in: testCase.summary).map { "\(testCase.name): \($0)" } }
      #expect(wrong.isEmpty, "\(wrong)")
    }
  }
}
