import Foundation
import Testing

/// Slips on the command line named for what they are (issue #22 §4): a mistyped option of
/// `replay` is an unknown option with a suggestion, as in other subcommands, not "replay one
/// trace at a time"; an unquoted `--at #12` is a shell comment, not a missing value.
@Suite struct UsageSlipCommandTests {
  static let login = CommandRunner.path("traces/login.jsonl")

  @Test("replay traces/login.jsonl --formt json: did you mean '--format'")
  func mistypedFormat() throws {
    let result = try CommandRunner.run(["replay", Self.login, "--formt", "json"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("Error: Unknown option '--formt'. Did you mean '--format'?\nUsage: cmdtool replay"), "\(result.stderr)")
    #expect(!result.stderr.contains("one trace at a time"))
    // Two traces without an unknown option are still one too many.
    let two = try CommandRunner.run(["replay", Self.login, CommandRunner.path("traces/list.jsonl")])
    #expect(two.status == 64)
    #expect(two.stderr.hasPrefix("Error: replay one trace at a time (several only with --engine)\nUsage: cmdtool replay"), "\(two.stderr)")
  }

  @Test("Every option of replay mistyped by one letter, followed by a value: named as unknown")
  func everyMistypedOption() throws {
    let help = try CommandRunner.run(["replay", "--help"]).stdout
    let options = Set(help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," }).map(String.init).filter { $0.hasPrefix("--") && $0.count > 3 && $0.allSatisfy { $0.isLetter || $0 == "-" } }).sorted()
    #expect(options.count > 20, "\(options)")
    for option in options where option != "--help" {
      // The last letter doubled: never another option's name.
      let typo = option + String(option.last!)
      let result = try CommandRunner.run(["replay", Self.login, typo, "value"])
      #expect(result.status == 64, "\(typo)")
      #expect(result.stderr.hasPrefix("Error: Unknown option '\(typo)'"), "\(typo): \(result.stderr)")
    }
  }

  @Test("--at #12 unquoted, as a shell runs it: the shell took #12 for a comment", arguments: ["replay \(login) --at #12", "replay \(login) --at #12 --format json", "diff \(login) \(login) --at #12"])
  func unquotedRecord(_ line: String) throws {
    let shell = try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Built.cmdtool.path)' \(line)"])
    let run = shell.wait(timeout: 30)
    #expect(run.status == 64, "\(run)")
    let subcommand = line.split(separator: " ")[0]
    #expect(run.stderr.hasPrefix("Error: --at has no value: if it was --at #12, the shell took #12 and everything after it for a comment; quote it: --at '#12' (or give a time: --at 6.5s)\nUsage: cmdtool \(subcommand) "), "\(run)")
    // Quoted, it is a record.
    let quoted = try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Built.cmdtool.path)' \(line.replacingOccurrences(of: "#12", with: "'#12'"))"]).wait(timeout: 30)
    #expect(quoted.status == 0, "\(quoted)")
  }

  @Test("--at as an engine's own last argument, after --, is the engine's")
  func atAfterTheTerminator() throws {
    let result = try CommandRunner.run(["record", "--out", "x.jsonl", "--script", "nothing.script.jsonl", "--", "engine", "--at"])
    #expect(!result.stderr.contains("the shell took"), "\(result.stderr)")
  }

  @Test("A mistyped kind in an invariant gets the closest kind too", arguments: [["fuzz", "engine"], ["fuzz", "shrink", "--script", "s.jsonl"]])
  func invariantKind(_ command: [String]) throws {
    let result = try CommandRunner.run(command + ["--out", "unused", "--invariant", #"never:buton "Crash""#, "--", "engine"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(#"Error: --invariant never:buton "Crash": unknown kind "buton" (did you mean "button"?)"#), "\(result.stderr)")
  }
}
