import Foundation
import Testing

// `cmdtool studio`'s time travel and Save in a real browser (Debian's chromium through
// chromium-driver), issue #27: the scrubber goes back to an earlier state of the live session,
// the page says it shows the past and acting is off there, the session goes on meanwhile, Live
// returns, and Save writes what a replay plays green.

@Suite struct StudioTimeTravelBrowserTests {
  @Test func scrubbingBackShowsAnEarlierScreenWithActingOffAndLiveReturns() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("travel.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: ["--password", StudioActingTests.secret], environment: StudioActingTests.environment)
    defer { studio.process.kill() }
    let events = try studio.events()
    for body in [#"{"type":5,"text":"alice"}"#, #"{"type":6,"secret":"PASSWORD"}"#, #"{"tap":7}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    #expect(eventually { events.script.count == 3 }, "\(events.script)")
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func run(_ script: String) -> String { (try? browser.run(script)) ?? "" }
    func text(_ selector: String) -> String { run("var e=document.querySelector('\(selector)');return e?e.textContent:''") }
    func shown(_ id: String) -> Bool { run("return getComputedStyle(document.getElementById('\(id)')).display") != "none" }
    #expect(eventually { text("#screen").contains("Your items") && text("#hwhere").hasPrefix("live ·") }, "\(text("#screen")) / \(text("#hwhere"))")
    // Back through the records, as a person does: a click on the scrubber, Home, then → →.
    try browser.click(css: "#hscrub")
    try browser.press(.home)
    try browser.press([WebDriverBrowser.Key.arrowRight.rawValue, WebDriverBrowser.Key.arrowRight.rawValue])
    // Record 2 is the engine's first screen: the login, not the items the session is at.
    #expect(eventually { text("#hwhere").hasPrefix("record 2 ·") && text("#past .picture").contains("Log in to Example") }, "\(text("#hwhere")) / \(text("#past .picture"))")
    #expect(!text("#past .picture").contains("Your items"))
    #expect(text("#past .banner").contains("Viewing the past"), "\(text("#past .banner"))")
    #expect(text("#past .record").contains("Log in to Example"), "\(text("#past .record"))")
    // Acting is off in the past: the live screen and the panels are hidden, the tools disabled.
    #expect(!shown("screen") && shown("past"))
    #expect(run("return String(document.getElementById('back').disabled && document.getElementById('end').disabled)") == "true")
    // The session goes on meanwhile; the page stays in the past, and its range grows.
    let before = text("#past .banner")
    #expect(try studio.act(#"{"marker":"meanwhile"}"#).status == 202)
    #expect(eventually { events.script.count == 4 && text("#past .banner") != before }, "\(text("#past .banner"))")
    #expect(text("#hwhere").hasPrefix("record 2 ·") && !shown("screen"))
    // Live returns: the live screen, the session's latest state, and the tools.
    try browser.click(css: "#hlive")
    #expect(eventually { shown("screen") && !shown("past") && text("#hwhere").hasPrefix("live ·") }, "\(text("#hwhere"))")
    #expect(text("#screen").contains("Your items"))
    #expect(run("return String(document.getElementById('back').disabled)") == "false")
    // Save from the page: the session goes on, and what it wrote replays green.
    try browser.click(css: "#hsave")
    #expect(eventually { text("#hsaved").contains("saved 4 steps") }, "\(text("#hsaved"))")
    let engine = Built.engineCommand("--password '\(StudioActingTests.secret)'")
    let replay = try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("again"), out], environment: StudioActingTests.environment)
    #expect(replay.status == 0, "\(replay)")
    try browser.click(css: "#back")
    #expect(eventually { text("#screen").contains("Log in to Example") }, "\(text("#screen"))")
    try browser.click(css: "#end")
    let finished = studio.process.wait(timeout: patience)
    #expect(finished.status == 0, "\(finished)")
    #expect(finished.stderr.contains("the page played 5 steps"), "\(finished)")
  }

  @Test func hostileTextsInThePastStayText() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trap = try ConnectionTrap()
    defer { trap.stop() }
    let studio = try RunningStudio(out: scratch.path("hostile.jsonl"))
    defer { studio.process.kill() }
    let events = try studio.events()
    // The engine shows what is typed in the field: in the past's wireframe, record and diff.
    let hostile = "\"><img src=\"\(trap.url("x.png"))\" id=\"pwned\"><script>document.title='pwned'</script>"
    let body = String(decoding: try JSONSerialization.data(withJSONObject: ["type": 5, "text": hostile]), as: UTF8.self)
    #expect(try studio.act(body).status == 202)
    #expect(try studio.act(#"{"marker":"after"}"#).status == 202)
    #expect(eventually { events.script.count == 2 }, "\(events.script)")
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func run(_ script: String) -> String { (try? browser.run(script)) ?? "" }
    #expect(eventually { run("return document.getElementById('hwhere').textContent").hasPrefix("live ·") })
    // One record back from the end, and one more: the state after the typing, the record before the marker.
    try browser.click(css: "#hscrub")
    try browser.press(.end)
    try browser.press([WebDriverBrowser.Key.arrowLeft.rawValue, WebDriverBrowser.Key.arrowLeft.rawValue])
    #expect(eventually { run("return document.getElementById('past').textContent").contains("pwned") }, "\(run("return document.getElementById('past').textContent"))")
    #expect(run("return String(document.querySelectorAll('img, #pwned, #past script').length)") == "0", "\(run("return document.getElementById('past').innerHTML"))")
    #expect(!run("return document.title").contains("pwned"))
    #expect(trap.connections == 0)
    #expect(studio.end().status == 0)
  }
}
