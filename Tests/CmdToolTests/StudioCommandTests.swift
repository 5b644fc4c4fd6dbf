import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// `cmdtool studio` against the example engine, for real: the address it prints, the token every
// request needs, the page with the login screen, and a click in a real browser (Debian's
// chromium, driven through Debian's chromium-driver) that taps "Log in" in the engine.

/// A running `cmdtool studio --out OUT [OPTIONS] -- example-engine [ENGINE OPTIONS]` and the
/// address it printed.
struct RunningStudio {
  let process: Subprocess
  let port: Int
  let token: String

  init(out: String, options: [String] = [], engineOptions: [String] = [], environment: [String: String?] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let process = try Subprocess(Built.cmdtool, ["studio", "--out", out] + options + ["--", Built.engine.path] + engineOptions, environment: environment)
    self.process = process
    // The address is printed once the engine's first screen is there.
    let printed = eventually { process.stdoutSoFar.contains("\n") }
    let line = process.stdoutSoFar.split(separator: "\n").first.map(String.init) ?? ""
    try #require(printed, "studio printed no address: \(process.stdoutSoFar)", sourceLocation: sourceLocation)
    let pattern = /^http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})$/
    let match = try #require(line.wholeMatch(of: pattern), "not the address expected: \(line)", sourceLocation: sourceLocation)
    port = Int(match.1)!
    token = String(match.2)
  }

  var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

  /// Ends the session as a person does (SIGTERM, as Ctrl-C's SIGINT) and waits for cmdtool.
  func end() -> FinishedRun {
    sendSignal(process.pid, SIGTERM)
    return process.wait(timeout: patience)
  }

  /// Posts `body` to `/act` with the token.
  func act(_ body: String) throws -> LoopbackHTTP.Answer {
    try LoopbackHTTP.request("POST", port: port, "/act?token=\(token)", body: body)
  }

  /// Reads the page's event stream from now until the server stops.
  func events() throws -> EventStreamReader {
    try EventStreamReader(port: port, path: "/events?token=\(token)")
  }
}

@Suite struct StudioCommandTests {
  @Test func everyRequestNeedsTheTokenAndThePageShowsTheLoginScreen() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("studio.jsonl")
    let studio = try RunningStudio(out: out)
    defer { studio.process.kill() }
    for path in ["/", "/?token=", "/?token=\(String(studio.token.reversed()))", "/events", "/events?token=0"] {
      let answer = try LoopbackHTTP.request("GET", port: studio.port, path)
      #expect(answer.status == 403, "GET \(path): \(answer)")
      #expect(!answer.body.contains("Log in"), "GET \(path) gave the page away: \(answer)")
    }
    let refusedTap = try LoopbackHTTP.request("POST", port: studio.port, "/act", body: #"{"tap":7}"#)
    #expect(refusedTap.status == 403, "\(refusedTap)")
    let page = try LoopbackHTTP.request("GET", port: studio.port, "/?token=\(studio.token)")
    #expect(page.status == 200, "\(page)")
    for text in ["Log in to Example", ">Log in<", "class=\"element textField\"", "connect-src 'self'"] {
      #expect(page.body.contains(text), "the page lacks \(text): \(page.body.prefix(3000))")
    }
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
    // The refused tap never reached the engine: the session played nothing.
    #expect(run.stderr.contains("the page played 0 steps"), "\(run)")
    #expect(FileManager.default.fileExists(atPath: out), "\(run)")
  }

  @Test func aClickInTheBrowserTapsLogInAndThePageShowsTheEnginesAnswer() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("clicked.jsonl")
    let studio = try RunningStudio(out: out)
    defer { studio.process.kill() }
    let browser = try WebDriverBrowser()
    defer { browser.quit() }
    try browser.open(studio.address)
    let screen = "return document.getElementById('screen').textContent"
    #expect(eventually { (try? browser.run(screen))?.contains("Log in to Example") == true }, "the login screen never appeared: \(String(describing: try? browser.run(screen)))")
    #expect(try browser.run(screen).contains("Enter your password") == false)
    // A real click on the button's box, where a person clicks.
    try browser.click(css: "#screen g.element.button")
    #expect(eventually { (try? browser.run(screen))?.contains("Enter your password") == true }, "the engine's answer never reached the page: \(String(describing: try? browser.run(screen)))")
    let run = studio.end()
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("the page played 1 step"), "\(run)")
    let recording = try String(contentsOfFile: out, encoding: .utf8)
    // The tap as a script writes it, and the engine's answer to it.
    #expect(recording.contains(#"{\"t\":500,\"tap\":\"button \\\"Log in\\\"\"}"#), "\(recording)")
    #expect(recording.contains(RecordSignalTests.answerToTheTap), "\(recording)")
    // What the page did, a replay does again: the saved recording is green against the engine.
    let replay = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), "--keep", scratch.path("again"), out])
    #expect(replay.status == 0, "\(replay)")
  }
}
