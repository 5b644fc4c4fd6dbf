import Foundation
import Testing

// `reference-testee --partial`, a GTK-shaped platform (docs/CONFORMANCE.md §1.7, §5): it keeps no
// text a kind does not show, lacks 14 kinds, keeps dialogs and the action bar at the top level
// and leaves the history to the engine. Under its declarations it conforms; without them the
// same platform fails exactly the cases about what it left undeclared; and dropping a Required
// part (a text field's initial text) fails whatever it declares.

@Suite struct PartialTesteeTests {
  private func conformance(_ options: [String], testee: [String]) throws -> FinishedRun {
    try Subprocess.cmdtool(["conformance"] + options + ["--", Built.referenceTestee.path, "--partial"] + testee, timeout: 300)
  }

  /// The JSON report's cases: name → (verdict, reason).
  private func cases(_ path: String) throws -> [String: (verdict: String, reason: String)] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let cases = try #require(report["cases"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: cases.map { ($0["name"] as? String ?? "", ($0["verdict"] as? String ?? "", $0["reason"] as? String ?? "")) })
  }

  private func failing(_ cases: [String: (verdict: String, reason: String)], tiers: [String] = ["Required", "Recommended", "Profile"]) -> Set<String> {
    Set(cases.filter { ["fail", "error"].contains($0.value.verdict) && tiers.contains(String($0.key.prefix { $0 != "." })) }.keys)
  }

  @Test func conformsUnderItsDeclarations() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--report", scratch.path("r.json")], testee: [])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("lacks=actionSheet,alertDialog,navigationBarItem,navigationView,notification,openGLView,pageControl,pager,progressSpinner,radioGroup,searchBar,segmentedControl,separator,slider toplevel=actionBar,dialog history=engine"), "\(run)")
    #expect(run.stdout.hasSuffix("conformant\n"), "\(run)")
    let verdicts = try cases(scratch.path("r.json"))
    #expect(failing(verdicts).isEmpty)
    // Skipped up front, each with its reason in the report.
    #expect(verdicts["Required.Drawer.CreatedClosed"]?.verdict == "skipped")
    #expect(verdicts["Required.Drawer.CreatedClosed"]?.reason == "the testee has no navigationView (lacks=)")
    #expect(verdicts["Required.Views.HistoryGoBack"]?.reason.contains("history=engine") == true)
    // What it does keep is judged, and passes: dialogs (top-level), texts where shown.
    for name in ["Required.Tree.CreateDialog.UnderLinearLayout", "Required.Modal.Dialog.ChooseSendsTheResult", "Required.Text.CreateButton.SetTextValue", "Required.Views.SwitchByTheApplication"] {
      #expect(verdicts[name]?.verdict == "pass", "\(name): \(String(describing: verdicts[name]))")
    }
  }

  @Test func failsWithoutThem() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--report", scratch.path("r.json")], testee: ["--lacks", "", "--toplevel", "", "--history", "platform"])
    #expect(run.status == 1, "\(run)")
    let verdicts = try cases(scratch.path("r.json"))
    #expect(failing(verdicts) == [
      "Required.Tree.CreateDialog.UnderLinearLayout", "Required.Tree.CreateActionbar.UnderLinearLayout", "Required.Tree.RemoveChild.ClosesADialog",
      "Required.Views.SwitchByTheApplication", "Required.Views.SwitchByTheView", "Required.Views.BackWithoutHistoryPush", "Required.Views.HistoryGoBack",
      "Required.Modal.Dialog.OpensAtOnce", "Required.Modal.Dialog.ChooseSendsTheResult", "Required.Modal.Dialog.CancelIsZero", "Required.Modal.AnswerBelowTheTop",
      "Required.Text.CreateDialog.SetTextValue", "Recommended.Text.CreateActionbar.SetTextValue", "Recommended.Text.ActionBar.SubtitleFollows",
      "Recommended.Flags.ActionBar",
    ], "\(run.stdout)")
    // The kinds it lacks, undeclared, are found case by case: its `unsupported` answer skips them.
    #expect(verdicts["Required.Drawer.CreatedClosed"]?.verdict == "skipped")
    #expect(verdicts["Required.Drawer.CreatedClosed"]?.reason.contains("the partial platform has no widget for navigationView") == true)
  }

  @Test func droppingARequiredPartStillFails() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try conformance(["--report", scratch.path("r.json"), "--cases", "Required.Tree", "--cases", "Required.Text", "--cases", "Required.Events.Type"], testee: ["--bug", "drop-initial-text"])
    #expect(run.status == 1, "\(run)")
    let failed = failing(try cases(scratch.path("r.json")))
    #expect(failed == [
      "Required.Tree.CreateTextfield.UnderLinearLayout", "Required.Tree.CreateTextview.UnderLinearLayout",
      "Required.Text.CreateTextfield.SetTextValue", "Required.Text.CreateTextview.SetTextValue",
      "Required.Events.Type.TextField.Word", "Required.Events.Type.TextField.Empty", "Required.Events.Type.TextField.Unicode", "Required.Events.Type.TextField.Long",
      "Required.Events.Type.TextView.Word", "Required.Events.Type.TextView.Empty", "Required.Events.Type.TextView.Unicode", "Required.Events.Type.TextView.Long",
    ], "\(run.stdout)")
  }

  /// Image and timer cases run when the hello's events= declares them, judged on the events.
  @Test func imageAndTimerCasesRunOnTheirEvents() throws {
    let run = try Subprocess.cmdtool(["conformance", "--verbose", "--cases", "Required.Image", "--cases", "Required.Timer", "--", Built.referenceTestee.path, "--reports", "tree", "--events", "user,timer,image"], timeout: 300)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("PASS  Required.Image.RequestOnCreate") && run.stdout.contains("PASS  Required.Timer.TicksAtItsInterval"), "\(run)")
    #expect(!run.stdout.contains("SKIP"), "\(run)")
  }
}
