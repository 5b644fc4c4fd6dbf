import Foundation
import Replay
import Testing
@testable import cmdtool

// `cmdtool conformance` as a platform team reads it (issue 24 §2, §5): every difference of a
// case, --ignore named in every report, named exits, the testee's stderr in the JSON report,
// long texts shown where they differ, the failure list rewritten without a verdict, progress.

@Suite struct ConformanceReportingCommandTests {
  private func conformance(_ options: [String], bugs: [String] = [], timeout: Double = 120) throws -> FinishedRun {
    try Subprocess.cmdtool(["conformance"] + options + ["--", Built.referenceTestee.path] + bugs.flatMap { ["--bug", $0] }, timeout: timeout)
  }

  private func json(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
  }

  private func onlyCase(_ report: [String: Any]) throws -> [String: Any] {
    let cases = try #require(report["cases"] as? [[String: Any]])
    try #require(cases.count == 1)
    return cases[0]
  }

  static let switchCase = ["--cases", "Required.Events.Tap.SwitchToggles"]

  @Test func aSystematicGapHidesNothingAfterIt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // A text field that starts empty (as GTK's did) differs from step 2; the typing bug at step 3.
    let typing = ["--cases", "Required.Events.Type.TextField.Word"]
    let run = try conformance(typing + ["--report", scratch.path("r.json")], bugs: ["drop-initial-text", "drop-last-typed-character"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("at step 2 of 3 (CREATE_TEXTFIELD 3) and at step 3"), "\(run)")
    #expect(run.stdout.contains(#"~ frameView 2 › textField 3 · text: "initial" → """#), "\(run)")
    #expect(run.stdout.contains(#"step 3 of 3 (type "alice" into 3 (textField "initial")):"#), "\(run)")
    #expect(run.stdout.contains(#"+ 0.300s  ValueEvent → 3 text="alic""#), "\(run)")
    #expect(run.stdout.contains("parts: events fail (1 difference), tree pass, text fail (2 differences), values pass, visibility pass"), "\(run)")
    let entry = try onlyCase(try json(scratch.path("r.json")))
    #expect((entry["parts"] as? [String: Int])?["text"] == 2)
    #expect((entry["parts"] as? [String: Int])?["tree"] == 0)
    #expect((entry["laterSteps"] as? [[String: Any]])?.first?["step"] as? Int == 3)
    // The initial text alone: a failure at step 2 only, the typing passes.
    let alone = try conformance(typing, bugs: ["drop-initial-text"])
    #expect(alone.status == 1, "\(alone)")
    #expect(!alone.stdout.contains("step 3 of 3"), "\(alone)")
    #expect(alone.stdout.contains("events pass"), "\(alone)")
    // The application named as GTK names it: not judged in a Required case (its name is
    // Recommended, CONFORMANCE.md §1.7), a difference at step 1 in a Recommended one.
    #expect(try conformance(Self.switchCase, bugs: ["rename-application"]).status == 0)
    let named = try conformance(["--cases", "Recommended.Values.SetIntValue.Button"], bugs: ["rename-application"])
    #expect(named.status == 1, "\(named)")
    #expect(named.stdout.contains(#"~ application 1 · text: "Conformance" → "GTK application""#), "\(named)")
  }

  @Test func ignoringAKnownGapIsNamedInEveryReport() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let outputs = ["--report", scratch.path("r.json"), "--junit", scratch.path("r.xml"), "--html", scratch.path("r.html")]
    let typing = ["--cases", "Required.Events.Type.TextField.Word"]
    let pattern = "frameView 2 › textField 3 · text"
    let said = "ignored: 2 differences left out by --ignore 'frameView 2 › textField 3 · text'"
    // The gap left out (the field's text, at steps 2 and 3): the typed event's bug alone fails
    // the case, and every report says what was ignored.
    let run = try conformance(typing + ["--ignore", pattern] + outputs, bugs: ["drop-initial-text", "drop-last-typed-character"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("the events differ from the model's at step 3 of 3"), "\(run)")
    #expect(!run.stdout.contains(#"text: "initial" → """#), "\(run)")
    #expect(run.stdout.contains(said), "\(run)")
    #expect(run.stdout.contains("2 differences left out by --ignore\n"), "\(run)")
    let report = try json(scratch.path("r.json"))
    let ignore = try #require(report["ignore"] as? [String: Any])
    #expect(ignore["patterns"] as? [String] == [pattern])
    #expect(ignore["differences"] as? Int == 2)
    #expect(try onlyCase(report)["ignored"] as? Int == 2)
    let xml = try String(contentsOfFile: scratch.path("r.xml"), encoding: .utf8)
    #expect(xml.contains(#"<property name="ignore" value="frameView 2 › textField 3 · text"/>"#), "\(xml)")
    #expect(xml.contains(#"<property name="ignored" value="2"/>"#), "\(xml)")
    let html = try String(contentsOfFile: scratch.path("r.html"), encoding: .utf8)
    #expect(html.contains(said))
    // Only the gap: conformant under the pattern, and still saying so.
    let gap = try conformance(typing + ["--ignore", pattern], bugs: ["drop-initial-text"])
    #expect(gap.status == 0, "\(gap)")
    #expect(gap.stdout.hasSuffix("ignored: 1 difference left out by --ignore '\(pattern)'\nconformant\n"), "\(gap)")
    // A pattern that leaves nothing out is a warning.
    let typo = try conformance(typing + ["--ignore", "frameVeiw 2 › textField 3 · text"], bugs: ["drop-initial-text"])
    #expect(typo.status == 1, "\(typo)")
    #expect(typo.stderr.contains("warning: the ignore pattern 'frameVeiw 2 › textField 3 · text' left nothing out of any case"), "\(typo)")
  }

