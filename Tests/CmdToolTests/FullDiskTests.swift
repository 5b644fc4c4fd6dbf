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
// disk, and no privilege is needed) and a 64 KiB tmpfs that fills up (ENOSPC), mounted in a
// namespace of its own.

/// A 64 KiB tmpfs, a real disk that fills up, mounted for one shell script in a user and mount
/// namespace of its own (`unshare -rm`): no root needed where unprivileged user namespaces are
/// allowed (most Linux systems), and nothing left mounted if the test dies. The mount is seen only
/// inside, so the script's last step copies what is on the disk to a folder outside.
enum SmallDisk {

  /// Whether such a disk can be mounted here; checked once.
  static let available: Bool = {
    #if os(Linux)
      guard let scratch = try? Scratch(), let run = try? run("true", disk: scratch.path("disk"), keep: scratch.path("kept")) else { return false }
      scratch.remove()
      return run.status == 0
    #else
      return false
    #endif
  }()

  /// Runs `script` (sh) with `$DISK` a fresh, empty 64 KiB tmpfs at `disk` (16 pages of 4 KiB;
  /// tmpfs counts whole pages), then copies everything on it to `keep`. Exit status: the script's,
  /// 99 when the disk could not be mounted.
  static func run(_ script: String, disk: String, keep: String) throws -> FinishedRun {
    for folder in [disk, keep] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    let shell = """
      mount -t tmpfs -o size=64k tmpfs "$DISK" || exit 99
      ( \(script) ); status=$?
      cp -a "$DISK"/. "$KEEP"/ && exit $status
      """
    let process = try Subprocess(URL(fileURLWithPath: "/usr/bin/env"), ["unshare", "-rm", "sh", "-c", shell], environment: ["DISK": disk, "KEEP": keep])
    defer { process.kill() }
    return process.wait(timeout: 120)
  }
}

@Suite struct FullDiskTests {
  /// `cmdtool ARGUMENTS` with files limited to `blocks` × 512 bytes (SIGXFSZ ignored, so that a
  /// write past the limit fails with EFBIG instead of killing cmdtool).
  private func cmdtool(_ arguments: [String], fileSizeLimit blocks: Int, in scratch: Scratch) throws -> FinishedRun {
    let process = try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f \(blocks) && trap '' XFSZ && exec \(shellWords([Built.cmdtool.path] + arguments))"], in: scratch.url)
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
  /// - Parameter folder: where the files are now, when not where cmdtool wrote them (a tmpfs
  ///   copied out of its namespace).
  private func expectPartialWhole(_ out: String, previous: String, _ run: FinishedRun, reason: String, keptIn folder: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    let now = folder.map { $0 + "/" + (out as NSString).lastPathComponent } ?? out
    #expect(try String(contentsOfFile: now, encoding: .utf8) == previous, "\(out) changed", sourceLocation: sourceLocation)
    let partial = try Recording(now + ".partial")
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

  /// `'ARGUMENT' …` for a shell.
  private func shellWords(_ arguments: [String]) -> String {
    arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
  }

  @Test(.enabled(if: SmallDisk.available, "needs a 64 KiB tmpfs in a namespace of its own (unshare -rm); the file size limit tests above cover the same paths"))
  func convertOnAFullTmpfs() throws {
    // `convert` said 14 records where its partial file held 4.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let input = try bigTrace(in: scratch)
    let disk = scratch.path("disk")
    let kept = scratch.path("kept")
    let out = disk + "/out.jsonl"
    let run = try SmallDisk.run("printf 'previous\\n' > \"$DISK/out.jsonl\" && " + shellWords([Built.cmdtool.path, "convert", input, out]), disk: disk, keep: kept)
    #expect(run.status == 2, "\(run)")
    let count = try expectPartialWhole(out, previous: "previous\n", run, reason: "No space left on device", keptIn: kept)
    #expect(run.stderr.contains("wrote the \(whole(count)) before the error to \(out).partial; \(out) is unchanged"), "\(run)")
  }

  @Test(.enabled(if: SmallDisk.available, "needs a 64 KiB tmpfs in a namespace of its own (unshare -rm); the file size limit tests above cover the same paths"))
  func recordOnAFullTmpfs() throws {
    // `record` said 1,790 records where its partial file held 853, and named the target.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let disk = scratch.path("disk")
    let kept = scratch.path("kept")
    let out = disk + "/rec.jsonl"
    // One page for rec.jsonl, 14 of filler: one page left for the recording (about 9 KB), which
    // fills up in mid-session.
    let fill = "printf 'previous\\n' > \"$DISK/rec.jsonl\" && dd if=/dev/zero of=\"$DISK/filler\" bs=4096 count=14 2>/dev/null && "
    let run = try SmallDisk.run(fill + shellWords([Built.cmdtool.path, "record", "--out", out, "--script", Example.script, "--", Built.engine.path]), disk: disk, keep: kept)
    #expect(run.status == 1, "\(run)")
    let count = try expectPartialWhole(out, previous: "previous\n", run, reason: "No space left on device", keptIn: kept)
    #expect(run.stderr.contains("recorded \(count) records ("), "\(run)")
    #expect(run.stderr.contains(" to \(out).partial; \(out) is unchanged"), "\(run)")
  }
}
