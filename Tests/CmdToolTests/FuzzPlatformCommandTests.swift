import Foundation
import Testing

// `cmdtool fuzz platform -- TESTEE`: generated streams against a platform and the model; every
// divergence shrunk to a small case that `cmdtool conformance --scenario` runs again.

@Suite struct FuzzPlatformCommandTests {
  private func fuzz(_ options: [String], testee: [String] = [], in scratch: Scratch) throws -> FinishedRun {
    try Subprocess.cmdtool(["fuzz", "platform", "--out", scratch.path("fuzz")] + shrinkUntilDone + options + ["--", Built.referenceTestee.path] + testee, timeout: fuzzerPatience)
  }

  private func divergences(in scratch: Scratch) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: scratch.path("fuzz/divergences")).filter { $0.hasSuffix(".jsonl") }.sorted().map { scratch.path("fuzz/divergences/\($0)") }
  }

  @Test func theReferenceTesteeNeverDiverges() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "6", "--violations", "10"], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("6 runs, "), "\(run)")
    #expect(run.stdout.contains("; 0 divergences"), "\(run)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("fuzz/divergences")))
  }

  @Test func aTesteeServingManyCasesKeepsOneProcess() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // The probe for the hello, then six runs: seven cases, one process (CONFORMANCE.md §1.9).
    let run = try fuzz(["--runs", "6"], testee: ["--sessions", "many"], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("sessions=many: 7 case runs in 1 testee process\n"), "\(run)")
    #expect(run.stdout.contains("; 0 divergences"), "\(run)")
    // Forced one per case, the same campaign says nothing of sessions.
    let one = try fuzz(["--runs", "6", "--sessions", "one"], testee: ["--sessions", "many"], in: scratch)
    #expect(one.status == 0 && !one.stdout.contains("sessions=many:"), "\(one)")
  }

  @Test func aBugIsShrunkTheSameWayOverOneProcess() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "30"], testee: ["--sessions", "many", "--bug", "ignore-reorder"], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("DIVERGES  fail · state · ↕ index · after REORDER_CHILD ("), "\(run)")
    #expect(run.stdout.contains("in 1 testee process\n"), "\(run)")
  }

  @Test(arguments: [
    ("ignore-reorder", "fail · state · ↕ index · after REORDER_CHILD", 10),
    ("wrong-switch-value", "fail · events · - ValueEvent · after tap switch", 4),
    ("lose-active-styles", "fail · state · - styles.ACTIVE · after SET_STYLE", 5),
    ("crash-on-unknown-delete", "error · (the testee ended with signal (SIGABRT))", 3),
    ("never-expire-toasts", "fail · state · + toast · after the clock", 4),
  ])
  func aPlantedBugIsFoundShrunkAndReplayed(bug: String, signature: String, maxCommands: Int) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // 30 runs: the rare steps took some of the steps that deleted unknown ids.
    let run = try fuzz(["--runs", "30"], testee: ["--bug", bug], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("DIVERGES  \(signature) ("), "\(run)")
    let files = try divergences(in: scratch)
    #expect(files.count == 1, "\(files)")
    let file = try #require(files.first)
    // Small: a handful of commands (a create or two, the command the bug is about) in two steps.
    let records = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst()
    let commands = records.reduce(0) { $0 + $1.components(separatedBy: "\"type\":").count - 1 }
    #expect(commands <= maxCommands, "\(records.joined(separator: "\n"))")
    #expect(records.count <= 4, "\(records.joined(separator: "\n"))")
    // A stream the engine could send: the application first, and no rule of the model broken.
    #expect(records.first?.contains("\"type\":\"CREATE_APPLICATION\"") == true, "\(records.joined(separator: "\n"))")
    let check = try Subprocess.cmdtool(["check", file])
    #expect(check.status == 0 && check.stdout.contains("0 violations"), "\(check)\n\(records.joined(separator: "\n"))")
    // The saved case is a case of the suite: it fails with the bug, passes without.
    let name = try #require(run.stdout.split(separator: "\n").first { $0.contains("cmdtool conformance --scenario") }?.split(separator: " ").first { $0.hasPrefix("Recommended.Scenario.") })
    let again = try Subprocess.cmdtool(["conformance", "--scenario", file, "--cases", String(name), "--", Built.referenceTestee.path, "--bug", bug])
    #expect(again.status == 1, "\(again)")
    let fixed = try Subprocess.cmdtool(["conformance", "--scenario", file, "--cases", String(name), "--", Built.referenceTestee.path])
    #expect(fixed.status == 0, "\(fixed)")
  }

  @Test func aTesteeLackingKindsSkipsNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // Fourteen kinds, as the GTK platform layer lacks: each batch creating one is unsupported.
    let lacks = "openGLView,gridView,flipperLayout,autoColumnLayout,pager,radioGroup,separator,slider,actionBar,searchBar,navigationBar,navigationBarItem,pageControl,segmentedControl"
    let run = try fuzz(["--runs", "8", "--violations", "5"], testee: ["--lacks", lacks], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("\n8 runs, "), "\(run)")
    #expect(run.stdout.contains("the testee lacks actionBar, autoColumnLayout, "), "\(run)")
    // What it lacks was left out on purpose: not listed as never sent (no bug hides there).
    let neverSent = run.stdout.split(separator: "\n").first { $0.hasPrefix("never sent to the testee") } ?? ""
    for create in ["CREATE_PAGER", "CREATE_SLIDER", "CREATE_SEARCHBAR", "CREATE_ACTIONBAR"] { #expect(!neverSent.contains(create), "\(run)") }
    // Narrowed further with --kinds: the testee's lacks still hold.
    let narrow = try fuzz(["--runs", "4", "--kinds", "text,button,linearLayout,textField,switch,pager"], testee: ["--lacks", lacks], in: scratch)
    #expect(narrow.status == 0, "\(narrow)")
    #expect(narrow.stdout.contains("\n4 runs, "), "\(narrow)")
    let bad = try Subprocess.cmdtool(["fuzz", "platform", "--out", scratch.path("x"), "--kinds", "buton", "--", Built.referenceTestee.path])
    #expect(bad.status == 64 && bad.stderr.contains("did you mean \"button\""), "\(bad)")
  }

  /// A run is judged as a Recommended case: what only the model keeps (an application's t2, a
  /// view's text) is no divergence. Judged as Informational, this GTK-shaped testee, conformant
  /// under its declarations, diverged at `~ secondaryText · after CREATE_APPLICATION`.
  @Test func aRunIsJudgedAsARecommendedCase() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "6"], testee: ["--partial"], in: scratch)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("6 runs, ") && run.stdout.contains("; 0 divergences"), "\(run)")
    // What it must keep still diverges: a planted bug in SET_ERROR (Recommended on most kinds).
    let bug = try fuzz(["--runs", "6", "--seed", "3"], testee: ["--partial", "--bug", "clear-on-empty-error"], in: scratch)
    #expect(bug.status == 1 && bug.stdout.contains(" error · after SET_ERROR ("), "\(bug)")
  }

  /// A saved divergence replays as it was judged: a Recommended case. As a Required one, this
  /// bug in a button's error (a part only Recommended cases judge) would pass on replay.
  @Test func aSavedDivergenceIsReplayedAsARecommendedCase() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let records = [
      #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"A"}"#,
      #"{"t":0,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_BUTTON","internalId":2,"childInternalId":3,"textValue":"OK"}]}"#,
      #"{"t":10,"type":"SET_ERROR","internalId":3,"value":1}"#,
    ]
    func replay(creator: String, file: String) throws -> FinishedRun {
      let path = scratch.path(file)
      try ([#"{"trace":1,"creator":"\#(creator)"}"#] + records).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
      return try Subprocess.cmdtool(["conformance", "--scenario", path, "--cases", "*.Scenario.*", "--verbose", "--", Built.referenceTestee.path, "--bug", "clear-on-empty-error"])
    }
    let saved = try replay(creator: "cmdtool fuzz platform", file: "divergence-1a2b3c4d.jsonl")
    #expect(saved.status == 1 && saved.stdout.contains("FAIL  Recommended.Scenario.Divergence1a2b3c4d"), "\(saved)")
    // Any other trace is a Required case, which does not judge a button's error.
    let recorded = try replay(creator: "a recording", file: "session.jsonl")
    #expect(recorded.status == 0 && recorded.stdout.contains("PASS  Required.Scenario.Session"), "\(recorded)")
  }

  @Test func twoBugsThatShowAsAWrongValueEventAreTwoDivergences() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "30"], testee: ["--bug", "wrong-switch-value", "--bug", "wrong-picker-value"], in: scratch)
    #expect(run.status == 1, "\(run)")
    #expect(run.stdout.contains("DIVERGES  fail · events · - ValueEvent · after tap switch ("), "\(run)")
    #expect(run.stdout.contains("DIVERGES  fail · events · - ValueEvent · after select picker ("), "\(run)")
    #expect(try divergences(in: scratch).count == 2, "\(run)")
  }

  @Test func aBugInARareEdgeValueIsFoundInAFewRuns() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // SET_ERROR with an empty text: 0 times in 300 streams before rare steps (docs/FUZZING.md).
    let run = try fuzz(["--runs", "6", "--seed", "3"], testee: ["--bug", "clear-on-empty-error"], in: scratch)
    #expect(run.status == 1, "\(run)")
    // `- error` (none had one) or `~ error` (the error it had stays cleared).
    #expect(run.stdout.contains(" error · after SET_ERROR ("), "\(run)")
    #expect(!run.stdout.contains("never sent to the testee") || !run.stdout.contains("SET_ERROR with an empty text"), "\(run)")
  }

  @Test func theSameSeedGivesTheSameCampaign() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let first = try fuzz(["--runs", "4", "--seed", "9"], in: scratch)
    let second = try fuzz(["--runs", "4", "--seed", "9"], in: scratch)
    let other = try fuzz(["--runs", "4", "--seed", "10"], in: scratch)
    let runs = { (run: FinishedRun) in run.stdout.split(separator: "\n").filter { $0.hasPrefix("run ") } }
    #expect(runs(first) == runs(second))
    #expect(runs(first) != runs(other))
  }

  @Test func badUsage() throws {
    let none = try Subprocess.cmdtool(["fuzz", "platform", "--out", "x"])
    #expect(none.status == 64, "\(none)")
    #expect(none.stderr.contains("give the testee command after --"), "\(none)")
    let percent = try Subprocess.cmdtool(["fuzz", "platform", "--out", "x", "--violations", "120", "--", "t"])
    #expect(percent.status == 64, "\(percent)")
  }
}
