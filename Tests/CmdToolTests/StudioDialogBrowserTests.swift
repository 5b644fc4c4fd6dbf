import Foundation
import Testing

// An open dialog in the studio's page, in a real browser (chromium through chromium-driver): its
// answers are labelled with the texts its buttons show, and a click on a button drawn inside it
// is the dialog's answer (a `choose`, docs/PROTOCOL.md §4.3), which the engine takes, where a
// tap on the button was a click the engine ignores behind its nested loop.

@Suite struct StudioDialogBrowserTests {
  @Test func aClickOnADialogsButtonAnswersItWithThatButtonsOption() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("dialog.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: ["--password", StudioActingTests.secret], environment: StudioActingTests.environment)
    defer { studio.process.kill() }
    for body in [#"{"type":5,"text":"alice"}"#, #"{"type":6,"secret":"PASSWORD"}"#, #"{"tap":7}"#, #"{"tap":14}"#] {
      #expect(try studio.act(body).status == 202, "\(body)")
    }
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func page(_ script: String) -> String { (try? browser.run(script)) ?? "" }
    // The answers say what the dialog's buttons say, with the values they send.
    let answers = "return Array.from(document.querySelectorAll('#modal button.answer')).map(function(b){return b.dataset.option+'='+b.textContent}).join(',')"
    #expect(eventually { page(answers) == "0=Cancel,1=Delete" }, "\(page(answers))")
    // A click on "Delete" in the wireframe's dialog.
    let delete = page("var g=Array.from(document.querySelectorAll('#screen g.element.button')).find(function(g){var t=g.querySelector('text');return t&&t.textContent==='Delete'});return g?g.dataset.id:''")
    try #require(!delete.isEmpty, "\(page("return document.getElementById('screen').innerHTML"))")
    try browser.click(css: "#screen g.element.button[data-id=\"\(delete)\"]")
    let script = "return document.getElementById('script').textContent"
    #expect(eventually { page(script).contains(#"{"choose":"dialog \"Delete all items?\"","option":1,"t":"#) }, "\(page(script))")
    #expect(!page(script).contains(#""tap":"button \"Delete\"""#), "\(page(script))")
    // The engine took it: the dialog closed and the list was deleted.
    #expect(eventually { page("return document.getElementById('modal').textContent").isEmpty && page("return document.getElementById('screen').textContent").contains("Deleted") })
    try browser.click(css: "#end")
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let engine = Built.engineCommand("--password '\(StudioActingTests.secret)'")
    let replay = try Subprocess.cmdtool(["replay", "--engine", engine, "--keep", scratch.path("again"), out], environment: StudioActingTests.environment)
    #expect(replay.status == 0, "\(replay)")
  }
}
