import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `record --listen unix:PATH` removes only a stale socket at PATH, a socket file nobody listens
// on (issue #23: `--listen unix:precious.txt` deleted precious.txt). A file, a link, a folder or a
// socket in use stays, and the run says why it cannot listen there.

@Suite struct ListenPathTests {
  /// A Unix-domain socket bound at `path`; listening when `listening`. Returns its descriptor.
  private func bindSocket(at path: String, listening: Bool) throws -> Int32 {
    #if canImport(Darwin)
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    try #require(fd >= 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    try #require(bound == 0)
    if listening { try #require(listen(fd, 1) == 0) }
    return fd
  }

  private func record(listen path: String, in scratch: Scratch) throws -> FinishedRun {
    try Subprocess.cmdtool(["record", "--listen", "unix:" + path, "--out", scratch.path("s.jsonl"), "--script", Example.script, "--", Built.engine.path])
  }

  @Test(arguments: ["file", "link", "folder"])
  func whatIsNotASocketStays(_ kind: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let precious = try scratch.write("precious.txt", "precious\n")
    let path: String
    switch kind {
    case "file": path = precious
    case "link":
      path = scratch.path("link.sock")
      #expect(symlink(precious, path) == 0)
    default:
      path = scratch.path("folder.sock")
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let run = try record(listen: path, in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("cannot listen on unix:\(path): \(path) exists and is not a socket; cmdtool removes only a stale socket of its own, never another file"), "\(run)")
    #expect(try String(contentsOfFile: precious, encoding: .utf8) == "precious\n")
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func aSocketSomeoneListensOnStays() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = scratch.path("busy.sock")
    let fd = try bindSocket(at: path, listening: true)
    defer { close(fd) }
    let run = try record(listen: path, in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("cannot listen on unix:\(path): another process listens on \(path)"), "\(run)")
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func aStaleSocketIsReplaced() throws {
    // What a killed run leaves: a socket file whose listener is gone.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let path = scratch.path("stale.sock")
    close(try bindSocket(at: path, listening: true))
    #expect(FileManager.default.fileExists(atPath: path))
    let run = try record(listen: path, in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("s.jsonl"))) == (try Data(contentsOf: URL(fileURLWithPath: Example.recording))))
    // cmdtool removes the socket it made.
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
