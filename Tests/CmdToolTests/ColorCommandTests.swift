import Foundation
import Testing

/// `--color` and the color variables, end to end: what `cmdtool diff` prints into a pipe and onto
/// a terminal.
@Suite("Color")
struct ColorCommandTests {
  static let login = CommandRunner.path("traces/login.jsonl")
  static let loginChanged = CommandRunner.path("traces/login-changed.jsonl")
  static let escape = "\u{1B}["

  @Test("diff A B --color always | cat: ANSI colors in the pipe")
  func alwaysInPipe() throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--color", "always"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\u{1B}[33m~ \u{1B}[0mframeView 2 › linearLayout 3 › button 7 · text: \u{1B}[31m\"Log in\""))
    #expect(result.stdout.contains("\u{1B}[0m"))
    // The same report as without colors, once the escapes are gone.
    let plain = try CommandRunner.run(["diff", Self.login, Self.loginChanged])
    #expect(result.stdout.replacing(/\x{1B}\[[0-9;]*m/, with: "") == plain.stdout)
  }

  @Test("diff A B into a pipe: no colors by default, with --color never, with NO_COLOR, with TERM=dumb", arguments: [
    ([], [:]),
    (["--color", "never"], [:]),
    (["--color", "never"], ["FORCE_COLOR": "1"]),
    (["--color", "auto"], ["NO_COLOR": "1"]),
    ([], ["NO_COLOR": "1", "FORCE_COLOR": "1"]),
    ([], ["FORCE_COLOR": "0"]),
  ] as [([String], [String: String])])
  func plainInPipe(options: [String], environment: [String: String]) throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged] + options, environment: environment)
    #expect(result.status == 1)
    #expect(result.stdout.contains("~ frameView 2 › linearLayout 3 › button 7 · text"))
    #expect(!result.stdout.contains(Self.escape))
  }

  @Test("FORCE_COLOR and CLICOLOR_FORCE color a pipe (CI logs that render ANSI)", arguments: ["FORCE_COLOR", "CLICOLOR_FORCE"])
  func forcedInPipe(variable: String) throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged], environment: [variable: "1"])
    #expect(result.status == 1)
    #expect(result.stdout.contains(Self.escape))
  }

  @Test("On a terminal: colors by default; none with NO_COLOR, TERM=dumb or --color never")
  func onTerminal() throws {
    let colored = try PseudoTerminal.run(["diff", Self.login, Self.loginChanged], standardOutputOnTerminal: true)
    #expect(colored.status == 1)
    #expect(colored.terminal.contains("\u{1B}[33m~ \u{1B}[0mframeView 2"))
    for (options, environment) in [([], ["NO_COLOR": "1"]), ([], ["TERM": "dumb"]), (["--color", "never"], [:])] as [([String], [String: String?])] {
      let plain = try PseudoTerminal.run(["diff", Self.login, Self.loginChanged] + options, environment: environment, standardOutputOnTerminal: true)
      #expect(plain.status == 1)
      #expect(plain.terminal.contains("~ frameView 2"))
      #expect(!plain.terminal.contains(Self.escape), "\(options) \(environment)")
    }
  }

  @Test("replay --engine's reports follow --color")
  func engineReplay() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = ["replay", "--engine", Built.engineCommand("--variant changed"), CommandRunner.path("traces/example.jsonl"), "--ci", "--keep", directory.path]
    let colored = try CommandRunner.run(arguments + ["--color", "always"])
    #expect(colored.status == 1)
    #expect(colored.stdout.contains("\u{1B}[31m  A #2.14"))
    let plain = try CommandRunner.run(arguments)
    #expect(plain.status == 1)
    #expect(plain.stdout.contains("  A #2.14"))
    #expect(!plain.stdout.contains(Self.escape))
  }

  @Test("replay takes --color without --engine (nothing to color); a bad value is a usage error")
  func replayAndBadValue() throws {
    let replay = try CommandRunner.run(["replay", Self.login, "--color", "always"])
    #expect(replay.status == 0)
    #expect(!replay.stdout.contains(Self.escape))
    let bad = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--color", "sometimes"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--color"))
  }
}
