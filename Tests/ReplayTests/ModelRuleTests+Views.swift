import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

extension ModelRuleTests {
  /// The active view, the history, the drawer, visibility and modal dialogs (ReferenceModel+Views).
  @Suite("Views, drawer, visibility and modals")
  struct Views {
    /// Application 1 with frame views 2 (active, holding layout 3), 10 and 11.
    static let threeViews = Prelude.both + [
      #"{"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":10},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":11}]}"#
    ]

    static func views(_ lines: String...) -> ReferenceModel { model(threeViews + lines) }

    // MARK: - View switching

    @Test("The application-level switch (iOS): SET_INT_VALUE(app, child=view) shows the view and remembers the old one")
    func applicationLevelSwitch() {
      let m = Self.views(#"{"type":"SET_INT_VALUE","internalId":1,"childInternalId":10,"value":1}"#)
      expectClean(m)
      #expect(m.state.activeView == 10)
      #expect(m.state.history == [2])
      #expect(m.state.isDisplayed(10))
      #expect(!m.state.isDisplayed(3))
    }

    @Test("The view-level switch (Android, GTK): SET_INT_VALUE(view, v=1) shows the view", arguments: [Int32(1), 2])
    func viewLevelSwitch(value: Int32) {
      let m = Self.views(#"{"type":"SET_INT_VALUE","internalId":10,"value":\#(value)}"#)
      expectClean(m)
      #expect(m.state.activeView == 10)
      #expect(m.state.history == [2])
      #expect(m.state[10]?.value == 0)  // a switch, not a value
    }

    @Test("The engine's pair of switch commands counts once, in either order")
    func doubleCommandIsIdempotent() {
      let pair = Self.views(#"{"batch":[{"type":"SET_VISIBILITY","internalId":10,"value":1},{"type":"SET_INT_VALUE","internalId":10,"value":1},{"type":"SET_INT_VALUE","internalId":1,"childInternalId":10,"value":1}]}"#)
      expectClean(pair)
      #expect(pair.state.activeView == 10)
      #expect(pair.state.history == [2])
      let reversed = Self.views(#"{"batch":[{"type":"SET_INT_VALUE","internalId":1,"childInternalId":10,"value":1},{"type":"SET_INT_VALUE","internalId":10,"value":1}]}"#)
      #expect(reversed.state.activeView == 10)
      #expect(reversed.state.history == [2])
    }

    @Test("Switching to the active view changes nothing")
    func switchToActiveView() {
      let m = Self.views(#"{"type":"SET_INT_VALUE","internalId":2,"value":1}"#)
      expectClean(m)
      #expect(m.state.activeView == 2)
      #expect(m.state.history.isEmpty)
    }

    @Test("Forward switches stack up the history")
    func historyStacks() {
      let m = Self.views(
        #"{"batch":[{"type":"SET_INT_VALUE","internalId":10,"value":1},{"type":"SET_INT_VALUE","internalId":1,"childInternalId":10,"value":1}]}"#,
        #"{"batch":[{"type":"SET_INT_VALUE","internalId":11,"value":1},{"type":"SET_INT_VALUE","internalId":1,"childInternalId":11,"value":1}]}"#)
      #expect(m.state.activeView == 11)
      #expect(m.state.history == [2, 10])
    }

    @Test("Back with v=3 (Android): the popped view shows and leaves the top of the history")
    func backWithValue3() {
      let m = Self.views(
        #"{"type":"SET_INT_VALUE","internalId":10,"value":1}"#,
        #"{"type":"SET_INT_VALUE","internalId":11,"value":1}"#,
        #"{"type":"SET_INT_VALUE","internalId":10,"value":3}"#)
      expectClean(m)
      #expect(m.state.activeView == 10)
      #expect(m.state.history == [2])  // 11 is not pushed, 10 is popped
    }

    @Test("Back with v=3 at the application level behaves the same")
    func applicationLevelBack() {
      let m = Self.views(
        #"{"type":"SET_INT_VALUE","internalId":1,"childInternalId":10,"value":1}"#,
        #"{"type":"SET_INT_VALUE","internalId":1,"childInternalId":2,"value":3}"#)
      expectClean(m)
      #expect(m.state.activeView == 2)
      #expect(m.state.history.isEmpty)
    }

    @Test("Back with v=3 to a view that is not on top of the history leaves the history alone")
    func backToViewNotOnTop() {
      let m = Self.views(
        #"{"type":"SET_INT_VALUE","internalId":10,"value":1}"#,
        #"{"type":"SET_INT_VALUE","internalId":11,"value":3}"#)
      #expect(m.state.activeView == 11)
      #expect(m.state.history == [2])
    }

    @Test("HISTORY_GO_BACK shows the most recent view of the history")
    func historyGoBack() {
      let m = Self.views(
        #"{"type":"SET_INT_VALUE","internalId":10,"value":1}"#,
        #"{"type":"SET_INT_VALUE","internalId":11,"value":1}"#,
        #"{"type":"HISTORY_GO_BACK"}"#)
      expectClean(m)
      #expect(m.state.activeView == 10)
      #expect(m.state.history == [2])
    }

    @Test("HISTORY_GO_BACK with an empty history does nothing")
    func historyGoBackWhenEmpty() {
      let m = Self.views(#"{"type":"HISTORY_GO_BACK"}"#)
      expectClean(m)
      #expect(m.state.activeView == 2)
    }

    @Test("SET_INT_VALUE on a view with another value (0, 4) is a plain value, not a switch")
    func viewValueOutsideSwitchRange() {
      let m = Self.views(#"{"batch":[{"type":"SET_INT_VALUE","internalId":10},{"type":"SET_INT_VALUE","internalId":11,"value":4}]}"#)
      expectClean(m)
      #expect(m.state.activeView == 2)
      #expect(m.state[11]?.value == 4)
    }

    @Test("A view switch shows images in the new view (their requests go out)")
    func switchShowsImages() {
      let m = Self.views(
        #"{"type":"CREATE_IMAGEVIEW","internalId":10,"childInternalId":20,"textValue":"https://x.test/p.png","width":10,"height":10}"#,
        #"{"t":100,"type":"SET_INT_VALUE","internalId":10,"value":1}"#)
      expectClean(m)
      let requests = imageRequests(m)
      #expect(requests.count == 1)
      #expect(requests.first?.sourceInternalId == 20)
      #expect(m.emissions.first?.time == 100)
    }

    // MARK: - SET_VISIBILITY

    @Test("SET_VISIBILITY hides and shows an element and what is inside it")
    func setVisibility() {
      let hidden = screenModel(
        #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":10,"textValue":"x"}"#,
        #"{"type":"SET_VISIBILITY","internalId":3}"#)
      expectClean(hidden)
      #expect(hidden.state[3]?.isVisible == false)
      #expect(hidden.state[10]?.isVisible == true)
      #expect(!hidden.state.isDisplayed(10))
      let shown = screenModel(
        #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":10,"textValue":"x"}"#,
        #"{"type":"SET_VISIBILITY","internalId":3}"#,
        #"{"type":"SET_VISIBILITY","internalId":3,"value":1}"#)
      #expect(shown.state[3]?.isVisible == true)
      #expect(shown.state.isDisplayed(10))
    }

    @Test("Any non-zero SET_VISIBILITY value means visible")
    func visibilityNonZero() {
      let m = screenModel(#"{"batch":[{"type":"SET_VISIBILITY","internalId":3},{"type":"SET_VISIBILITY","internalId":3,"value":-1}]}"#)
      #expect(m.state[3]?.isVisible == true)
    }

    /// Application 1, frame view 2, drawer 5 holding button 6.
    static let drawer = Prelude.both + [
      #"{"batch":[{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":5},{"type":"CREATE_BUTTON","internalId":5,"childInternalId":6,"textValue":"Home"}]}"#
    ]

    @Test("SET_VISIBILITY on the drawer opens and closes it, and the platform tells the engine with a VisibilityEvent")
    func drawerVisibility() {
      let m = model(Self.drawer + [
        #"{"t":100,"type":"SET_VISIBILITY","internalId":5,"value":1}"#,
        #"{"t":150,"type":"SET_VISIBILITY","internalId":5,"value":1}"#,
      ])
      expectClean(m)
      #expect(m.state.isNavigationShown)
      #expect(m.state.isDisplayed(6))
      #expect(m.emissions == [PlatformEmission(time: 100, recordIndex: 3, kind: .event(target: 5, .visibility(VisibilityEvent(visible: true))))])

      let closed = model(Self.drawer + [
        #"{"t":100,"type":"SET_VISIBILITY","internalId":5,"value":1}"#,
        #"{"t":900,"type":"SET_VISIBILITY","internalId":5}"#,
      ])
      #expect(!closed.state.isNavigationShown)
      #expect(!closed.state.isDisplayed(6))
      #expect(closed.emissions.map(\.kind) == [
        .event(target: 5, .visibility(VisibilityEvent(visible: true))),
        .event(target: 5, .visibility(VisibilityEvent(visible: false))),
      ])
    }

    @Test("Closing a drawer that is closed sends nothing")
    func closingClosedDrawer() {
      let m = model(Self.drawer + [#"{"type":"SET_VISIBILITY","internalId":5}"#])
      #expect(m.emissions.isEmpty)
      #expect(!m.state.isNavigationShown)
    }

    @Test("The user opening and closing the drawer (recorded ValueEvent or VisibilityEvent) moves it, and the model does not announce it again")
    func recordedDrawerEvents() {
      let m = model(Self.drawer + [
        #"{"t":100,"event":"ValueEvent","target":5,"value":1}"#,
        #"{"t":200,"event":"VisibilityEvent","target":5,"visible":true}"#,
      ])
      #expect(m.state.isNavigationShown)
      #expect(m.state[5]?.isVisible == true)
      // The platform's own VisibilityEvent for a user's move is in the trace already.
      #expect(m.emissions.isEmpty)
      let closed = model(Self.drawer + [
        #"{"t":100,"event":"ValueEvent","target":5,"value":1}"#,
        #"{"t":300,"event":"VisibilityEvent","target":5}"#,
      ])
      #expect(!closed.state.isNavigationShown)
      #expect(closed.state[5]?.isVisible == false)
      #expect(closed.emissions.isEmpty)
    }

    @Test("The user reopening a drawer that SET_VISIBILITY closed makes it visible again, content included")
    func reopenClosedDrawer() {
      for reopen in [#"{"t":300,"event":"ValueEvent","target":5,"value":1}"#, #"{"t":300,"event":"VisibilityEvent","target":5,"visible":true}"#] {
        let m = model(Self.drawer + [
          #"{"t":100,"type":"SET_VISIBILITY","internalId":5,"value":1}"#,
          #"{"t":200,"type":"SET_VISIBILITY","internalId":5}"#,
          reopen,
        ])
        #expect(m.state.isNavigationShown)
        #expect(m.state[5]?.isVisible == true)
        #expect(m.state.isDisplayed(6))
        #expect(m.emissions.map(\.time) == [100, 200])  // the engine's moves are announced, the user's not
      }
    }

    // MARK: - Modal results

    @Test("The platform's ValueEvent to an open dialog or action sheet is its answer: it closes it like a modal result")
    func valueEventClosesModal() {
      let m = screenModel(
        #"{"batch":[{"type":"CREATE_ACTION_SHEET","internalId":2,"childInternalId":10,"textValue":"Share"},{"type":"ADD_OPTION","internalId":10,"value":1,"textValue":"Mail"}]}"#,
        #"{"t":800,"event":"ValueEvent","target":10,"value":1}"#)
      expectClean(m)
      #expect(m.state.modalStack.isEmpty)
      #expect(m.state[10]?.modalResult == 1)
      // A second answer for the same sheet has no open modal to close.
      let twice = screenModel(
        #"{"batch":[{"type":"CREATE_ACTION_SHEET","internalId":2,"childInternalId":10,"textValue":"Share"}]}"#,
        #"{"t":800,"event":"ValueEvent","target":10,"value":1}"#,
        #"{"t":801,"modal":10,"value":1}"#)
      #expect(twice.diagnostics.map(\.rule) == [.modalResultWithoutModal])
    }

    @Test("A modal result closes the dialog and keeps the value; the engine then removes and deletes it")
    func modalResultClosesDialog() {
      let opened = screenModel(
        #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10,"textValue":"Delete?"},{"type":"CREATE_BUTTON","internalId":10,"childInternalId":11,"textValue":"OK"}]}"#,
        #"{"t":500,"event":"ValueEvent","target":11,"value":1}"#,
        #"{"t":502,"modal":10,"value":1}"#)
      expectClean(opened)
      #expect(opened.state.modalStack.isEmpty)
      #expect(opened.state[10]?.modalResult == 1)
      #expect(opened.state[10]?.parent == 2)  // still attached until REMOVE_CHILD
      #expect(!opened.state.isDisplayed(11))

      let removed = screenModel(
        #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10,"textValue":"Delete?"},{"type":"CREATE_BUTTON","internalId":10,"childInternalId":11,"textValue":"OK"}]}"#,
        #"{"t":502,"modal":10,"value":1}"#,
        #"{"t":502,"type":"REMOVE_CHILD","internalId":2,"childInternalId":10}"#,
        #"{"t":503,"type":"DELETE_ELEMENT","internalId":10}"#,
        #"{"t":503,"type":"DELETE_ELEMENT","internalId":11}"#)
      expectClean(removed)
      #expect(removed.state[10] == nil)
      #expect(removed.state[11] == nil)
      #expect(removed.state[2]?.children == [3])
    }

    @Test("A modal result chooses an action sheet's option")
    func actionSheetResult() {
      let m = screenModel(
        #"{"batch":[{"type":"CREATE_ACTION_SHEET","internalId":2,"childInternalId":10,"textValue":"Share"},{"type":"ADD_OPTION","internalId":10,"value":1,"textValue":"Mail"},{"type":"ADD_OPTION","internalId":10,"value":2,"textValue":"Copy"}]}"#,
        #"{"t":800,"modal":10,"value":2}"#)
      expectClean(m)
      #expect(m.state[10]?.modalResult == 2)
      #expect(m.state[10]?.options.map(\.label) == ["Mail", "Copy"])
      #expect(m.state.modalStack.isEmpty)
    }

    @Test("A modal result closes the dialog it names, even below the top of the stack")
    func modalResultBelowTop() {
      let m = screenModel(
        #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10},{"type":"CREATE_DIALOG","internalId":2,"childInternalId":11}]}"#,
        #"{"modal":10}"#)
      expectClean(m)
      #expect(m.state.modalStack == [11])
      #expect(m.state[10]?.modalResult == 0)
    }
  }
}
