import Foundation
import Testing

// Picking and scrolling in a real browser (Debian's chromium through chromium-driver), on the
// example engine's `--screen choices`: the picker's panel offers its options, the scroll
// layout's panel scrolls it and so does the mouse wheel over its rows (a real wheel, through
// chromedriver's wheel input), the script shows the `select` and `send` steps, and the recording
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
    // The viewport's point at the centre of the first element `selector` finds in the screen, and
    // the id of the element a click there lands on.
    func center(_ selector: String) throws -> (x: Int, y: Int, id: Int) {
      let found = try browser.run("""
        var r=document.querySelector('#screen \(selector)').getBoundingClientRect(),x=Math.round(r.left+r.width/2),y=Math.round(r.top+r.height/2);
        var g=document.elementFromPoint(x,y).closest('[data-id]');return x+' '+y+' '+(g?g.dataset.id:-1);
        """).split(separator: " ").compactMap { Int($0) }
      guard found.count == 3 else { throw HeadlessBrowser.BrowserFailure(description: "no centre for \(selector): \(found)") }
      return (found[0], found[1], found[2])
    }
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
    // The wheel over a row scrolls the layout the row is in, with the panel's step, and taps
    // nothing; over the picker (in no scroll layout) it is the browser's. What the page posts and
    // whether it takes each wheel are watched from here.
    _ = try browser.run(Self.watch)
    let picker = try center(#"g.element.picker[data-id="11"]"#)
    try browser.wheel(x: picker.x, y: picker.y, deltaY: 120)
    let row = try center(#"g.element.scrollLayout[data-id="14"]"#)
    #expect((16...55).contains(row.id), "the scroll layout's centre is a row's: \(row)")
    try browser.wheel(x: row.x, y: row.y, deltaY: 120)
    #expect(eventually { page("screen").contains("Scrolled to 360") }, "\(page("screen"))")
    #expect(try browser.run("return JSON.stringify(window.watched)") == #"{"sent":["{\"scroll\":14,\"delta\":120}"],"taken":[false,true]}"#)
    #expect(eventually { page("script").contains(Self.wheelSteps[0]) }, "\(page("script"))")
    #expect(!page("script").contains("tap"), "\(page("script"))")
    // A flick is a burst of wheels: one step, up for a wheel up. (On a page loaded afresh, so
    // that no step was sent just before; the burst's wheels are dispatched together.)
    try browser.open(studio.address)
    #expect(eventually { page("script").contains(Self.wheelSteps[0]) }, "\(page("script"))")
    _ = try browser.run(Self.watch)
    #expect(try browser.run(Self.wheelOver(row.id, deltaY: -40, times: 3)) == #"{"sent":["{\"scroll\":14,\"delta\":-120}"],"taken":true}"#)
    #expect(eventually { page("screen").contains("Scrolled to 240") }, "\(page("screen"))")
    #expect(eventually { page("script").contains(Self.wheelSteps[1]) }, "\(page("script"))")
    // Viewing the past, the (hidden) screen takes no wheel.
    try browser.click(css: "#hprev")
    #expect(eventually { (try? browser.run("return document.body.className")) == "past" })
    #expect(try browser.run(Self.wheelOver(row.id)) == #"{"sent":[],"taken":false}"#)
    try browser.click(css: "#hlive")
    try browser.click(css: "#end")
    let run = studio.process.wait(timeout: patience)
    #expect(run.status == 0, "\(run)")
    // After the end acting is off: the wheel is the browser's again.
    #expect(eventually { (try? browser.run("return document.body.dataset.ended")) == "closed" })
    #expect(try browser.run(Self.wheelOver(row.id)) == #"{"sent":[],"taken":false}"#)
    let script = try String(contentsOfFile: scratch.path("choices.script.jsonl"), encoding: .utf8)
    #expect(script.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init) == Array(StudioChoicesTests.script.prefix(3)) + Self.wheelSteps, "\(script)")
    let replay = try StudioChoicesTests.replay(out, keep: scratch.path("again"))
    #expect(replay.status == 0, "\(replay)")
    let wrong = try StudioChoicesTests.replay(out, "--picker-off-by-one", keep: scratch.path("wrong"))
    #expect(wrong.status == 1, "\(wrong)")
    #expect(wrong.stdout.contains(#""Picked: Cherry" → "Picked: Damson""#), "\(wrong)")
  }

  /// The wheel's steps over a row, as the panel's "Scroll down" and "Scroll up" (the fourth and
  /// fifth steps).
  static let wheelSteps = [
    #"{"send":{"delta":120,"event":"ScrollEvent","target":14},"t":2000}"#,
    #"{"send":{"delta":-120,"event":"ScrollEvent","target":14},"t":2500}"#,
  ]

  /// Watches the page: the bodies it posts to `/act` (`sent`), and for each wheel whether the
  /// page took it (`taken`: its default prevented, seen after the page's own listener).
  static let watch = """
    window.watched={sent:[],taken:[]};var f=window.fetch;
    window.fetch=function(u,o){if(String(u).indexOf('/act')===0)window.watched.sent.push(o.body);return f.apply(this,arguments);};
    window.addEventListener('wheel',function(e){window.watched.taken.push(e.defaultPrevented);},{passive:true});return '';
    """

  /// Dispatches `times` wheels by `deltaY` over element `id` in the screen, one after another
  /// (dispatching is synchronous, so what the page posted for them is known when this returns):
  /// what the page posted for them, and whether the page took the last.
  static func wheelOver(_ id: Int, deltaY: Int = 120, times: Int = 1) -> String {
    """
    var before=window.watched.sent.length,e;
    for(var i=0;i<\(times);i++){e=new WheelEvent('wheel',{deltaY:\(deltaY),bubbles:true,cancelable:true});
    document.querySelector('#screen [data-id="\(id)"]').dispatchEvent(e);}
    return JSON.stringify({sent:window.watched.sent.slice(before),taken:e.defaultPrevented});
    """
  }
}
