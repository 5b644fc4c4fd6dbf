import CommandCodec
import Foundation
import Testing

@testable import ReplayConformance
@testable import ReplayCore
@testable import ReplayWireframe

@Suite("Visual diff pages: two wireframes per moment, the changes outlined, everything escaped")
struct VisualDiffPageTests {
  /// The prelude's screen with one button saying `label`.
  static func buttonState(_ label: String) -> UIState {
    model(Prelude.both + [Line.batch(Line.create("TEXT", 3, 4, text: "Title"), Line.create("BUTTON", 3, 7, text: label))]).state
  }

  static func moment(_ a: String, _ b: String, label: String = "end") -> VisualDiffMoment {
    let (stateA, stateB) = (buttonState(a), buttonState(b))
    return VisualDiffMoment(label: label, a: stateA, b: stateB, diff: StateDiff(from: stateA, to: stateB), viewport: WireframeSize(width: 400, height: 800))
  }

  static func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

  @Test("Each moment has both wireframes, the changed element outlined in both, and the diff as text")
  func bothSidesAndTheChange() {
    let page = VisualDiffPage(title: "a ↔ b", captions: .init(a: "A: a.jsonl", b: "B: b.jsonl"), moments: [Self.moment("Log in", "Sign in")])
    let html = page.html
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\""), "HTMLPage's head, without a script")
    #expect(Self.occurrences(of: "<svg ", in: html) == 2)
    #expect(!html.contains("<?xml"), "inlined SVG has no XML declaration")
    #expect(html.contains("id=\"m1-a-clip-1\"") && html.contains("id=\"m1-b-clip-1\""), "each SVG keeps its ids apart")
    #expect(Self.occurrences(of: "<g class=\"element button highlight\" data-id=\"7\">", in: html) == 2)
    #expect(Self.occurrences(of: "<rect class=\"highlight-outline\"", in: html) == 2)
    #expect(!html.contains("<g class=\"element text highlight\""), "only what changed is outlined")
    #expect(html.contains("<pre class=\"diff\">~ frameView 2 › linearLayout 3 › button 7 · text: &quot;Log in&quot; → &quot;Sign in&quot;\n1 difference (1 changed)</pre>"))
    #expect(html.contains("<figcaption>A: a.jsonl <span class=\"time\">"))
    #expect(!html.contains("<script"), "the page needs no script")
  }

  @Test("Hostile titles, captions, labels, texts and reports appear only escaped")
  func hostileTexts() throws {
    let hostile = "<script>alert(1)</script>"
    let stateA = WireframeSVGTests.hostileState()
    var moment = VisualDiffMoment(label: hostile, a: stateA, b: Self.buttonState(hostile), diff: StateDiff(from: stateA, to: Self.buttonState(hostile)), viewport: WireframeSize(width: 400, height: 800))
    moment.label = hostile + "\"'&"
    let page = VisualDiffPage(title: hostile, captions: .init(a: hostile, b: "</figcaption><img src=x>"), summary: [hostile], moments: [moment], report: "</pre>" + hostile)
    let html = page.html
    #expect(!html.contains("<script"), "\(html)")
    #expect(!html.contains("<img") && !html.contains("</pre><script") && !html.contains("</figcaption><img"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    #expect(!html.contains("<a ") && !html.contains("href=\""), "no reference of any kind")
    // No attribute holds anything the trace said.
    let attributes = html.matches(of: /="([^"]*)"/).map { String($0.output.1) }
    #expect(attributes.allSatisfy { !$0.contains("evil") && !$0.contains("javascript") && !$0.contains("alert") }, "\(attributes)")
  }

  @Test("The same moments give the same bytes")
  func deterministic() {
    let make = { VisualDiffPage(title: "t", captions: .init(a: "a", b: "b"), moments: [Self.moment("x", "y", label: "one"), Self.moment("y", "y", label: "two")]).html }
    #expect(make() == make())
    #expect(make().contains("<section class=\"moment\" id=\"m2\">\n<h2>two</h2>"))
    #expect(make().contains("<pre class=\"diff\">no difference</pre>"))
  }

  @Test("A diff of two traces gives the first divergence and the end; a snapshot one moment")
  func momentsOfAReport() throws {
    let a = Repository.trace("login.jsonl")
    let b = Repository.trace("login-changed.jsonl")
    let report = try DiffReport(try DiffInput.open(a), try DiffInput.open(b), names: ("login.jsonl", "login-changed.jsonl"))
    let moments = VisualDiffMoment.moments(of: report)
    #expect(moments.map(\.label) == ["first divergence (after record #1)", "end"])
    #expect(moments.map(\.highlighted) == [[7], [7]])
    #expect(moments[0].stateA.time == 4 && moments[0].stateA[7]?.text == "Log in" && moments[0].stateB[7]?.text == "Sign in")
    #expect(moments[0].viewportA == WireframeSize(width: 375, height: 667))
    let page = VisualDiffPage(report: report)
    #expect(page.title == "cmdtool diff: login.jsonl ↔ login-changed.jsonl")
    #expect(page.summary == ["The states first differ after record #1. At the end: 1 difference. What the platforms sent on their own differs from the first event (the report below lists it)."])
    // At the end the login view is gone: the page says the button changed off screen.
    #expect(page.html.contains("<p class=\"offscreen\">Changed, on neither screen: button 7</p>"))
    #expect(page.report == report.renderText())

    let snapshot = try DiffReport(.snapshot(report.stateA), try DiffInput.open(b), names: ("a.json", "b.jsonl"))
    #expect(VisualDiffMoment.moments(of: snapshot, endLabel: "the states").map(\.label) == ["the states"])
    let same = try DiffReport(try DiffInput.open(a), try DiffInput.open(a), names: ("a", "a"))
    #expect(VisualDiffPage(report: same).summary == ["No difference."])
    #expect(VisualDiffPage(report: same).report == nil)
  }

  @Test("Divergence places: the same record, different records, the start")
  func places() throws {
    let empty = UIState()
    func divergence(_ a: Int?, _ b: Int?) -> RunComparison.Divergence {
      RunComparison.Divergence(recordA: a, recordB: b, timeA: 0, timeB: 0, diff: StateDiff(from: empty, to: empty), stateA: empty, stateB: empty, recentA: [], recentB: [])
    }
    #expect(VisualDiffMoment.place(divergence(3, 3)) == "after record #3")
    #expect(VisualDiffMoment.place(divergence(3, 5)) == "after record #3 of A and #5 of B")
    #expect(VisualDiffMoment.place(divergence(nil, 2)) == "at the start of A and after record #2 of B")
    #expect(VisualDiffMoment.place(divergence(nil, nil)) == "at the start")
  }

  @Test("The conformance page draws each case that failed at a step, after the table")
  func conformanceDrawings() throws {
    let expected = Self.buttonState("Log in")
    let actual = Self.buttonState("<b>Sign in</b>")
    var failed = CaseResult(name: "Required.<Case>", tier: .required, verdict: .fail, reason: "the state differs from the model's at step 2 of 2 (SET_TEXT 7)")
    failed.step = 2
    failed.stepDescription = "SET_TEXT 7"
    failed.expectedState = expected
    failed.actualState = actual
    failed.viewport = Viewport(width: 320, height: 480)
    let crashed = CaseResult(name: "Required.Crash", tier: .required, verdict: .error, reason: "the testee crashed")
    #expect(ConformanceFailureDrawings.drawable([crashed, failed]).map(\.name) == ["Required.<Case>"])
    #expect(ConformanceFailureDrawings.html([crashed]) == "")
    let report = #"{"conformance":1,"testee":"t","cases":[{"name":"Required.<Case>","tier":"Required","verdict":"fail"}]}"#
    let html = try ConformanceMatrix(reports: [("r.json", Array(report.utf8))]).renderHTML(title: "run", failures: [crashed, failed])
    let table = try #require(html.range(of: "</table>"))
    let drawn = try #require(html.range(of: "<h2 id=\"drawn\">Failing cases, drawn</h2>"))
    #expect(table.upperBound <= drawn.lowerBound)
    #expect(html.contains("<h3>Required.&lt;Case&gt;</h3>") && !html.contains("Required.Crash</h3>"))
    #expect(html.contains("<h4>step 2 (SET_TEXT 7)</h4>"))
    #expect(html.contains("<figcaption>expected (the model) ") && html.contains("<figcaption>actual (the testee) "))
    #expect(Self.occurrences(of: "<g class=\"element button highlight\" data-id=\"7\">", in: html) == 2)
    #expect(html.contains("width=\"320\" height=\"480\""), "the case's viewport")
    #expect(html.contains("&quot;&lt;b&gt;Sign in&lt;/b&gt;&quot;") && !html.contains("<b>Sign"))
  }
}
