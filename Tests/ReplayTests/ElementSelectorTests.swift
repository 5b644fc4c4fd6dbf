import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

// Selectors name the elements of script steps by id, or by kind and text on the current state
// (Sources/Replay/Recording/ElementSelector.swift).

@Suite struct ElementSelectorTests {
  // MARK: - Syntax

  @Test(arguments: [("7", Int32(7)), ("#7", 7), ("  #12 ", 12), ("0", 0), ("-3", -3)])
  func idsWithOrWithoutHash(text: String, id: Int32) {
    #expect(ElementSelector(parsing: text) == .id(id))
  }

  @Test func kindAndText() {
    #expect(ElementSelector(parsing: #"button "Log in""#) == .match(kind: .button, text: "Log in"))
    #expect(ElementSelector(parsing: #"  button    "Log in"  "#) == .match(kind: .button, text: "Log in"))
    #expect(ElementSelector(parsing: #"button"OK""#) == .match(kind: .button, text: "OK"))
    #expect(ElementSelector(parsing: #"text """#) == .match(kind: .text, text: ""))
  }

  @Test func aKindAlone() {
    #expect(ElementSelector(parsing: "textField") == .match(kind: .textField, text: nil))
    #expect(ElementSelector(parsing: " dialog ") == .match(kind: .dialog, text: nil))
    #expect(ElementSelector(parsing: "switch") == .match(kind: .switch, text: nil))
  }

  @Test func aTextAlone() {
    #expect(ElementSelector(parsing: #""Log in""#) == .match(kind: nil, text: "Log in"))
    // Quoted digits are a text, not an id.
    #expect(ElementSelector(parsing: #""7""#) == .match(kind: nil, text: "7"))
  }

  @Test func escapedQuotesAndBackslashes() {
    #expect(ElementSelector(parsing: #"button "Say \"hi\"""#) == .match(kind: .button, text: #"Say "hi""#))
    #expect(ElementSelector(parsing: #""\"quoted\"""#) == .match(kind: nil, text: #""quoted""#))
    #expect(ElementSelector(parsing: #"text "C:\\temp""#) == .match(kind: .text, text: #"C:\temp"#))
  }

  @Test(arguments: [
    "", "   ", "#", "#x", "buton", #"buton "OK""#, "button OK", #"button "OK"#, #""OK"#, #"button "OK" extra"#,
    "12345678901", "Button",
  ])
  func notSelectors(text: String) {
    #expect(ElementSelector(parsing: text) == nil)
  }

