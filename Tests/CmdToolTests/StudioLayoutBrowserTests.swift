import Foundation
import Testing

// The studio's page in an 800×600 window (issue #27's newcomer found it cramped): the screen, the
// tools and the script each keep their own place, none overlaps another, the page itself does
// not scroll (the screen is scaled to the window), and a click on the scaled screen still taps.

@Suite struct StudioLayoutBrowserTests {
  @Test func thePageFitsAnEightHundredBySixHundredWindow() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let studio = try RunningStudio(out: scratch.path("small.jsonl"))
    defer { studio.process.kill() }
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    _ = try browser.command("POST", "window/rect", ["width": 800, "height": 600])
    try browser.open(studio.address)
    func page(_ script: String) -> String { (try? browser.run(script)) ?? "" }
    #expect(eventually { page("return document.getElementById('screen').textContent").contains("Log in to Example") })
    // A panel open, as when typing a password: the tallest the tools get on the login screen.
    try browser.click(css: "#screen g.element.textField[data-id=\"6\"]")
    #expect(eventually { page("return document.getElementById('panel').textContent").contains("Password") })
    let measure = """
      function r(s){var b=document.querySelector(s).getBoundingClientRect();return {l:b.left,t:b.top,r:b.right,b:b.bottom};}
      var screen=r('#screen svg'),aside=r('aside'),script=r('#script'),header=r('header');
      var h=innerHeight,w=innerWidth,e=document.scrollingElement;
      var problems=[];
      if(e.scrollHeight>h+1||e.scrollWidth>w+1)problems.push('the page scrolls: '+e.scrollWidth+'x'+e.scrollHeight+' in '+w+'x'+h);
      if(screen.b>h+1||screen.r>w+1)problems.push('the screen leaves the window: '+JSON.stringify(screen));
      if(screen.r>aside.l+1)problems.push('the tools overlap the screen: '+JSON.stringify([screen,aside]));
      if(screen.t<header.b-1||aside.t<header.b-1)problems.push('the header is covered');
      if(aside.b>h+1||aside.r>w+1)problems.push('the tools leave the window: '+JSON.stringify(aside));
      if(script.t<aside.t-1)problems.push('the script is above its column');
      return problems.join('; ')||'ok';
      """
    #expect(page(measure) == "ok", "\(page(measure))")
    // The scaled screen still takes clicks: "Log in" taps (the engine then asks for the fields).
    try browser.click(css: "#screen g.element.button")
    #expect(eventually { page("return document.getElementById('script').textContent").contains(#""tap":"button \"Log in\"""#) })
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
  }
}