  @Test func anExitInTheMiddleOfACaseIsNamed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--cases", "Required.Requests.QuitApp", "--report", scratch.path("r.json")], bugs: ["exit-on-quit"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("(the testee ended with exit status 0)"), "\(run)")
    let entry = try onlyCase(try json(scratch.path("r.json")))
    #expect(entry["verdict"] as? String == "error")
    #expect((entry["testeeSaid"] as? String)?.contains("QUIT_APP: calling exit(0)") == true, "\(entry)")
    #expect(try conformance(["--cases", "Required.Requests.QuitApp"]).status == 0)
  }

  @Test func theJSONReportHoldsTheTesteesStderr() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--cases", "Required.Tree.DeleteElement.UnknownIdIsSilent", "--report", scratch.path("r.json")], bugs: ["crash-on-unknown-delete"])
    #expect(run.status == 1, "\(run)")
    let entry = try onlyCase(try json(scratch.path("r.json")))
    #expect((entry["testeeSaid"] as? String)?.contains("which does not exist (--bug crash-on-unknown-delete): aborting") == true, "\(entry)")
    #expect((entry["stderr"] as? String)?.contains("which does not exist (--bug crash-on-unknown-delete): aborting") == true, "\(entry)")
    // A pass carries neither.
    _ = try conformance(["--cases", "Required.Tree.DeleteElement.UnknownIdIsSilent", "--report", scratch.path("p.json")])
    let pass = try onlyCase(try json(scratch.path("p.json")))
    #expect(pass["verdict"] as? String == "pass")
    #expect(pass["stderr"] == nil && pass["testeeSaid"] == nil)
  }

  @Test func aLongTypedTextIsShownWhereItDiffers() throws {
    let run = try conformance(["--cases", "Required.Events.Type.TextField.Long"], bugs: ["drop-last-typed-character"])
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("(text: 4000 → 3999 characters, first difference at character 4000)"), "\(run)")
    #expect(run.stdout.contains("(4000 → 3999 characters, first difference at character 4000)"), "\(run)")
    // No line holds the text: each shows a window of it.
    #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count < 400 }, "\(run)")
    // Named by the field's text before the typing.
    #expect(run.stdout.contains(#"into 3 (textField "initial"))"#), "\(run)")
    #expect(try conformance(["--cases", "Required.Events.Type.TextField.Long"]).status == 0)
  }

  @Test func updatingTheFailureListGivesNoVerdict() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let list = try scratch.write("known.txt", "# GTK known failures\n")
    let run = try conformance(["--cases", "*ReorderChild*", "--failure-list", list, "--update-failure-list"], bugs: ["ignore-reorder"])
    #expect(run.status == 0, "\(run)")
    #expect(!run.stdout.contains("not conformant"), "\(run)")
    #expect(run.stdout.contains("the failure list is rewritten to name this run's 3 failures (--update-failure-list)"), "\(run)")
    let text = try String(contentsOfFile: list, encoding: .utf8)
    #expect(text.hasPrefix("# GTK known failures\nRequired.Tree.ReorderChild."), "\(text)")
    // Without --update-failure-list the same run is judged against the list: green now.
    #expect(try conformance(["--cases", "*ReorderChild*", "--failure-list", list], bugs: ["ignore-reorder"]).status == 0)
  }

  @Test func progressOnATerminalCountsCasesAndFailures() throws {
    let arguments = ["conformance", "--cases", "Required.Tree.ReorderChild", "--", Built.referenceTestee.path, "--bug", "ignore-reorder"]
    let result = try PseudoTerminal.run(arguments, environment: ["CMDTOOL_PROGRESS_DELAY": "0"])
    #expect(result.status == 1)
    let drawn = result.terminal.split(separator: "\r").map(String.init).filter { !$0.allSatisfy { $0 == " " } }
    // The first update draws at once; later ones as the throttle lets them (machine speed).
    #expect(drawn.first == "Required.Tree.ReorderChild.ToTheFront: case 1 of 3, 0 failing", "\(result.terminal.debugDescription)")
    for line in drawn {
      #expect(line.range(of: #"^Required\.Tree\.ReorderChild\.To\w+: case [1-3] of 3, [0-3] failing(, about \d+ (s|min) left)? *$"#, options: .regularExpression) != nil, "\(line.debugDescription)")
    }
    #expect(!result.terminal.contains("\n"))
    // Erased at the end; piped, nothing on standard error, the same standard output.
    #expect(result.terminal.hasSuffix("\r"))
    let piped = try CommandRunner.run(arguments)
    #expect(piped.stderr == "")
    #expect(piped.stdout == result.stdout)
  }

  @Test func theProgressLineSaysWhatIsLeft() {
    var now: UInt64 = 0
    var written: [String] = []
    let reporter = ProgressReporter(label: "conformance", total: 3, unit: .steps("case"), isEnabled: true, delay: 0, clock: { now }, width: 200, write: { written.append($0) })
    let progress = CaseProgress(total: 3, reporter: reporter)
    progress.started("A.One", index: 0)
    var failed = CaseResult(name: "A.One", tier: .required, verdict: .fail)
    failed.seconds = 20
    now += 200_000_000
    progress.finished(failed)
    now += 200_000_000
    progress.started("A.Two", index: 1)
    let lines = written.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\r ")) }
    #expect(lines == ["A.One: case 1 of 3, 0 failing", "A.One: case 1 of 3, 1 failing, about 40 s left", "A.Two: case 2 of 3, 1 failing, about 40 s left"])
    #expect(CaseProgress.duration(0.2) == "1 s")
    #expect(CaseProgress.duration(150) == "3 min")
    #expect(CaseProgress.duration(7_300) == "2 h 2 min")
  }
}