  @Test func descriptionsReadBack() {
    let selectors: [ElementSelector] = [.id(7), .match(kind: .button, text: "Log in"), .match(kind: .textField, text: nil), .match(kind: nil, text: "Log in")]
    #expect(selectors.map(\.description) == ["#7", #"button "Log in""#, "textField", #""Log in""#])
    for selector in selectors { #expect(ElementSelector(parsing: selector.description) == selector) }
  }

  // MARK: - Resolution

  /// Application 1, active frame view 2 with layout 3 holding label 4 "Log in", text field 5,
  /// buttons 6 "Log in" and 7 "Cancel"; a second frame view 8 (not shown) with text field 9 and
  /// button 10 "Log in".
  private var twoViews: ReferenceModel {
    screenModel(
      #"{"batch":[{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"Log in"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":6,"textValue":"Log in"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":7,"textValue":"Cancel"}]}"#,
      #"{"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":8},{"type":"CREATE_TEXTFIELD","internalId":8,"childInternalId":9},{"type":"CREATE_BUTTON","internalId":8,"childInternalId":10,"textValue":"Log in"}]}"#)
  }

  @Test func anIdResolvesToItselfWhileTheElementExists() {
    let state = twoViews.state
    #expect(ElementSelector.id(6).resolve(in: state) == 6)
    // Not shown, but named by id: the step means it.
    #expect(ElementSelector.id(9).resolve(in: state) == 9)
    #expect(ElementSelector.id(99).resolve(in: state) == nil)
  }

  @Test func kindAndTextPickTheMatchingElement() {
    let state = twoViews.state
    #expect(ElementSelector(parsing: #"button "Log in""#)?.resolve(in: state) == 6)
    #expect(ElementSelector(parsing: #"button "Cancel""#)?.resolve(in: state) == 7)
    // The one text field on screen (the other is in a view not shown).
    #expect(ElementSelector(parsing: "textField")?.resolve(in: state) == 5)
    // A text alone matches any kind: the label and the button both say "Log in".
    #expect(ElementSelector(parsing: #""Log in""#)?.resolution(in: state) == .ambiguous([4, 6]))
    #expect(ElementSelector(parsing: #""Log in"[2]"#)?.resolve(in: state) == 6)
  }

  @Test func unknownSelectorsResolveToNil() {
    let state = twoViews.state
    #expect(ElementSelector(parsing: #"button "Sign in""#)?.resolve(in: state) == nil)
    #expect(ElementSelector(parsing: "dialog")?.resolve(in: state) == nil)
    #expect(ElementSelector(parsing: #"textField "Log in""#)?.resolve(in: state) == nil)
    #expect(ElementSelector(parsing: #""nothing""#)?.resolve(in: state) == nil)
  }

  @Test func displayedElementsComeFirst() {
    var model = twoViews
    // Show view 8 (FWViewBase::show()): now its elements are the displayed ones.
    let show = decode([#"{"t":100,"batch":[{"type":"SET_VISIBILITY","internalId":8,"value":1},{"type":"SET_INT_VALUE","internalId":8,"value":1},{"type":"SET_INT_VALUE","internalId":1,"childInternalId":8,"value":1}]}"#]).records
    model.apply(show[0], index: 100)
    #expect(model.state.activeView == 8)
    #expect(ElementSelector(parsing: "textField")?.resolve(in: model.state) == 9)
    #expect(ElementSelector(parsing: #"button "Log in""#)?.resolve(in: model.state) == 10)
    // Nothing on screen matches: a user cannot tap it, and the step says so.
    #expect(ElementSelector(parsing: #"button "Cancel""#)?.resolution(in: model.state) == .unreachable([7]))
    #expect(ElementSelector(parsing: #"button "Cancel""#)?.failure(in: model.state) == #"button "Cancel" matches only elements a user cannot reach now: frameView 2 › linearLayout 3 › button 7 "Cancel" [not shown]"#)
  }

  @Test func hiddenElementsAreNotDisplayed() {
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"OK"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"OK"}]}"#,
      #"{"type":"SET_VISIBILITY","internalId":4,"value":0}"#
    ).state
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolve(in: state) == 5)
  }

  @Test func treeOrderNotIdOrder() {
    // REORDER_CHILD moves button 6 before button 5: the tree's order decides, not the ids.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"OK"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":6,"textValue":"OK"}]}"#,
      #"{"type":"REORDER_CHILD","internalId":3,"childInternalId":6,"value":0}"#
    ).state
    #expect(state.elements[3]?.children == [6, 5])
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolution(in: state) == .ambiguous([6, 5]))
    #expect(ElementSelector(parsing: #"button "OK"[1]"#)?.resolve(in: state) == 6)
    #expect(ElementSelector(parsing: "button[2]")?.resolve(in: state) == 5)
  }

  @Test func treeOrderIsDepthFirst() {
    // Layout 4 (first child) holds button 9, created last; layout 5 holds button 6.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":4},{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":5},{"type":"CREATE_BUTTON","internalId":5,"childInternalId":6,"textValue":"Go"},{"type":"CREATE_BUTTON","internalId":4,"childInternalId":9,"textValue":"Go"}]}"#
    ).state
    #expect(ElementSelector(parsing: #"button "Go"[1]"#)?.resolve(in: state) == 9)
    #expect(ElementSelector(parsing: #"button "Go"[2]"#)?.resolve(in: state) == 6)
  }

  @Test func detachedElementsComeAfterTheTree() {
    // Button 4 is removed from the tree (REMOVE_CHILD keeps it registered): never displayed.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"OK"},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":8},{"type":"CREATE_BUTTON","internalId":8,"childInternalId":9,"textValue":"OK"}]}"#,
      #"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":4}"#
    ).state
    #expect(state.elements[4] != nil)
    // Neither is on screen (view 8 is not active); listed in tree order, the detached one last.
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolution(in: state) == .unreachable([9, 4]))
    // An id names its element wherever it is.
    #expect(ElementSelector.id(4).resolve(in: state) == 4)
  }

  @Test func deletedElementsAreGone() {
    let state = screenModel(
      #"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"OK"}"#,
      #"{"type":"DELETE_ELEMENT","internalId":4}"#
    ).state
    #expect(ElementSelector.id(4).resolve(in: state) == nil)
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolve(in: state) == nil)
  }

  @Test func openDialogsAreDisplayed() {
    // The view's "Delete" button (hidden) and the dialog's: the dialog's is the displayed one.
    let state = screenModel(
      #"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"Delete"}"#,
      #"{"type":"SET_VISIBILITY","internalId":4,"value":0}"#,
      #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":16,"textValue":"Sure?"},{"type":"CREATE_BUTTON","internalId":16,"childInternalId":17,"textValue":"Delete"}]}"#
    ).state
    #expect(state.modalStack == [16])
    #expect(ElementSelector(parsing: "dialog")?.resolve(in: state) == 16)
    #expect(ElementSelector(parsing: #"button "Delete""#)?.resolve(in: state) == 17)
  }

  // MARK: - What a user can reach

  @Test func anOpenDialogCoversTheFormBehindIt() {
    // The form's text field 5 and a dialog with a button: typing "textField" while the dialog is
    // open must not type into the form behind it.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":6,"textValue":"OK"}]}"#,
      #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":16,"textValue":"Sure?"},{"type":"CREATE_BUTTON","internalId":16,"childInternalId":17,"textValue":"OK"}]}"#
    ).state
    #expect(ElementSelector(parsing: "textField")?.resolution(in: state) == .unreachable([5]))
    #expect(ElementSelector(parsing: "textField")?.failure(in: state) == "textField matches only elements a user cannot reach now (dialog 16 is open): frameView 2 › linearLayout 3 › textField 5")
    // Of the two "OK" buttons, only the dialog's can be tapped.
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolve(in: state) == 17)
    #expect(ElementSelector(parsing: "dialog")?.resolve(in: state) == 16)
    // An id still names the element behind: the script's author asked for that one.
    #expect(ElementSelector.id(5).resolve(in: state) == 5)
  }

  @Test func onlyTheTopmostDialogIsReachable() {
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":16,"textValue":"First"},{"type":"CREATE_BUTTON","internalId":16,"childInternalId":17,"textValue":"OK"}]}"#,
      #"{"batch":[{"type":"CREATE_DIALOG","internalId":2,"childInternalId":18,"textValue":"Second"},{"type":"CREATE_BUTTON","internalId":18,"childInternalId":19,"textValue":"OK"}]}"#
    ).state
    #expect(state.modalStack == [16, 18])
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolve(in: state) == 19)
    #expect(ElementSelector(parsing: "dialog")?.resolve(in: state) == 18)
  }

  @Test func aTextFieldIsNamedByItsHint() {
    // Two empty text fields: the hints (placeholders) tell them apart, as a user sees them.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5},{"type":"SET_STYLE","internalId":5,"textValue":"hint","textValue2":"User name"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":6,"flags":1},{"type":"SET_STYLE","internalId":6,"textValue":"hint","textValue2":"Password"}]}"#
    ).state
    #expect(ElementSelector(parsing: #"textField "Password""#)?.resolve(in: state) == 6)
    #expect(ElementSelector(parsing: #"textField "User name""#)?.resolve(in: state) == 5)
    #expect(ElementSelector(parsing: "textField")?.failure(in: state) == #"textField is ambiguous: 2 elements on screen match: frameView 2 › linearLayout 3 › textField 5 (hint "User name"); frameView 2 › linearLayout 3 › textField 6 (hint "Password"); name one by its text or hint, by position (textField[2]) or by id (#6)"#)
    #expect(ElementSelector(parsing: "textField[3]")?.failure(in: state) == #"textField[3] asks for match 3, but only 2 are on screen: frameView 2 › linearLayout 3 › textField 5 (hint "User name"); frameView 2 › linearLayout 3 › textField 6 (hint "Password")"#)
  }

  @Test(arguments: [
    ("textField[2]", ElementSelector.nth(kind: .textField, text: nil, position: 2)),
    (#"button "OK"[1]"#, .nth(kind: .button, text: "OK", position: 1)),
    (#""OK" [3]"#, .nth(kind: nil, text: "OK", position: 3)),
  ])
  func ordinals(_ text: String, _ expected: ElementSelector) {
    #expect(ElementSelector(parsing: text) == expected)
    #expect(ElementSelector(parsing: expected.description) == expected)
  }

  @Test(arguments: ["textField[0]", "textField[-1]", "#7[2]", "[2]"])
  func badOrdinals(_ text: String) {
    #expect(ElementSelector(parsing: text) == nil)
  }
}
