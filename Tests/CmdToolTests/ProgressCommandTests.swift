@testable import cmdtool
import Foundation
import Testing

/// Progress on standard error, end to end: the built cmdtool under a pseudo-terminal, against a
/// generated trace of many chunks. `CMDTOOL_PROGRESS_DELAY` takes the machine's speed out: `0`
/// shows the line from the first update (whether the work lasts half a second depends on the
/// machine), a delay far longer than the work shows none. The half second itself, the throttle
/// and the widths are checked on an injected clock (ProgressReporterTests, ProgressScreenTests).
@Suite("Progress", LongTrace())
struct ProgressCommandTests {
  static let escape = "\u{1B}"
  /// Progress from the first update.
  static let atOnce: [String: String?] = ["CMDTOOL_PROGRESS_DELAY": "0"]
  /// A delay no command here comes near.
  static let never: [String: String?] = ["CMDTOOL_PROGRESS_DELAY": "600"]

  var big: String { LongTrace.path! }

  /// The long trace's size as the progress line writes a total.
  var bigSize: String {
    let size = (try? FileManager.default.attributesOfItem(atPath: big)[.size] as? Int) ?? nil
    return ProgressLine.compact(size ?? 0, bytes: true)
  }

  /// The progress drawings in what the terminal received: the text after each `\r`.
  func drawings(_ terminal: String) -> [String] {
    terminal.split(separator: "\r", omittingEmptySubsequences: true).map(String.init)
  }

  /// Checks a terminal's bytes (of a run with ``atOnce``): progress lines that start with
  /// `prefix`, redrawn in place (no newline, no escape sequence), at most ten a second, and erased
  /// at the end.
  func expectProgress(_ result: PseudoTerminal.Result, prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = drawings(result.terminal)
    let drawn = lines.filter { !$0.allSatisfy { $0 == " " } }
    #expect(!drawn.isEmpty, "no progress on the terminal: \(result.terminal.debugDescription)", sourceLocation: sourceLocation)
    for line in drawn {
      #expect(line.hasPrefix(prefix), "\(line.debugDescription)", sourceLocation: sourceLocation)
      #expect(line.count < 120, sourceLocation: sourceLocation)
    }
    #expect(!result.terminal.contains("\n"), sourceLocation: sourceLocation)
    #expect(!result.terminal.contains(Self.escape), sourceLocation: sourceLocation)
    // Throttled: at most ten a second. A bound the run cannot break however slow the machine:
    // the drawings are 100 ms apart within the command's run, which the test's clock contains.
    #expect(Double(drawn.count) <= result.seconds * 10 + 1, "\(drawn.count) drawings in \(result.seconds) s", sourceLocation: sourceLocation)
    // Erased: the last thing written is blanks over the longest line, and a return.
    let longest = drawn.map(\.count).max() ?? 0
    #expect(result.terminal.hasSuffix("\r" + String(repeating: " ", count: longest) + "\r"), sourceLocation: sourceLocation)
  }

  @Test("replay and check on a terminal: a progress line in bytes, erased when done; piped, nothing; standard output the same", arguments: ["replay", "check"])
  func onTerminal(command: String) throws {
    let result = try PseudoTerminal.run([command, big], environment: Self.atOnce)
    #expect(result.status == 0)
    expectProgress(result, prefix: "\(command == "replay" ? "replaying" : "checking") \(big): ")
    // Bytes of the file's size (how far each drawing got depends on the machine's speed).
    let size = bigSize
    #expect(size.hasSuffix(" MB"))
    for line in drawings(result.terminal) where !line.allSatisfy({ $0 == " " }) {
      #expect(line.contains("% (") && line.trimmingCharacters(in: .whitespaces).hasSuffix(" of \(size))"), "\(line.debugDescription)")
    }
    let piped = try CommandRunner.run([command, big])
    #expect(piped.status == 0)
    #expect(piped.stderr == "")
    #expect(result.stdout == piped.stdout)
  }

  @Test("On a terminal but in CI or on a dumb terminal: nothing", arguments: [["CI": "1"], ["TERM": "dumb"]] as [[String: String?]])
  func quietByEnvironment(environment: [String: String?]) throws {
    let result = try PseudoTerminal.run(["replay", big], environment: Self.atOnce.merging(environment) { $1 })
    #expect(result.status == 0)
    #expect(result.terminal == "")
  }

  @Test("Work shorter than the delay prints nothing on a terminal", arguments: [
    ["replay", "traces/login.jsonl"], ["check", "traces/list.jsonl"], ["generate", "-", "--commands", "2000", "--to", "json"], ["replay", "LONG"],
  ])
  func quickCommands(arguments: [String]) throws {
    let resolved = arguments.map { $0.hasPrefix("traces/") ? CommandRunner.path($0) : $0 == "LONG" ? big : $0 }
    let result = try PseudoTerminal.run(resolved, environment: Self.never)
    #expect(result.status == 0)
    #expect(result.terminal == "")
    #expect(!result.stdout.isEmpty)
  }

  @Test("generate on a terminal: commands written of those asked for; the same file as without progress")
  func generate() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("again.cmdtrace").path
    let result = try PseudoTerminal.run(["generate", path, "--commands", "\(LongTrace.commands)", "--seed", "7"], environment: Self.atOnce)
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
    let result = try PseudoTerminal.run(["convert", big, path], environment: Self.atOnce)
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
    let result = try PseudoTerminal.run(["replay", cut.path], environment: Self.atOnce)
    #expect(result.status == 2)
    let erased = try #require(result.terminal.range(of: "\rcmdtool: "))
    #expect(result.terminal[..<erased.lowerBound].hasSuffix(" "))
    #expect(result.terminal.hasSuffix("\r\n"))
  }
}
