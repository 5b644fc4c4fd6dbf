import CommandCodec
import ReplayCore

/// Updates to existing elements, and what the application does besides its screens.
extension StreamGenerator {
  /// A batch of updates (one command, most often), mostly on the screen in front.
  mutating func updateBurst() {
    let root = pickRoot()
    let count = random.chance(65) ? 1 : 2 + random.below(7)
    for _ in 0..<count { update(descend(from: root)) }
    commit()
  }

  /// One update that suits the element's kind.
  mutating func update(_ id: Int32) {
    guard let kind = tree.kind(of: id) else { return }
    let roll = random.below(100)
    switch kind {
    case .application, .frameView, .openGLView, .navigationView, .pager, .flipperLayout:
      // Views switch and the drawer opens through their own steps; pages turn through theirs.
      style(id)
    case .text:
      if roll < 40 {
        send(Command(.setTextValue, internalId: id, textValue: text()))
      } else if roll < 50 {
        send(Command(.createLink, internalId: id, textValue: text()))
      } else {
        style(id)
      }
    case .button, .checkbox, .switch:
      if roll < 35 {
        send(Command(.setIntValue, internalId: id, value: integer(Int32(random.below(2)))))
      } else if roll < 60 && kind != .switch {
        send(Command(.setTextValue, internalId: id, textValue: text()))
      } else if roll < 70 {
        setError(id)
      } else {
        style(id)
      }
    case .textField, .textView, .searchBar:
      if roll < 45 {
        send(Command(.setTextValue, internalId: id, textValue: text()))
      } else if roll < 55 {
        send(Command(.setIntValue, internalId: id, value: Int32(random.below(2))))
      } else if roll < 70 {
        setError(id)
      } else if roll < 75 {
        send(Command(.clear, internalId: id))
      } else {
        style(id)
      }
    case .picker, .segmentedControl, .radioGroup, .actionSheet:
      if roll < 40 {
        send(Command(.addOption, internalId: id, value: integer(Int32(random.below(10))), textValue: text()))
      } else if roll < 75 {
        send(Command(.setIntValue, internalId: id, value: integer(Int32(random.below(4)))))
      } else if roll < 80 {
        send(Command(.clear, internalId: id))
      } else {
        style(id)
      }
    case .custom: updateWidget(id)
    case .imageView: updateImage(id, roll: roll)
    case .listView, .gridView: updateList(id, roll: roll)
    case .progressSpinner:
      if roll < 30 { send(Command(.stop, internalId: id)) } else { setVisibility(id) }
    case .pageControl:
      if roll < 60 {
        send(Command(.setIntValue, internalId: id, value: integer(Int32(random.below(4)))))
      } else {
        send(Command(.reshapeTable, internalId: id, value: integer(Int32(2 + random.below(5)))))
      }
    case .actionBar:
      if roll < 40 {
        send(Command(.setTextValue, internalId: id, textValue: text(), textValue2: random.chance(50) ? text() : ""))
      } else if roll < 70 {
        send(Command(random.chance(50) ? .addOption : .addColumn, internalId: id, value: Int32(random.below(5)), textValue: text()))
      } else {
        style(id)
      }
    case .scrollLayout:
      if roll < 40 { send(Command(.setIntValue, internalId: id, value: integer(Int32(random.below(2000))))) } else { style(id) }
    case .dialog, .alertDialog:
      if roll < 30 { send(Command(.setTextValue, internalId: id, textValue: text())) } else { style(id) }
    case .notification, .navigationBarItem, .separator, .slider:
      if roll < 40 { send(Command(.setTextValue, internalId: id, textValue: text())) } else { style(id) }
    case .linearLayout, .frameLayout, .eventLayout, .tableLayout, .autoColumnLayout, .navigationBar:
      if roll < 85 || lazy.contains(where: { $0.container == id }) { style(id) } else { setVisibility(id) }
    }
  }

  mutating func setError(_ id: Int32) {
    if random.chance(60) {
      send(Command(.setError, internalId: id, value: 1, textValue: random.chance(90) ? "Virheellinen arvo" : oddText()))
    } else {
      send(Command(.setError, internalId: id, value: 0))
    }
  }

  mutating func setVisibility(_ id: Int32) {
    send(Command(.setVisibility, internalId: id, value: random.chance(75) ? 1 : 0))
  }

  /// ImageElement: more URLs, setData (CLEAR, then URLs), setImageFile, RELEASE, a width style.
  mutating func updateImage(_ id: Int32, roll: Int) {
    if roll < 30 {
      let width = Int32([150, 400, 640, 1024][random.below(4)])
      send(Command(.addImageURL, internalId: id, textValue: imageURL(width: width), width: width, height: integer(width / 2)))
    } else if roll < 45 {
      send(Command(.clear, internalId: id))
      if random.chance(70) {
        send(Command(.addImageURL, internalId: id, textValue: imageURL(width: 200), width: 200, height: 150))
      }
    } else if roll < 55 {
      send(Command(.setTextValue, internalId: id, textValue: random.chance(80) ? StreamText.assets[random.below(StreamText.assets.count)] : ""))
    } else if roll < 65 {
      send(Command(.release, internalId: id))
    } else if roll < 80 {
      send(Command(.setStyle, internalId: id, textValue: "width", textValue2: String([100, 160, 320, 700][random.below(4)])))
    } else {
      setVisibility(id)
    }
  }

