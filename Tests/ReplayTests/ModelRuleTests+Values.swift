import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

extension ModelRuleTests {
  /// SET_STYLE, SET_TEXT_VALUE, SET_INT_VALUE, SET_ERROR, ADD_OPTION, STOP and recorded value
  /// changes (ReferenceModel+Commands, ReferenceModel+Views).
  @Suite("Values")
  struct Values {
    /// Screen plus button 10, label 11, text field 12, action bar 13, image 14.
    static let widgets = #"{"batch":[{"type":"CREATE_BUTTON","internalId":3,"childInternalId":10,"textValue":"OK"},{"type":"CREATE_TEXT","internalId":3,"childInternalId":11,"textValue":"Hello"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":12},{"type":"CREATE_ACTIONBAR","internalId":2,"childInternalId":13,"textValue":"Title","textValue2":"Sub"},{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":14,"textValue":"logo.png"}]}"#

    static func widgets(_ lines: String...) -> ReferenceModel { model(Prelude.both + [widgets] + lines) }

    // MARK: - SET_STYLE

    @Test("SET_STYLE keeps a value per selector", arguments: StyleSelector.allCases)
    func setStylePerSelector(_ selector: StyleSelector) {
      let m = Self.widgets(##"{"type":"SET_STYLE","internalId":10,"value":\##(selector.rawValue),"textValue":"color","textValue2":"#123456"}"##)
      expectClean(m)
      let styles = m.state[10]!.styles
      #expect(styles.value("color", for: selector) == "#123456")
      for other in StyleSelector.allCases where other != selector {
        #expect(styles.value("color", for: other) == nil)
      }
      #expect(styles.selectors == [selector])
    }

    @Test("SET_STYLE replaces the value of the same key and selector, keeping the others")
    func setStyleReplaces() {
      let m = Self.widgets(#"{"batch":[{"type":"SET_STYLE","internalId":10,"textValue":"color","textValue2":"red"},{"type":"SET_STYLE","internalId":10,"value":1,"textValue":"color","textValue2":"blue"},{"type":"SET_STYLE","internalId":10,"textValue":"padding","textValue2":"4"},{"type":"SET_STYLE","internalId":10,"textValue":"color","textValue2":"green"}]}"#)
      expectClean(m)
      let styles = m.state[10]!.styles
      #expect(styles.value("color") == "green")
      #expect(styles.value("color", for: .active) == "blue")
      #expect(styles.entries.map(\.key) == ["color", "color", "padding"])  // first-set order
      #expect(styles.entries.count == 3)
      #expect(styles.sorted(for: .normal).map(\.key) == ["color", "padding"])
      #expect(styles.selectors == [.normal, .active])
    }

    @Test("SET_STYLE keys are kept as sent, unknown ones included, and compared exactly")
    func setStyleKeysAsSent() {
      let m = Self.widgets(#"{"batch":[{"type":"SET_STYLE","internalId":11,"textValue":"white-space","textValue2":"no-wrap"},{"type":"SET_STYLE","internalId":11,"textValue":"Color","textValue2":"x"},{"type":"SET_STYLE","internalId":11,"textValue":"color","textValue2":"y"},{"type":"SET_STYLE","internalId":11,"textValue":"made-up","textValue2":""}]}"#)
      expectClean(m)
      let styles = m.state[11]!.styles
      #expect(styles.value("white-space") == "no-wrap")
      #expect(styles.value("Color") == "x")
      #expect(styles.value("color") == "y")
      #expect(styles.value("made-up") == "")
    }

    @Test("Many keys with similar fingerprints stay distinct")
    func styleFingerprintCollisions() {
      // Same length, first, second and last byte: only the middle differs.
      let keys = ["margin-top", "maxin-top", "ma-----top", "madding-op", "ma_______p"]
      var batch: [String] = []
      for (index, key) in keys.enumerated() {
        batch.append(#"{"type":"SET_STYLE","internalId":10,"textValue":"\#(key)","textValue2":"\#(index)"}"#)
      }
      let m = Self.widgets(#"{"batch":[\#(batch.joined(separator: ","))]}"#)
      for (index, key) in keys.enumerated() {
        #expect(m.state[10]!.styles.value(key) == String(index))
      }
      #expect(m.state[10]!.styles.entries.count == keys.count)
    }

    // MARK: - SET_TEXT_VALUE

    @Test("SET_TEXT_VALUE sets a label's, a button's and a field's text")
    func setTextValue() {
      let m = Self.widgets(#"{"batch":[{"type":"SET_TEXT_VALUE","internalId":10,"textValue":"Save"},{"type":"SET_TEXT_VALUE","internalId":11,"textValue":"Bye","textValue2":"ignored"},{"type":"SET_TEXT_VALUE","internalId":12,"textValue":"alice"}]}"#)
      expectClean(m)
      #expect(m.state[10]?.text == "Save")
      #expect(m.state[11]?.text == "Bye")
      #expect(m.state[11]?.secondaryText == "")
      #expect(m.state[12]?.text == "alice")
    }

    @Test("SET_TEXT_VALUE on an action bar sets the title and the subtitle")
    func setTextValueActionBar() {
      let m = Self.widgets(#"{"type":"SET_TEXT_VALUE","internalId":13,"textValue":"Inbox","textValue2":"3 unread"}"#)
      #expect(m.state[13]?.text == "Inbox")
      #expect(m.state[13]?.secondaryText == "3 unread")
      let cleared = Self.widgets(#"{"type":"SET_TEXT_VALUE","internalId":13,"textValue":"Inbox"}"#)
      #expect(cleared.state[13]?.secondaryText == "")
    }

    @Test("SET_TEXT_VALUE on an image sets its asset file only (as CREATE_IMAGEVIEW keeps it), and empty text drops it")
    func setTextValueImage() {
      let m = Self.widgets(#"{"type":"SET_TEXT_VALUE","internalId":14,"textValue":"logo-dark.png"}"#)
      expectClean(m)
      #expect(m.state[14]?.image?.file == "logo-dark.png")
      #expect(m.state[14]?.text == "")
      #expect(imageRequests(m).isEmpty)  // an asset loads locally
      let dropped = Self.widgets(#"{"type":"SET_TEXT_VALUE","internalId":14}"#)
      #expect(dropped.state[14]?.image?.file == nil)
    }

    // MARK: - SET_INT_VALUE

    @Test("SET_INT_VALUE keeps an element's integer state", arguments: [
      "CREATE_SWITCH", "CREATE_CHECKBOX", "CREATE_PICKER", "CREATE_PAGER", "CREATE_FLIPPER_LAYOUT",
      "CREATE_PAGE_CONTROL", "CREATE_BUTTON", "CREATE_TEXTFIELD", "CREATE_SCROLL_LAYOUT",
    ])
    func setIntValue(_ type: String) {
      let m = screenModel(
        #"{"type":"\#(type)","internalId":3,"childInternalId":10}"#,
        #"{"type":"SET_INT_VALUE","internalId":10,"value":3}"#)
      expectClean(m)
      #expect(m.state[10]?.value == 3)
      let back = screenModel(
        #"{"type":"\#(type)","internalId":3,"childInternalId":10}"#,
        #"{"type":"SET_INT_VALUE","internalId":10,"value":3}"#,
        #"{"type":"SET_INT_VALUE","internalId":10}"#)
      #expect(back.state[10]?.value == 0)
    }

    @Test("CREATE_SWITCH's value is the initial state")
    func switchInitialValue() {
      let m = screenModel(#"{"type":"CREATE_SWITCH","internalId":3,"childInternalId":10,"value":1,"textValue":"On","textValue2":"Off"}"#)
      #expect(m.state[10]?.value == 1)
      #expect(m.state[10]?.text == "On")
      #expect(m.state[10]?.secondaryText == "Off")
    }

    // MARK: - SET_ERROR

    @Test("SET_ERROR v=1 sets the message, v=0 clears it")
    func setError() {
      let on = Self.widgets(#"{"type":"SET_ERROR","internalId":12,"value":1,"textValue":"Salasana puuttuu"}"#)
      expectClean(on)
      #expect(on.state[12]?.error == "Salasana puuttuu")
      let off = Self.widgets(
        #"{"type":"SET_ERROR","internalId":12,"value":1,"textValue":"Salasana puuttuu"}"#,
        #"{"type":"SET_ERROR","internalId":12}"#)
      #expect(off.state[12]?.error == nil)
      let empty = Self.widgets(#"{"type":"SET_ERROR","internalId":12,"value":1}"#)
      #expect(empty.state[12]?.error == "")  // an error without message is still an error
    }

    // MARK: - ADD_OPTION, ADD_COLUMN on an action bar

    @Test("ADD_OPTION appends options in order, duplicates included")
    func addOption() {
      let m = screenModel(
        #"{"type":"CREATE_PICKER","internalId":3,"childInternalId":10}"#,
        #"{"batch":[{"type":"ADD_OPTION","internalId":10,"value":7,"textValue":"Seven"},{"type":"ADD_OPTION","internalId":10,"textValue":"None"},{"type":"ADD_OPTION","internalId":10,"value":7,"textValue":"Again"}]}"#)
      expectClean(m)
      #expect(m.state[10]?.options == [
        Element.Option(id: 7, label: "Seven"), Element.Option(id: 0, label: "None"), Element.Option(id: 7, label: "Again"),
      ])
    }

    @Test("ADD_COLUMN on an action bar adds a button to it (GTK's header bar)")
    func addColumnOnActionBar() {
      let m = Self.widgets(#"{"type":"ADD_COLUMN","internalId":13,"value":5,"textValue":"Compose"}"#)
      expectClean(m)
      #expect(m.state[13]?.options == [Element.Option(id: 5, label: "Compose")])
    }

    // MARK: - STOP, FLUSH_VIEW

    @Test("STOP stops a progress spinner")
    func stop() {
      let m = screenModel(
        #"{"type":"CREATE_PROGRESS_SPINNER","internalId":3,"childInternalId":10}"#,
        #"{"type":"STOP","internalId":10}"#)
      expectClean(m)
      #expect(m.state[10]?.isStopped == true)
    }

    @Test("FLUSH_VIEW is a redraw hint and changes nothing")
    func flushView() {
      let before = screenModel()
      let after = screenModel(#"{"type":"FLUSH_VIEW","internalId":3}"#, #"{"type":"FLUSH_VIEW","internalId":99}"#)
      expectClean(after)
      #expect(after.state.elements == before.state.elements)
    }

    // MARK: - Recorded value changes

    @Test("A recorded ValueEvent's text replaces a text field's, text view's and search bar's text", arguments: [
      "CREATE_TEXTFIELD", "CREATE_TEXTVIEW", "CREATE_SEARCHBAR",
    ])
    func recordedTextChanges(_ type: String) {
      let m = screenModel(
        #"{"type":"\#(type)","internalId":3,"childInternalId":10,"textValue":"bo"}"#,
        #"{"t":10,"event":"ValueEvent","target":10,"text":"bob"}"#,
        #"{"t":20,"event":"ValueEvent","target":10,"text":""}"#,
        #"{"t":30,"event":"ValueEvent","target":10,"text":"alice"}"#)
      expectClean(m)
      #expect(m.state[10]?.text == "alice")
    }

    @Test("A recorded ValueEvent's value sets a switch, checkbox, picker, pager or page control", arguments: [
      "CREATE_SWITCH", "CREATE_CHECKBOX", "CREATE_PICKER", "CREATE_PAGER", "CREATE_FLIPPER_LAYOUT",
      "CREATE_RADIO_GROUP", "CREATE_SEGMENTED_CONTROL", "CREATE_PAGE_CONTROL",
    ])
    func recordedValueChanges(_ type: String) {
      let m = screenModel(
        #"{"type":"\#(type)","internalId":3,"childInternalId":10}"#,
        #"{"t":10,"event":"ValueEvent","target":10,"value":2,"value2":9}"#)
      expectClean(m)
      #expect(m.state[10]?.value == 2)
    }

    @Test("A recorded click or list tap changes nothing in the UI; events to unknown ids are dropped")
    func recordedEventsWithoutEffect() {
      let before = Self.widgets()
      let after = Self.widgets(
        #"{"t":10,"event":"ValueEvent","target":10,"value":1}"#,
        #"{"t":11,"event":"ValueEvent","target":11,"text":"x"}"#,
        #"{"t":12,"event":"ValueEvent","target":99,"text":"x"}"#,
        #"{"t":13,"event":"TimerEvent","target":10,"id":4}"#,
        #"{"t":14,"event":"SysEvent","target":0,"type":3}"#,
        #"{"t":15,"event":"VisibilityEvent","target":2}"#,
        #"{"t":16,"marker":"just a note"}"#)
      expectClean(after)
      #expect(after.state.elements == before.state.elements)
      #expect(after.state.activeView == 2)
      #expect(after.state.time == 16)
      #expect(after.state.lastRecordIndex == 9)
    }
  }
}
