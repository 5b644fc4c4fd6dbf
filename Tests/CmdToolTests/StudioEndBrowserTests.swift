import Foundation
import Testing

// The studio's page in a real browser (Debian's chromium through chromium-driver) where an
// outside developer found it wrong (issue #27): the secret offered for a password field, the
// header while the page shows the past, and the page after the session's end.

@Suite struct StudioEndBrowserTests {
  @Test func thePageOffersTheFieldsSecretSaysPastAndShowsTheEnd() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("end.jsonl")
    // AAA sorts first; the password field's own secret is PASSWORD.
    let environment: [String: String?] = ["CMDTOOL_SECRET_PASSWORD": StudioActingTests.secret, "CMDTOOL_SECRET_AAA": "aaa-Value-1"]
    let studio = try RunningStudio(out: out, environment: environment)
    defer { studio.process.kill() }
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func run(_ script: String) -> String { (try? browser.run(script)) ?? "" }
    func text(_ selector: String) -> String { run("var e=document.querySelector('\(selector)');return e?e.textContent:''") }
    #expect(eventually { text("#screen").contains("Log in to Example") }, "\(text("#screen"))")
    try browser.click(css: "#screen g.element.textField[data-id=\"6\"]")
    #expect(eventually { text("#panel").contains("or a named secret") }, "\(text("#panel"))")
    #expect(run("return document.querySelector('#panel select.secret').value") == "PASSWORD")
    try browser.click(css: "#panel button.typesecret")
    #expect(eventually { text("#script").contains(#""secret":"PASSWORD""#) }, "\(text("#script"))")
    // In the past the header does not say live.
    try browser.click(css: "#hscrub")
    try browser.press(.home)
    #expect(eventually { text("#hwhere").hasPrefix("record 0") }, "\(text("#hwhere"))")
    #expect(eventually { text("#status") == "past" }, "\(text("#status"))")
    try browser.click(css: "#hlive")
    #expect(eventually { text("#status") == "live" }, "\(text("#status"))")
    // The end: the page says how, acting is off, and its event streams are closed.
    try browser.click(css: "#end")
    let finished = studio.process.wait(timeout: patience)
    #expect(finished.status == 0, "\(finished)")
    #expect(eventually { text("#status") == "ended" }, "\(text("#status"))")
    #expect(text("#note").contains("saved") && text("#note").contains(out), "\(text("#note"))")
    #expect(!text("#hsaved").contains("goes on"), "\(text("#hsaved"))")
    #expect(run("return String(document.getElementById('back').disabled && document.getElementById('end').disabled && document.getElementById('hsave').disabled)") == "true")
    #expect(run("return document.body.dataset.ended||''") == "closed")
  }
}
