import Testing

/// A mistyped subcommand is a usage error (64) that names it and suggests the closest one; help
/// and the version still work.
@Suite struct UnknownSubcommandTests {
  static let usage = "Usage: cmdtool <subcommand>\n  See 'cmdtool --help' for more information.\n"

  @Test("A close misspelling gets a suggestion, wherever the name is", arguments: [
    (["replya", "traces/login.jsonl"], "replya", "replay"),
    (["replya"], "replya", "replay"),
    (["replya", "--help"], "replya", "replay"),
    (["help", "replya"], "replya", "replay"),
    (["Show", "traces/login.jsonl"], "Show", "show"),
    (["dif", "a.jsonl", "b.jsonl"], "dif", "diff"),
    (["hlep"], "hlep", "help"),
  ])
  func suggestion(arguments: [String], name: String, match: String) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr == "Error: unknown subcommand \"\(name)\"; did you mean \"\(match)\"?\n" + Self.usage)
  }

  @Test("Nothing close: the list of subcommands")
  func noSuggestion() throws {
    let result = try CommandRunner.run(["traces/login.jsonl"])
    #expect(result.status == 64)
    #expect(result.stderr == "Error: unknown subcommand \"traces/login.jsonl\"; the subcommands are show, convert, replay, check, diff, coverage, record, studio, generate, fuzz, conformance, view, numbering, widgets\n" + Self.usage)
  }

  @Test("Help, help for a subcommand and the version are untouched", arguments: [
    ["--help"], ["-h"], ["help"], ["help", "replay"], ["replay", "--help"], ["help", "check"], ["--version"],
  ])
  func helpAndVersion(arguments: [String]) throws {
    let result = try CommandRunner.run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(!result.stdout.isEmpty)
  }

  @Test("An unknown option is still ArgumentParser's to report")
  func unknownOption() throws {
    let result = try CommandRunner.run(["--bogus"])
    #expect(result.status == 64)
    #expect(result.stderr == "Error: Unknown option '--bogus'\n" + Self.usage)
  }
}
