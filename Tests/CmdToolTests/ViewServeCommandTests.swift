import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// `cmdtool view --serve TRACE` (issue #27): the page and the states on demand from a server on
// 127.0.0.1, its token on every request, the state at a record the same as `replay --at` says,
// Ctrl-C's end, and a real browser navigating the records through it.

/// A running `cmdtool view TRACE --serve` and the address it printed.
private struct RunningViewServer {
  let process: Subprocess
  let port: Int
  let token: String

  init(_ trace: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let process = try Subprocess(Built.cmdtool, ["view", trace, "--serve"])
    self.process = process
    let printed = eventually { process.stdoutSoFar.contains("\n") }
    let line = process.stdoutSoFar.split(separator: "\n").first.map(String.init) ?? ""
    try #require(printed, "view --serve printed no address: \(process.stdoutSoFar)", sourceLocation: sourceLocation)
    let match = try #require(line.wholeMatch(of: /^http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})$/), "not the address expected: \(line)", sourceLocation: sourceLocation)
    port = Int(match.1)!
    token = String(match.2)
  }

  var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

  func get(_ path: String) throws -> LoopbackHTTP.Answer {
    try LoopbackHTTP.request("GET", port: port, path + (path.contains("?") ? "&" : "?") + "token=\(token)")
  }

  func json(_ path: String) throws -> [String: Any] {
    let answer = try get(path)
    guard answer.status == 200, let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] else {
      throw LoopbackHTTP.Failure(description: "GET \(path): \(answer)")
    }
    return object
  }

  /// Ends it as Ctrl-C does (SIGINT) and waits for cmdtool.
  func end() -> FinishedRun {
    sendSignal(process.pid, SIGINT)
    return process.wait(timeout: patience)
  }
}

