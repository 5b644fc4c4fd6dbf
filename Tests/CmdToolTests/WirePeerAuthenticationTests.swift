import Foundation
import Replay
import Testing

// Who may connect to the socket of `--listen` (docs/WIRE.md §1): only the peer cmdtool started,
// which sends the token of CMDTOOL_WIRE_TOKEN first. Another local process that connects first
// (an intruder) is refused and learns nothing; the session goes on with the engine.

@Suite struct WirePeerAuthenticationTests {
  static let value = "Zq9-hunter2"

  /// The engine command: an intruder (the example engine without the token, logging what it
  /// reads) connects first; once it has, the real engine starts and connects.
  private func engineAfterIntruder(in scratch: Scratch) -> [String] {
    let log = scratch.path("intruder.log")
    let intruder = "env -u \(WireTransport.tokenVariable) '\(Built.engine.path)' --input-log '\(log)' 2> '\(scratch.path("intruder.err"))'"
    // The log appears once the intruder is connected: wait for that event, then be the engine.
    let wait = "while [ ! -e '\(log)' ]; do sleep 0.01; done"
    return ["sh", "-c", "\(intruder) & \(wait); exec '\(Built.engine.path)' --password '\(Self.value)'"]
  }

  @Test(arguments: ["tcp:0", "unix"])
  func aLocalProcessThatConnectsFirstIsRefusedAndLearnsNothing(_ listen: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let transport = listen == "unix" ? "unix:" + scratch.path("wire.sock") : listen
    let script = try scratch.script("login.script.jsonl", [
      #"{"t":800,"type":"textField \"User name\"","text":"alice"}"#,
      #"{"t":1800,"type":"textField \"Password\"","secret":"PASSWORD"}"#,
      #"{"t":2400,"tap":"button \"Log in\""}"#,
    ])
    let out = scratch.path("login.jsonl")
    let run = try Subprocess.cmdtool(["record", "--listen", transport, "--out", out, "--script", script, "--"] + engineAfterIntruder(in: scratch), environment: ["CMDTOOL_SECRET_PASSWORD": Self.value])
    #expect(run.status == 0, "\(run)")
    // The intruder was closed before cmdtool wrote a byte to it (it read the typed secret).
    let log = try Data(contentsOf: URL(fileURLWithPath: scratch.path("intruder.log")))
    #expect(log.isEmpty, "the intruder read \(String(decoding: log, as: UTF8.self).debugDescription)")
    // The engine logged in: the session was the engine's, not the intruder's.
    #expect(try Recording(out).commands.contains { $0.type == .createToast }, "\(run)")
    #expect(!run.stderr.contains(Self.value) && !run.stdout.contains(Self.value), "\(run)")
  }

  @Test func aPeerWithoutTheTokenIsRefusedAndTheMessageSaysSo() throws {
    // An engine built before the token (or given none) connects and sends its header: refused,
    // and the message names the variable and what the connection began with.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("old.jsonl")
    let engine = ["sh", "-c", "echo \"token ${\(WireTransport.tokenVariable)}\" >&2; exec env -u \(WireTransport.tokenVariable) '\(Built.engine.path)'"]
    let run = try Subprocess.cmdtool(["record", "--listen", "tcp:0", "--out", out] + ["--"] + engine)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains(#"cmdtool refused 1 connection that did not send CMDTOOL_WIRE_TOKEN first (it began "\n{\"trace\":1,\"numbering\":\"engine-2")"#), "\(run)")
    // The token it was given: 32 hex digits, a new one each run.
    let tail = try Recording(out + ".partial").lastMarker?.detail ?? ""
    #expect(tail.range(of: #"token [0-9a-f]{32}\b"#, options: .regularExpression) != nil, "\(tail)")
  }

  @Test func overStdioThereIsNoToken() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let seen = scratch.path("seen.txt")
    let engine = ["sh", "-c", "echo \"${\(WireTransport.tokenVariable):-none} ${\(WireTransport.environmentVariable):-none}\" > '\(seen)'; exec '\(Built.engine.path)'"]
    let run = try Subprocess.cmdtool(["record", "--out", scratch.path("stdio.jsonl"), "--"] + engine, environment: [WireTransport.tokenVariable: "inherited", WireTransport.environmentVariable: "tcp:127.0.0.1:1"])
    #expect(run.status == 0, "\(run)")
    #expect(try String(contentsOfFile: seen, encoding: .utf8) == "none none\n")
  }

  @Test func theCAndCPlusPlusPeersSendTheToken() throws {
    // The C testee (a conformance case over TCP) and the C++ header's connect_to_cmdtool (the
    // C++ example engine recorded over a Unix socket) are admitted.
    let scratch = try Scratch()
    defer { scratch.remove() }
    if let ctestee = try CTesteeTests.build(.plain, in: scratch) {
      let run = try Subprocess.cmdtool(["conformance", "--listen", "tcp:0", "--cases", "Required.Tree.DeleteElement.UnknownIdIsSilent", "--", ctestee])
      #expect(run.status == 0, "\(run)")
      #expect(run.stdout.hasSuffix("conformant\n"), "\(run)")
    }
    if let engine = try CppEngineTests.build(CppEngineTests.engineSources, named: "cpp-engine", .plain, in: scratch) {
      let script = try scratch.script("login.script.jsonl", CppEngineTests.script)
      let run = try Subprocess.cmdtool(["record", "--listen", "unix:" + scratch.path("wire.sock"), "--out", scratch.path("cpp.jsonl"), "--script", script, "--", engine])
      #expect(run.status == 0, "\(run)")
      #expect(try Recording(scratch.path("cpp.jsonl")).commands.contains { $0.type == .createToast }, "\(run)")
    }
  }
}
