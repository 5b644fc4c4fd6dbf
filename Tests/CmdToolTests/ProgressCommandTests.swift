@testable import cmdtool
import Foundation
import Testing

/// Progress on standard error, end to end: the built cmdtool under a pseudo-terminal, against a
/// generated trace long enough to take more than half a second.
@Suite("Progress", LongTrace())
struct ProgressCommandTests {
  static let escape = "\u{1B}"

  var big: String { LongTrace.path! }

  /// The progress drawings in what the terminal received: the text after each `\r`.
  func drawings(_ terminal: String) -> [String] {
    terminal.split(separator: "\r", omittingEmptySubsequences: true).map(String.init)
  }

  /// Checks a terminal's bytes: progress lines that start with `prefix`, redrawn in place (no
  /// newline, no escape sequence), at most ten a second, and erased at the end.
  func expectProgress(_ result: PseudoTerminal.Result, prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.seconds > 0.6, "the work took \(result.seconds) s, too little to show progress: generate a longer trace", sourceLocation: sourceLocation)
    let lines = drawings(result.terminal)
    let drawn = lines.filter { !$0.allSatisfy { $0 == " " } }
    #expect(!drawn.isEmpty, "no progress on the terminal: \(result.terminal.debugDescription)", sourceLocation: sourceLocation)
    for line in drawn {
      #expect(line.hasPrefix(prefix), "\(line.debugDescription)", sourceLocation: sourceLocation)
      #expect(line.count < 120, sourceLocation: sourceLocation)
    }
    #expect(!result.terminal.contains("\n"), sourceLocation: sourceLocation)
    #expect(!result.terminal.contains(Self.escape), sourceLocation: sourceLocation)
    // Throttled: the first drawing comes after half a second, then at most ten a second.
    #expect(Double(drawn.count) <= (result.seconds - 0.5) * 10 + 1, "\(drawn.count) drawings in \(result.seconds) s", sourceLocation: sourceLocation)
    // Erased: the last thing written is blanks over the longest line, and a return.
    let longest = drawn.map(\.count).max() ?? 0
    #expect(result.terminal.hasSuffix("\r" + String(repeating: " ", count: longest) + "\r"), sourceLocation: sourceLocation)
  }

  @Test("replay and check on a terminal: a progress line in bytes, erased when done; piped, nothing; standard output the same", arguments: ["replay", "check"])
  func onTerminal(command: String) throws {
    let result = try PseudoTerminal.run([command, big])
    #expect(result.status == 0)
    expectProgress(result, prefix: "\(command == "replay" ? "replaying" : "checking") \(big): ")
    #expect(drawings(result.terminal).contains { $0.contains("% (") && $0.contains(" MB of ") && $0.hasSuffix(" MB)") })
    let piped = try CommandRunner.run([command, big])
    #expect(piped.status == 0)
    #expect(piped.stderr == "")
    #expect(result.stdout == piped.stdout)
  }

  @Test("On a terminal but in CI or on a dumb terminal: nothing", arguments: [["CI": "1"], ["TERM": "dumb"]] as [[String: String?]])
  func quietByEnvironment(environment: [String: String?]) throws {
    let result = try PseudoTerminal.run(["replay", big], environment: environment)
    #expect(result.status == 0)
    #expect(result.seconds > 0.6)
    #expect(result.terminal == "")
  }

  @Test("Quick commands print nothing on a terminal", arguments: [
    ["replay", "traces/login.jsonl"], ["check", "traces/list.jsonl"], ["generate", "-", "--commands", "2000", "--to", "json"],
  ])
  func quickCommands(arguments: [String]) throws {
    let resolved = arguments.map { $0.hasPrefix("traces/") ? CommandRunner.path($0) : $0 }
    let result = try PseudoTerminal.run(resolved)
    #expect(result.terminal == "")
    #expect(!result.stdout.isEmpty)
  }

  @Test("generate on a terminal: commands written of those asked for; the same file as without progress")
  func generate() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("again.cmdtrace").path
    let result = try PseudoTerminal.run(["generate", path, "--commands", "\(LongTrace.commands)", "--seed", "7"])
    #expect(result.status == 0)
    expectProgress(result, prefix: "generating \(path): ")
    let total = ProgressLine.compact(LongTrace.commands)
    #expect(drawings(result.terminal).contains { $0.hasSuffix(" of \(total) commands)") })
    #expect(FileManager.default.contentsEqual(atPath: path, andPath: big))
  }

  @Test("convert on a terminal: bytes read; the output the same as without progress")
  func convert() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("copy.cmdtrace").path
    let result = try PseudoTerminal.run(["convert", big, path])
    #expect(result.status == 0)
    expectProgress(result, prefix: "converting \(big): ")
    #expect(FileManager.default.contentsEqual(atPath: path, andPath: big))
  }

  @Test("An error after progress starts the line of its own: the progress is erased first")
  func errorAfterProgress() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The long trace cut in the middle of a record: replay fails at the end of the file.
    let cut = directory.appendingPathComponent("cut.cmdtrace")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: big))
    try bytes.prefix(bytes.count - 3).write(to: cut)
    let result = try PseudoTerminal.run(["replay", cut.path])
    #expect(result.status == 2)
    let erased = try #require(result.terminal.range(of: "\rcmdtool: "))
    #expect(result.terminal[..<erased.lowerBound].hasSuffix(" "))
    #expect(result.terminal.hasSuffix("\r\n"))
  }
}
