import Foundation
import Testing

// The example engine's login clicked through in a real browser (Debian's chromium through
// chromium-driver), as issue #27 asks: type a user, type the password as a named secret, tap
// "Log in", answer the dialog, go back, save from the page; the saved recording replays green,
// and a changed build is red at the step that taps "Log in".

@Suite struct StudioBrowserLoginTests {
  @Test func clickingThroughTheLoginSavesAScriptThatReplays() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("login.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: ["--password", StudioActingTests.secret], environment: StudioActingTests.environment)
    defer { studio.process.kill() }
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func page(_ id: String) -> String { (try? browser.run("return document.getElementById('\(id)').textContent")) ?? "" }
    #expect(eventually { page("screen").contains("Log in to Example") }, "\(page("screen"))")
    // The user name: a click on the field opens its panel; the text goes as one event on Enter.
    try browser.click(css: "#screen g.element.textField[data-id=\"5\"]")
    try browser.type(css: "#panel input.text", "alice" + WebDriverBrowser.enter)
    #expect(eventually { page("script").contains(#""text":"alice","type":"textField \"User name\"""#) }, "\(page("script"))")
    // The password field looks like one: the page offers the named secret, never its value.
    try browser.click(css: "#screen g.element.textField[data-id=\"6\"]")
    #expect(eventually { page("panel").contains("or a named secret") }, "\(page("panel"))")
    try browser.click(css: "#panel button.typesecret")
    #expect(eventually { page("script").contains(#""secret":"PASSWORD""#) }, "\(page("script"))")
    try browser.click(css: "#screen g.element.button")
    #expect(eventually { page("screen").contains("Your items") }, "\(page("screen"))")
    try browser.click(css: "#screen g.element.button[data-id=\"14\"]")
    #expect(eventually { page("modal").contains("Delete all items?") }, "\(page("modal"))")
    try browser.click(css: "#modal button[data-option=\"1\"]")
    #expect(eventually { page("modal").isEmpty && page("script").contains(#""choose":"dialog"#) }, "\(page("script"))")
    try browser.click(css: "#back")
    #expect(eventually { page("screen").contains("Log in to Example") }, "\(page("screen"))")
    try browser.click(css: "#end")
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("the page played 6 steps"), "\(run)")
    let script = try String(contentsOfFile: scratch.path("login.script.jsonl"), encoding: .utf8)
    #expect(script.contains(#"{"t":1500,"tap":"button \"Log in\""}"#), "\(script)")
    let recording = try String(contentsOfFile: out, encoding: .utf8)
    #expect(!script.contains(StudioActingTests.secret) && !recording.contains(StudioActingTests.secret))
    let engine = Built.engineCommand("--password '\(StudioActingTests.secret)'")
    let replay = try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("again"), out], environment: StudioActingTests.environment)
    #expect(replay.status == 0, "\(replay)")
    let changed = try Subprocess.cmdtool(["replay", "--engine", engine + " --variant changed", "--keep", scratch.path("changed"), out], environment: StudioActingTests.environment)
    #expect(changed.status == 1, "\(changed)")
    #expect((changed.stdout + changed.stderr).contains("script line 4: button \"Log in\" matches no element"), "\(changed)")
  }

  @Test func hostileTextsFromTheEngineStayTextInThePageAndItsPanels() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trap = try ConnectionTrap()
    defer { trap.stop() }
    let studio = try RunningStudio(out: scratch.path("hostile.jsonl"))
    defer { studio.process.kill() }
    // The engine echoes what is typed in the field's text, which the page then shows in the
    // wireframe, in the field's panel and in the script.
    let hostile = "\"><img src=\"\(trap.url("x.png"))\" id=\"pwned\"><script>document.title='pwned'</script>"
    let body = String(decoding: try JSONSerialization.data(withJSONObject: ["type": 5, "text": hostile]), as: UTF8.self)
    #expect(try studio.act(body).status == 202)
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func page(_ script: String) -> String { (try? browser.run(script)) ?? "" }
    #expect(eventually { page("return document.getElementById('script').textContent").contains("pwned") }, "\(page("return document.body.innerHTML"))")
    try browser.click(css: "#screen g.element.textField[data-id=\"5\"]")
    #expect(eventually { page("return document.querySelector('#panel input.text') ? document.querySelector('#panel input.text').value : ''") == hostile })
    #expect(page("return String(document.querySelectorAll('img, script:not(:last-of-type), #pwned').length)") == "0", "\(page("return document.body.innerHTML"))")
    #expect(page("return document.title").contains("pwned") == false)
    #expect(trap.connections == 0)
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
  }
}