@Suite struct ViewServeCommandTests {
  @Test func everyRequestNeedsTheTokenAndTheStateAtARecordIsReplays() throws {
    let trace = CommandRunner.path("traces/login.jsonl")
    let server = try RunningViewServer(trace)
    defer { server.process.kill() }
    for path in ["/", "/?token=", "/?token=\(String(server.token.reversed()))", "/frame?record=8", "/rows?from=0&count=5", "/search?q=log&from=0"] {
      let answer = try LoopbackHTTP.request("GET", port: server.port, path)
      #expect(answer.status == 403, "GET \(path): \(answer)")
      #expect(!answer.body.contains("alice") && !answer.body.contains("Acme"), "GET \(path) gave the trace away: \(answer)")
    }
    let page = try server.get("/")
    #expect(page.status == 200, "\(page)")
    #expect(page.body.contains("\"served\":{\"count\":28,\"duration\":9000}"), "\(page.body.prefix(2000))")
    #expect(page.body.contains("connect-src 'self'") && page.body.contains("<kbd>"), "\(page.body.prefix(2000))")
    #expect(!page.body.contains("Sign in to Acme"), "the served page embeds no record or state")
    // The state at record 8, as replay --at says it, with what record 8 changed.
    let frame = try server.json("/frame?record=8")
    let replay = try Subprocess.cmdtool(["replay", trace, "--at", "#8"])
    #expect(frame["r"] as? Int == 8)
    #expect(frame["tree"] as? String == replay.stdout, "\(frame["tree"] ?? "")\n---\n\(replay.stdout)")
    #expect((frame["diff"] as? String)?.contains("textField 5 · text: \"alic\" → \"alice\"") == true, "\(frame)")
    #expect((frame["svg"] as? String)?.contains(">alice<") == true)
    #expect(try server.get("/frame?record=28").status == 400)
    // Rows as the list shows them, a time, a search.
    let rows = try #require(try server.json("/rows?from=26&count=5")["rows"] as? [[String: Any]])
    #expect(rows.count == 2)
    #expect(rows.last?["d"] as? String == "mark" && (rows.last?["o"] as? [String])?.first?.contains("toast 1 expired") == true, "\(rows)")
    #expect(try server.json("/locate?t=6500")["record"] as? Int == 26)
    #expect(try server.json("/search?q=Log%20in&from=2&dir=1")["match"] as? Int == 9)
    #expect(try server.json("/search?q=Log+in&from=8&dir=-1")["match"] as? Int == 1)
    #expect(try server.json("/search?q=nowhere&from=0&dir=1")["next"] as? Int == -1)
    // Ctrl-C ends it cleanly, and nothing listens after.
    let run = server.end()
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("serving 28 records of \(trace)") && run.stderr.contains("stopped serving"), "\(run)")
    #expect((try? LoopbackHTTP.request("GET", port: server.port, "/?token=\(server.token)")) == nil)
  }

  @Test func aBinaryTraceIsServedStateByState() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trace = scratch.path("long.cmdtrace")
    let generate = try Subprocess.cmdtool(["generate", trace, "--commands", "20000", "--live-screens", "2", "--seed", "4"], timeout: 120)
    #expect(generate.status == 0, "\(generate)")
    let server = try RunningViewServer(trace)
    defer { server.process.kill() }
    let page = try server.get("/")
    let count = try #require(page.body.firstMatch(of: /"served":\{"count":(\d+)/).map { Int($0.1)! }, "\(page.body.prefix(2000))")
    #expect(count > 3000, "\(count)")
    // States far apart, each the one replay computes: from keyframes, not embedded.
    for record in [count / 3, count - 1] {
      let frame = try server.json("/frame?record=\(record)")
      let replay = try Subprocess.cmdtool(["replay", trace, "--at", "#\(record)"])
      let tree = try #require(frame["tree"] as? String)
      let kept = tree.components(separatedBy: "\n… ").first ?? tree
      #expect(replay.stdout.hasPrefix(kept) && kept.count > 100, "record \(record):\n\(tree.prefix(800))\n---\n\(replay.stdout.prefix(800))")
    }
    #expect(server.end().status == 0)
  }

  @Test func theBrowserNavigatesRecordsThroughTheServer() throws {
    let server = try RunningViewServer(CommandRunner.path("traces/login.jsonl"))
    defer { server.process.kill() }
    let viewer = try OpenViewer(server.address)
    defer { viewer.quit() }
    #expect(viewer.waitForRecord(27), "\(viewer.text("where"))")
    #expect(eventually { viewer.text("screen").contains("Hello, alice") }, "\(viewer.text("screen").prefix(500))")
    try viewer.browser.press(.home)
    #expect(viewer.waitForRecord(0))
    try viewer.browser.open(server.address + "#record=8")
    #expect(viewer.waitForRecord(8))
    #expect(eventually { viewer.text("screen").contains("alice") && viewer.text("diff").contains("\"alic\" → \"alice\"") }, "\(viewer.text("diff"))")
    #expect(eventually { viewer.text("record").contains("ValueEvent → 5 text=\"alice\"") }, "\(viewer.text("record"))")
    try viewer.browser.press(.arrowRight)
    #expect(viewer.waitForRecord(9))
    try viewer.browser.type(css: "#search", "log in")
    try viewer.browser.press(.enter)
    #expect(viewer.waitForRecord(19), "\(viewer.text("where")) \(viewer.text("found"))")
    #expect(eventually { viewer.text("found").contains("1 element here") }, "\(viewer.text("found"))")
    #expect(server.end().status == 0)
  }

  /// Follows a search as the page does (`next` until a match or -1): the record found, or -1.
  private func search(_ server: RunningViewServer, _ query: String, from: Int, dir: Int) throws -> Int {
    var from = from
    while true {
      let answer = try server.json("/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&from=\(from)&dir=\(dir)")
      let match = answer["match"] as? Int ?? -2, next = answer["next"] as? Int ?? -2
      if match != -1 || next < 0 { return match }
      #expect(dir > 0 ? next > from : next < from, "a search goes on from where it stopped")
      from = next
    }
  }

  @Test func searchFindsARecordNearTheEndOfALargeTraceAndSaysWhenAWordIsAbsent() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let trace = scratch.path("large.cmdtrace")
    let generated = try Subprocess.cmdtool(["generate", trace, "--commands", "300000", "--seed", "5"])
    try #require(generated.status == 0, "\(generated)")
    let server = try RunningViewServer(trace)
    defer { _ = server.end() }
    let page = try server.get("/").body
    let count = try #require(page.firstMatch(of: /"served":\{"count":(\d+)/).map { Int($0.1)! })
    #expect(count > 50_000, "a trace of many searches' worth of records")
    // The last record's number is in its text only ("#N 12.345s  →  …" or "#N.0 …").
    let last = "#\(count - 1)"
    #expect(try search(server, last, from: 0, dir: 1) == count - 1)
    #expect(try search(server, last, from: count - 1, dir: -1) == count - 1)
    #expect(try search(server, "zzqx-nowhere", from: 0, dir: 1) == -1)
    #expect(try search(server, "zzqx-nowhere", from: count - 1, dir: -1) == -1)
    #expect(try search(server, "#\(count / 2)", from: count - 1, dir: -1) == count / 2, "backwards to the middle")
  }
}
