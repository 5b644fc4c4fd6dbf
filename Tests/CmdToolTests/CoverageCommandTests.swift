import Foundation
import Testing

/// `cmdtool coverage` as a user and CI run it: the report, `--min`, JSON, and bad input.
@Suite struct CoverageCommandTests {
  /// What `traces/*.jsonl` expands to in a shell, scripts included.
  static var bundledPaths: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: CommandRunner.path("traces"))) ?? []
    return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { CommandRunner.path("traces/" + $0) }
  }

  @Test("traces/*.jsonl: the bundled traces measured, the event scripts skipped with a note")
  func bundledTraces() throws {
    let paths = Self.bundledPaths
    let scripts = paths.filter { $0.hasSuffix(".script.jsonl") }
    #expect(scripts.count == 2)
    let result = try CommandRunner.run(["coverage"] + paths)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("\(paths.count - scripts.count) traces, "))
    #expect(result.stderr == scripts.map { "cmdtool: skipping \($0): an event script, not a trace\n" }.joined())
    for line in ["command type                  count  fields  missing fields", "CREATE_APPLICATION                9  2/4     textValue2, flags", "event type                    count  fields  missing fields", "style selector                count", "never exercised", "totals"] {
      #expect(result.stdout.contains(line + "\n"), "\(line)")
    }
    #expect(result.stdout.contains("\n  command types       "))
    // A folder stands for the traces in it: the same report, without the scripts to skip.
    let folder = try CommandRunner.run(["coverage", CommandRunner.path("traces")])
    #expect(folder.status == 0)
    #expect(folder.stderr == "")
    #expect(folder.stdout == result.stdout)
  }

  @Test("--min met: exit 0; not met: the report all the same, each shortfall on standard error, exit 1")
  func minimum() throws {
    let trace = CommandRunner.path("traces/login.jsonl")
    let met = try CommandRunner.run(["coverage", trace, "--min", "10", "--min", "selectors=30"])
    #expect(met.status == 0)
    #expect(met.stderr == "")
    #expect(met.stdout.contains("--min commands=10: met (command types 19.1%)\n"))
    let missed = try CommandRunner.run(["coverage", trace, "--min", "commands=80,fields=10,events=50"])
    #expect(missed.status == 1)
    #expect(missed.stdout.contains("totals\n"))
    #expect(missed.stderr == """
      cmdtool: coverage below --min: command types 19.1% < 80% (14 of 73; 45 more needed)
      cmdtool: coverage below --min: event types 5.8% < 50% (1 of 17; 8 more needed)

      """)
  }

  @Test("--format json: one object, which parses; --uncovered leaves the tables out")
  func json() throws {
    let trace = CommandRunner.path("traces/dialogs.jsonl")
    let result = try CommandRunner.run(["coverage", trace, "--format", "json", "--min", "fields=99"])
    #expect(result.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [String: Any])
    #expect(object["coverage"] as? Int == 1)
    #expect(object["traces"] as? [String] == [trace])
    let totals = try #require(object["totals"] as? [String: [String: Any]])
    #expect(Set(totals.keys) == ["commands", "fields", "events", "event-fields", "selectors", "style-keys"])
    #expect(totals["commands"]?["total"] as? Int == 73)
    let thresholds = try #require(object["thresholds"] as? [[String: Any]])
    #expect(thresholds.first?["metric"] as? String == "fields")
    #expect(thresholds.first?["met"] as? Bool == false)
    #expect((object["commandTypes"] as? [Any])?.count == 73)
    let uncovered = try CommandRunner.run(["coverage", trace, "--format", "json", "--uncovered"])
    let short = try #require(try JSONSerialization.jsonObject(with: uncovered.stdoutBytes) as? [String: Any])
    #expect(short["commandTypes"] == nil)
    #expect((short["uncovered"] as? [String: Any])?["commands"] != nil)
  }

  @Test("A binary trace counts as its JSON Lines original")
  func binary() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let json = CommandRunner.path("traces/images.jsonl")
    let binary = directory.appendingPathComponent("images.cmdtrace").path
    #expect(try CommandRunner.run(["convert", json, binary]).status == 0)
    let fromJSON = try CommandRunner.run(["coverage", json, "--format", "json"])
    let fromBinary = try CommandRunner.run(["coverage", binary, "--format", "json"])
    #expect(fromBinary.status == 0)
    #expect(fromBinary.stdout.replacingOccurrences(of: binary, with: json) == fromJSON.stdout)
  }

  @Test("A bad trace: its file, line and record named, nothing reported, exit 2")
  func badTrace() throws {
    let directory = try CommandRunner.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.jsonl")
    try Data("""
      {"trace":1}
      {"t":0,"type":"CREATE_APPLICATION","childInternalId":1}
      {"t":5,"type":"CREATE_BUTON","internalId":1,"childInternalId":2}

      """.utf8).write(to: bad)
    let result = try CommandRunner.run(["coverage", CommandRunner.path("traces/login.jsonl"), bad.path])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("cmdtool: \(bad.path): line 3, column "))
    #expect(result.stderr.contains("(record #1): unknown command type \"CREATE_BUTON\" (did you mean \"CREATE_BUTTON\"?)"))
    let missing = try CommandRunner.run(["coverage", directory.appendingPathComponent("nope.jsonl").path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("nope.jsonl"))
    // Nothing to measure (an empty folder, or only scripts) is bad input too, never 100% of nothing.
    let empty = directory.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let none = try CommandRunner.run(["coverage", empty.path, CommandRunner.path("traces/example.script.jsonl")])
    #expect(none.status == 2)
    #expect(none.stdout == "")
    #expect(none.stderr.hasSuffix("cmdtool: no traces to measure in \(empty.path) \(CommandRunner.path("traces/example.script.jsonl"))\n"))
  }

  @Test("Bad usage exits 64 and says what is wrong", arguments: [
    (["coverage"], "name the traces to measure"),
    (["coverage", "traces/login.jsonl", "--min", "lines=80"], #"--min lines=80: "lines" is not a coverage metric"#),
    (["coverage", "traces/login.jsonl", "--min", "120"], #"--min 120: "120": the minimum is a percentage from 0 to 100"#),
    (["coverage", "traces/login.jsonl", "--format", "xml"], "--format"),
  ])
  func usage(_ example: (arguments: [String], message: String)) throws {
    let result = try CommandRunner.run(example.arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(example.message), "\(result.stderr)")
  }
}
