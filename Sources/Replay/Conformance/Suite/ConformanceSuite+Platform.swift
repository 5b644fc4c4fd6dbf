import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// Timers on the virtual clock (toast durations follow Android: ``profiles``).
  static var clock: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createButton, in: 2, id: 3), Command(.createTimer, internalId: 3, childInternalId: 9, value: 1000))
      b.wait(3500)
      cases.append(b.named("Required.Timer.TicksAtItsInterval", "a timer ticks every interval, each TimerEvent (id = timer id) to its owner at its own instant", "PROTOCOL.md §5.1, §6 3", about: [.tree, .timers], events: .timer))
      b.send(.to(3, .deleteElement))
      b.wait(3000)
      cases.append(b.named("Required.Timer.StopsWithItsOwner", "deleting the owner stops its timers", "PROTOCOL.md §5.1", about: [.tree, .timers], events: .timer))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createButton, in: 2, id: 3), Command(.createTimer, internalId: 3, childInternalId: 9, value: 700), Command(.createTimer, internalId: 2, childInternalId: 10, value: 1000))
      b.later(2100)
      b.act(.tap(3))
      cases.append(b.named("Required.Timer.TicksBeforeALaterAction", "ticks due before a user's action are sent before its event, in time order", "CONFORMANCE.md §1.3", about: [.tree, .timers], events: [.timer, .user]))
    }
    return cases
  }

  /// Stored preferences.
  static var preferences: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let header = TraceHeader(creator: "cmdtool conformance", viewport: Viewport(width: 390, height: 844), preferences: ["user": "alice", "theme": "dark"])
    do {
      var b = CaseBuilder.app()
      cases.append(b.named("Required.Preferences.FromTheHeader", "the stored preferences are the committed ones at start", "PROTOCOL.md §6 17", about: [.tree, .preferences], header: header))
      b.send(Command(.updatePreference, internalId: 1, textValue: "theme", textValue2: "light"), Command(.deletePreference, internalId: 1, textValue: "user"), Command(.updatePreference, textValue: "lang", textValue2: "fi"), Command(.commitPreferences, internalId: 1))
      cases.append(b.named("Required.Preferences.CommitApplies", "COMMIT_PREFERENCES applies updates and deletions", "PROTOCOL.md §3 55–57", about: [.tree, .preferences], header: header))
    }
    return cases
  }

  /// Requests the platform carries out on its own (browser, sharing, purchases, quitting).
  static var requests: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let about: StateParts = [.tree, .requests]
    for (type, text) in [(CommandType.launchBrowser, "https://example.com"), (.shareLink, "https://example.com/s"), (.selectFromGallery, ""), (.listProducts, "sku"), (.buyProduct, "sku-1"), (.listPurchases, ""), (.consumePurchase, "sku-1")] {
      var b = CaseBuilder.app()
      b.send(.to(2, type, text: text))
      // No engine sends the purchase commands (protocol notes §2): reported, not required.
      let tier = [CommandType.listProducts, .buyProduct, .listPurchases, .consumePurchase].contains(type) ? "Informational" : "Required"
      cases.append(b.named("\(tier).Requests.\(camel(type))", "\(type.name) is logged as a request", "PROTOCOL.md §3 \(type.rawValue)", about: about))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.to(1, .showNetworkActivity, value: 1))
      b.send(.to(1, .showNetworkActivity, value: 1), .to(1, .showNetworkActivity, value: 0))
      cases.append(b.named("Required.Requests.ShowNetworkActivity", "SHOW_NETWORK_ACTIVITY turns the indicator on and off, logged every time", "PROTOCOL.md §3 72", about: about))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.to(0, .quitApp))
      // A label, whose text a platform keeps (a view's it need not, docs/CONFORMANCE.md §1.7).
      b.send(.create(.createText, in: 2, id: 3, text: "after quit"), .to(1, .quitApp))
      cases.append(b.named("Required.Requests.QuitApp", "QUIT_APP with any id (0 included) quits; later commands still apply", "PROTOCOL.md §3 64, §6 16", about: [.tree, .requests, .text]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createButton, in: 2, id: 3), .to(2, .flushView), .to(77, .flushView))
      cases.append(b.named("Required.Requests.FlushViewDoesNothing", "FLUSH_VIEW is a redraw hint: nothing changes, its id is not checked", "PROTOCOL.md §3 54", about: .tree))
    }
    return cases
  }
}
