import Foundation
import Testing

// `sessions=many` (docs/CONFORMANCE.md §1.9): a testee that serves case after case in one process
// gets the verdicts it gets with a process per case, a crash included; each bug of the reset
// between cases fails the case it strikes in (or, keeping the state, the next one) and no other,
// over stdio and a socket.

@Suite struct ManySessionsTests {
  /// Four cases that each create elements, in the suite's order.
  static let four = ["Required.Tree.CreateFrameview.UnderLinearLayout", "Required.Tree.CreateNavigationview.UnderLinearLayout", "Required.Tree.CreateOpenglView.UnderLinearLayout", "Required.Tree.CreateTextfield.UnderLinearLayout"]

  private func conformance(_ options: [String], testee: [String]) throws -> FinishedRun {
    try Subprocess.cmdtool(["conformance"] + options + ["--", Built.referenceTestee.path] + testee, timeout: 300)
  }

  /// Every case's verdict and reason, by name, from a JSON report; and the testee's declaration.
  private func verdicts(_ path: String) throws -> (cases: [String: String], declaration: String) {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let cases = try #require(report["cases"] as? [[String: Any]])
    var verdicts: [String: String] = [:]
    for entry in cases {
      verdicts[entry["name"] as? String ?? "?"] = "\(entry["verdict"] as? String ?? "?"): \(entry["reason"] as? String ?? "")"
    }
    return (verdicts, report["declaration"] as? String ?? "")
  }

  /// `options` run both ways on `testee` (which declares sessions=many): the same verdicts.
  private func expectSameVerdicts(_ options: [String], testee: [String], in scratch: Scratch) throws -> (many: FinishedRun, cases: [String: String]) {
    let many = try conformance(options + ["--report", scratch.path("many.json")], testee: testee + ["--sessions", "many"])
    let one = try conformance(options + ["--sessions", "one", "--report", scratch.path("one.json")], testee: testee + ["--sessions", "many"])
    let manyVerdicts = try verdicts(scratch.path("many.json"))
    let oneVerdicts = try verdicts(scratch.path("one.json"))
    #expect(manyVerdicts.cases == oneVerdicts.cases)
    #expect(manyVerdicts.cases.count > 0)
    // The report says what the testee declared, whichever way it ran.
    #expect(manyVerdicts.declaration.hasSuffix(" sessions=many"), "\(manyVerdicts.declaration)")
    #expect(oneVerdicts.declaration == manyVerdicts.declaration)
    #expect(many.status == one.status, "\(many)\n\(one)")
    #expect(!one.stdout.contains("sessions=many:"), "\(one)")
    return (many, manyVerdicts.cases)
  }

