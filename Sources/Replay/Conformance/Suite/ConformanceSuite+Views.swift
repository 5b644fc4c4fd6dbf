import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// Views, history, the drawer, dialogs, action sheets and the back key.
  static var views: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    func twoViews() -> CaseBuilder {
      var b = CaseBuilder.app()
      b.send(.create(.createFrameView, in: 1, id: 3), .create(.createText, in: 3, id: 4, text: "second"))
      return b
    }
    cases.append(twoViews().named("Required.Views.FirstViewIsActive", "the first view created becomes the active view; later ones do not", "PROTOCOL.md §2.4"))
    do {
      var b = twoViews()
      b.send(.to(1, .setIntValue, child: 3))
      cases.append(b.named("Required.Views.SwitchByTheApplication", "SET_INT_VALUE on the application with the view in child switches to it and pushes the old one on the history", "PROTOCOL.md §2.4, §3 45"))
    }
    do {
      var b = twoViews()
      b.send(.to(3, .setIntValue, value: 1))
      cases.append(b.named("Required.Views.SwitchByTheView", "SET_INT_VALUE 1 on a view switches to it", "PROTOCOL.md §2.4, §3 45"))
    }
    do {
      var b = twoViews()
      b.send(.to(1, .setIntValue, child: 3))
      b.send(.to(1, .setIntValue, child: 2, value: 3))
      cases.append(b.named("Required.Views.BackWithoutHistoryPush", "a switch with v = 3 goes back: no history entry is pushed", "PROTOCOL.md §2.4, §6 2"))
    }
    do {
      var b = twoViews()
      b.send(.to(1, .setIntValue, child: 3))
      b.send(.to(1, .historyGoBack))
      b.send(.to(1, .historyGoBack))
      cases.append(b.named("Required.Views.HistoryGoBack", "HISTORY_GO_BACK pops the history; with an empty history it does nothing", "PROTOCOL.md §3 42"))
    }
    do {
      var b = twoViews()
      b.send(.to(1, .setIntValue, child: 2), .to(2, .setIntValue, value: 1))
      cases.append(b.named("Required.Views.SwitchToTheActiveViewIsANoOp", "switching to the active view pushes nothing (the engine's app- and view-level pair counts once)", "PROTOCOL.md §6 2"))
    }
    do {
      var b = CaseBuilder()
      b.send(Command(.createApplication, childInternalId: 1), .create(.createOpenGLView, in: 1, id: 2, text: "GL"))
      cases.append(b.named("Required.Views.OpenGLViewIsAView", "an OpenGL view becomes the active view like a frame view", "PROTOCOL.md §3 3"))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createNavigationView, in: 1, id: 3), .create(.createButton, in: 3, id: 4, text: "Menu item"))
      cases.append(b.named("Required.Drawer.CreatedClosed", "the first navigation view is the drawer, created closed (hidden)", "PROTOCOL.md §3 2, §2.5", about: [.tree, .visibility]))
      b.send(.to(3, .setVisibility, value: 1))
      b.later(100)
      b.send(.to(3, .setVisibility, value: 1))
      b.send(.to(3, .setVisibility, value: 0))
      cases.append(b.named("Required.Drawer.OpensAndClosesWithAnEvent", "SET_VISIBILITY opens and closes the drawer, announced by a VisibilityEvent only when its state changes", "PROTOCOL.md §5.3", about: [.tree, .visibility], events: .visibility))
    }
    for (kind, type) in [("Dialog", CommandType.createDialog), ("AlertDialog", .createAlertDialog), ("ActionSheet", .createActionSheet)] {
      var b = CaseBuilder.app()
      // Options for the action sheet only: no engine sends ADD_OPTION to a dialog.
      let options: [Command] = type == .createActionSheet ? [.to(3, .addOption, value: 1, text: "Yes"), .to(3, .addOption, value: 2, text: "No")] : []
      b.send([.create(type, in: 2, id: 3, text: "Question")] + options)
      cases.append(b.named("Required.Modal.\(kind).OpensAtOnce", "\(type.name) is on the modal stack as soon as it is created", "PROTOCOL.md §3 20, 21, 23"))
      var answer = b
      answer.later(500)
      answer.act(.choose(3, option: 2))
      cases.append(answer.named("Required.Modal.\(kind).ChooseSendsTheResult", "choosing an option sends its modal result and closes the \(kind.lowercased())", "PROTOCOL.md §4.3, CONFORMANCE.md §1.4", about: [.tree, .values], events: .user))
      var cancel = b
      cancel.later(500)
      cancel.act(.choose(3, option: 0))
      cases.append(cancel.named("Required.Modal.\(kind).CancelIsZero", "cancelling sends the modal result 0", "PROTOCOL.md §4.3", about: [.tree, .values], events: .user))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createDialog, in: 2, id: 3, text: "First"))
      b.send(.create(.createDialog, in: 2, id: 4, text: "Second"))
      b.act(.choose(3, option: 1))
      cases.append(b.named("Required.Modal.AnswerBelowTheTop", "a dialog under another can be answered; it leaves the stack wherever it is", "PROTOCOL.md §4.3", about: [.tree, .values], events: .user))
    }
    do {
      var b = CaseBuilder.app()
      b.later(1000)
      b.act(.back)
      cases.append(b.named("Required.Back.SendsSysEventBack", "the back key sends SysEvent BACK (type 3) to the application and changes no state", "CONFORMANCE.md §1.4", events: .user))
    }
    return cases
  }
}
