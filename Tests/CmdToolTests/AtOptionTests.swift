import Testing

/// `--at` of replay and diff: a bad point is a usage error (64) that says what is wrong, also when
/// the value starts with "-" and could pass for an option.
@Suite struct AtOptionTests {
  static let login = CommandRunner.path("traces/login.jsonl")

  /// The subcommand's arguments before `--at`, and how its usage lines (as ArgumentParser prints
  /// them, after the error) start.
  static let commands: [(arguments: [String], usage: String)] = [
    (["replay", login], "Usage: cmdtool replay "),
    (["diff", login, login], "Usage: cmdtool diff <a> <b> [--at <at>]"),
  ]

  @Test("A negative time, as --at -1s and as --at=-1s", arguments: [["--at", "-1s"], ["--at=-1s"]])
  func negativeTime(at: [String]) throws {
    for (arguments, usage) in Self.commands {
      let result = try CommandRunner.run(arguments + at)
      #expect(result.status == 64)
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix("Error: --at -1s: negative times are not allowed; times count from the start of the trace, so the earliest is 0s\n" + usage), "\(result.stderr)")
    }
  }

  @Test("Other bad points say what is wrong", arguments: [
    ("#-3", "--at #-3: record numbers are not negative; #0 is the first record"),
    ("12", "--at 12: a time needs a unit (12ms, 12s, 12m or 12h), and a record its # (#12)"),
    ("soon", "--at soon: not a point; use #N for a record, a time such as 12.5s or 1500ms, or end"),
  ])
  func otherBadPoints(at: String, message: String) throws {
    for (arguments, usage) in Self.commands {
      let result = try CommandRunner.run(arguments + ["--at", at])
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix("Error: \(message)\n" + usage), "\(result.stderr)")
    }
  }

  @Test("Good points still work after the parsing change")
  func goodPoints() throws {
    for (arguments, _) in Self.commands {
      for at in ["0s", "#3", "6.5s", "end"] {
        let result = try CommandRunner.run(arguments + ["--at", at])
        #expect(result.status == 0, "\(arguments) --at \(at): \(result.stderr)")
      }
    }
  }
}
