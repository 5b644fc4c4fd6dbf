import Replay
import Testing

/// A case is skipped for a testee that does not report a part the case is about (`about`,
/// docs/CONFORMANCE.md §1.7). So every part a case names must be one it judges: at some step its
/// expected state, as the case's tier judges it, holds something of that part. A newcomer's
/// testee had `Required.Clear.Text` skipped for not reporting `options`, which a label never has,
/// and a planted bug in CLEAR passed unseen.
@Suite struct CaseAboutTests {
  /// Cases about a part that must stay empty: judging that nothing appears there (a sheet added
  /// to a button, a style with a bad selector) needs the part reported.
  /// Without the part reported, such a case would pass having tested nothing.
  static let judgedEmpty: Set<String> = [
    "Recommended.Robustness.UnsupportedTarget", "Recommended.Robustness.InvalidSelector", "Recommended.Robustness.EmptyStyleKey",
    "Recommended.Robustness.InvalidTimerInterval", "Recommended.Robustness.MissingTimerId",
  ]

  @Test func everyPartACaseIsAboutIsOneItJudges() throws {
    for testCase in ConformanceSuite.standard.cases where testCase.needsEvents.isEmpty && !Self.judgedEmpty.contains(testCase.name) {
      let expectation = try CaseExpectation(testCase)
      let level = testCase.tier.judges
      for (name, part) in StateParts.named where part != .tree && testCase.about.contains(part) {
        let judged = expectation.steps.contains { step in
          let state = step.state.judged(at: level)
          return state.projected(onto: [.tree, part]) != state.projected(onto: .tree)
        }
        #expect(judged, "\(testCase.name) is about \(name), which none of its steps holds")
      }
    }
  }

  /// A widget case is about what it judges too; one that needs events (a tap, a named event with
  /// payloads) expects at least one of them, else it would pass having compared nothing.
  @Test func everyWidgetCaseJudgesItsPartsAndExpectsItsEvents() throws {
    let cases = ConformanceSuite.widgetCases(WidgetModelTests.all) + ConformanceSuite.widgetCases(WidgetEventCaseTests.events)
    for testCase in cases {
      let expectation = try CaseExpectation(testCase)
      let level = testCase.tier.judges
      for (name, part) in StateParts.named where part != .tree && testCase.about.contains(part) {
        let judged = expectation.steps.contains { step in
          let state = step.state.judged(at: level)
          return state.projected(onto: [.tree, part]) != state.projected(onto: .tree)
        }
        #expect(judged, "\(testCase.name) is about \(name), which none of its steps holds")
      }
      guard !testCase.needsEvents.isEmpty else { continue }
      let expects = expectation.steps.contains { step in step.events.contains { EventKinds.of($0).map(testCase.needsEvents.contains) ?? false } }
      #expect(expects, "\(testCase.name) needs events but expects none")
    }
  }

  /// ShownBeforeDisplayable judges the widget's `displayable` (the tree part), not its
  /// visibility, which stays at the default: a testee reporting the tree alone runs it, and its
  /// expected tree holds the widget not displayable.
  @Test func shownBeforeDisplayableJudgesTheTree() throws {
    let testCase = try #require(ConformanceSuite.widgetCases(WidgetModelTests.all).first { $0.name == "Recommended.Widgets.TripCard.Visibility.ShownBeforeDisplayable" })
    #expect(testCase.about == .tree)
    #expect(CaseRunner.skipReason(testCase, TesteeHello(reports: .tree)) == nil)
    let last = try #require(try CaseExpectation(testCase).steps.last).state
    let expected = TesteeHello(reports: .tree).judged(last, in: testCase.tier)
    let widget = try #require(expected.elements.sortedIds.first { expected.elements[$0]?.widget != nil })
    #expect(expected.elements[widget]?.widget?.isDisplayable == false && expected.elements[widget]?.isVisible == true)
  }
}
