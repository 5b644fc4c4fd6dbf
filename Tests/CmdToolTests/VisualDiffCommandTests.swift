import Foundation
import Testing

// The visual diff pages the commands write: `diff --html`, `replay --engine --html-report`,
// `conformance --html`'s drawn failures. What the pages hold, as files; the browser's view of
// them is VisualDiffBrowserTests'.

/// Looks into a page: its wireframes and the groups of its elements.
struct PageText {
  let html: String

  init(_ path: String) throws {
    html = try String(contentsOfFile: path, encoding: .utf8)
  }

  init(html: String) {
    self.html = html
  }

  /// How often `needle` occurs.
  func count(_ needle: String) -> Int { html.components(separatedBy: needle).count - 1 }

  /// The markup of every `<g …data-id="ID"…>` group, from its start tag to its matching `</g>`.
  func groups(dataId id: Int) -> [Substring] {
    var found: [Substring] = []
    var rest = html[...]
    while let start = rest.range(of: #"<g [^>]*data-id="\#(id)"[^>]*>"#, options: .regularExpression) {
      var depth = 0
      var cursor = start.lowerBound
      while let tag = html[cursor...].range(of: #"</?g[ >]"#, options: .regularExpression) {
        depth += html[tag].hasPrefix("</") ? -1 : 1
        cursor = tag.upperBound
        if depth == 0 { break }
      }
      found.append(html[start.lowerBound..<cursor])
      rest = html[cursor...]
    }
    return found
  }

