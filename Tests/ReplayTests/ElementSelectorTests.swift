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
    #expect(ElementSelector(parsing: "textField")?.resolve(in: state) == 5)
    // A text alone matches any kind: the label comes first in the tree.
    #expect(ElementSelector(parsing: #""Log in""#)?.resolve(in: state) == 4)
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
    // Nothing displayed matches: the first match in the tree, shown or not.
    #expect(ElementSelector(parsing: #"button "Cancel""#)?.resolve(in: model.state) == 7)
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
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolve(in: state) == 6)
    #expect(ElementSelector(parsing: "button")?.resolve(in: state) == 6)
  }

  @Test func treeOrderIsDepthFirst() {
    // Layout 4 (first child) holds button 9, created last; layout 5 holds button 6.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":4},{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":5},{"type":"CREATE_BUTTON","internalId":5,"childInternalId":6,"textValue":"Go"},{"type":"CREATE_BUTTON","internalId":4,"childInternalId":9,"textValue":"Go"}]}"#
    ).state
    #expect(ElementSelector(parsing: #"button "Go""#)?.resolve(in: state) == 9)
  }

  @Test func detachedElementsComeAfterTheTree() {
    // Button 4 is removed from the tree (REMOVE_CHILD keeps it registered): never displayed.
    let state = screenModel(
      #"{"batch":[{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"OK"},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":8},{"type":"CREATE_BUTTON","internalId":8,"childInternalId":9,"textValue":"OK"}]}"#,
      #"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":4}"#
    ).state
    #expect(state.elements[4] != nil)
    // Neither is displayed (view 8 is not active): the one in the tree wins over the detached one.
    #expect(ElementSelector(parsing: #"button "OK""#)?.resolve(in: state) == 9)
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
}
