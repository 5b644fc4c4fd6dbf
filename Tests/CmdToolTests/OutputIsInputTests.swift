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
}
