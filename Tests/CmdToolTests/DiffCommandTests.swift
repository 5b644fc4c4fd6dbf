import Foundation
import Testing

@Suite struct DiffCommandTests {
  static let login = CommandRunner.path("traces/login.jsonl")
  static let loginChanged = CommandRunner.path("traces/login-changed.jsonl")

  static var bundledTraces: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: CommandRunner.path("traces"))) ?? []
    // Event scripts for `cmdtool record` (*.script.jsonl) are not traces.
    return names.filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".script.jsonl") }.sorted()
  }

  /// The ignore rules that leave out everything login-changed.jsonl changes.
  static let loginIgnores = ["*button 7 · text", "toasts*", "events › toast ? expired"]

  // MARK: - No difference

  @Test("A trace against itself: exit 0 and nothing printed, at the end and at several points", arguments: bundledTraces)
  func itself(_ name: String) throws {
    let path = CommandRunner.path("traces/" + name)
    for at in ["end", "#0", "#3", "#12", "0ms", "1.5s", "4500ms", "1m"] {
      for align in ["record", "time"] {
        let result = try CommandRunner.run(["diff", path, path, "--at", at, "--align", align])
        #expect(result.status == 0, "\(name) --at \(at) --align \(align): \(result.stdout)\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == "")
      }
    }
  }

  @Test("--align steps: a trace against itself is the same; it reads each trace twice, so not from -")
  func alignSteps() throws {
    let itself = try CommandRunner.run(["diff", Self.login, Self.login, "--align", "steps"])
    #expect(itself.status == 0, "\(itself.stdout)\(itself.stderr)")
    let changed = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--align", "steps"])
    #expect(changed.status == 1, "\(changed.stdout)\(changed.stderr)")
    let piped = try CommandRunner.run(["diff", "-", Self.login, "--align", "steps"])
    #expect(piped.status == 64, "\(piped.stdout)\(piped.stderr)")
    #expect(piped.stderr.contains("--align steps reads each trace twice (once to find where the runs can be compared): give files, not -"), "\(piped.stderr)")
  }

  @Test("replay --at and diff agree: a trace's snapshot at a point equals the trace at that point")
  func agreesWithReplay() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in Self.bundledTraces {
      let path = CommandRunner.path("traces/" + name)
      for at in ["end", "#2", "3s"] {
        let replay = try CommandRunner.run(["replay", path, "--at", at, "--format", "json"])
        #expect(replay.status == 0)
        let snapshot = directory.appendingPathComponent("\(name).json")
        try replay.stdoutBytes.write(to: snapshot)
        for arguments in [[snapshot.path, path], [path, snapshot.path], [snapshot.path, snapshot.path]] {
          let result = try CommandRunner.run(["diff"] + arguments + ["--at", at])
          #expect(result.status == 0, "\(name) --at \(at): \(result.stdout)\(result.stderr)")
          #expect(result.stdout == "")
        }
      }
    }
  }

  // MARK: - Differences

  @Test("login against login-changed: exit 1, the label at record #1, the toast text in the events")
  func loginChanged() throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    #expect(result.stdout == """
      A: \(Self.login)
      B: \(Self.loginChanged)
      first difference after record #1 (0.004s) of A and record #1 (0.004s) of B:
        = #0          0.000s  →  CREATE_APPLICATION child=1 text="Acme"
        A #1.14       0.004s  →  CREATE_BUTTON id=3 child=7 text="Log in"
        B #1.14       0.004s  →  CREATE_BUTTON id=3 child=7 text="Sign in"
            (18 other commands of record #1 the same in both)
        ~ frameView 2 › linearLayout 3 › button 7 · text: "Log in" → "Sign in"
        1 difference (1 changed)
      at the end: the same
      events: the runs agree on the first 0, then
      -     8.412s  ·  toast 1 expired "Welcome back, alice!"
      +     8.412s  ·  toast 1 expired "Welcome, alice!"

      """)
  }

  @Test("Two snapshots from replay --format json")
  func snapshots() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let a = directory.appendingPathComponent("a.json")
    let b = directory.appendingPathComponent("b.json")
    try CommandRunner.run(["replay", Self.login, "--format", "json"]).stdoutBytes.write(to: a)
    try CommandRunner.run(["replay", Self.loginChanged, "--format", "json"]).stdoutBytes.write(to: b)
    let result = try CommandRunner.run(["diff", a.path, b.path])
    #expect(result.status == 1)
    #expect(result.stdout == "~ frameView 2 › linearLayout 3 › button 7 · text: \"Log in\" → \"Sign in\"\n1 difference (1 changed)\n")
  }

  // MARK: - Bad input

  @Test("A missing file: exit 2 and a message naming it")
  func missingFile() throws {
    for arguments in [[Self.login, "/nonexistent/trace.jsonl"], ["/nonexistent/trace.jsonl", Self.login]] {
      let result = try CommandRunner.run(["diff"] + arguments)
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(result.stderr.contains("/nonexistent/trace.jsonl: cannot open: No such file or directory"))
    }
  }

  @Test("A malformed snapshot: exit 2 and a message naming the place")
  func malformedSnapshot() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{"version":1,"time":0,"elements":{"4":{"kind":"button","hidden":1}}}"#.utf8).write(to: bad)
    let result = try CommandRunner.run(["diff", bad.path, Self.login])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "cmdtool: \(bad.path): not a readable state snapshot: elements.4.hidden: expected true or false, found a number\n")

    let cut = directory.appendingPathComponent("cut.json")
    try Data(#"{"version":1,"time":0,"elements":{"4":"#.utf8).write(to: cut)
    let truncated = try CommandRunner.run(["diff", Self.login, cut.path])
    #expect(truncated.status == 2)
    #expect(truncated.stderr == "cmdtool: \(cut.path): not a readable state snapshot: line 1, column 39: not valid JSON: the document ends where a value should follow\n")
  }

  @Test("A malformed trace: exit 2")
  func malformedTrace() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.jsonl")
    try Data("{\"t\":0,\"type\":\"CREATE_APPLICATION\",\"childInternalId\":1}\n{\"t\":5,\"type\":\"CREATE_BUTON\",\"internalId\":1,\"childInternalId\":2}\n".utf8).write(to: bad)
    let result = try CommandRunner.run(["diff", Self.login, bad.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown command type \"CREATE_BUTON\""))
  }

  @Test("An unreadable ignore file: exit 2")
  func missingIgnoreFile() throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.login, "--ignore-file", "/nonexistent/ignore.txt"])
    #expect(result.status == 2)
    #expect(result.stderr == "cmdtool: /nonexistent/ignore.txt: cannot read the ignore file\n")
  }

  // MARK: - Formats

  @Test("--format json parses, for a difference and for none")
  func json() throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--format", "json"])
    #expect(result.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
    #expect(object["equal"] as? Bool == false)
    #expect((object["changes"] as? [[String: Any]])?.first?["path"] as? String == "frameView 2 › linearLayout 3 › button 7 · text")
    #expect(((object["divergence"] as? [String: Any])?["recordA"] as? NSNumber)?.intValue == 1)
    #expect(((object["events"] as? [String: Any])?["onlyA"] as? [Any])?.count == 1)
    #expect(!result.stdout.contains("\u{1B}"))

    let same = try CommandRunner.run(["diff", Self.login, Self.login, "--format", "json"])
    #expect(same.status == 0)
    let equal = try #require(try JSONSerialization.jsonObject(with: same.stdoutBytes) as? [String: Any])
    #expect(equal["equal"] as? Bool == true)
  }

  @Test("--patch prints a JSON Patch array")
  func patch() throws {
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--patch"])
    #expect(result.status == 1)
    let patch = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
    #expect(patch.count == 1)
    #expect(patch.first?["op"] as? String == "replace")
    #expect(patch.first?["path"] as? String == "/elements/7/text")
    #expect(patch.first?["value"] as? String == "Sign in")

    let same = try CommandRunner.run(["diff", Self.login, Self.login, "--patch"])
    #expect(same.status == 0)
    #expect(try JSONSerialization.jsonObject(with: same.stdoutBytes) as? [Any] != nil)
    #expect(same.stdout == "[]\n")

    // Between two different sessions: still an array of operations.
    let other = try CommandRunner.run(["diff", Self.login, CommandRunner.path("traces/dialogs.jsonl"), "--patch"])
    #expect(other.status == 1)
    let operations = try #require(try JSONSerialization.jsonObject(with: other.stdoutBytes) as? [[String: Any]])
    #expect(operations.count > 1)
    #expect(operations.allSatisfy { ["add", "remove", "replace"].contains($0["op"] as? String ?? "") })
  }

  // MARK: - Ignore rules

  @Test("--ignore, repeated, leaves everything out: exit 0 and nothing printed")
  func ignore() throws {
    let partly = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--ignore", Self.loginIgnores[0]])
    #expect(partly.status == 1)
    #expect(partly.stdout.contains("~ toasts › toast 1 · text: \"Welcome back, alice!\" → \"Welcome, alice!\""))
    #expect(partly.stdout.contains("1 difference (1 changed); 1 ignored"))
    #expect(!partly.stdout.contains("button 7"))

    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged] + Self.loginIgnores.flatMap { ["--ignore", $0] })
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "")
  }

  @Test("An --ignore pattern that matches nothing is a warning naming it, with the closest difference; one that matches is not")
  func unmatchedIgnorePattern() throws {
    let typo = "frameView 2 › linearLayout 3 › button 7 · txt"
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--ignore", typo, "--ignore", "timers*"] + Self.loginIgnores.dropFirst().flatMap { ["--ignore", $0] })
    #expect(result.status == 1, "the typo left the difference in")
    #expect(result.stdout.contains("button 7 · text"))
    #expect(result.stderr == "cmdtool: warning: the ignore pattern '\(typo)' matched nothing in this comparison (did you mean 'frameView 2 › linearLayout 3 › button 7 · text'?)\ncmdtool: warning: the ignore pattern 'timers*' matched nothing in this comparison\n", "\(result.stderr)")
    // The same patterns, spelt right: no warning, and nothing differs.
    let right = try CommandRunner.run(["diff", Self.login, Self.loginChanged] + Self.loginIgnores.flatMap { ["--ignore", $0] })
    #expect(right.status == 0 && right.stderr == "", "\(right.stderr)")
    // Between snapshots too.
    let snapshot = try CommandRunner.run(["replay", Self.login, "--format", "json"])
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("login.json")
    try snapshot.stdoutBytes.write(to: state)
    let same = try CommandRunner.run(["diff", state.path, Self.login, "--ignore", "* · txt"])
    #expect(same.status == 0 && same.stderr == "cmdtool: warning: the ignore pattern '* · txt' matched nothing in this comparison\n", "\(same.stderr)")
  }

  @Test("--ignore-file, with comments and blank lines: exit 0 and nothing printed")
  func ignoreFile() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("ignore.txt")
    try Data(("# what login-changed changes\n\n" + Self.loginIgnores.map { "  \($0)\n" }.joined() + "# end\n").utf8).write(to: file)
    let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--ignore-file", file.path])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "")
    // File and options add up.
    let some = directory.appendingPathComponent("some.txt")
    try Data((Self.loginIgnores[0] + "\n").utf8).write(to: some)
    let combined = try CommandRunner.run(["diff", Self.login, Self.loginChanged, "--ignore-file", some.path] + Self.loginIgnores.dropFirst().flatMap { ["--ignore", $0] })
    #expect(combined.status == 0, "\(combined.stdout)")
  }

  // MARK: - Colors

  @Test("Plain output when piped, with and without NO_COLOR")
  func plainWhenPiped() throws {
    let environments: [[String: String?]] = [["NO_COLOR": nil], ["NO_COLOR": "1"]]
    for environment in environments {
      let result = try CommandRunner.run(["diff", Self.login, Self.loginChanged], environment: environment)
      #expect(result.status == 1)
      #expect(!result.stdoutBytes.contains(0x1B))
      #expect(result.stdout.hasPrefix("A: "))
    }
  }

  #if os(Linux)
  @Test("Colored on a terminal, plain with NO_COLOR=1", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func terminal() throws {
    func onTerminal(_ environment: [String: String?]) throws -> Data {
      // util-linux script(1) runs the command on a pseudo-terminal and copies its output.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
      let command = [CommandRunner.binary.path, "diff", Self.login, Self.loginChanged].map { "'" + $0 + "'" }.joined(separator: " ")
      process.arguments = ["-qec", command, "/dev/null"]
      var merged = ProcessInfo.processInfo.environment
      for (key, value) in environment { merged[key] = value }
      process.environment = merged
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = out.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return data
    }
    let colored = try onTerminal(["NO_COLOR": nil])
    #expect(colored.contains(0x1B))
    #expect(String(decoding: colored, as: UTF8.self).contains("\u{1B}[31m"))
    let plain = try onTerminal(["NO_COLOR": "1"])
    #expect(!plain.isEmpty)
    #expect(!plain.contains(0x1B))
    #expect(String(decoding: plain, as: UTF8.self).contains("button 7 · text"))
  }
  #endif
}
