import CommandCodec
import ReplayCore

/// Custom widgets' named events in a campaign (docs/CONFORMANCE.md §4): which the runs made the
/// testee send, and the `event` requests it answered `unsupported` (a gesture its platform cannot
/// perform, §1.3), which are left out of the runs from then on rather than skipping them.
extension PlatformFuzzer {
  /// `RangeSlider.rangeChanged`: the declared event that step `index` of a case (a user's action
  /// on a custom widget: a tap or the `event` request) makes the testee send; nil for any other
  /// step.
  package static func namedEvent(atStep index: Int, of testCase: ConformanceCase, _ expectation: CaseExpectation) -> String? {
    guard testCase.steps.indices.contains(index), expectation.steps.indices.contains(index), case .act = testCase.steps[index].action else { return nil }
    let step = expectation.steps[index]
    guard case .event(let target, let event) = step.traceRecord.body, let kind = step.state.elements[target]?.widget?.kind,
      let declared = step.state.widgets?.widget(named: kind)?.events.first(where: { $0.matches(event) })
    else { return nil }
    return "\(kind).\(declared.name)"
  }

  /// The declared events the case makes the testee send (``namedEvent(atStep:of:_:)``).
  package static func namedEvents(of testCase: ConformanceCase, _ expectation: CaseExpectation) -> Set<String> {
    Set(testCase.steps.indices.compactMap { namedEvent(atStep: $0, of: testCase, expectation) })
  }

  /// The case without its `event` requests for the events in `unsupported`, with its
  /// expectation; the case itself when it asks for none of them. A named event changes nothing
  /// in the model, so the steps left play as they did.
  package static func leavingOut(_ unsupported: Set<String>, of testCase: ConformanceCase, _ expectation: CaseExpectation) throws(CaseExpectation.Failure) -> (ConformanceCase, CaseExpectation) {
    let dropped = Set(testCase.steps.indices.filter { index in
      guard case .act(.widgetEvent) = testCase.steps[index].action, let named = namedEvent(atStep: index, of: testCase, expectation) else { return false }
      return unsupported.contains(named)
    })
    guard !dropped.isEmpty else { return (testCase, expectation) }
    var narrowed = testCase
    narrowed.steps = testCase.steps.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    return (narrowed, try CaseExpectation(narrowed))
  }

  /// Every event the schema declares, as ``namedEvent(atStep:of:_:)`` names them.
  public static func declaredEvents(of schema: WidgetSchema?) -> [String] {
    (schema?.widgets ?? []).flatMap { definition in definition.events.map { "\(definition.name).\($0.name)" } }.sorted()
  }
}