  /// Whether the group of element `id` is outlined (a `highlight-outline` rectangle in it).
  func groupsHighlighted(dataId id: Int) -> [Bool] {
    groups(dataId: id).map { $0.contains(#"class="highlight-outline""#) }
  }
}

@Suite struct VisualDiffCommandTests {
  let login = CommandRunner.path("traces/login.jsonl")
  let changed = CommandRunner.path("traces/login-changed.jsonl")

  @Test func diffHTMLDrawsTheDivergenceAndTheEndAndPrintsTheSameReport() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let plain = try Subprocess.cmdtool(["diff", login, changed])
    let run = try Subprocess.cmdtool(["diff", login, changed, "--html", scratch.path("d.html")])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout == plain.stdout && run.stderr == "", "the text output is as without --html")
    let page = try PageText(scratch.path("d.html"))
    #expect(page.count("<svg ") == 4)
    #expect(page.html.contains("<h2>first divergence (after record #1)</h2>") && page.html.contains("<h2>end</h2>"))
    // At the divergence the button is on both screens, outlined; at the end its view is gone.
    #expect(page.groupsHighlighted(dataId: 7) == [true, true])
    #expect(page.groups(dataId: 7)[0].contains("Log in") && page.groups(dataId: 7)[1].contains("Sign in"))
    #expect(page.html.contains("<p class=\"offscreen\">Changed, on neither screen: button 7</p>"))
    #expect(page.html.contains("button 7 · text: &quot;Log in&quot; → &quot;Sign in&quot;"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("d.html.partial")))
    // The same inputs, the same bytes.
    _ = try Subprocess.cmdtool(["diff", login, changed, "--html", scratch.path("again.html")])
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("again.html"))) == Data(contentsOf: URL(fileURLWithPath: scratch.path("d.html"))))
  }

  @Test func diffHTMLOfASnapshotHasOneMomentAndAnEqualDiffExitsZero() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let snapshot = try Subprocess.cmdtool(["replay", login, "--at", "5.5s", "--format", "json", "--out", scratch.path("s.json")])
    #expect(snapshot.status == 0, "\(snapshot)")
    let run = try Subprocess.cmdtool(["diff", scratch.path("s.json"), changed, "--at", "5.5s", "--html", scratch.path("s.html")])
    #expect(run.status == 1, "\(run)")
    let page = try PageText(scratch.path("s.html"))
    #expect(page.count("<svg ") == 2 && page.count("<section class=\"moment\"") == 1)
    #expect(page.html.contains("<h2>at 5.5s</h2>"))
    #expect(page.groupsHighlighted(dataId: 7) == [true, true])
    let same = try Subprocess.cmdtool(["diff", login, login, "--html", scratch.path("same.html")])
    #expect(same.status == 0 && same.stdout == "", "\(same)")
    let samePage = try PageText(scratch.path("same.html"))
    #expect(samePage.html.contains("<p class=\"summary\">No difference.</p>") && samePage.count("<svg ") == 2)
    #expect(!samePage.html.contains("highlight-outline"))
  }

  @Test func diffHTMLToAnUnwritablePlaceIsBadInput() throws {
    let run = try Subprocess.cmdtool(["diff", login, changed, "--html", "/nonexistent-folder/d.html"])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("/nonexistent-folder/d.html"), "\(run)")
  }

  @Test func replayHTMLReportWritesAPagePerFailingRecording() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("other"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Example.recording, toPath: scratch.path("other/example.jsonl"))
    let pages = scratch.path("reports/ci")
    let run = try Subprocess.cmdtool(
      ["replay", "--engine", Built.engineCommand("--variant changed"), Example.recording, scratch.path("other/example.jsonl"), "--record", "never", "--keep", scratch.path("new"), "--html-report", pages],
      timeout: 60)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("      page: \(pages)/example.html\n") && run.stdout.contains("      page: \(pages)/example-2.html\n"), "\(run)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: pages).sorted() == ["example-2.html", "example.html", "index.html"])
    // The index lists both, each linking its page, and says so in the output.
    #expect(run.stdout.contains("report: \(pages)/index.html\n"), "\(run)")
    let index = try PageText(pages + "/index.html")
    #expect(index.html.contains("<p class=\"summary\">2 recordings: 0 passed, 2 failed</p>"), "\(index.html)")
    #expect(index.html.contains(#"<tr class="fail"><td class="verdict">FAIL</td><td><a href="example.html">\#(Example.recording)</a></td>"#), "\(index.html)")
    #expect(index.html.contains(#"<td><a href="example-2.html">\#(scratch.path("other/example.jsonl"))</a></td>"#), "\(index.html)")
    let page = try PageText(pages + "/example.html")
    #expect(page.html.contains("<title>cmdtool replay: example.jsonl differs</title>"))
    #expect(page.html.contains("<p class=\"summary\">FAIL: the new run: script line 4: button &quot;Log in&quot; matches no element"), "\(page.html.prefix(3000))")
    #expect(page.html.contains("<h2>first divergence (after record #2)</h2>"))
    #expect(page.html.contains("<figcaption>the recording (example.jsonl) ") && page.html.contains("<figcaption>the new run "))
    #expect(Array(page.groupsHighlighted(dataId: 7).prefix(2)) == [true, true])
    #expect(page.html.contains("<section class=\"report\"><h2>The report</h2>"))
  }

  @Test func aPassingReplayWritesNoDiffPageButTheIndexThatSaysSo() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), Example.recording, "--record", "never", "--keep", scratch.path("new"), "--html-report", scratch.path("pages")], timeout: 60)
    #expect(run.status == 0, "\(run)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("pages")) == ["index.html"])
    let index = try PageText(scratch.path("pages/index.html"))
    #expect(index.html.contains("<p class=\"summary\">1 recording: 1 passed, 0 failed</p>"), "\(index.html)")
    #expect(index.html.contains(#"<tr class="pass"><td class="verdict">PASS</td><td>\#(Example.recording)</td><td></td></tr>"#), "\(index.html)")
    let misuse = try Subprocess.cmdtool(["replay", login, "--html-report", scratch.path("pages")])
    #expect(misuse.status == 64 && misuse.stderr.contains("--html-report"), "\(misuse)")
  }

  @Test func aRecordingCalledIndexDoesNotTakeTheIndexPage() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.copyItem(atPath: Example.recording, toPath: scratch.path("index.jsonl"))
    let pages = scratch.path("pages")
    let run = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--variant changed"), scratch.path("index.jsonl"), "--record", "never", "--keep", scratch.path("new"), "--html-report", pages], timeout: 60)
    #expect(run.status == 1, "\(run)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: pages).sorted() == ["index-2.html", "index.html"])
    #expect(try PageText(pages + "/index.html").html.contains(#"<a href="index-2.html">"#))
  }

  @Test func conformanceHTMLDrawsTheExpectedAndActualUIOfEachFailingCase() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.cmdtool(
      ["conformance", "--cases", "Required.Tree.ReorderChild.ToTheFront", "--cases", "Recommended.Robustness.UnknownTarget.ReorderChild", "--html", scratch.path("c.html"),
       "--", Built.referenceTestee.path, "--bug", "ignore-reorder"], timeout: 60)
    #expect(run.status == 1, "\(run)")
    let page = try PageText(scratch.path("c.html"))
    let table = try #require(page.html.range(of: "</table>"))
    let drawn = try #require(page.html.range(of: "<h2 id=\"drawn\">Failing cases, drawn</h2>"))
    #expect(table.upperBound <= drawn.lowerBound)
    #expect(page.count("<section class=\"case\"") == 1, "only the failing case")
    #expect(page.html.contains("<h3>Required.Tree.ReorderChild.ToTheFront</h3>"))
    #expect(page.html.contains("<figcaption>expected (the model) ") && page.html.contains("<figcaption>actual (the testee) "))
    #expect(page.count("<svg ") == 2)
    #expect(page.html.contains("<pre class=\"diff\">↕ frameView 2 › button 3 · index: 1 → 0\n1 difference (1 moved)</pre>"), "the state diff below the pictures")
    #expect(page.groupsHighlighted(dataId: 3) == [true, true])
  }
}