  /// ListView/GridView: cells, row counts, sheets, a flush.
  mutating func updateList(_ id: Int32, roll: Int) {
    if roll < 50 {
      let rows = 1 + random.below(4)
      for _ in 0..<rows {
        let sheet = random.chance(percent: configuration.oddValuePercent) ? UInt16.max : UInt16(random.below(2))
        send(Command(.setTextData, internalId: id, textValue: text(), row: integer(Int32(random.below(20))), column: Int32(random.below(3)), sheet: sheet))
      }
      send(Command(.flushView, internalId: id))
    } else if roll < 65 {
      send(Command(.reshapeSheet, internalId: id, value: integer(Int32(random.below(20))), sheet: UInt16(random.below(2))))
    } else if roll < 75 {
      send(Command(.addSheet, internalId: id, textValue: text()))
    } else if roll < 82 {
      send(Command(.reshapeTable, internalId: id, value: Int32(random.below(3))))
    } else if roll < 88 {
      send(Command(.clear, internalId: id))
    } else if roll < 93 {
      send(Command(.addColumn, internalId: id, value: Int32(random.below(5)), textValue: text()))
    } else {
      style(id)
    }
  }

  // MARK: - The application

  /// Element::showToast, from an element in front or the application.
  mutating func showToast() {
    let from = random.chance(50) ? application : descend(from: front ?? application)
    let duration: Int32 = random.chance(80) ? 0 : random.chance(80) ? 1 : integer(9)
    send(Command(.createToast, internalId: from, value: duration, textValue: text()))
    commit()
  }

  /// Element::createTimer: a fresh id from the element counter; the timer runs until its owner
  /// goes (at most a few at a time, and few owned by the application, which stays).
  mutating func createTimer() {
    guard timers.count < 6 else { return updateBurst() }
    let ownedByApplication = timers.filter { $0.owner == application }.count
    let owner = ownedByApplication < 2 && random.chance(30) ? application : descend(from: pickRoot())
    let id = takeId()
    send(Command(.createTimer, internalId: owner, childInternalId: id, value: [16, 100, 250, 500, 1000][random.below(5)]))
    timers.append((id, owner))
    commit()
  }

  /// FWApplication::savePreferences: deletions, then updates (`""` for a key deleted after it was
  /// set), then always COMMIT_PREFERENCES.
  mutating func savePreferences() {
    for _ in 0..<random.below(3) {
      send(Command(.deletePreference, internalId: application, textValue: StreamText.preferenceKeys[random.below(StreamText.preferenceKeys.count)]))
    }
    for _ in 0..<random.below(4) {
      let key = StreamText.preferenceKeys[random.below(StreamText.preferenceKeys.count)]
      send(Command(.updatePreference, internalId: application, textValue: key, textValue2: random.chance(10) ? "" : text()))
    }
    send(Command(.commitPreferences, internalId: application))
    commit()
  }

  /// A fire-and-forget request: the browser, a share sheet, the gallery, the activity indicator.
  mutating func sendRequest() {
    request(random.below(4))
    commit()
  }

  /// Request `which` (0–3): the browser, a share sheet, the gallery, the activity indicator.
  mutating func request(_ which: Int) {
    let from = descend(from: front ?? application)
    switch which {
    case 0: send(Command(.launchBrowser, internalId: from, textValue: "https://example.com/help?q=" + String(random.below(100))))
    case 1: send(Command(.shareLink, internalId: application, textValue: "https://example.com/s/" + String(random.below(1000))))
    case 2: send(Command(.selectFromGallery, internalId: application))
    default:
      // Sent when the set of elements with activity becomes non-empty or empty.
      networkActivity.toggle()
      send(Command(.showNetworkActivity, internalId: from, value: networkActivity ? 1 : 0))
    }
  }

  /// The drawer: created once with a menu in it, then opened and closed with SET_VISIBILITY.
  mutating func drawerStep() {
    if let drawer {
      drawerOpen.toggle()
      send(Command(.setVisibility, internalId: drawer, value: drawerOpen ? 1 : 0))
    } else if creates(.navigationView) {
      let navigation = create(.navigationView, under: application)
      let menu = columnKind.map { create($0, under: navigation) } ?? navigation
      if creates(.button) { for _ in 0..<(2 + random.below(4)) { create(.button, under: menu) } }
    } else {
      return updateBurst()
    }
    commit()
  }

  /// A detached element (a removed dialog, an element created under a parent that did not exist)
  /// deleted at last, with whatever hangs under it.
  mutating func deleteUnattached() {
    guard !unattached.isEmpty else { return updateBurst() }
    deleteSubtree(unattached[random.below(unattached.count)])
    commit()
  }

  /// What engines seldom or never send but the protocol has: HISTORY_GO_BACK (GTK makes it
  /// itself), the purchase commands (no engine sends them), QUIT_APP in the middle of a session
  /// (records after it still apply).
  mutating func obscureStep() {
    obscure(random.below(6))
    commit()
  }

  /// Obscure command `which` (0–5): HISTORY_GO_BACK, the four purchase commands, QUIT_APP.
  mutating func obscure(_ which: Int) {
    switch which {
    case 0:
      send(Command(.historyGoBack))
      if let previous = history.popLast() { front = previous }
    case 1: send(Command(.listProducts, internalId: application, textValue: "premium,coins_100"))
    case 2: send(Command(.buyProduct, internalId: application, textValue: "premium"))
    case 3: send(Command(.listPurchases, internalId: application))
    case 4: send(Command(.consumePurchase, internalId: application, textValue: "coins_100"))
    default: send(Command(.quitApp, internalId: random.chance(50) ? application : 0))
    }
  }
}
