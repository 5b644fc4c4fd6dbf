import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// An output that is one of the command's inputs is refused, by every command, under every
// spelling of the same file (issue #23: `record --script S --out S`, `view T --out T`, `replay T
// --format svg --out T` and `diff A B --html A` overwrote their own input; only `convert`
// refused, and only the same spelling). One check compares device and inode.

@Suite struct OutputIsInputTests {
  /// A command with an output that can name one of its inputs.
  enum Command: String, CaseIterable, Sendable {
    case convert, record, view, replaySVG, diffHTML, conformanceJUnit, conformanceReport, replayEngineJUnit

    /// The input file the case starts from (copied into the scratch folder).
    var source: String {
      switch self {
      case .record: return Example.script
      case .replayEngineJUnit: return Example.recording
      default: return CommandRunner.path("traces/login.jsonl")
      }
    }

    /// The input's name in the scratch folder (an extension the command accepts for the output).
    var inputName: String { self == .record ? "steps.jsonl" : "input.jsonl" }

    func arguments(input: String, output: String) -> [String] {
      switch self {
      case .convert: return ["convert", input, output]
      case .record: return ["record", "--script", input, "--out", output, "--", Built.engine.path]
      case .view: return ["view", input, "--out", output]
      case .replaySVG: return ["replay", input, "--format", "svg", "--out", output]
      case .diffHTML: return ["diff", input, CommandRunner.path("traces/login-changed.jsonl"), "--html", output]
      case .conformanceJUnit: return ["conformance", "--scenario", input, "--junit", output, "--", Built.referenceTestee.path]
      case .conformanceReport: return ["conformance", "--failure-list", input, "--report", output, "--", Built.referenceTestee.path]
      case .replayEngineJUnit: return ["replay", "--engine", Built.engineCommand(), input, "--junit", output]
      }
    }
  }

  /// How the output names the input.
  enum Spelling: String, CaseIterable, Sendable {
    case samePath, dotSlash, hardLink, symbolicLink
  }

  @Test(arguments: Command.allCases, Spelling.allCases)
  func anOutputThatIsAnInputIsRefused(_ command: Command, _ spelling: Spelling) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let input = try scratch.copy(command.source, to: command.inputName)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    let output: String
    switch spelling {
    case .samePath: output = input
    case .dotSlash: output = scratch.url.path + "/./" + command.inputName
    case .hardLink:
      output = scratch.path("link.jsonl")
      #expect(link(input, output) == 0)
    case .symbolicLink:
      output = scratch.path("link.jsonl")
      #expect(symlink(input, output) == 0)
    }
    let names = scratch.files
    let run = try Subprocess.cmdtool(command.arguments(input: input, output: output), timeout: 60)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains("\(output) is the input \(input)"), "\(run)")
    #expect(run.stderr.contains("write to another file"), "\(run)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "\(input) changed")
    #expect(scratch.files == names, "files appeared: \(scratch.files)")
  }

  @Test func theFailureListMayStillRewriteItself() throws {
    // `--update-failure-list` reads the list and writes it anew on purpose.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let list = scratch.path("failures.txt")
    let run = try Subprocess.cmdtool(["conformance", "--cases", "*Reorder*", "--failure-list", list, "--update-failure-list", "--", Built.referenceTestee.path, "--bug", "ignore-reorder"], timeout: 120)
    #expect(run.status == 0, "\(run)")
    #expect(file(list, holds: "Reorder"), "\(run)")
  }

  @Test func keepingNewRunsInTheRecordingsFolderIsRefused() throws {
    // `replay --engine R --keep DIR` keeps each new run as DIR/NAME: in R's own folder that is R.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let recording = try scratch.copy(Example.recording, to: "example.jsonl")
    let before = try Data(contentsOf: URL(fileURLWithPath: recording))
    for arguments in [[recording, "--keep", scratch.url.path], [scratch.url.path, "--keep", scratch.url.path + "/."]] {
      let run = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand("--variant changed")] + arguments, timeout: 60)
      #expect(run.status == 64, "\(run)")
      #expect(run.stderr.contains("is the folder of the recordings"), "\(run)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: recording)) == before)
    }
  }

  /// Issue #23: two outputs of one command that name one file (`--junit x --report x`, or a link
  /// to it, or a file that does not exist yet spelt twice) are refused before anything runs, the
  /// message naming both options; the file is left as it was.
  @Test(arguments: [
    ["replay", "--engine", Built.engineCommand(), Example.recording, "--junit", "FIRST", "--report", "SECOND"],
    ["replay", "--engine", Built.engineCommand(), Example.recording, "--report", "FIRST", "--html-report", "DIR"],
    ["conformance", "--junit", "FIRST", "--report", "SECOND", "--", Built.referenceTestee.path],
    ["conformance", "--report", "FIRST", "--html", "SECOND", "--", Built.referenceTestee.path],
  ], Spelling.allCases)
  func twoOutputsThatNameOneFileAreRefused(_ arguments: [String], _ spelling: Spelling) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let first = scratch.path("out.txt")
    var second = first
    var exists = true
    switch spelling {
    case .samePath: exists = false  // nothing there yet: the same name is the same file
    case .dotSlash: second = scratch.url.path + "/./out.txt"
    case .hardLink:
      try Data("before".utf8).write(to: URL(fileURLWithPath: first))
      second = scratch.path("link.txt")
      #expect(link(first, second) == 0)
    case .symbolicLink:
      exists = false  // a dangling link: writing through it makes the file it names
      second = scratch.path("link.txt")
      #expect(symlink(first, second) == 0)
    }
    if exists && !FileManager.default.fileExists(atPath: first) { try Data("before".utf8).write(to: URL(fileURLWithPath: first)) }
    let names = scratch.files
    // --html-report DIR writes DIR/index.html: the other output names that file.
    let folder = scratch.path("pages")
    let given = arguments.map { $0 == "FIRST" ? first : $0 == "SECOND" ? second : $0 == "DIR" ? folder : $0 }
    let clash = arguments.contains("DIR") ? given.map { $0 == first ? folder + "/index.html" : $0 } : given
    if arguments.contains("DIR") {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    let options = arguments.filter { $0.hasPrefix("--") && !["--engine", "--"].contains($0) }
    let run = try Subprocess.cmdtool(clash, timeout: 60)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains("\(options[0]) ") && run.stderr.contains(" and \(options[1]) ") && run.stderr.contains("name one file"), "\(run)")
    if exists { #expect(try String(contentsOfFile: first, encoding: .utf8) == "before") }
    if !arguments.contains("DIR") { #expect(scratch.files == names, "files appeared: \(scratch.files)") }
  }

  @Test func outputsOfTheirOwnAreAccepted() throws {
    // The check compares files, not names: two outputs in two folders with one name are fine.
    let scratch = try Scratch()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: scratch.path("b"), withIntermediateDirectories: true)
    let run = try Subprocess.cmdtool(["replay", "--engine", Built.engineCommand(), Example.recording, "--junit", scratch.path("a/out.txt"), "--report", scratch.path("b/out.txt")], timeout: 60)
    #expect(run.status == 0, "\(run)")
    #expect(FileManager.default.fileExists(atPath: scratch.path("a/out.txt")) && FileManager.default.fileExists(atPath: scratch.path("b/out.txt")))
  }
}
