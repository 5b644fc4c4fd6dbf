import CommandCodec
import Foundation
import Replay
import Testing

// The socket transports of docs/WIRE.md §1: the same bytes as over stdio, through a Unix-domain
// socket or TCP on loopback that cmdtool listens on and names in CMDTOOL_WIRE.

@Suite struct RecordTransportTests {
  @Test(arguments: ["unix", "tcp"])
  func aSocketRecordsExactlyWhatStdioRecords(_ kind: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let listen = kind == "unix" ? "unix:" + scratch.path("wire.sock") : "tcp:0"
    let out = scratch.path("example.jsonl")
    let run = try Subprocess.cmdtool(["record", "--listen", listen, "--out", out, "--script", Example.script, "--", Built.engine.path])
    #expect(run.status == 0, "\(run)")
    let recorded = try Data(contentsOf: URL(fileURLWithPath: out))
    let bundled = try Data(contentsOf: URL(fileURLWithPath: Example.recording))
    #expect(recorded == bundled, "the recording over \(listen) differs from traces/example.jsonl")
    // cmdtool removes the socket file it made.
    #expect(!FileManager.default.fileExists(atPath: scratch.path("wire.sock")))
  }

  @Test func aBinaryEngineOverTCP() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("example.cmdtrace")
    let run = try Subprocess.cmdtool(["record", "--listen", "tcp:0", "--out", out, "--script", Example.script, "--", Built.engine.path, "--binary"])
    #expect(run.status == 0, "\(run)")
    let json = try Subprocess.cmdtool(["show", out, "--format", "json"])
    #expect(json.status == 0, "\(json)")
    let bundled = try String(contentsOfFile: Example.recording, encoding: .utf8)
    #expect(json.stdout == bundled)
  }

  @Test func replayInCIOverASocket() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let same = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), "--listen", "unix:" + scratch.path("r.sock"), Example.recording, "--ci"])
    #expect(same.status == 0, "\(same)")
    let changed = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--variant changed"), "--listen", "tcp:0", Example.recording, "--ci", "--keep", scratch.path("new")])
    #expect(changed.status == 1, "\(changed)")
    #expect(changed.stdout.contains(#"button 7 · text: "Log in" → "Sign in""#), "\(changed)")
  }

  @Test func anEngineThatNeverConnectsTimesOut() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("none.jsonl")
    let run = try Subprocess.cmdtool(["record", "--listen", "tcp:0", "--timeout", "0.5", "--out", out, "--", "sh", "-c", "echo \"listening at $CMDTOOL_WIRE\"; sleep 60"], timeout: patience)
    #expect(run.status == 1, "\(run)")
    // The 0.5 s --timeout, however loaded the machine; far from the engine's 60 s sleep.
    #expect(run.seconds < 30, "\(run)")
    #expect(run.stderr.contains("the engine did not answer within 0.5 s: cmdtool was waiting for the engine to connect to CMDTOOL_WIRE and send its header\n"), "\(run)")
    // The engine's standard output joins its log: the address it was given is in the tail.
    let recording = try Recording(out + ".partial")
    #expect(recording.lastMarker?.detail.contains("listening at tcp:127.0.0.1:") == true, "\(String(describing: recording.lastMarker))")
  }

  @Test func anEngineThatExitsWithoutConnecting() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try Subprocess.cmdtool(["record", "--listen", "unix:" + scratch.path("w.sock"), "--out", scratch.path("gone.jsonl"), "--", "sh", "-c", "exit 4"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("the engine closed its output without writing anything while cmdtool was waiting for the engine to connect"), "\(run)")
    #expect(try Recording(scratch.path("gone.jsonl.partial")).lastMarker?.detail == "status 4")
  }

  @Test(arguments: ["udp:5", "tcp:http", "unix:", "socket"])
  func aBadTransportIsAUsageError(_ listen: String) throws {
    let run = try Subprocess.cmdtool(["record", "--listen", listen, "--out", "x.jsonl", "--", "true"])
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains("--listen \(listen) is not a transport: use stdio, unix:PATH or tcp:PORT"), "\(run)")
  }

  @Test func aSocketPathTooLongToListenOn() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = scratch.path(String(repeating: "s", count: 120) + ".sock")
    let run = try Subprocess.cmdtool(["record", "--listen", "unix:" + path, "--out", scratch.path("x.jsonl"), "--", Built.engine.path])
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("cannot listen on unix:\(path): the path is longer than"), "\(run)")
  }

  @Test func transportsParse() {
    #expect(WireTransport(parsing: "stdio") == .stdio)
    #expect(WireTransport(parsing: "unix:/tmp/w.sock") == .unix(path: "/tmp/w.sock"))
    #expect(WireTransport(parsing: "tcp:7070") == .tcp(port: 7070))
    #expect(WireTransport(parsing: "tcp:127.0.0.1:7070") == .tcp(port: 7070))
    #expect(WireTransport(parsing: "tcp:70000") == nil)
    #expect(WireTransport.tcp(port: 7070).description == "tcp:127.0.0.1:7070")
  }
}
