import Foundation
import Testing

// `cmdtool conformance -- TESTEE`: the reference testee conforms; each of its broken variants
// fails exactly the cases about its bug; failure lists, stale entries, reports, repeats, skips and
// testees that break the protocol.

@Suite struct ConformanceCommandTests {
  private func conformance(_ options: [String], testee: [String] = [], in scratch: Scratch, timeout: Double = 120) throws -> FinishedRun {
    try Subprocess.cmdtool(["conformance"] + options + ["--", Built.referenceTestee.path] + testee, timeout: timeout)
  }

  /// The names of the cases that failed or errored, from a JSON report.
  private func failing(_ path: String) throws -> Set<String> {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let cases = try #require(report["cases"] as? [[String: Any]])
    return Set(cases.filter { ["fail", "error"].contains($0["verdict"] as? String) }.compactMap { $0["name"] as? String })
  }

  @Test func theReferenceTesteeConforms() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--report", scratch.path("r.json"), "--junit", scratch.path("r.xml")], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("testee: reference-testee, protocol=1 profile=android"), "\(run)")
    #expect(run.stdout.range(of: #"Required +\d+ cases: \d+ pass\n"#, options: .regularExpression) != nil, "\(run)")
    #expect(run.stdout.range(of: #"Recommended +\d+ cases: \d+ pass\n"#, options: .regularExpression) != nil, "\(run)")
    // The GTK case is skipped by an Android testee; nothing else is.
    #expect(run.stdout.contains("Profile        5 cases: 4 pass, 1 skipped"), "\(run)")
    #expect(run.stdout.hasSuffix("conformant\n"), "\(run)")
    // What the run exercised, as cmdtool coverage counts it.
    #expect(run.stdout.contains("coverage: command types 73 of 73 (100.0%), command fields 183 of 183 (100.0%)"), "\(run)")
    #expect(try failing(scratch.path("r.json")).isEmpty)
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("r.json")))) as? [String: Any])
    #expect((report["coverage"] as? [String: Any])?["commands"] as? Int ?? 0 > 1000)
    #expect(report["green"] as? Bool == true)
    let xml = try JUnitSummary(contentsOf: scratch.path("r.xml"))
    #expect(xml.failures.isEmpty)
    #expect(xml.testcases.count >= 200)
    #expect(xml.suites.count == 4)
  }

  @Test(arguments: [
    ("ignore-reorder", ["Required.Tree.ReorderChild.ToTheFront", "Required.Tree.ReorderChild.ToTheMiddle", "Required.Tree.ReorderChild.ToTheEnd", "Recommended.Robustness.ReorderOutOfRange.PastTheEnd", "Recommended.Robustness.ReorderOutOfRange.Negative"]),
    ("never-expire-toasts", ["Profile.Android.Toast.ShortIsTwoSeconds", "Profile.Android.Toast.LongIsThreeAndAHalfSeconds", "Profile.Android.Toast.Stack"]),
    ("wrong-switch-value", ["Required.Events.Tap.SwitchToggles", "Required.Events.Tap.SwitchStartsFromItsValue"]),
    ("lose-active-styles", ["Recommended.Style.ActiveSelector"]),
    ("crash-on-unknown-delete", ["Required.Tree.DeleteElement.UnknownIdIsSilent"]),
  ])
  func aBrokenVariantFailsExactlyItsCases(bug: String, expected: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--report", scratch.path("r.json")], testee: ["--bug", bug], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(try failing(scratch.path("r.json")) == Set(expected), "\(run.stdout)")
    #expect(run.stdout.hasSuffix("not conformant\n"), "\(run)")
  }

  @Test func aCrashIsAnErrorWithItsReason() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--cases", "Required.Tree.DeleteElement.*", "--junit", scratch.path("r.xml")], testee: ["--bug", "crash-on-unknown-delete"], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  Required.Tree.DeleteElement.UnknownIdIsSilent [error]"), "\(run)")
    #expect(run.stdout.contains("(the testee ended with signal 6 (SIGABRT))"), "\(run)")
    // The next case ran with a fresh testee and passed.
    #expect(run.stdout.contains("Required       2 cases: 1 pass, 1 error"), "\(run)")
    #expect(try JUnitSummary(contentsOf: scratch.path("r.xml")).suites.first == .init(tests: 2, failures: 0, errors: 1))
  }

  @Test func theDiffsShowWhatDiffers() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--cases", "Required.Events.Tap.SwitchToggles"], testee: ["--bug", "wrong-switch-value"], in: scratch)
    #expect(run.stdout.contains("the events and the state differ from the model's at step 3 of 4 (tap 3 (switch \"On\"))"), "\(run)")
    #expect(run.stdout.contains("- 0.100s  ValueEvent → 3 value=1"), "\(run)")
    #expect(run.stdout.contains("~ frameView 2 › switch 3 · value: 1 → 0"), "\(run)")
  }

  @Test func aFailureListMakesTheRunGreenUntilItGoesStale() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let list = try scratch.write("known.txt", """
      # reorder is not done yet (issue 12)
      Required.Tree.ReorderChild.ToTheFront
      Required.Tree.ReorderChild.ToTheMiddle
      Required.Tree.ReorderChild.ToTheEnd
      Recommended.Robustness.ReorderOutOfRange.PastTheEnd
      Recommended.Robustness.ReorderOutOfRange.Negative

      """)
    let known = try conformance(["--failure-list", list, "--cases", "*Reorder*"], testee: ["--bug", "ignore-reorder"], in: scratch)
    #expect(known.status == 0, "\(known)")
    #expect(known.stdout.contains("5 expected failures (in the failure list)"), "\(known)")
    #expect(!known.stdout.contains("FAIL "), "\(known)")
    // The bug fixed: the list is stale, and that fails the run.
    let fixed = try conformance(["--failure-list", list, "--cases", "*Reorder*"], in: scratch)
    #expect(fixed.status == 1, "\(fixed)")
    #expect(fixed.stdout.contains("STALE Required.Tree.ReorderChild.ToTheFront passes but is in the failure list"), "\(fixed)")
    // --update-failure-list removes what passes, keeps the comment, and the next run is green.
    let update = try conformance(["--failure-list", list, "--update-failure-list", "--cases", "*Reorder*"], testee: ["--bug", "ignore-reorder", "--bug", "lose-active-styles"], in: scratch)
    #expect(update.status == 0, "\(update)")
    let green = try conformance(["--failure-list", list, "--cases", "*Reorder*"], testee: ["--bug", "ignore-reorder"], in: scratch)
    #expect(green.status == 0, "\(green)")
    let cleared = try conformance(["--failure-list", list, "--update-failure-list", "--cases", "*Reorder*"], in: scratch)
    #expect(cleared.status == 0, "\(cleared)")
    // Every entry gone, the comment above them stays (docs/CONFORMANCE.md §3).
    #expect(try String(contentsOfFile: list, encoding: .utf8) == "# reorder is not done yet (issue 12)\n")
  }

  @Test func anUnlistedFailureFailsAListedRun() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let list = try scratch.write("known.txt", "Recommended.Style.ActiveSelector\nRequired.No.Such.Case\n")
    let run = try conformance(["--failure-list", list, "--cases", "*Style*", "--cases", "*Switch*"], testee: ["--bug", "lose-active-styles", "--bug", "wrong-switch-value"], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("FAIL  Required.Events.Tap.SwitchToggles"), "\(run)")
    #expect(!run.stdout.contains("FAIL  Recommended.Style.ActiveSelector"), "\(run)")
    #expect(run.stdout.contains("note: the failure list names Required.No.Such.Case, which is no case of the suite"), "\(run)")
  }

  @Test func repeatingExposesAnUnstableTestee() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let stable = try conformance(["--repeat", "3", "--cases", "Required.Tree.ReorderChild"], in: scratch)
    #expect(stable.status == 0, "\(stable)")
    let flaky = try conformance(["--repeat", "2", "--cases", "Required.Tree.ReorderChild.ToTheEnd"], testee: ["--bug", "flaky-reorder", "--count-file", scratch.path("count")], in: scratch)
    #expect(flaky.status == 1, "\(flaky)")
    #expect(flaky.stdout.contains("UNSTABLE Required.Tree.ReorderChild.ToTheEnd: run 1 was pass, run 2 was fail"), "\(flaky)")
  }

  @Test func whatATesteeDoesNotReportIsSkipped() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--cases", "*Style*", "--cases", "Required.Tree.Children.*"], testee: ["--reports", "tree", "--bug", "lose-active-styles"], in: scratch)
    #expect(run.status == 0, "\(run)")
    // Styles are not reported: the style cases are skipped, so the lost ACTIVE styles go unseen;
    // the tree cases (and the style command to an unknown id) still run, and so does the image
    // case about a width style, judged on the image events the testee sends (§1.5).
    #expect(run.stdout.contains("Required       4 cases: 2 pass, 2 skipped"), "\(run)")
    #expect(run.stdout.contains("Recommended    8 cases: 1 pass, 7 skipped"), "\(run)")
    #expect(run.stdout.contains("Informational  1 case: 1 skipped"), "\(run)")
  }

  @Test func aSlowTesteeTimesOut() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // A 2 s --timeout that the testee's start and hello meet however loaded the machine, and an
    // echo delayed far past it (cmdtool stops the testee).
    let run = try conformance(["--timeout", "2", "--cases", "Required.Tree.Children.InCreationOrder"], testee: ["--bug", "slow", "--delay", "60000"], in: scratch)
    #expect(run.status == 1, "\(run)")
    // The step is named once (not again as "after sending step 1 …").
    #expect(run.stdout.contains("the testee did not answer within 2 s: cmdtool was waiting for the echo of sync 1 after step 1 (batch of 2: CREATE_APPLICATION, CREATE_FRAMEVIEW)\n"), "\(run)")
    #expect(run.seconds < 30, "\(run)")
  }

  /// A testee that breaks the handshake of the first case cannot run any: a setup error (exit 2,
  /// the reason on standard error, no case judged), not 218 failing cases.
  @Test func testeesThatBreakTheHandshake() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let old = try conformance(["--cases", "Required.Tree.Children.*", "--report", scratch.path("r.json")], testee: ["--protocol", "2"], in: scratch)
    #expect(old.status == 2, "\(old)")
    #expect(old.stderr.contains("the testee's hello: the testee speaks protocol 2; cmdtool speaks 1; nothing was tested"), "\(old)")
    #expect(!old.stdout.contains("FAIL"), "\(old)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("r.json")))
    // An engine is no testee: it writes no hello.
    let engine = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.Children.InCreationOrder", "--", Built.engine.path])
    #expect(engine.status == 2, "\(engine)")
    #expect(engine.stderr.contains("the testee's first record is not its hello marker"), "\(engine)")
  }

  @Test(arguments: [["--listen", "tcp:0"], ["--listen", "unix:SOCKET"], []])
  func overSocketsAndInTheBinaryEncoding(listen: [String]) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let options = listen.map { $0.replacingOccurrences(of: "SOCKET", with: scratch.path("wire.sock")) }
    let binary = listen.isEmpty ? ["--binary"] : []
    let run = try conformance(options + ["--cases", "Required.Tree.*", "--cases", "Required.Events.*"], testee: binary, in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("conformant"), "\(run)")
  }

  @Test func aBundledTraceIsAScenario() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let options = ["login", "dialogs", "drawer", "list"].flatMap { ["--scenario", CommandRunner.path("traces/\($0).jsonl")] }
    let run = try conformance(options + ["--cases", "Required.Scenario.*", "--verbose"], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("PASS  Required.Scenario.Login"), "\(run)")
    #expect(run.stdout.contains("Required       4 cases: 4 pass"), "\(run)")
  }

  @Test func anUnreadableFailureListOrScenarioIsBadInput() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let missing = try conformance(["--failure-list", scratch.path("none.txt"), "--cases", "Required.Tree.Children.*"], in: scratch)
    #expect(missing.status == 2 && missing.stderr.contains("none.txt: cannot read the failure list"), "\(missing)")
    let twice = try scratch.write("twice.txt", "A.B.C\nA.B.C\n")
    let duplicate = try conformance(["--failure-list", twice, "--cases", "Required.Tree.Children.*"], in: scratch)
    #expect(duplicate.status == 2 && duplicate.stderr.contains("twice.txt:2: A.B.C is already listed on line 1"), "\(duplicate)")
    let bad = try scratch.write("bad.jsonl", "{\"trace\":1}\n{\"batch\":[{\"type\":\"NOPE\"}]}\n")
    let scenario = try conformance(["--scenario", bad, "--cases", "Required.Scenario.*"], in: scratch)
    #expect(scenario.status == 2 && scenario.stderr.contains("bad.jsonl"), "\(scenario)")
  }

  @Test func listingSelectingAndSharding() throws {
    let list = try Subprocess.cmdtool(["conformance", "--list"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("Required.Tree.CreateButton.UnderLinearLayout  —  CREATE_BUTTON makes a button"), "\(list)")
    let one = try Subprocess.cmdtool(["conformance", "--list", "--cases", "Required.Toast*", "--cases", "*.Toast.Stack"])
    #expect(one.stdout.hasSuffix("1 cases\n"), "\(one)")
    let halves = try (1...2).map { try Subprocess.cmdtool(["conformance", "--list", "--shard", "\($0)/2"]).stdout.split(separator: "\n").dropLast() }
    let whole = list.stdout.split(separator: "\n").dropLast()
    #expect(Set(halves[0]).union(halves[1]) == Set(whole))
    let none = try Subprocess.cmdtool(["conformance", "--list", "--cases", "Nope.*"])
    #expect(none.status == 2, "\(none)")
    #expect(none.stderr.contains("no case matches 'Nope.*'"), "\(none)")
    let usage = try Subprocess.cmdtool(["conformance", "--repeat", "0", "--", "x"])
    #expect(usage.status == 64, "\(usage)")
    // A scenario names the file it came from, wherever it is.
    let scratch = try Scratch()
    defer { scratch.remove() }
    let moved = scratch.path("kept/login-copy.jsonl")
    try FileManager.default.createDirectory(atPath: scratch.path("kept"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CommandRunner.path("traces/login.jsonl"), toPath: moved)
    let scenario = try Subprocess.cmdtool(["conformance", "--list", "--scenario", moved, "--cases", "*.Scenario.*"])
    #expect(scenario.status == 0 && scenario.stdout.contains("Required.Scenario.LoginCopy") && scenario.stdout.contains(moved), "\(scenario)")
  }
}

/// `cmdtool conformance --matrix`: reports of several platforms side by side.
@Suite struct ConformanceMatrixCommandTests {
  @Test func reportsMergeIntoAMatrixOfDisagreements() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    for (name, testee) in [("ios", ["--profile", "ios"]), ("android", ["--bug", "ignore-reorder"]), ("gtk", ["--profile", "gtk", "--bug", "wrong-switch-value"])] {
      let run = try Subprocess.cmdtool(["conformance", "--cases", "Required.Tree.ReorderChild", "--cases", "Required.Events.Tap.Switch*", "--cases", "Profile.*", "--report", scratch.path("\(name).json"), "--", Built.referenceTestee.path] + testee)
      #expect((run.status ?? 99) <= 1, "\(run)")
    }
    let merged = try Subprocess.cmdtool(["conformance", "--matrix", scratch.path("ios.json"), "--matrix", scratch.path("android.json"), "--matrix", scratch.path("gtk.json"), "--html", scratch.path("m.html")])
    #expect(merged.status == 0, "\(merged)")
    let lines = merged.stdout.split(separator: "\n").map(String.init)
    // The three testees share a creator, so the columns take the files' names.
    #expect(lines.first?.hasPrefix("case") == true && lines.first?.hasSuffix("ios      android  gtk") == true, "\(merged)")
    #expect(lines.contains { $0.hasPrefix("Required.Tree.ReorderChild.ToTheFront") && $0.hasSuffix("pass     fail     pass") }, "\(merged)")
    #expect(lines.contains { $0.hasPrefix("Required.Events.Tap.SwitchToggles") && $0.hasSuffix("pass     pass     fail") }, "\(merged)")
    // Profile cases only some platforms take are no disagreement.
    #expect(!merged.stdout.contains("Profile.Android.Toast.Stack"), "\(merged)")
    #expect(merged.stdout.contains("5 where the platforms disagree"), "\(merged)")
    let html = try String(contentsOfFile: scratch.path("m.html"), encoding: .utf8)
    #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
    #expect(html.contains("<details><summary>fail</summary><pre>the state differs"))
  }

  @Test func whatAReportSaysIsEscapedInThePage() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = try scratch.write("evil.json", #"{"conformance":1,"testee":"<img src=x onerror=alert(1)>","cases":[{"name":"<script>alert(1)</script>","tier":"Required","verdict":"fail","reason":"</pre><b>x</b>"}]}"#)
    let run = try Subprocess.cmdtool(["conformance", "--matrix", report, "--html", scratch.path("e.html")])
    #expect(run.status == 0, "\(run)")
    let html = try String(contentsOfFile: scratch.path("e.html"), encoding: .utf8)
    #expect(!html.contains("<script>") && !html.contains("<img") && !html.contains("</pre><b>"), "\(html)")
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test func aBadReportIsBadInputNamingTheFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let bad = try scratch.write("bad.json", "{\"conformance\":1,\"cases\":[{\"name\":3}]}")
    let run = try Subprocess.cmdtool(["conformance", "--matrix", bad])
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("bad.json: case 0 has no name or verdict"), "\(run)")
    let garbage = try scratch.write("garbage.json", "{\"conformance\":1,")
    let second = try Subprocess.cmdtool(["conformance", "--matrix", garbage])
    #expect(second.status == 2 && second.stderr.contains("garbage.json:"), "\(second)")
    let both = try Subprocess.cmdtool(["conformance", "--matrix", bad, "--", "x"])
    #expect(both.status == 64, "\(both)")
  }
}
