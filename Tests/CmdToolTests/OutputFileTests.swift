import CommandCodec
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// How cmdtool's outputs reach the disk (issue #23, "Files"): salvaging a failed recording with
// `convert` leaves it as it was; a link planted at `OUT.partial` is replaced, never followed;
// `generate` replaces its output whole, also when interrupted; a folder is no output; outputs
// get the user's usual mode.

@Suite struct OutputFileTests {
  private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  private func mode(_ path: String) -> mode_t {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mode & 0o7777
  }

  /// A failed recording of the example session: the engine crashes after four batches.
  private func failedRecording(_ out: String) throws {
    let run = try Subprocess.cmdtool(["record", "--out", out, "--script", Example.script, "--", Built.engine.path, "--crash-after", "4"])
    #expect(run.status == 1, "\(run)")
  }

  @Test func convertingAFailedRecordingToItsOutputKeepsIt() throws {
    // The natural salvage: `convert rec.jsonl.partial rec.jsonl`. It used to truncate its own
    // input (the partial file was its output's temporary) and then blame the input.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = scratch.path("rec.jsonl")
    try failedRecording(out)
    let partial = out + ".partial"
    let kept = try bytes(partial)
    let recording = try Recording(partial)
    let run = try Subprocess.cmdtool(["convert", partial, out])
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.isEmpty, "\(run)")
    #expect(try bytes(partial) == kept, "the salvaged input changed")
    #expect(try Recording(out).records == recording.records)
    #expect(scratch.files == ["rec.jsonl", "rec.jsonl.partial"])

    // A partial recording cut inside a record (cmdtool killed mid-write): the error is the
    // input's own, its place named; the input stays, and the converted part is kept beside it.
    let cut = kept.prefix(kept.count - 10)
    try cut.write(to: URL(fileURLWithPath: partial))
    let failed = try Subprocess.cmdtool(["convert", partial, scratch.path("again.jsonl")])
    #expect(failed.status == 2, "\(failed)")
    #expect(failed.stderr.contains("\(partial): line "), "\(failed)")
    let salvage = try Subprocess.cmdtool(["convert", partial, out])
    #expect(salvage.status == 2, "\(salvage)")
    #expect(try bytes(partial) == cut, "the salvaged input changed")
    let temporary = try #require(recordingUnderWay(out))
    #expect(salvage.stderr.contains("wrote the \(recording.records.count - 1) whole records before the error to \(temporary); \(out) is unchanged"), "\(salvage)")
    #expect(try Recording(temporary).records == Array(recording.records.dropLast()))
  }

  @Test func aLinkPlantedAtThePartialNameIsNeverFollowed() throws {
    // It used to be: its target was overwritten, and on success OUT became that link.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let victim = try scratch.write("victim.txt", "precious\n")
    let out = scratch.path("rec.jsonl")
    #expect(symlink(victim, out + ".partial") == 0)
    try failedRecording(out)
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: out + ".partial")) == nil)
    #expect(try Recording(out + ".partial").lastMarker?.label == "engine-exit")

    #expect(unlink(out + ".partial") == 0)
    #expect(symlink(victim, out + ".partial") == 0)
    let good = try Subprocess.cmdtool(["record", "--out", out, "--script", Example.script, "--", Built.engine.path])
    #expect(good.status == 0, "\(good)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: out)) == nil)
    #expect(try bytes(out) == (try bytes(Example.recording)))
  }

  @Test func anInterruptedGenerateLeavesTheOutputAsItWas() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let out = try scratch.write("long.jsonl", "the previous file\n")
    // Far more than a debug build writes before the signal comes: it is still writing then.
    let generate = try Subprocess(Built.cmdtool, ["generate", out, "--commands", "100000000"])
    defer { generate.kill() }
    #expect(eventually(within: 30) { (recordingUnderWay(out).flatMap { try? bytes($0).count } ?? 0) > 100_000 }, "generate never got going")
    sendSignal(generate.pid, SIGINT)
    let run = generate.wait(timeout: 30)
    #expect(run.status == 130, "\(run)")
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "the previous file\n")
    let partial = try Recording(out + ".partial")
    #expect(partial.trace.error == nil, "\(String(describing: partial.trace.error))")
    #expect(run.stderr.contains("interrupted by SIGINT: wrote the \(partial.records.count) whole records before it to \(out).partial; \(out) is unchanged"), "\(run)")
    #expect(scratch.files == ["long.jsonl", "long.jsonl.partial"])
  }

  @Test(arguments: ["generate", "view", "convert", "record"])
  func aFolderIsNoOutput(_ command: String) throws {
    // It used to be written to as FOLDER.partial, with the folder's mode 0755.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let folder = scratch.path("out.jsonl")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let login = CommandRunner.path("traces/login.jsonl")
    let arguments: [String]
    switch command {
    case "generate": arguments = ["generate", folder, "--commands", "100"]
    case "view": arguments = ["view", login, "--out", folder]
    case "convert": arguments = ["convert", login, folder]
    default: arguments = ["record", "--out", folder, "--script", Example.script, "--", Built.engine.path]
    }
    let run = try Subprocess.cmdtool(arguments)
    #expect(run.status == (command == "record" ? 1 : 2), "\(run)")
    #expect(run.stderr.contains("\(folder): cannot write: it is a directory; give a file name"), "\(run)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["out.jsonl"])
  }

  @Test(arguments: ["000", "002", "022", "077"])
  func outputsGetTheUsersUsualMode(_ mask: String) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let expected = 0o666 & ~mode_t(mask, radix: 8)!
    let shell = URL(fileURLWithPath: "/bin/sh")
    let cmdtool = Built.cmdtool.path
    let commands = [
      "'\(cmdtool)' generate new.cmdtrace --commands 100",
      "'\(cmdtool)' view '\(CommandRunner.path("traces/login.jsonl"))' --out page.html",
      "'\(cmdtool)' record --out rec.jsonl --script '\(Example.script)' -- '\(Built.engine.path)'",
      "'\(cmdtool)' record --out failed.jsonl --script '\(Example.script)' -- '\(Built.engine.path)' --crash-after 4",
    ]
    for command in commands {
      let process = try Subprocess(shell, ["-c", "umask \(mask); exec \(command)"], in: scratch.url)
      defer { process.kill() }
      _ = process.wait(timeout: 60)
    }
    for name in ["new.cmdtrace", "page.html", "rec.jsonl", "failed.jsonl.partial"] {
      #expect(mode(scratch.path(name)) == expected, "\(name): \(String(mode(scratch.path(name)), radix: 8))")
    }
  }
}