  @Test func theSuiteGetsTheSameVerdictsBothWaysACrashFailingOnlyItself() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (many, cases) = try expectSameVerdicts([], testee: ["--bug", "crash-on-unknown-delete"], in: scratch)
    #expect(many.status == 1, "\(many)")
    #expect(cases.filter { !$0.value.hasPrefix("pass") && !$0.value.hasPrefix("skipped") }.map(\.key) == ["Required.Tree.DeleteElement.UnknownIdIsSilent"])
    #expect(cases["Required.Tree.DeleteElement.UnknownIdIsSilent"]?.contains("signal 6 (SIGABRT)") == true)
    // One process until the crash, a fresh one after it.
    #expect(many.stdout.contains("sessions=many: \(cases.count) case runs in 2 testee processes"), "\(many)")
  }

  @Test func aPlatformThatSkipsMidCaseGetsTheSameVerdictsBothWays() throws {
    // --partial without its lacks= answers unsupported in the middle of the cases that create
    // what it has no widget for: each is followed by the end marker and a reset, not a new process.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let (many, cases) = try expectSameVerdicts(["--cases", "Required.*"], testee: ["--partial", "--lacks", "", "--bug", "crash-on-unknown-delete"], in: scratch)
    #expect(cases.values.contains { $0.hasPrefix("skipped: the testee cannot do") }, "\(cases)")
    #expect(many.stdout.contains("sessions=many: \(cases.count) case runs in 2 testee processes\n"), "\(many)")
    // The crash's report holds what the testee said in that case alone, not the skips' log lines
    // before it in the same process.
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("many.json")))) as? [String: Any])
    let crash = try #require((report["cases"] as? [[String: Any]])?.first { $0["verdict"] as? String == "error" })
    let stderr = try #require(crash["stderr"] as? String)
    #expect(stderr.hasPrefix("reference-testee [\(crash["name"] as? String ?? "?")]: DELETE_ELEMENT of "), "\(stderr)")
  }

  @Test(arguments: [["--listen", "unix:SOCKET"], ["--listen", "tcp:0"]])
  func overASocket(listen: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let options = listen.map { $0.replacingOccurrences(of: "SOCKET", with: scratch.path("wire.sock")) }
    let (many, cases) = try expectSameVerdicts(options + ["--cases", "Required.Tree.*"], testee: ["--bug", "crash-on-unknown-delete"], in: scratch)
    #expect(cases["Required.Tree.DeleteElement.UnknownIdIsSilent"]?.hasPrefix("error") == true)
    #expect(many.stdout.contains("in 2 testee processes"), "\(many)")
  }

  @Test(arguments: [
    // Struck at the end of the second case: that case is an error (or, keeping the state, the
    // third one fails), and a fresh process serves the rest.
    ("hang-on-reset", 1, "error: the testee did not reset after the case (docs/CONFORMANCE.md §1.9): the testee did not answer within 5 s"),
    ("change-hello-on-reset", 1, "error: the testee did not reset after the case (docs/CONFORMANCE.md §1.9): the testee's hello changed: it was protocol=1 profile=android "),
    ("garbage-after-end", 1, "error: the testee did not reset after the case (docs/CONFORMANCE.md §1.9): the testee wrote a line of text, not a trace record"),
    ("keep-state-on-reset", 2, "fail: the state differs from the model's at step 1"),
  ], [[], ["--listen", "unix:SOCKET"]])
  func aResetBugFailsOnlyTheCaseItStrikes(bug: (name: String, failing: Int, reason: String), listen: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let options = listen.map { $0.replacingOccurrences(of: "SOCKET", with: scratch.path("wire.sock")) } + ["--timeout", "5"] + Self.four.flatMap { ["--cases", $0] }
    let testee = ["--sessions", "many", "--bug", bug.name, "--bug-case", Self.four[1]]
    let run = try conformance(options + ["--report", scratch.path("r.json")], testee: testee)
    #expect(run.status == 1, "\(run)")
    let cases = try verdicts(scratch.path("r.json")).cases
    for (index, name) in Self.four.enumerated() {
      if index == bug.failing {
        #expect(cases[name]?.hasPrefix(bug.reason) == true, "\(name): \(cases[name] ?? "missing")")
      } else {
        #expect(cases[name] == "pass: ", "\(name): \(cases[name] ?? "missing")")
      }
    }
    // A state kept across the reset is said as such: the failing case passes in a fresh process.
    let said = "sessions=many: \(Self.four[2]) failed on a process kept from the case before and passes in a fresh one: the testee's reset leaves state behind"
    #expect(run.stdout.contains(said) == (bug.name == "keep-state-on-reset"), "\(run)")
    // A process per case never resets: the same testee conforms.
    if listen.isEmpty {
      let one = try conformance(options + ["--sessions", "one"], testee: testee)
      #expect(one.status == 0, "\(one)")
    }
  }

  /// A real bug fails in a fresh process too: nothing is said of the reset.
  @Test func aRealBugIsNotBlamedOnTheReset() throws {
    let run = try conformance(["--cases", "Required.Tree.*"], testee: ["--sessions", "many", "--bug", "ignore-reorder"])
    #expect(run.status == 1 && run.stdout.contains("FAIL  Required.Tree.Reorder"), "\(run)")
    #expect(!run.stdout.contains("passes in a fresh one"), "\(run)")
  }

  @Test func manyForATesteeThatDoesNotDeclareItIsASetupError() throws {
    let run = try conformance(["--sessions", "many", "--cases", Self.four[0]], testee: [])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("--sessions many: the testee's hello does not declare sessions=many"), "\(run)")
  }

  @Test func theResetBugsNeedManySessions() throws {
    let run = try Subprocess(Built.referenceTestee, ["--bug", "hang-on-reset"]).wait(timeout: patience)
    #expect(run.status == 64, "\(run)")
    #expect(run.stderr.contains("--bug hang-on-reset needs --sessions many"), "\(run)")
  }
}
