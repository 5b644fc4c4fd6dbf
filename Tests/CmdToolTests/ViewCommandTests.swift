import Foundation
import Testing

// `cmdtool view TRACE --out FILE.html`, loaded in a real headless Chromium: the DOM after the
// page's script ran, at several steps; screenshots; hostile traces that must stay inert.

@Suite struct ViewCommandTests {
  private func view(_ trace: String, _ extra: [String] = [], in scratch: Scratch, name: String = "page.html") throws -> String {
    let out = scratch.path(name)
    let run = try Subprocess.cmdtool(["view", trace, "--out", out] + extra, timeout: 120)
    #expect(run.status == 0, "\(run)")
    return out
  }

  /// The text of the element with `id` in a DOM dump (its markup, tags and all).
  private func section(_ id: String, in dom: String) -> String {
    guard let start = dom.range(of: "id=\"\(id)\"") else { return "" }
    let rest = dom[start.upperBound...]
    let end = rest.range(of: "</section>") ?? rest.range(of: "</pre>") ?? rest.range(of: "</span>")
    return String(rest[..<(end?.lowerBound ?? rest.endIndex)])
  }

  @Test func theLoginSessionShowsTheFormTheErrorTheToastAndTheSecondView() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let page = try view(CommandRunner.path("traces/login.jsonl"), in: scratch)
    // The form, with the error on the password field, before logging in.
    let form = try HeadlessBrowser.dom(of: page, fragment: "t=5500")
    #expect(section("where", in: form).contains("record #18 of 28"), "\(section("where", in: form))")
    let formScreen = section("screen", in: form)
    #expect(formScreen.contains("Sign in to Acme") && formScreen.contains("Salasana puuttuu") && formScreen.contains("Log in"), "\(formScreen)")
    #expect(formScreen.contains("class=\"element textField"), "\(formScreen)")
    // After logging in: the second view and the toast.
    let welcome = try HeadlessBrowser.dom(of: page, fragment: "t=6500")
    let welcomeScreen = section("screen", in: welcome)
    #expect(welcomeScreen.contains("Hello, alice") && welcomeScreen.contains("Welcome back, alice!"), "\(welcomeScreen)")
    #expect(!welcomeScreen.contains("Sign in to Acme"))
    // At the end the toast is gone.
    let end = try HeadlessBrowser.dom(of: page)
    #expect(section("where", in: end).contains("record #27 of 28"))
    #expect(!section("screen", in: end).contains("Welcome back"))
    // The records list shows both directions.
    #expect(form.contains("class=\"dir-out") && form.contains("class=\"dir-in") && form.contains("class=\"dir-mark"))
  }

  @Test func scrubbingChangesTheWireframeAndOutlinesWhatChanged() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let page = try view(CommandRunner.path("traces/login.jsonl"), in: scratch)
    let typing = try HeadlessBrowser.dom(of: page, fragment: "record=6")
    let typed = try HeadlessBrowser.dom(of: page, fragment: "record=8")
    #expect(section("screen", in: typing) != section("screen", in: typed))
    #expect(section("screen", in: typing).contains(">ali<"), "\(section("screen", in: typing))")
    #expect(section("screen", in: typed).contains(">alice<"))
    // Record 8 typed into text field 5: it is outlined, and the diff names it.
    #expect(section("screen", in: typed).contains("data-id=\"5\""))
    #expect(typed.range(of: #"class="element textField[^"]*highlight[^"]*" data-id="5""#, options: .regularExpression) != nil, "\(section("screen", in: typed))")
    #expect(section("diff", in: typed).contains("textField 5 · text: \"alic\" → \"alice\""), "\(section("diff", in: typed))")
  }

  @Test func screenshotsAreNotBlankAndDifferByStep() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let page = try view(CommandRunner.path("traces/login.jsonl"), in: scratch)
    let blank = try scratch.write("blank.html", "<!DOCTYPE html><html><body></body></html>")
    try HeadlessBrowser.screenshot(of: blank, to: scratch.path("blank.png"))
    try HeadlessBrowser.screenshot(of: page, fragment: "t=5500", to: scratch.path("form.png"))
    try HeadlessBrowser.screenshot(of: page, fragment: "t=6500", to: scratch.path("welcome.png"))
    let sizes = try ["blank", "form", "welcome"].map { try FileManager.default.attributesOfItem(atPath: scratch.path("\($0).png"))[.size] as? Int ?? 0 }
    #expect(sizes[1] > sizes[0] * 5 && sizes[2] > sizes[0] * 5, "\(sizes)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("form.png"))) != Data(contentsOf: URL(fileURLWithPath: scratch.path("welcome.png"))))
  }

  @Test func hostileTextsStayTextAndThePageLoadsNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trap = try ConnectionTrap()
    defer { trap.stop() }
    func quoted(_ text: String) -> String {
      let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
      return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
    let trace = try scratch.write("evil.jsonl", """
      {"trace":1,"creator":"<img src=\(trap.url("creator"))>"}
      {"batch":[{"type":"CREATE_APPLICATION","childInternalId":1},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"<script>alert(1)</script>"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"</style><img src=\(trap.url("button"))>"},{"type":"SET_STYLE","internalId":5,"textValue":"background","textValue2":\(quoted("red;background:url(\(trap.url("style")))"))},{"type":"SET_STYLE","internalId":5,"textValue":"color","textValue2":"</style>"},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":6,"textValue":\(quoted(trap.url("image.png"))),"width":100,"height":100},{"type":"CREATE_TEXT","internalId":3,"childInternalId":7,"textValue":"javascript:alert(2)"},{"type":"CREATE_LINK","internalId":7,"textValue":"javascript:alert(3)"}]}
      {"t":100,"marker":"</script><script>alert(4)</script>"}

      """)
    let page = try view(trace, in: scratch)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(!html.contains("<script>alert"), "a trace's text never becomes markup")
    #expect(html.components(separatedBy: "<script").count - 1 == 2, "the data element and the page's own script, no other")
    let dom = try HeadlessBrowser.dom(of: page)
    #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(section("screen", in: dom))")
    #expect(dom.components(separatedBy: "<script").count - 1 == 2)
    #expect(!dom.contains("<img"), "no image element came from a trace")
    try HeadlessBrowser.screenshot(of: page, to: scratch.path("evil.png"))
    #expect(trap.connections == 0, "the page made \(trap.connections) requests")
  }

  @Test func aLongTraceKeepsSampledStatesAndStillOpensAtItsEnd() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let long = scratch.path("long.cmdtrace")
    // 2,514 records, a state kept every 126th: long enough to sample, short enough that a
    // loaded machine draws it in seconds (60,000 commands and 200 frames took a debug build
    // over 120 s with both cores busy).
    let generate = try Subprocess.cmdtool(["generate", long, "--commands", "30000", "--seed", "3"], timeout: 120)
    #expect(generate.status == 0, "\(generate)")
    let page = try view(long, ["--max-frames", "20"], in: scratch)
    let size = try FileManager.default.attributesOfItem(atPath: page)[.size] as? Int ?? 0
    #expect(size < 40_000_000, "\(size) bytes")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("states every "), "the header says states are sampled")
    #expect(html.contains("2514 records") && html.contains("states every 126 records"), "the header says how many and how they are sampled")
    let dom = try HeadlessBrowser.dom(of: page, fragment: "record=1234")
    #expect(section("where", in: dom).contains("record #1234 of "), "\(section("where", in: dom))")
    #expect(section("note", in: dom).contains("states are kept every"), "\(section("note", in: dom))")
    #expect(section("screen", in: dom).contains("<svg"))
  }

  @Test func itSaysWhatItWrote() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trace = CommandRunner.path("traces/login.jsonl")
    let out = scratch.path("login.html")
    let run = try Subprocess.cmdtool(["view", trace, "--out", out])
    #expect(run.status == 0, "\(run)")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int)
    let kB = "\(size / 1000).\(size % 1000 / 100) kB"
    #expect(run.stderr == "cmdtool: wrote \(out) (\(kB)): 28 records of \(trace); open it in a browser\n", "\(run)")
    #expect(run.stdout == "")
    let sampled = try Subprocess.cmdtool(["view", trace, "--out", out, "--max-frames", "10"])
    #expect(sampled.stderr.contains(": 28 records of \(trace), a state every 3 records (--max-frames 10); open it in a browser\n"), "\(sampled)")
  }

  @Test func anUnreadableTraceWritesNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bad = try scratch.write("bad.jsonl", "{\"trace\":1}\n{\"batch\":[{\"type\":\"NOPE\"}]}\n")
    let run = try Subprocess.cmdtool(["view", bad, "--out", scratch.path("bad.html")])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("bad.jsonl"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.html")))
  }
}
