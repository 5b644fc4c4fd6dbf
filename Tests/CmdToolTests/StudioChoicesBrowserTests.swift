import Foundation
import Testing

// Picking and scrolling in a real browser (Debian's chromium through chromium-driver), on the
// example engine's `--screen choices`: the picker's panel offers its options, the scroll
// layout's panel scrolls it, the script shows the `select` and `send` steps, and the recording
// saved at the end replays green, and red on a build whose picker answers wrongly.

@Suite struct StudioChoicesBrowserTests {
  @Test func pickingAndScrollingInThePageSavesAScriptThatReplays() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("choices.jsonl")
    let studio = try RunningStudio(out: out, engineOptions: StudioChoicesTests.engineOptions)
    defer { studio.process.kill() }
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    func page(_ id: String) -> String { (try? browser.run("return document.getElementById('\(id)').textContent")) ?? "" }
    #expect(eventually { page("screen").contains("Pick a fruit") }, "\(page("screen"))")
    // A click on the picker opens its panel; choosing an option there selects it.
    try browser.click(css: "#screen g.element.picker[data-id=\"11\"]")
    #expect(eventually { page("panel").contains("Cherry") }, "\(page("panel"))")
    try browser.click(css: "#panel select.choice option[value=\"2\"]")
    #expect(eventually { page("screen").contains("Picked: Cherry") }, "\(page("screen"))")
    #expect(page("script").contains(StudioChoicesTests.script[0]), "\(page("script"))")
    // The scroll layout is covered by its rows (a click at its centre taps one), so its own
    // group gets the click, as a click on its edge would.
    _ = try browser.run("document.querySelector('#screen g.element.scrollLayout[data-id=\"14\"]').dispatchEvent(new MouseEvent('click',{bubbles:true})); return ''")
    #expect(eventually { page("panel").contains("Scroll down") }, "\(page("panel"))")
    try browser.click(css: "#panel button.down")
    #expect(eventually { page("screen").contains("Scrolled to 120") }, "\(page("screen"))")
    try browser.click(css: "#panel button.down")
    #expect(eventually { page("screen").contains("Scrolled to 240") }, "\(page("screen"))")
    #expect(page("script").contains(StudioChoicesTests.script[2]), "\(page("script"))")
    try browser.click(css: "#end")
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    let script = try String(contentsOfFile: scratch.path("choices.script.jsonl"), encoding: .utf8)
    #expect(script.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init) == Array(StudioChoicesTests.script.prefix(3)), "\(script)")
    let replay = try StudioChoicesTests.replay(out, keep: scratch.path("again"))
    #expect(replay.status == 0, "\(replay)")
    let wrong = try StudioChoicesTests.replay(out, "--picker-off-by-one", keep: scratch.path("wrong"))
    #expect(wrong.status == 1, "\(wrong)")
    #expect(wrong.stdout.contains(#""Picked: Cherry" → "Picked: Damson""#), "\(wrong)")
  }
}
