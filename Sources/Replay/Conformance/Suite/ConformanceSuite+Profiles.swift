import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// Where the protocol is ambiguous and the model follows one platform (PROTOCOL.md §6): these
  /// cases are required of a testee that declares that profile and skipped by the others.
  static var profiles: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    for (name, duration, expiry) in [("ShortIsTwoSeconds", Int32(0), 2000.0), ("LongIsThreeAndAHalfSeconds", 1, 3500)] {
      var b = CaseBuilder.app()
      b.send(Command(.createToast, internalId: 2, value: duration, textValue: "Saved"))
      b.wait(expiry - 1)
      b.wait(1)
      cases.append(b.named("Profile.Android.Toast.\(name)", "a toast with v = \(duration) shows for \(Int(expiry)) ms, as Android's LENGTH_\(duration == 1 ? "LONG" : "SHORT")", "PROTOCOL.md §5.4, §6 4", about: [.tree, .toasts]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(Command(.createToast, internalId: 2, textValue: "One"))
      b.later(500)
      b.send(Command(.createToast, internalId: 2, value: 1, textValue: "Two"))
      b.wait(1600)
      cases.append(b.named("Profile.Android.Toast.Stack", "toasts stack; each expires on its own", "PROTOCOL.md §3 34", about: [.tree, .toasts]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(Command(.updatePreference, textValue: "k", textValue2: "v"), Command(.deletePreference, textValue: "old"))
      cases.append(b.named("Profile.Android.Preferences.PendingUntilCommit", "updates and deletions wait for COMMIT_PREFERENCES, as Android's editor does", "PROTOCOL.md §6 17", about: [.tree, .preferences], header: TraceHeader(creator: "cmdtool conformance", viewport: Viewport(width: 390, height: 844), preferences: ["old": "1"])))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createListView, in: 2, id: 3), .to(3, .addColumn, value: 1, text: "Name"), .to(3, .addSheet, text: "All"), .to(3, .setTextData, text: "x"))
      b.send(.to(3, .clear))
      cases.append(b.named("Profile.GTK.List.ClearKeepsColumns", "CLEAR on a list keeps its columns, as GTK's tree store does", "PROTOCOL.md §6, CLEAR on a list", about: [.tree, .lists]))
    }
    return cases
  }

  /// The open questions of PROTOCOL.md §8: what the model does, reported, never failing.
  static var openQuestions: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    do {
      var b = CaseBuilder.app()
      b.send(Command(.createTimer, internalId: 99, childInternalId: 9, value: 1000))
      b.wait(2000)
      cases.append(b.named("Informational.OpenQuestions.TimerOwnerNotChecked", "a timer whose owner does not exist ticks to that id", "PROTOCOL.md §8 1", about: [.tree, .timers], events: .timer))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.to(2, .deleteElement))
      cases.append(b.named("Informational.OpenQuestions.NoActiveViewAfterDeletingIt", "deleting the active view leaves no view active (no fallback to the history)", "PROTOCOL.md §8 2"))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createImageView, in: 2, id: 3, text: "https://img.example/a.png", width: 400, height: 300))
      b.send(.to(3, .setVisibility, value: 0))
      cases.append(b.named("Informational.OpenQuestions.HiddenImageKeepsItsRequest", "hiding an image neither cancels nor re-sends its request", "PROTOCOL.md §8 3", about: [.tree, .images], events: .image))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createFrameView, in: 1, id: 3), .to(1, .removeChild, child: 2))
      cases.append(b.named("Informational.OpenQuestions.DetachedActiveViewStaysActive", "a view detached by REMOVE_CHILD stays active", "PROTOCOL.md §8 5"))
    }
    return cases
  }
}
