import Foundation
@testable import ReplayCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The one writer of every file cmdtool writes (issue #23, "Files"): a temporary of its own,
// created exclusively under a random name, renamed over the target whole or kept as
// `OUT.partial`; never through a link someone planted, never over one of the run's inputs, with
// the user's usual mode.

@Suite struct AtomicFileTests {
  /// A scratch folder, removed at the end.
  final class Folder {
    let path: String
    init() throws {
      path = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func at(_ name: String) -> String { path + "/" + name }
    func write(_ name: String, _ text: String) throws -> String {
      try text.write(toFile: at(name), atomically: false, encoding: .utf8)
      return at(name)
    }
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
  }

  private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
  private func isLink(_ path: String) -> Bool { (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil }
  private func mode(_ path: String) -> mode_t {
    var info = stat()
    _ = stat(path, &info)
    return info.st_mode & 0o7777
  }

  private func write(_ file: AtomicFile, _ text: String) throws {
    try Array(text.utf8).withUnsafeBytes { try file.descriptor.write($0, path: file.temporaryPath) }
  }

  /// The first `count` temporary names a writer of `path` drawing from `names` tries.
  private func temporaryNames(_ count: Int, for path: String, _ names: SplitMix64) -> [String] {
    var preview = names
    return (0..<count).map { _ in AtomicFile.temporaryStem(for: path) + AtomicFile.randomSuffix(&preview) }
  }

  @Test(arguments: [1, 7, 63])
  func aLinkPlantedAtATemporaryNameIsNeverFollowed(_ planted: Int) throws {
    let folder = try Folder()
    let victim = try folder.write("victim.txt", "precious\n")
    let out = folder.at("rec.jsonl")
    let names = SplitMix64(seed: UInt64(planted))
    let tried = temporaryNames(planted + 1, for: out, names)
    for name in tried.dropLast() { #expect(symlink(victim, name) == 0) }
    var generator = names
    let file = try AtomicFile(path: out, names: &generator)
    // Each planted name was refused, not opened through: the writer took the first free one.
    #expect(file.temporaryPath == tried.last)
    try write(file, "new\n")
    try file.commit()
    #expect(text(victim) == "precious\n")
    #expect(text(out) == "new\n")
    #expect(!isLink(out))
    #expect(tried.dropLast().allSatisfy(isLink))
  }

  @Test func whenEveryNameIsTakenNothingIsWritten() throws {
    let folder = try Folder()
    let victim = try folder.write("victim.txt", "precious\n")
    let out = folder.at("rec.jsonl")
    let names = SplitMix64(seed: 64)
    for name in temporaryNames(64, for: out, names) { #expect(symlink(victim, name) == 0) }
    var generator = names
    #expect(throws: IOError.self) { try AtomicFile(path: out, names: &generator) }
    #expect(text(victim) == "precious\n")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aLinkAtThePartialNameIsReplacedNotFollowed() throws {
    let folder = try Folder()
    let victim = try folder.write("victim.txt", "precious\n")
    let out = try folder.write("rec.jsonl", "good\n")
    #expect(symlink(victim, out + ".partial") == 0)
    let file = try AtomicFile(path: out)
    try write(file, "cut off")
    #expect(file.abandon() == out + ".partial")
    #expect(text(victim) == "precious\n")
    #expect(text(out) == "good\n")
    #expect(!isLink(out + ".partial"))
    #expect(text(out + ".partial") == "cut off")
  }

  @Test func twoWritersOfOneTargetNeverMix() throws {
    // Interleaved as two processes would be: each writes a whole file of its own, the last to
    // commit wins, and one that fails keeps its own bytes, not the other's.
    let folder = try Folder()
    let out = try folder.write("rec.jsonl", "old\n")
    let a = try AtomicFile(path: out)
    let b = try AtomicFile(path: out)
    #expect(a.temporaryPath != b.temporaryPath)
    try write(a, "a1\n")
    try write(b, "b1\n")
    try write(a, "a2\n")
    try b.commit()
    #expect(text(out) == "b1\n")
    #expect(a.targetReport() == "\(out) was replaced meanwhile by another process")
    #expect(a.abandon() == out + ".partial")
    #expect(text(out + ".partial") == "a1\na2\n")
    #expect(text(out) == "b1\n")
    // A good run later takes away a partial output that was there when it started.
    let c = try AtomicFile(path: out)
    try write(c, "c\n")
    try c.commit()
    #expect(folder.names == ["rec.jsonl"])
  }

  @Test func twoRunsThatFailAtOnceKeepAnOutputEach() throws {
    // The first to fail takes OUT.partial; the second finds another run's output there (whose
    // user was told it is there) and keeps its own under its temporary's name, saying so.
    let folder = try Folder()
    let out = try folder.write("rec.jsonl", "good\n")
    let a = try AtomicFile(path: out)
    let b = try AtomicFile(path: out)
    try write(a, "a\n")
    try write(b, "b\n")
    #expect(a.unfinishedPath == out + ".partial")
    #expect(a.abandon() == out + ".partial")
    #expect(b.unfinishedPath == b.temporaryPath)
    #expect(b.abandon() == b.temporaryPath)
    #expect(text(out + ".partial") == "a\n")
    #expect(text(b.temporaryPath) == "b\n")
    #expect(text(out) == "good\n")
    // A run that fails later replaces the partial output that was there when it began.
    let c = try AtomicFile(path: out)
    try write(c, "c\n")
    #expect(c.abandon() == out + ".partial")
    #expect(text(out + ".partial") == "c\n")
  }

  @Test func aPartialThatAppearsDuringARunIsNotTakenAway() throws {
    // Another process's failed run, kept as OUT.partial while this one ran: its user was told
    // it is there, so this run's success must not remove it.
    let folder = try Folder()
    let out = folder.at("rec.jsonl")
    let mine = try AtomicFile(path: out)
    let other = try AtomicFile(path: out)
    try write(other, "failed run\n")
    other.abandon()
    try write(mine, "good\n")
    try mine.commit()
    #expect(text(out) == "good\n")
    #expect(text(out + ".partial") == "failed run\n")
  }

  @Test func anOutputThatIsAnInputIsRefusedUnderAnyName() throws {
    let folder = try Folder()
    let input = try folder.write("in.jsonl", "input\n")
    #expect(link(input, folder.at("hard.jsonl")) == 0)
    #expect(symlink(input, folder.at("soft.jsonl")) == 0)
    for output in [input, folder.at("hard.jsonl"), folder.at("soft.jsonl"), folder.path + "/./in.jsonl"] {
      #expect(throws: IOError.self) { try AtomicFile(path: output, inputs: [input]) }
    }
    #expect(text(input) == "input\n")
    #expect(folder.names == ["hard.jsonl", "in.jsonl", "soft.jsonl"])
  }

  @Test func aPartialThatIsAnInputIsNeverReplaced() throws {
    // `convert rec.jsonl.partial rec.jsonl` that fails: the salvaged file stays as it was, the
    // new output keeps the temporary's name.
    let folder = try Folder()
    let out = folder.at("rec.jsonl")
    let input = try folder.write("rec.jsonl.partial", "salvage me\n")
    let file = try AtomicFile(path: out, inputs: [input])
    #expect(file.unfinishedPath == file.temporaryPath)
    try write(file, "half")
    #expect(file.abandon() == file.temporaryPath)
    #expect(text(input) == "salvage me\n")
    // And when it succeeds, the input is not taken away as a stale partial output.
    let again = try AtomicFile(path: out, inputs: [input])
    try write(again, "whole\n")
    try again.commit()
    #expect(text(input) == "salvage me\n")
    #expect(text(out) == "whole\n")
  }

  @Test func aFolderIsNoTarget() throws {
    let folder = try Folder()
    try FileManager.default.createDirectory(atPath: folder.at("out"), withIntermediateDirectories: false)
    #expect { try AtomicFile(path: folder.at("out")) } throws: { error in
      (error as? IOError)?.description == "\(folder.at("out")): cannot write: it is a directory; give a file name"
    }
    #expect(folder.names == ["out"])
  }

  @Test func anOutputThatCannotBeCreatedIsNamedAsGiven() throws {
    // Not by its temporary's random name, which the user never gave.
    let folder = try Folder()
    let out = folder.at("missing/page.html")
    #expect { try AtomicFile.write(Array("page".utf8), to: out) } throws: { error in
      (error as? IOError)?.description == "\(out): cannot create: No such file or directory"
    }
    #expect(folder.names.isEmpty)
  }

  @Test func outputsGetTheUsersUsualMode() throws {
    // The umask is the process's: read, not changed, as other tests create files meanwhile
    // (other masks: OutputFileTests runs cmdtool under `umask 027`).
    let mask = umask(0o022)
    umask(mask)
    let folder = try Folder()
    let out = folder.at("new.html")
    try AtomicFile.write(Array("page".utf8), to: out)
    #expect(mode(out) == 0o666 & ~mask)
    let failed = try AtomicFile(path: folder.at("failed.jsonl"))
    let partial = failed.abandon()
    #expect(mode(partial) == 0o666 & ~mask)
    // A file that was there keeps its permissions when replaced.
    #expect(chmod(out, 0o600) == 0)
    try AtomicFile.write(Array("page 2".utf8), to: out)
    #expect(mode(out) == 0o600)
  }

  @Test func aDroppedWriterKeepsItsOutputAsPartial() throws {
    let folder = try Folder()
    let out = try folder.write("r.jsonl", "good\n")
    do {
      let file = try AtomicFile(path: out)
      try write(file, "dropped")
    }
    #expect(text(out) == "good\n")
    #expect(text(out + ".partial") == "dropped")
    #expect(folder.names == ["r.jsonl", "r.jsonl.partial"])
  }

  @Test func aLongNameStaysWithinTheSystemsLimit() throws {
    let folder = try Folder()
    let out = folder.at(String(repeating: "é", count: 120) + ".jsonl")
    try AtomicFile.write(Array("x".utf8), to: out)
    #expect(text(out) == "x")
  }
}
