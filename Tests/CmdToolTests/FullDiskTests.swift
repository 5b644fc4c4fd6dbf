import CommandCodec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A disk that fills up while cmdtool writes (issue #23: `record` said 1,790 records where its
// `.partial` held 853 whole ones, and named the target; `convert` said 14 where there were 4;
// `generate` destroyed the previous file). The output is left as it was, `OUT.partial` holds
// whole records only, and the message names it and counts what it holds. Two real ways to fill
// a disk: a file size limit (`ulimit -f`: writes past it fail part way with EFBIG, as on a full
// disk, and no privilege is needed) and, where cmdtool's tests may mount one, a 64 KiB tmpfs.

/// A 64 KiB tmpfs mounted for one test, when the tests run with the privilege to mount one.
final class SmallDisk {
  let path: String

  /// Whether mounting works here (root on Linux); checked once.
  static let available: Bool = {
    #if os(Linux)
      guard geteuid() == 0, let probe = try? SmallDisk(FileManager.default.temporaryDirectory.appendingPathComponent("cmdtool-tmpfs-probe-\(UUID().uuidString)").path) else { return false }
      probe.unmount()
      return true
    #else
      return false
    #endif
  }()

  init(_ path: String) throws {
    self.path = path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    #if os(Linux)
      guard mount("tmpfs", path, "tmpfs", 0, "size=64k,mode=0777") == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
      }
    #endif
  }

  func unmount() {
    #if os(Linux)
      _ = umount2(path, Int32(MNT_DETACH))
    #endif
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Takes `pages` of the disk's 16 pages of 4 KiB (tmpfs counts whole pages).
  func fill(pages: Int) throws {
    try Data(repeating: 0x2E, count: pages * 4096).write(to: URL(fileURLWithPath: path + "/filler"))
  }
}

@Suite struct FullDiskTests {
  /// `cmdtool ARGUMENTS` with files limited to `blocks` × 512 bytes (SIGXFSZ ignored, so that a
  /// write past the limit fails with EFBIG instead of killing cmdtool).
  private func cmdtool(_ arguments: [String], fileSizeLimit blocks: Int, in scratch: Scratch) throws -> FinishedRun {
    let quoted = ([Built.cmdtool.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let process = try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f \(blocks) && trap '' XFSZ && exec \(quoted)"], in: scratch.url)
    defer { process.kill() }
    return process.wait(timeout: 60)
  }

  /// A generated stream of about 260 KB in 594 records.
  private func bigTrace(in scratch: Scratch) throws -> String {
    let run = try Subprocess.cmdtool(["fuzz", "streams", "--out", scratch.path("streams"), "--count", "1", "--seed", "7", "--commands", "3000"])
    #expect(run.status == 0, "\(run)")
    return scratch.path("streams/stream-7.jsonl")
  }

  /// `N whole record(s)`, as cmdtool counts them.
  private func whole(_ count: Int) -> String { "\(count) whole record\(count == 1 ? "" : "s")" }

  /// Checks what a run that filled the disk left: `out` as it was, `out.partial` whole, and the
  /// message's count is the partial file's; returns that count.
  @discardableResult
  private func expectPartialWhole(_ out: String, previous: String, _ run: FinishedRun, reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    #expect(try String(contentsOfFile: out, encoding: .utf8) == previous, "\(out) changed", sourceLocation: sourceLocation)
    let partial = try Recording(out + ".partial")
    #expect(partial.trace.error == nil, "\(String(describing: partial.trace.error))", sourceLocation: sourceLocation)
    #expect(partial.records.count > 0, sourceLocation: sourceLocation)
    #expect(run.stderr.contains("\(out).partial: cannot write: \(reason)"), "\(run)", sourceLocation: sourceLocation)
    return partial.records.count
  }

  @Test func convertOverAFileSizeLimit() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let input = try bigTrace(in: scratch)
    let out = try scratch.write("out.jsonl", "previous\n")
    let run = try cmdtool(["convert", input, out], fileSizeLimit: 32, in: scratch)
    #expect(run.status == 2, "\(run)")
    let count = try expectPartialWhole(out, previous: "previous\n", run, reason: "File too large")
    #expect(run.stderr.contains("wrote the \(whole(count)) before the error to \(out).partial; \(out) is unchanged"), "\(run)")
  }

  @Test(arguments: ["jsonl", "cmdtrace"])
  func generateOverAFileSizeLimit(_ fileExtension: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = try scratch.write("long.\(fileExtension)", "previous\n")
    // Its batches are big (a screen each): 64 KiB hold a few.
    let run = try cmdtool(["generate", out, "--commands", "20000"], fileSizeLimit: 128, in: scratch)
    #expect(run.status == 2, "\(run)")
    let count = try expectPartialWhole(out, previous: "previous\n", run, reason: "File too large")
    #expect(run.stderr.contains("wrote the \(whole(count)) before the error to \(out).partial; \(out) is unchanged"), "\(run)")
  }

  @Test func recordOverAFileSizeLimit() throws {
    // The example session's recording is about 9 KB: 2 KB fill up during the session.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = try scratch.write("rec.jsonl", "previous\n")
    let run = try cmdtool(["record", "--out", out, "--script", Example.script, "--", Built.engine.path], fileSizeLimit: 4, in: scratch)
    #expect(run.status == 1, "\(run)")
    let count = try expectPartialWhole(out, previous: "previous\n", run, reason: "File too large")
    #expect(run.stderr.contains("recorded \(count) records ("), "\(run)")
    #expect(run.stderr.contains(" to \(out).partial; \(out) is unchanged"), "\(run)")
  }

  @Test(.enabled(if: SmallDisk.available, "mounting a 64 KiB tmpfs needs root on Linux; the file size limit tests above cover the same paths"))
  func convertAndRecordOnAFullTmpfs() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let input = try bigTrace(in: scratch)
    let disk = try SmallDisk(scratch.path("disk"))
    defer { disk.unmount() }
    let out = disk.path + "/out.jsonl"
    try "previous\n".write(toFile: out, atomically: false, encoding: .utf8)
    let convert = try Subprocess.cmdtool(["convert", input, out])
    #expect(convert.status == 2, "\(convert)")
    let count = try expectPartialWhole(out, previous: "previous\n", convert, reason: "No space left on device")
    #expect(convert.stderr.contains("wrote the \(whole(count)) before the error to \(out).partial; \(out) is unchanged"), "\(convert)")

    for name in [out, out + ".partial"] { try FileManager.default.removeItem(atPath: name) }
    let rec = disk.path + "/rec.jsonl"
    try "previous\n".write(toFile: rec, atomically: false, encoding: .utf8)
    // One page for rec.jsonl, one for the recording (about 9 KB): full in mid-session.
    try disk.fill(pages: 14)
    let record = try Subprocess.cmdtool(["record", "--out", rec, "--script", Example.script, "--", Built.engine.path])
    #expect(record.status == 1, "\(record)")
    let recorded = try expectPartialWhole(rec, previous: "previous\n", record, reason: "No space left on device")
    #expect(record.stderr.contains("recorded \(recorded) records ("), "\(record)")
    #expect(record.stderr.contains(" to \(rec).partial; \(rec) is unchanged"), "\(record)")
  }
}
