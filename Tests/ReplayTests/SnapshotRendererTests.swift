import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// Exact output of StateSnapshotWriter, StateTreeRenderer and PlatformEmissionFormatter for small
/// states built by hand.
@Suite("Snapshots and rendering")
struct SnapshotRendererTests {
  /// A small screen: an escaped label, a password field with an error, a hidden button with styles
  /// in two selectors (one replaced), a header preference.
  static let small = model(
    #"{"trace":1,"preferences":{"theme":"dark"}}"#,
    #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Demo"}"#,
    ##"{"t":4,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"Say \"hi\"\\\n\t\u0001 é"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5,"textValue":"hunter2","flags":16},{"type":"SET_STYLE","internalId":5,"textValue":"width","textValue2":"match-parent"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":6,"textValue":"OK"},{"type":"SET_STYLE","internalId":6,"value":1,"textValue":"background-color","textValue2":"#111"},{"type":"SET_STYLE","internalId":6,"textValue":"color","textValue2":"#fff"},{"type":"SET_STYLE","internalId":6,"textValue":"background-color","textValue2":"#000"},{"type":"SET_STYLE","internalId":6,"textValue":"Z-index","textValue2":"1"},{"type":"SET_STYLE","internalId":6,"textValue":"background-color","textValue2":"#222"}]}"##,
    #"{"t":10,"batch":[{"type":"SET_VISIBILITY","internalId":6},{"type":"SET_ERROR","internalId":5,"value":1,"textValue":"Required"}]}"#)

  @Test("Snapshot: fixed key order, ids ascending, defaults omitted, strings escaped, styles by selector then key bytes")
  func smallSnapshot() {
    let expected = #"""
      {
        "version": 1,
        "time": 10,
        "record": 2,
        "application": 1,
        "activeView": 2,
        "preferences": {"committed":{"theme":"dark"}},
        "elements": {
          "1": {"kind":"application","children":[2],"text":"Demo"},
          "2": {"kind":"frameView","parent":1,"children":[3]},
          "3": {"kind":"linearLayout","parent":2,"children":[4,5,6],"value":1},
          "4": {"kind":"text","parent":3,"text":"Say \"hi\"\\\n\t\u0001 é"},
          "5": {"kind":"textField","parent":3,"text":"hunter2","error":"Required","flags":16,"styles":{"NORMAL":{"width":"match-parent"}}},
          "6": {"kind":"button","parent":3,"text":"OK","hidden":true,"styles":{"NORMAL":{"Z-index":"1","background-color":"#222","color":"#fff"},"ACTIVE":{"background-color":"#111"}}}
        }
      }

      """#
    #expect(StateSnapshotWriter.snapshot(of: Self.small.state).text == expected)
  }

  @Test("Tree: the active view marked, escapes visible, the password masked, markers for error and hidden")
  func smallTree() {
    let expected = #"""
      "Demo" · application 1 · at 0.010s after record #2
      ▶ frameView 2 [active]
          linearLayout 3 vertical
            text 4 "Say \"hi\"\\\n\t\u0001 é"
            textField 5 •••••••• [password] [error "Required"] · 1 style
            button 6 "OK" [hidden] · 4 styles
      preferences  theme="dark"

      """#
    #expect(StateTreeRenderer.render(Self.small.state) == expected)
  }

  @Test("A password field is masked with one dot per character, flag 1 or 16; other fields are not")
  func passwordMasking() {
    let m = screenModel(#"{"batch":[{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":10,"textValue":"pässwörd","flags":1},{"type":"CREATE_TEXTVIEW","internalId":3,"childInternalId":11,"textValue":"x","flags":48},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":12,"textValue":"visible","flags":32},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":13,"flags":16},{"type":"CREATE_TEXT","internalId":3,"childInternalId":14,"textValue":"label","flags":16}]}"#)
    let tree = StateTreeRenderer.render(m.state)
    #expect(tree.contains("textField 10 •••••••• [password]\n"))
    #expect(tree.contains("textView 11 •••••••• [password]\n"))
    #expect(tree.contains("textField 12 \"visible\"\n"))
    #expect(tree.contains("textField 13 [password]\n"))
    #expect(tree.contains("text 14 \"label\"\n"))
    #expect(!tree.contains("pässwörd"))
    #expect(StateSnapshotWriter.snapshot(of: m.state).text.contains(#""text":"pässwörd""#))
  }

  @Test("A text field shows its hint, which script selectors name it by; other kinds do not")
  func hintsAreShown() {
    let m = screenModel(#"{"batch":[{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":10},{"type":"SET_STYLE","internalId":10,"textValue":"hint","textValue2":"User name"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":11,"textValue":"secret","flags":1},{"type":"SET_STYLE","internalId":11,"textValue":"hint","textValue2":"Password"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":12,"textValue":"OK"},{"type":"SET_STYLE","internalId":12,"textValue":"hint","textValue2":"ignored"}]}"#)
    let tree = StateTreeRenderer.render(m.state)
    #expect(tree.contains("textField 10 hint \"User name\" · 1 style\n"), "\(tree)")
    #expect(tree.contains("textField 11 •••••••• hint \"Password\" [password] · 1 style\n"), "\(tree)")
    #expect(tree.contains("button 12 \"OK\" · 1 style\n"), "\(tree)")
  }

  /// Everything a snapshot can hold at the top level, and most element fields.
  static let full = model(
    #"{"trace":1,"viewport":{"width":320,"height":480}}"#,
    #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Kit"}"#,
    #"{"t":0,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":3},{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":4},{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":5,"value":2},{"type":"CREATE_LISTVIEW","internalId":5,"childInternalId":6},{"type":"ADD_COLUMN","internalId":6,"value":1,"textValue":"Name"},{"type":"ADD_SHEET","internalId":6,"textValue":"S"},{"type":"SET_TEXT_DATA","internalId":6,"textValue":"a","row":1},{"type":"RESHAPE_SHEET","internalId":6,"value":2},{"type":"CREATE_IMAGEVIEW","internalId":5,"childInternalId":7,"textValue":"https://x.test/i.png","width":100,"height":50},{"type":"CREATE_PICKER","internalId":5,"childInternalId":8},{"type":"ADD_OPTION","internalId":8,"value":1,"textValue":"One"},{"type":"CREATE_TEXT","internalId":5,"childInternalId":9,"textValue":"Terms"},{"type":"CREATE_LINK","internalId":9,"textValue":"terms"},{"type":"CREATE_PROGRESS_SPINNER","internalId":5,"childInternalId":10},{"type":"STOP","internalId":10},{"type":"CREATE_PAGE_CONTROL","internalId":5,"childInternalId":11,"value":3},{"type":"CREATE_ACTIONBAR","internalId":3,"childInternalId":12,"textValue":"Title","textValue2":"Sub"}]}"#,
    #"{"t":100,"type":"SET_INT_VALUE","internalId":3,"value":1}"#,
    #"{"t":200,"batch":[{"type":"CREATE_DIALOG","internalId":3,"childInternalId":13,"textValue":"Confirm"},{"type":"CREATE_DIALOG","internalId":3,"childInternalId":14,"textValue":"Second"}]}"#,
    #"{"t":300,"modal":14,"value":2}"#,
    #"{"t":400,"batch":[{"type":"SET_VISIBILITY","internalId":4,"value":1},{"type":"CREATE_TOAST","internalId":3,"textValue":"Saved"},{"type":"CREATE_TIMER","internalId":3,"childInternalId":15,"value":1000},{"type":"UPDATE_PREFERENCE","internalId":1,"textValue":"k","textValue2":"v"},{"type":"DELETE_PREFERENCE","internalId":1,"textValue":"old"},{"type":"SHOW_NETWORK_ACTIVITY","internalId":3,"value":1},{"type":"LAUNCH_BROWSER","internalId":9,"textValue":"https://x.test/terms"},{"type":"QUIT_APP"},{"type":"REMOVE_CHILD","internalId":5,"childInternalId":10}]}"#)

  @Test("Snapshot: every top-level member in order, and element fields in order")
  func fullSnapshot() {
    expectClean(Self.full)
    let expected = #"""
      {
        "version": 1,
        "time": 400,
        "record": 5,
        "application": 1,
        "activeView": 3,
        "history": [2],
        "navigation": {"view":4,"shown":true},
        "modals": [13],
        "toasts": [{"number":1,"text":"Saved","from":3,"shownAt":400,"expiresAt":2400}],
        "timers": [{"id":15,"owner":3,"interval":1000,"nextFire":1400,"fired":0}],
        "preferences": {"committed":{},"pendingUpdates":{"k":"v"},"pendingDeletions":["old"]},
        "networkActivity": true,
        "quit": true,
        "requests": [{"time":400,"record":5,"kind":"network-activity","from":3,"text":"on"},{"time":400,"record":5,"kind":"launch-browser","from":9,"text":"https://x.test/terms"},{"time":400,"record":5,"kind":"quit","from":0}],
        "detached": [10],
        "elements": {
          "1": {"kind":"application","children":[2,3,4],"text":"Kit"},
          "2": {"kind":"frameView","parent":1},
          "3": {"kind":"frameView","parent":1,"children":[5,12,13,14]},
          "4": {"kind":"navigationView","parent":1},
          "5": {"kind":"linearLayout","parent":3,"children":[6,7,8,9,11],"value":2},
          "6": {"kind":"listView","parent":5,"list":{"columns":[{"name":"Name","type":1}],"sheets":["S"],"rowCounts":{"0":2},"cells":[[0,1,0,"a"]]}},
          "7": {"kind":"imageView","parent":5,"image":{"sources":[{"url":"https://x.test/i.png","width":100,"height":50}],"requested":"https://x.test/i.png","requestedWidth":320}},
          "8": {"kind":"picker","parent":5,"options":[{"id":1,"label":"One"}]},
          "9": {"kind":"text","parent":5,"text":"Terms","links":["terms"]},
          "10": {"kind":"progressSpinner","stopped":true},
          "11": {"kind":"pageControl","parent":5,"count":3},
          "12": {"kind":"actionBar","parent":3,"text":"Title","secondaryText":"Sub"},
          "13": {"kind":"dialog","parent":3,"text":"Confirm"},
          "14": {"kind":"dialog","parent":3,"text":"Second","modalResult":2}
        }
      }

      """#
    #expect(StateSnapshotWriter.snapshot(of: Self.full.state).text == expected)
  }

  @Test("Tree: toasts, modals and the drawer first, then the views, detached elements, timers, preferences, requests")
  func fullTree() {
    let expected = #"""
      "Kit" · application 1 · at 0.400s after record #5
      toast  "Saved" from 3, until 2.400s
      modal  dialog 13 "Confirm"
      drawer open: navigationView 4
        frameView 2
      ▶ frameView 3 [active]
          linearLayout 5 horizontal
            listView 6 list 1 columns, 1 sheets, 1 rows
            imageView 7 image https://x.test/i.png
            picker 8 selected 0 options 1:"One"
            text 9 "Terms" links "terms"
            pageControl 11 page 0 of 3
          actionBar 12 "Title" / "Sub"
          dialog 13 "Confirm"
          dialog 14 "Second" [closed with 2]
        navigationView 4
      detached:
          progressSpinner 10 [stopped]
      timer  15 every 1000 ms → 3, fired 0×, next at 1.400s
      pending preferences (not committed)  k="v" -old
      network activity indicator on
      request  network-activity "on" from 3 at 0.400s
      request  launch-browser "https://x.test/terms" from 9 at 0.400s
      request  quit from 0 at 0.400s
      the application quit

      """#
    #expect(StateTreeRenderer.render(Self.full.state) == expected)
  }

  @Test("The empty state")
  func emptyState() {
    #expect(StateSnapshotWriter.snapshot(of: UIState()).text == "{\n  \"version\": 1,\n  \"time\": 0,\n  \"elements\": {}\n}\n")
    #expect(StateTreeRenderer.render(UIState()) == "no application · at 0.000s\n")
  }

  @Test("Fractional times are written as the shortest double; ids sort numerically")
  func numbers() throws {
    let m = model(
      #"{"t":1500.25,"batch":[{"type":"CREATE_APPLICATION","childInternalId":1},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":10},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":9}]}"#)
    let snapshot = StateSnapshotWriter.snapshot(of: m.state).text
    #expect(snapshot.contains("\n  \"time\": 1500.25,\n"))
    let nine = try #require(snapshot.range(of: "\"9\":"))
    let ten = try #require(snapshot.range(of: "\"10\":"))
    #expect(nine.lowerBound < ten.lowerBound)
    #expect(StateTreeRenderer.render(m.state).hasPrefix("application · application 1 · at 1.50025s after record #0\n"))
  }

  @Test("Other element descriptions: switch, flipper, table, value, image file and sizes, list without content")
  func descriptions() {
    let m = screenModel(#"{"batch":[{"type":"CREATE_SWITCH","internalId":3,"childInternalId":10,"value":1,"textValue":"On","textValue2":"Off"},{"type":"CREATE_FLIPPER_LAYOUT","internalId":3,"childInternalId":11,"value":2},{"type":"CREATE_TABLE_LAYOUT","internalId":3,"childInternalId":12,"value":4},{"type":"CREATE_SCROLL_LAYOUT","internalId":3,"childInternalId":13,"value":120},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":14,"textValue":"a.png"},{"type":"CREATE_LISTVIEW","internalId":3,"childInternalId":15},{"type":"CREATE_CHECKBOX","internalId":3,"childInternalId":16,"textValue":"Agree"},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":17,"textValue":"http://x.test/1","width":1,"height":1},{"type":"ADD_IMAGE_URL","internalId":17,"textValue":"http://x.test/2","width":2,"height":2}]}"#)
    let describe = { (id: Int32) in StateTreeRenderer.describe(m.state[id]!, state: m.state) }
    #expect(describe(10) == #"switch 10 "On" / "Off" on"#)
    #expect(describe(11) == "flipperLayout 11 page 2")
    #expect(describe(12) == "tableLayout 12 4 columns")
    #expect(describe(13) == "scrollLayout 13 value 120")
    #expect(describe(14) == #"imageView 14 image file "a.png""#)
    #expect(describe(15) == "listView 15")
    #expect(describe(16) == #"checkbox 16 "Agree" off"#)
    #expect(describe(17) == "imageView 17 image http://x.test/2 (2 sizes)")
  }

  // MARK: - Emissions

  @Test("Emissions as text lines and as JSON Lines")
  func emissionFormats() {
    let tick = PlatformEmission(time: 12_000, recordIndex: nil, kind: .event(target: 5, .timer(TimerEvent(id: 30))))
    let toast = PlatformEmission(time: 8412, recordIndex: 3, kind: .toastExpired(toast: 1, text: "Welcome \"back\""))
    let image = PlatformEmission(time: 38.5, recordIndex: 2, kind: .event(target: 7, .imageRequest(ImageRequestEvent(mode: 1, imageUrl: "https://x.test/a", sourceInternalId: 7, requestedWidth: 96, requestedLevels: 1))))
    #expect(PlatformEmissionFormatter.line(for: tick) == "   12.000s  ←  TimerEvent → 5 id=30")
    #expect(PlatformEmissionFormatter.line(for: toast) == #"    8.412s  ·  toast 1 expired "Welcome \"back\"""#)
    #expect(PlatformEmissionFormatter.line(for: image) == #"   0.0385s  ←  ImageRequestEvent → 7 mode=1 imageUrl="https://x.test/a" sourceInternalId=7 requestedWidth=96 requestedLevels=1"#)
    #expect(PlatformEmissionFormatter.jsonLine(for: tick).text == #"{"t":12000,"event":"TimerEvent","target":5,"id":30}"# + "\n")
    #expect(PlatformEmissionFormatter.jsonLine(for: toast).text == #"{"t":8412,"toastExpired":1,"text":"Welcome \"back\""}"# + "\n")
    #expect(PlatformEmissionFormatter.jsonLine(for: image).text == #"{"t":38.5,"event":"ImageRequestEvent","target":7,"mode":1,"imageUrl":"https://x.test/a","sourceInternalId":7,"requestedWidth":96,"requestedLevels":1}"# + "\n")
  }
}
