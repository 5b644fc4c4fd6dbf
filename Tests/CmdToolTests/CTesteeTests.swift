import Foundation
import Testing

// Examples/CTestee/ctestee.c, a testee written in C from docs/CONFORMANCE.md alone: compiled with
// the toolchain's clang (warnings are errors; once plain, once with AddressSanitizer and
// UndefinedBehaviorSanitizer), it must pass `cmdtool conformance` (every case it does not skip,
// less the cases in Examples/CTestee/failure-list.txt, if that file exists) and refuse bad input
// clearly. No clang is a failure that names what to install, never a skip.

@Suite struct CTesteeTests {
  enum Flavor: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case plain, sanitized
    var testDescription: String { rawValue }
  }

  static let source = CommandRunner.path("Examples/CTestee/ctestee.c")
  static let failureList = CommandRunner.path("Examples/CTestee/failure-list.txt")

  /// clang next to the Swift toolchain on PATH (the toolchain ships one), else clang on PATH.
  static func findClang() -> String? {
    let fileManager = FileManager.default
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let directories = path.split(separator: ":").map(String.init)
    for directory in directories {
      let swift = URL(fileURLWithPath: directory).appendingPathComponent("swift")
      guard fileManager.isExecutableFile(atPath: swift.path) else { continue }
      let clang = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang")
      if fileManager.isExecutableFile(atPath: clang.path) { return clang.path }
    }
    for directory in directories {
      let clang = URL(fileURLWithPath: directory).appendingPathComponent("clang").path
      if fileManager.isExecutableFile(atPath: clang) { return clang }
    }
    return nil
  }

  /// Compiles ctestee.c into `scratch`; records a failure (naming the package to install when
  /// there is no clang) and returns nil when it cannot.
  static func build(_ flavor: Flavor, in scratch: Scratch) throws -> String? {
    guard let clang = findClang() else {
      Issue.record("no clang found next to the Swift toolchain or on PATH: install the Swift toolchain (it ships clang) or Debian's package `clang` (apt-get install clang)")
      return nil
    }
    let binary = scratch.path("ctestee-\(flavor.rawValue)")
    var arguments = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-o", binary, source]
    if flavor == .sanitized {
      arguments += ["-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
      // The toolchain's own linker, when it has one: the system's gold warns about ASan symbols.
      let lld = URL(fileURLWithPath: clang).deletingLastPathComponent().appendingPathComponent("ld.lld").path
      if FileManager.default.isExecutableFile(atPath: lld) { arguments.append("-fuse-ld=lld") }
    }
    let compile = try Subprocess(URL(fileURLWithPath: clang), arguments).wait(timeout: 300)
    #expect(compile.status == 0, "\(clang) \(arguments.joined(separator: " ")): \(compile)")
    #expect(!compile.stderr.contains("warning:") || flavor == .sanitized, "\(compile)")
    return compile.status == 0 ? binary : nil
  }

  /// The options that pass the failure list, when there is one.
  static var failureListOptions: [String] {
    FileManager.default.fileExists(atPath: failureList) ? ["--failure-list", failureList] : []
  }

  /// Runs the testee on its own with `input` on its standard input.
  static func feed(_ binary: String, _ input: String, in scratch: Scratch) throws -> FinishedRun {
    try feed(binary, Data(input.utf8), in: scratch)
  }

  static func feed(_ binary: String, _ input: Data, in scratch: Scratch) throws -> FinishedRun {
    let inputPath = scratch.path("input-\(UUID().uuidString).jsonl")
    try input.write(to: URL(fileURLWithPath: inputPath))
    return try Subprocess(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" < \"$1\"", binary, inputPath]).wait(timeout: 60)
  }

  @Test(arguments: Flavor.allCases)
  func itIsConformant(flavor: Flavor) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try Self.build(flavor, in: scratch) else { return }
    let report = scratch.path("report.json")
    let run = try Subprocess.cmdtool(["conformance", "--report", report] + Self.failureListOptions + ["--", binary], timeout: 600)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("testee: ctestee 1, protocol=1 profile=other reports=tree,"), "\(run)")
    #expect(run.stdout.hasSuffix("conformant\n") && !run.stdout.hasSuffix("not conformant\n"), "\(run)")

    let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
    #expect(json["green"] as? Bool == true, "\(run)")
    let cases = try #require(json["cases"] as? [[String: Any]])
    #expect(cases.count >= 200)
    // Every case runs and passes but the other profiles' (and what the failure list names).
    let listed = Set(cases.filter { $0["expectedFailure"] as? Bool == true }.compactMap { $0["name"] as? String })
    for testCase in cases {
      let name = testCase["name"] as? String ?? "?"
      let verdict = testCase["verdict"] as? String
      if name.hasPrefix("Profile.") {
        #expect(verdict == "skipped", "\(name): \(testCase)")
      } else if !listed.contains(name) {
        #expect(verdict == "pass", "\(name): \(testCase)")
      }
    }
    let counts = try #require(json["counts"] as? [String: [String: Int]])
    #expect(counts["Required"]?["error"] == 0 && counts["Recommended"]?["error"] == 0, "\(counts)")
    #expect((counts["Required"]?["pass"] ?? 0) >= 135, "\(counts)")
  }

  @Test func theBundledTracesAreScenariosItPasses() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try Self.build(.plain, in: scratch) else { return }
    let traces = ["login", "login-changed", "dialogs", "drawer", "list", "images", "progress", "teardown", "example"]
    let options = traces.flatMap { ["--scenario", CommandRunner.path("traces/\($0).jsonl")] }
    let run = try Subprocess.cmdtool(["conformance"] + options + ["--cases", "Required.Scenario.*", "--", binary], timeout: 300)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("Required       \(traces.count) cases: \(traces.count) pass"), "\(run)")
  }

  @Test func itAnswersWrongRequestsAndRefusesBadInput() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try Self.build(.sanitized, in: scratch) else { return }
    let header = #"{"trace":1,"creator":"cmdtool conformance","viewport":{"width":390,"height":844}}"# + "\n"
    let ui = #"{"t":0,"batch":[{"type":"CREATE_APPLICATION","childInternalId":1},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_BUTTON","internalId":2,"childInternalId":3,"textValue":"\ud83d\ude00 \u00e9\u0000"}]}"# + "\n"

    // The hello comes first; wrong requests are answered before the sync echo; the state keeps
    // the text decoded from its escapes (the surrogate pair as one character, NUL escaped again).
    let requests = [
      #"{"t":0,"marker":"tap","detail":"four"}"#, #"{"t":0,"marker":"tap","detail":"99"}"#,
      #"{"t":0,"marker":"type","detail":"3 hi"}"#, #"{"t":0,"marker":"zoom"}"#,
      #"{"t":5,"marker":"state"}"#, #"{"t":5,"marker":"sync","detail":"1"}"#,
    ].joined(separator: "\n") + "\n"
    let good = try Self.feed(binary, header + ui + requests, in: scratch)
    #expect(good.status == 0, "\(good)")
    let lines = good.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == #"{"trace":1,"creator":"ctestee 1"}"#, "\(good)")
    #expect(lines.count > 1 && lines[1].hasPrefix(#"{"t":0,"marker":"testee","detail":"protocol=1 "#), "\(good)")
    #expect(lines.dropFirst(2).map { $0.components(separatedBy: #""detail""#).first ?? "" } == [
      #"{"t":0,"marker":"error","#, #"{"t":0,"marker":"error","#, #"{"t":0,"marker":"error","#,
      #"{"t":0,"marker":"unsupported","#, #"{"t":5,"marker":"state","#, #"{"t":5,"marker":"sync","#,
    ], "\(good)")
    #expect(good.stdout.contains(#"\"3\": {\"kind\":\"button\",\"parent\":2,\"text\":\"😀 é\\u0000\"}"#), "\(good)")

    // Input it cannot read: a message on standard error and exit status 2, never a crash.
    let bad: [(String, String)] = [
      (#"{"t":0,"type":"CREATE_BUTON"}"#, "unknown command type"),
      (#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"\ud83d"}"#, "surrogate"),
      (#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":2147483648}"#, "out of range"),
      (#"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1.5}"#, "must be an integer"),
      (#"{"t":0,"marker":"x",}"#, "trailing comma"),
      (#"{"t":0,"marker":"x","marker":"y"}"#, "the same key twice"),
      (#"{"t":0,"marker":"x"} {}"#, "follows the record"),
      (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "nest too deeply"),
      (#"{"t":0,"marker":"unclosed"#, "not closed"),
      ("{\"t\":0,\"marker\":\"\u{1}\"}", "control character"),
      (#"{"t":5,"marker":"a"}"# + "\n" + #"{"t":4,"marker":"b"}"#, "earlier than the previous record"),
      (#"{"t":0,"batch":[{"type":"CLEAR","bogus":1}]}"#, "no field \"bogus\""),
    ]
    for (line, message) in bad {
      let run = try Self.feed(binary, header + line + "\n", in: scratch)
      #expect(run.status == 2, "\(line): \(run)")
      #expect(run.stderr.contains(message), "\(line): \(run)")
      #expect(!run.stderr.contains("Sanitizer"), "\(line): \(run)")
    }
    let invalidUTF8 = try Self.feed(binary, Data((header + #"{"t":0,"marker":""#).utf8) + Data([0xC0, 0xAF]) + Data("\"}\n".utf8), in: scratch)
    #expect(invalidUTF8.status == 2, "\(invalidUTF8)")
    #expect(invalidUTF8.stderr.contains("not valid UTF-8"), "\(invalidUTF8)")
    let tooLong = try Self.feed(binary, header + #"{"t":0,"marker":""# + String(repeating: "a", count: 17 << 20) + "\"}\n", in: scratch)
    #expect(tooLong.status == 2, "\(tooLong.stderr)")
    #expect(tooLong.stderr.contains("longer than 16777216 bytes"), "\(tooLong.stderr)")
  }
  @Test func itSkipsTheCasesOfCustomWidgets() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    guard let binary = try Self.build(.sanitized, in: scratch) else { return }
    // ctestee loads no widget schema: every case whose header names one is answered unsupported
    // (docs/CONFORMANCE.md §1.2) and skipped, cleanly; the cases without one still pass.
    let schema = CommandRunner.path("traces/widgets/chart.widgets.json")
    let report = scratch.path("report.json")
    let run = try Subprocess.cmdtool([
      "conformance", "--widgets", schema, "--report", report, "--verbose",
      "--scenario", CommandRunner.path("traces/widgets/chart.jsonl"),
      "--cases", "Required.Widgets", "--cases", "Recommended.Widgets", "--cases", "Required.Scenario.*", "--cases", "Required.Tree.Children",
      "--allow-empty", "--", binary,
    ], timeout: 300)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasSuffix("conformant, without its widgets\n"), "\(run)")
    let verdicts = try WidgetConformanceCommandTests.verdicts(report)
    #expect(verdicts["skipped"] == (try WidgetConformanceCommandTests.names(schema)).union(["Required.Scenario.Chart"]), "\(verdicts)")
    #expect(verdicts["pass"]?.allSatisfy { $0.hasPrefix("Required.Tree.Children.") } == true, "\(verdicts)")
    #expect(verdicts["fail"] == nil && verdicts["error"] == nil, "\(run)")
    #expect(run.stdout.contains("SKIP  Required.Widgets.PieChart.Create: the testee cannot take widget schema chart fnv1a64:a76687cf54a2689e: ctestee has no custom widgets"), "\(run)")

    // By hand: the hello, then the unsupported answer to the header, and a clean exit without
    // reading the custom commands that follow.
    let header = #"{"trace":1,"creator":"cmdtool conformance","widgets":{"name":"chart","fingerprint":"fnv1a64:a76687cf54a2689e"}}"# + "\n"
    let chart = #"{"t":0,"batch":[{"type":"CREATE_PIE_CHART","internalId":2,"childInternalId":9}]}"# + "\n" + #"{"t":0,"marker":"sync","detail":"1"}"# + "\n"
    let fed = try Self.feed(binary, header + chart, in: scratch)
    #expect(fed.status == 0 && fed.stderr.isEmpty, "\(fed)")
    let lines = fed.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3 && lines[2] == #"{"t":0,"marker":"unsupported","detail":"ctestee has no custom widgets: it loads no widget schema"}"#, "\(fed)")
  }
}
