import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

extension ModelRuleTests {
  /// Preferences, fire-and-forget requests, toasts and timers as commands create them, and how
  /// the model treats names of older engine versions.
  @Suite("Preferences, requests, legacy names")
  struct Platform {
    // MARK: - Preferences

    static let header = #"{"trace":1,"preferences":{"lang":"fi","user":"bob"}}"#

    @Test("The header's preferences are the committed store at the start")
    func headerPreferences() {
      let m = model(Self.header, Prelude.app)
      #expect(m.state.preferences.committed == ["lang": "fi", "user": "bob"])
      #expect(!m.state.preferences.hasPendingChanges)
    }

    @Test("UPDATE_PREFERENCE and DELETE_PREFERENCE are pending until COMMIT_PREFERENCES")
    func pendingUntilCommit() {
      let m = model(Self.header, Prelude.app, #"{"batch":[{"type":"DELETE_PREFERENCE","internalId":1,"textValue":"lang"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"user","textValue2":"alice"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"theme","textValue2":"dark"}]}"#)
      expectClean(m)
      let preferences = m.state.preferences
      #expect(preferences.committed == ["lang": "fi", "user": "bob"])
      #expect(preferences.pendingUpdates == ["user": "alice", "theme": "dark"])
      #expect(preferences.pendingDeletions == ["lang"])
      #expect(preferences.value(forKey: "lang") == nil)
      #expect(preferences.value(forKey: "user") == "alice")
    }

    @Test("COMMIT_PREFERENCES applies deletions and updates to the committed store")
    func commit() {
      let m = model(Self.header, Prelude.app, #"{"batch":[{"type":"DELETE_PREFERENCE","internalId":1,"textValue":"lang"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"user","textValue2":"alice"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"theme","textValue2":"dark"},{"type":"COMMIT_PREFERENCES","internalId":1}]}"#)
      expectClean(m)
      #expect(m.state.preferences == PreferenceStore(committed: ["user": "alice", "theme": "dark"]))
    }

    @Test("The last change to a key wins: delete then update revives it, update then delete removes it")
    func lastChangeWins() {
      let m = model(Self.header, Prelude.app, #"{"batch":[{"type":"DELETE_PREFERENCE","internalId":1,"textValue":"lang"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"lang","textValue2":"sv"},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"user","textValue2":"eve"},{"type":"DELETE_PREFERENCE","internalId":1,"textValue":"user"},{"type":"COMMIT_PREFERENCES","internalId":1}]}"#)
      #expect(m.state.preferences.committed == ["lang": "sv"])
    }

    @Test("Preferences do not need the application element")
    func preferencesWithoutApplication() {
      let m = model(#"{"batch":[{"type":"UPDATE_PREFERENCE","textValue":"k","textValue2":"v"},{"type":"COMMIT_PREFERENCES"}]}"#)
      expectClean(m)
      #expect(m.state.preferences.committed == ["k": "v"])
    }

    // MARK: - Requests

    @Test("LAUNCH_BROWSER, SHARE_LINK and the purchase and gallery commands are logged with time, record and sender")
    func requestLog() {
      let m = screenModel(
        #"{"t":100,"type":"LAUNCH_BROWSER","internalId":3,"textValue":"https://example.com/terms"}"#,
        #"{"t":200,"batch":[{"type":"SHARE_LINK","internalId":1,"textValue":"https://example.com/p/1"},{"type":"SELECT_FROM_GALLERY","internalId":1},{"type":"LIST_PRODUCTS","internalId":1,"textValue":"pro,max"},{"type":"BUY_PRODUCT","internalId":1,"textValue":"pro"},{"type":"LIST_PURCHASES","internalId":1},{"type":"CONSUME_PURCHASE","internalId":1,"textValue":"pro"}]}"#)
      expectClean(m)
      #expect(m.state.requests == [
        PlatformRequest(time: 100, recordIndex: 2, kind: .launchBrowser, from: 3, text: "https://example.com/terms"),
        PlatformRequest(time: 200, recordIndex: 3, kind: .shareLink, from: 1, text: "https://example.com/p/1"),
        PlatformRequest(time: 200, recordIndex: 3, kind: .selectFromGallery, from: 1, text: ""),
        PlatformRequest(time: 200, recordIndex: 3, kind: .listProducts, from: 1, text: "pro,max"),
        PlatformRequest(time: 200, recordIndex: 3, kind: .buyProduct, from: 1, text: "pro"),
        PlatformRequest(time: 200, recordIndex: 3, kind: .listPurchases, from: 1, text: ""),
        PlatformRequest(time: 200, recordIndex: 3, kind: .consumePurchase, from: 1, text: "pro"),
      ])
    }

    @Test("QUIT_APP (id 0 after BACK on an empty history, or the application) marks the application as quit")
    func quitApp() {
      let m = screenModel(#"{"t":50,"type":"QUIT_APP"}"#)
      expectClean(m)
      #expect(m.state.hasQuit)
      #expect(m.state.requests == [PlatformRequest(time: 50, recordIndex: 2, kind: .quit, from: 0, text: "")])
      #expect(m.state[1] != nil)  // nothing is torn down by it
    }

    @Test("SHOW_NETWORK_ACTIVITY turns the indicator on and off, and is logged")
    func networkActivity() {
      let on = screenModel(#"{"t":10,"type":"SHOW_NETWORK_ACTIVITY","internalId":3,"value":1}"#)
      #expect(on.state.networkActivity)
      let off = screenModel(
        #"{"t":10,"type":"SHOW_NETWORK_ACTIVITY","internalId":3,"value":1}"#,
        #"{"t":20,"type":"SHOW_NETWORK_ACTIVITY","internalId":3}"#)
      expectClean(off)
      #expect(!off.state.networkActivity)
      #expect(off.state.requests.map(\.text) == ["on", "off"])
      #expect(off.state.requests.map(\.kind) == [.networkActivity, .networkActivity])
    }

    @Test("The request log keeps the most recent maxRequests requests")
    func requestLogLimit() {
      var options = ReferenceModel.Options()
      options.maxRequests = 2
      let m = model(
        Prelude.both + [
          #"{"type":"LAUNCH_BROWSER","textValue":"a"}"#, #"{"type":"LAUNCH_BROWSER","textValue":"b"}"#,
          #"{"type":"LAUNCH_BROWSER","textValue":"c"}"#,
        ], options: options)
      #expect(m.state.requests.map(\.text) == ["b", "c"])
    }

    @Test("maxRequests 0 keeps no requests (and does not trap); the state still changes")
    func requestLogOff() {
      var options = ReferenceModel.Options()
      options.maxRequests = 0
      let m = model(Prelude.both + [#"{"batch":[{"type":"SHOW_NETWORK_ACTIVITY","value":1},{"type":"QUIT_APP"}]}"#], options: options)
      #expect(m.state.requests.isEmpty)
      #expect(m.state.networkActivity)
      #expect(m.state.hasQuit)
    }

    // MARK: - Toasts and timers as created

    @Test("CREATE_TOAST shows a toast from the caller until its duration is over")
    func createToast() {
      let m = screenModel(
        #"{"t":1000,"type":"CREATE_TOAST","internalId":3,"textValue":"Saved"}"#,
        #"{"t":1200,"type":"CREATE_TOAST","internalId":2,"value":1,"textValue":"Long"}"#)
      expectClean(m)
      #expect(m.state.toasts == [
        Toast(number: 1, text: "Saved", from: 3, shownAt: 1000, expiresAt: 3000),
        Toast(number: 2, text: "Long", from: 2, shownAt: 1200, expiresAt: 4700),
      ])
      #expect(m.nextDeadline == 3000)
    }

    @Test("CREATE_TIMER starts a timer owned by the creator, first firing one interval later")
    func createTimer() {
      let m = screenModel(#"{"t":100,"type":"CREATE_TIMER","internalId":3,"childInternalId":7,"value":250}"#)
      expectClean(m)
      #expect(m.state.timers == [7: ModelTimer(id: 7, owner: 3, interval: 250, createdAt: 100, nextFire: 350, fireCount: 0)])
      #expect(m.nextDeadline == 350)
    }

    @Test("CREATE_TIMER without a timer id (0) starts no timer, with a zero or a bad interval too", arguments: [
      (#"{"t":100,"type":"CREATE_TIMER","internalId":3,"value":250}"#, "CREATE_TIMER from 3 has no timer id (childInternalId 0); no timer is started"),
      (#"{"t":100,"type":"CREATE_TIMER","internalId":3,"childInternalId":0,"value":0}"#, "CREATE_TIMER from 3 has no timer id (childInternalId 0); no timer is started"),
    ])
    func createTimerWithoutId(line: String, message: String) {
      let m = screenModel(line, #"{"t":1000,"marker":"later"}"#)
      #expect(rules(m) == [.missingTimerId])
      #expect(m.diagnostics.first?.message == message)
      #expect(m.state.timers.isEmpty)
      let ticks = m.emissions.filter { emission in
        if case .event(_, .timer) = emission.kind { return true }
        return false
      }
      #expect(ticks.isEmpty, "no tick for a timer that was never started")
    }

    // MARK: - Names of older engines, commands not modelled

    @Test("Creation names of older engines make today's kinds", arguments: [
      (name: "CREATE_PROGRESSBAR", kind: ElementKind.progressSpinner),
      (name: "CREATE_TEXTLABEL", kind: .text),
      (name: "CREATE_HEADING_TEXT", kind: .text),
      (name: "CREATE_IMAGE_ELEMENT", kind: .imageView),
      (name: "CREATE_SIMPLELISTVIEW", kind: .listView),
      (name: "CREATE_PROXY_LAYOUT", kind: .linearLayout),
      (name: "CREATE_RELATIVE_LAYOUT", kind: .frameLayout),
      (name: "CREATE_PANEL", kind: .frameLayout),
      (name: "CREATE_SCROLLVIEW", kind: .scrollLayout),
    ])
    func legacyCreates(name: String, kind: ElementKind) {
      let m = screenModel(#"{"type":"\#(name)","internalId":3,"childInternalId":10,"textValue":"x"}"#)
      expectClean(m)
      #expect(m.state[10]?.kind == kind)
      #expect(m.state[10]?.parent == 3)
    }

    @Test("Older view names make frame views under the application, the first one active", arguments: [
      "CREATE_FORMVIEW", "CREATE_BASICVIEW",
    ])
    func legacyViews(_ name: String) {
      let m = model(Prelude.app, #"{"type":"\#(name)","internalId":0,"childInternalId":2}"#)
      expectClean(m)
      #expect(m.state[2]?.kind == .frameView)
      #expect(m.state[2]?.parent == 1)
      #expect(m.state.activeView == 2)
    }

    @Test("CREATE_NATIVE_OPENGL_VIEW makes an OpenGL view")
    func legacyOpenGL() {
      let m = model(Prelude.app, #"{"type":"CREATE_NATIVE_OPENGL_VIEW","internalId":1,"childInternalId":2}"#)
      #expect(m.state[2]?.kind == .openGLView)
    }

    @Test("Commands no engine emits are accepted with a note", arguments: ["SET_INT_DATA", "SET_SHAPE"])
    func notModelledCurrent(_ name: String) {
      let m = screenModel(#"{"t":5,"type":"\#(name)","internalId":3,"value":1}"#)
      #expect(rules(m) == [.notModelled])
      #expect(m.diagnostics.first?.severity == .note)
      #expect(m.diagnostics.first?.message == "\(name) is not modelled (no engine emits it)")
      #expect(m.errorCount == 0)
      #expect(m.firstError == nil)
    }

    @Test("Older names without a current meaning are accepted with a note", arguments: [
      "TOGGLE_MENU", "SET_BACK_BUTTON_VISIBILITY", "HISTORY_GO_FORWARD", "SHOW_VIEW", "SET_LABEL",
      "DELETE_TIMER", "CREATE_PLATFORM", "END_MODAL",
    ])
    func notModelledLegacy(_ name: String) {
      let m = screenModel(#"{"type":"\#(name)","internalId":3}"#)
      #expect(rules(m) == [.notModelled])
      #expect(m.diagnostics.first?.message == "\(name) is not modelled (a name of older engine versions)")
      #expect(m.diagnosticCounts == [.note: 1])
    }
  }
}
