import ReplayCore
import ReplayWireframe

/// The failing cases of a conformance run drawn for the HTML report: per case, the UI the model
/// expects and the UI the testee reported at the step where it failed, side by side as
/// wireframes, the elements that differ outlined on both, and the state diff below
/// (docs/CONFORMANCE.md §3, docs/WIREFRAME.md "Visual diffs").
///
/// ```swift
/// let sections = ConformanceFailureDrawings.html(results)   // "" when nothing failed at a step
/// ```
public enum ConformanceFailureDrawings {
  /// What the two sides are called.
  public static let captions = VisualDiffPage.Captions(a: "expected (the model)", b: "actual (the testee)")

  /// The cases to draw: those that failed at a step whose expected and actual states are known
  /// (an error, such as a crash, has no actual state), in the order given.
  public static func drawable(_ results: [CaseResult]) -> [CaseResult] {
    results.filter { $0.verdict == .fail && $0.expectedState != nil && $0.actualState != nil }
  }

  /// The moment a failing case is drawn at: its step, the two states, their difference.
  public static func moment(of result: CaseResult) -> VisualDiffMoment? {
    guard let expected = result.expectedState, let actual = result.actualState else { return nil }
    let label = result.step.map { "step \($0)" + (result.stepDescription.map { " (\($0))" } ?? "") } ?? "the failing step"
    return VisualDiffMoment(label: label, a: expected, b: actual, diff: StateDiff(from: expected, to: actual), viewport: WireframeLayout.viewport(result.viewport))
  }

  /// The section of the page after the table: a heading, then a section per drawable case with
  /// its name, its reason and the two wireframes; "" when no case is drawable.
  ///
  /// - Complexity: O(n) in the elements of the states drawn.
  public static func html(_ results: [CaseResult]) -> String {
    let cases = drawable(results)
    guard !cases.isEmpty else { return "" }
    let e = XMLText.escaped
    var html = "<h2 id=\"drawn\">Failing cases, drawn</h2>\n"
    html += "<p>At the step where each case failed: the state the model expects and the state the testee reported, as wireframes (not pixel-exact), the elements that differ outlined on both.</p>\n"
    for (index, result) in cases.enumerated() {
      guard let moment = moment(of: result) else { continue }
      html += "<section class=\"case\" id=\"case-\(index + 1)\">\n<h3>\(e(result.name))</h3>\n<p>\(e(result.reason))</p>\n"
      if let events = result.eventsDiff {
        html += "<pre class=\"events\">\(e("events (- expected, + actual):\n" + events))</pre>\n"
      }
      // Untitled elements named by kind and id: a testee that reports no texts, or a bug in
      // their order (REORDER_CHILD ignored), still draws two different pictures.
      html += VisualDiffPage.section(moment, captions: captions, id: "case-\(index + 1)-step", headingLevel: 4, layout: WireframeOptions(showsOrder: true))
      html += "</section>\n"
    }
    return html
  }
}
