import Foundation
import Testing

// The visual diff pages in a real browser (headless Chromium, HeadlessBrowser.swift): the DOM
// after load holds both wireframes with the change outlined, a hostile trace's page makes no
// request and shows its texts as text, and a failing engine replay leaves a page that renders.

@Suite struct VisualDiffBrowserTests {
  /// A trace whose texts, URLs and styles are hostile: a label that is a script, an image whose
  /// URL points at the trap and one whose URL is `javascript:`, markup in a text, a background
  /// image.
  static func hostileTrace(label: String, trap: ConnectionTrap) -> String {
    func quoted(_ text: String) -> String {
      let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
      return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
    let commands = [
      #"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"#,
      #"{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1}"#,
      #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":\#(quoted(label))}"#,
      #"{"type":"SET_STYLE","internalId":4,"textValue":"background","textValue2":\#(quoted("url(\(trap.url("bg.png")))"))}"#,
      #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":5}"#,
      #"{"type":"SET_STYLE","internalId":5,"textValue":"width","textValue2":"200"}"#,
      #"{"type":"SET_STYLE","internalId":5,"textValue":"height","textValue2":"100"}"#,
      #"{"type":"ADD_IMAGE_URL","internalId":5,"textValue":\#(quoted(trap.url("image.png"))),"width":200,"height":100}"#,
      #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":7}"#,
      #"{"type":"ADD_IMAGE_URL","internalId":7,"textValue":"javascript:alert(1)","width":100,"height":50}"#,
      #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":6,"textValue":\#(quoted("<img src=\"\(trap.url("img.png"))\"><a href=\"javascript:alert(2)\">go</a>"))}"#,
    ]
    return #"{"trace":1,"creator":"\u003cscript\u003ealert(3)\u003c/script\u003e","viewport":{"width":360,"height":640}}"# + "\n"
      + #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"<script>alert(4)</script>"}"# + "\n"
      + #"{"t":5,"batch":["# + commands.joined(separator: ",") + "]}\n"
  }

  @Test func theLoginDiffPageHoldsBothWireframesWithTheChangedButtonOutlined() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let page = scratch.path("login-diff.html")
    let run = try Subprocess.cmdtool(["diff", CommandRunner.path("traces/login.jsonl"), CommandRunner.path("traces/login-changed.jsonl"), "--html", page])
    #expect(run.status == 1, "\(run)")
    let dom = PageText(html: try HeadlessBrowser.dom(of: page))
    #expect(dom.count("<svg ") == 4, "two moments, two wireframes each")
    #expect(dom.count(#"<figure class="side a">"#) == 2 && dom.count(#"<figure class="side b">"#) == 2)
    // The button whose text changed: outlined in both wireframes of the divergence.
    let buttons = dom.groups(dataId: 7)
    #expect(buttons.count == 2)
    #expect(buttons[0].contains("<title>button 7: Log in</title>") && buttons[1].contains("<title>button 7: Sign in</title>"))
    #expect(dom.groupsHighlighted(dataId: 7) == [true, true])
    #expect(dom.groupsHighlighted(dataId: 5).allSatisfy { !$0 }, "an unchanged field is not outlined")
    try HeadlessBrowser.screenshot(of: page, width: 900, height: 1400, to: scratch.path("login-diff.png"))
    let png = try Data(contentsOf: URL(fileURLWithPath: scratch.path("login-diff.png")))
    #expect(png.count > 10_000 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func aHostileTracesPageMakesNoRequestAndShowsItsLabelAsText() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trap = try ConnectionTrap()
    defer { trap.stop() }
    let label = "<script>alert(1)</script>"
    let a = try scratch.write("a.jsonl", Self.hostileTrace(label: label, trap: trap))
    let b = try scratch.write("b.jsonl", Self.hostileTrace(label: label + "<img src=\"\(trap.url("label.png"))\">", trap: trap))
    let page = scratch.path("hostile.html")
    let run = try Subprocess.cmdtool(["diff", a, b, "--html", page])
    #expect(run.status == 1, "\(run)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<a "), "\(html)")
    let dom = try HeadlessBrowser.dom(of: page)
    try HeadlessBrowser.screenshot(of: page, to: scratch.path("hostile.png"))
    #expect(trap.connections == 0, "the page fetched from the trap")
    // The label is text in the DOM (escaped when serialized), in both wireframes and the diff.
    #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(dom)")
    #expect(PageText(html: dom).groups(dataId: 4).allSatisfy { $0.contains("&lt;script&gt;alert(1)&lt;/script&gt;") })
    #expect(PageText(html: dom).groupsHighlighted(dataId: 4).prefix(2) == [true, true])
    #expect(!dom.contains("<script") && !dom.contains("<img") && !dom.contains("<a "), "no element came out of a text")
    #expect(dom.contains("javascript:alert(1)"), "an image's javascript: URL is shown as text")
  }

  @Test func aFailingEngineReplayLeavesAPageThatRenders() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let pages = scratch.path("reports")
    let run = try Subprocess.cmdtool(
      ["replay", "--engine", Built.engineCommand("--variant changed"), Example.recording, "--record", "never", "--keep", scratch.path("new"), "--html-report", pages], timeout: 60)
    #expect(run.status == 1, "\(run)")
    let page = pages + "/example.html"
    #expect(run.stdout.contains("page: \(page)"), "\(run)")
    let dom = PageText(html: try HeadlessBrowser.dom(of: page))
    #expect(dom.html.contains("<h2>first divergence (after record #2)</h2>"))
    #expect(dom.groupsHighlighted(dataId: 7).prefix(2) == [true, true])
    try HeadlessBrowser.screenshot(of: page, to: scratch.path("example.png"))
  }
}
