import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

extension ModelRuleTests {
  /// Creation, deletion, detaching and reordering (ReferenceModel+Tree).
  @Suite("The element tree")
  struct Tree {
    // MARK: - CREATE_APPLICATION

    @Test("CREATE_APPLICATION makes the application element from childInternalId, with name, key and flags")
    func createApplication() {
      let m = model(#"{"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"Shop","textValue2":"MIIBIjAN","flags":128}"#)
      expectClean(m)
      #expect(m.state.applicationId == 1)
      let app = m.state[1]
      #expect(app?.kind == .application)
      #expect(app?.parent == nil)
      #expect(app?.text == "Shop")
      #expect(app?.secondaryText == "MIIBIjAN")
      #expect(app?.flags == 128)
      #expect(m.state.detached.isEmpty)  // the application is the root, not a detached element
    }

    @Test("The application's id is whatever CREATE_APPLICATION says, not always 1")
    func applicationIdFromCommand() {
      let m = model(
        #"{"type":"CREATE_APPLICATION","childInternalId":7}"#,
        #"{"type":"CREATE_FRAMEVIEW","internalId":7,"childInternalId":8}"#)
      expectClean(m)
      #expect(m.state.applicationId == 7)
      #expect(m.state[7]?.children == [8])
      #expect(m.state.activeView == 8)
    }

    // MARK: - CREATE_* of each kind

    struct CreateCase: Sendable, CustomTestStringConvertible {
      var type: String
      var kind: ElementKind
      var testDescription: String { "\(type) → \(kind)" }
    }

    static let createCases: [CreateCase] = [
      .init(type: "CREATE_FRAMEVIEW", kind: .frameView),
      .init(type: "CREATE_NAVIGATIONVIEW", kind: .navigationView),
      .init(type: "CREATE_OPENGL_VIEW", kind: .openGLView),
      .init(type: "CREATE_TEXTFIELD", kind: .textField),
      .init(type: "CREATE_TEXTVIEW", kind: .textView),
      .init(type: "CREATE_LISTVIEW", kind: .listView),
      .init(type: "CREATE_GRIDVIEW", kind: .gridView),
      .init(type: "CREATE_BUTTON", kind: .button),
      .init(type: "CREATE_SWITCH", kind: .switch),
      .init(type: "CREATE_PICKER", kind: .picker),
      .init(type: "CREATE_LINEAR_LAYOUT", kind: .linearLayout),
      .init(type: "CREATE_FRAME_LAYOUT", kind: .frameLayout),
      .init(type: "CREATE_EVENT_LAYOUT", kind: .eventLayout),
      .init(type: "CREATE_SCROLL_LAYOUT", kind: .scrollLayout),
      .init(type: "CREATE_FLIPPER_LAYOUT", kind: .flipperLayout),
      .init(type: "CREATE_TABLE_LAYOUT", kind: .tableLayout),
      .init(type: "CREATE_AUTO_COLUMN_LAYOUT", kind: .autoColumnLayout),
      .init(type: "CREATE_TEXT", kind: .text),
      .init(type: "CREATE_DIALOG", kind: .dialog),
      .init(type: "CREATE_ALERT_DIALOG", kind: .alertDialog),
      .init(type: "CREATE_IMAGEVIEW", kind: .imageView),
      .init(type: "CREATE_ACTION_SHEET", kind: .actionSheet),
      .init(type: "CREATE_PAGER", kind: .pager),
      .init(type: "CREATE_CHECKBOX", kind: .checkbox),
      .init(type: "CREATE_RADIO_GROUP", kind: .radioGroup),
      .init(type: "CREATE_SEPARATOR", kind: .separator),
      .init(type: "CREATE_SLIDER", kind: .slider),
      .init(type: "CREATE_ACTIONBAR", kind: .actionBar),
      .init(type: "CREATE_SEARCHBAR", kind: .searchBar),
      .init(type: "CREATE_NAVIGATIONBAR", kind: .navigationBar),
      .init(type: "CREATE_NAVIGATIONBAR_ITEM", kind: .navigationBarItem),
      .init(type: "CREATE_PROGRESS_SPINNER", kind: .progressSpinner),
      .init(type: "CREATE_NOTIFICATION", kind: .notification),
      .init(type: "CREATE_PAGE_CONTROL", kind: .pageControl),
      .init(type: "CREATE_SEGMENTED_CONTROL", kind: .segmentedControl),
    ]

    @Test("The table below covers every current CREATE_* that makes an element")
    func createCasesCoverEveryCurrentCreate() {
      let expected = Set(CommandType.allCases.filter { $0.isCurrent && $0.createsElement && $0 != .createApplication }.map(\.name))
      #expect(Set(Self.createCases.map(\.type)) == expected)
      for createCase in Self.createCases {
        #expect(ElementKind(creating: CommandType(name: createCase.type)!) == createCase.kind)
      }
    }

    @Test("CREATE_* makes an element of its kind, attached to its parent, with the command's fields", arguments: createCases)
    func createEachKind(_ createCase: CreateCase) {
      let m = screenModel(#"{"t":40,"type":"\#(createCase.type)","internalId":3,"childInternalId":10,"value":2,"textValue":"T","textValue2":"U","flags":4}"#)
      expectClean(m)
      let element = m.state[10]
      #expect(element?.kind == createCase.kind)
      // Views and the drawer hang under the application whatever parent they name.
      let isTopLevel = createCase.kind.isView || createCase.kind == .navigationView
      let parent: Int32 = isTopLevel ? 1 : 3
      #expect(element?.parent == parent)
      #expect(m.state[parent]?.children.last == 10)
      #expect(!m.state.detached.contains(10))
      #expect(element?.secondaryText == "U")
      #expect(element?.flags == 4)
      if createCase.kind == .imageView {
        // A non-URL text is an asset file name, kept with the image, not as text.
        #expect(element?.text == "")
        #expect(element?.image?.file == "T")
      } else {
        #expect(element?.text == "T")
      }
      if createCase.kind == .tableLayout || createCase.kind == .pageControl {
        #expect(element?.count == 2)  // column count, page count
        #expect(element?.value == 0)
      } else if createCase.kind == .imageView {
        #expect(element?.value == 0)  // CREATE_IMAGEVIEW's value means nothing
        #expect(element?.count == 0)
      } else {
        #expect(element?.value == 2)
        #expect(element?.count == 0)
      }
      #expect((element?.list != nil) == (createCase.kind == .listView || createCase.kind == .gridView))
      #expect((element?.image != nil) == (createCase.kind == .imageView))
      #expect(m.state.modalStack == (createCase.kind.isModal ? [10] : []))
      #expect(m.state.navigationView == (createCase.kind == .navigationView ? 10 : nil))
      #expect(m.state.activeView == 2)  // a later view does not take over
    }

    @Test("Views hang under the application whatever parent they name")
    func viewsUnderApplication() {
      let m = model(
        Prelude.app,
        #"{"batch":[{"type":"CREATE_FRAMEVIEW","childInternalId":2},{"type":"CREATE_FRAMEVIEW","internalId":99,"childInternalId":3},{"type":"CREATE_OPENGL_VIEW","internalId":2,"childInternalId":4},{"type":"CREATE_NAVIGATIONVIEW","internalId":3,"childInternalId":5}]}"#)
      expectClean(m)
      #expect(m.state[1]?.children == [2, 3, 4, 5])
      for id: Int32 in 2...5 { #expect(m.state[id]?.parent == 1) }
    }

    @Test("Without an application a view is created under the parent it names, or detached")
    func viewWithoutApplication() {
      let m = model(#"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"#)
      #expect(rules(m) == [.unknownParent])
      #expect(m.state[2]?.parent == nil)
      #expect(m.state.detached == [2])
      #expect(m.state.activeView == 2)
    }

    @Test("The first frame view becomes active without any command; later ones do not")
    func firstViewActive() {
      let m = model(
        Prelude.app,
        #"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2}"#,
        #"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":3}"#)
      expectClean(m)
      #expect(m.state.activeView == 2)
      #expect(m.state.history.isEmpty)
      #expect(m.state.isDisplayed(2))
      #expect(!m.state.isDisplayed(3))
    }

    @Test("The first OpenGL view becomes active by itself, like the first frame view")
    func openGLViewActiveByItself() {
      let m = model(Prelude.app, #"{"type":"CREATE_OPENGL_VIEW","internalId":1,"childInternalId":2,"textValue":"Map"}"#, #"{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":3}"#)
      expectClean(m)
      #expect(m.state.activeView == 2)
    }

    @Test("The first navigation view is the drawer, closed; a second one is an ordinary element")
    func navigationView() {
      let m = model(
        Prelude.app,
        #"{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":2}"#,
        #"{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":3}"#)
      expectClean(m)
      #expect(m.state.navigationView == 2)
      #expect(!m.state.isNavigationShown)
      #expect(m.state[3]?.kind == .navigationView)
      #expect(!m.state.isDisplayed(2))
    }

    @Test("Dialogs, alert dialogs and action sheets open on the modal stack in creation order")
    func modalStack() {
      let m = screenModel(
        #"{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10,"textValue":"First"}"#,
        #"{"type":"CREATE_BUTTON","internalId":10,"childInternalId":11,"textValue":"More"}"#,
        #"{"type":"CREATE_ACTION_SHEET","internalId":10,"childInternalId":12,"textValue":"Pick"}"#,
        #"{"type":"CREATE_ALERT_DIALOG","internalId":2,"childInternalId":13}"#)
      expectClean(m)
      #expect(m.state.modalStack == [10, 12, 13])
      #expect(m.state[10]?.parent == 2)
      #expect(m.state.isDisplayed(11))  // inside an open dialog
    }

    @Test("A linear layout is vertical for 1 (FW_VERTICAL) and horizontal otherwise, as on iOS and GTK")
    func linearLayoutDirection() {
      let m = screenModel(#"{"batch":[{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":10,"value":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":11},{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":12,"value":7}]}"#)
      #expect(m.state[3]?.isHorizontal == false)
      #expect(m.state[10]?.isHorizontal == true)
      #expect(m.state[11]?.isHorizontal == true)
      #expect(m.state[12]?.isHorizontal == true)
      #expect(m.state[2]?.isHorizontal == false)  // not a linear layout at all
    }

    @Test("CREATE_LINK adds a link to the label it addresses")
    func createLink() {
      let m = screenModel(
        #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":10,"textValue":"Read the terms"}"#,
        #"{"type":"CREATE_LINK","internalId":10,"textValue":"terms"}"#,
        #"{"type":"CREATE_LINK","internalId":10,"textValue":"privacy"}"#)
      expectClean(m)
      #expect(m.state[10]?.links == ["terms", "privacy"])
      #expect(m.state[10]?.children == [])
    }

    // MARK: - DELETE_ELEMENT

    /// Layout 3 holds 10 (a layout holding 11 and 12, and 12 holds 13) and 14.
    static let subtree = #"{"batch":[{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":10,"value":1},{"type":"CREATE_TEXT","internalId":10,"childInternalId":11,"textValue":"a"},{"type":"CREATE_FRAME_LAYOUT","internalId":10,"childInternalId":12},{"type":"CREATE_BUTTON","internalId":12,"childInternalId":13,"textValue":"b"},{"type":"CREATE_TEXT","internalId":3,"childInternalId":14,"textValue":"c"}]}"#

    @Test("DELETE_ELEMENT removes the element and its whole subtree")
    func deleteRemovesSubtree() {
      let m = screenModel(Self.subtree, #"{"type":"DELETE_ELEMENT","internalId":10}"#)
      expectClean(m)
      for id: Int32 in 10...13 { #expect(m.state[id] == nil) }
      #expect(m.state[3]?.children == [14])
      #expect(m.state[14] != nil)
      #expect(m.state.elements.sortedIds == [1, 2, 3, 14])
      #expect(m.state.detached.isEmpty)
    }

    @Test("DELETE_ELEMENT as the engine sends it: parent first, then descendants depth-first, and ids never created, all silent")
    func deleteLikeTheEngine() {
      let m = screenModel(
        Self.subtree,
        #"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":10}"#,
        #"{"type":"DELETE_ELEMENT","internalId":10}"#,
        #"{"type":"DELETE_ELEMENT","internalId":11}"#,
        #"{"type":"DELETE_ELEMENT","internalId":12}"#,
        #"{"type":"DELETE_ELEMENT","internalId":13}"#,
        #"{"type":"DELETE_ELEMENT","internalId":77}"#,
        #"{"type":"DELETE_ELEMENT","internalId":0}"#)
      expectClean(m)
      #expect(m.state[3]?.children == [14])
      #expect(m.state.detached.isEmpty)
    }

    @Test("DELETE_ELEMENT of an unknown id is silent and changes nothing")
    func deleteUnknownIsSilent() {
      let before = screenModel()
      let after = screenModel(#"{"type":"DELETE_ELEMENT","internalId":42}"#)
      expectClean(after)
      #expect(after.state.elements == before.state.elements)
    }

    @Test("Deleting a timer's owner (or an ancestor of it) stops the timer")
    func deleteStopsTimers() {
      var m = screenModel(
        Self.subtree,
        #"{"batch":[{"type":"CREATE_TIMER","internalId":13,"childInternalId":20,"value":100},{"type":"CREATE_TIMER","internalId":14,"childInternalId":21,"value":100}]}"#,
        #"{"t":250,"type":"DELETE_ELEMENT","internalId":10}"#)
      expectClean(m)
      #expect(m.state.timers.keys.sorted() == [21])
      m.advance(to: 1000)
      let ticks = emittedEvents(m).compactMap { entry -> (Int32, Int32)? in
        if case .timer(let timer) = entry.event { return (entry.target, timer.id) }
        return nil
      }
      // Timer 20 fired twice before its owner went; timer 21 goes on every 100 ms.
      #expect(ticks.filter { $0.1 == 20 }.count == 2)
      #expect(ticks.filter { $0.1 == 21 }.count == 10)
      #expect(ticks.allSatisfy { $0.1 == 20 ? $0.0 == 13 : $0.0 == 14 })
    }

    @Test("Deleting the timer's owner leaves nothing on the clock")
    func deleteLastOwnerIdles() {
      var m = screenModel(
        #"{"type":"CREATE_TIMER","internalId":3,"childInternalId":20,"value":100}"#,
        #"{"t":50,"type":"DELETE_ELEMENT","internalId":3}"#)
      #expect(m.nextDeadline == nil)
      #expect(m.runUntilIdle() == nil)
    }

    @Test("DELETE_ELEMENT of the active view, the drawer and a dialog clears them from the state")
    func deleteClearsViewState() {
      let m = screenModel(
        #"{"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":10},{"type":"CREATE_NAVIGATIONVIEW","internalId":1,"childInternalId":11},{"type":"CREATE_DIALOG","internalId":2,"childInternalId":12}]}"#,
        #"{"type":"SET_INT_VALUE","internalId":10,"value":1}"#,
        #"{"type":"SET_VISIBILITY","internalId":11,"value":1}"#,
        #"{"batch":[{"type":"DELETE_ELEMENT","internalId":2},{"type":"DELETE_ELEMENT","internalId":11},{"type":"DELETE_ELEMENT","internalId":10}]}"#)
      expectClean(m)
      #expect(m.state.activeView == nil)
      #expect(m.state.history.isEmpty)
      #expect(m.state.navigationView == nil)
      #expect(!m.state.isNavigationShown)
      #expect(m.state.modalStack.isEmpty)  // dialog 12 was under view 2
      #expect(m.state.elements.sortedIds == [1])
    }

    @Test("Deleting an image with a request out sends CANCEL for it")
    func deleteCancelsImageRequest() {
      let m = screenModel(
        #"{"type":"CREATE_IMAGEVIEW","internalId":3,"childInternalId":10,"textValue":"https://x.test/a.png","width":100,"height":50}"#,
        #"{"t":20,"type":"DELETE_ELEMENT","internalId":3}"#)
      expectClean(m)
      let requests = imageRequests(m)
      #expect(requests.map(\.mode) == [1, 2])
      #expect(requests.last?.imageUrl == "https://x.test/a.png")
      #expect(requests.last?.sourceInternalId == 10)
      #expect(m.emissions.last?.time == 20)
      #expect(m.emissions.last?.recordIndex == 3)
    }

    // MARK: - REMOVE_CHILD

    @Test("REMOVE_CHILD detaches the child and keeps it: it is registered, off screen, and still takes commands")
    func removeChildDetachesAndKeeps() {
      let m = screenModel(
        Self.subtree,
        #"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":10}"#,
        #"{"type":"SET_TEXT_VALUE","internalId":11,"textValue":"still here"}"#)
      expectClean(m)
      #expect(m.state[3]?.children == [14])
      #expect(m.state[10]?.parent == nil)
      #expect(m.state[10]?.children == [11, 12])  // its subtree goes with it
      #expect(m.state[11]?.text == "still here")
      #expect(m.state.detached == [10])
      #expect(!m.state.isDisplayed(11))
      #expect(m.state.isDisplayed(14))
    }

    @Test("REMOVE_CHILD of an open dialog takes it off the modal stack")
    func removeChildClosesDialog() {
      let m = screenModel(
        #"{"type":"CREATE_DIALOG","internalId":2,"childInternalId":10,"textValue":"Sure?"}"#,
        #"{"type":"REMOVE_CHILD","internalId":2,"childInternalId":10}"#)
      expectClean(m)
      #expect(m.state.modalStack.isEmpty)
      #expect(m.state[10]?.modalResult == nil)
      #expect(m.state.detached == [10])
    }

    // MARK: - REORDER_CHILD

    /// Layout 3 holds 10, 11, 12, 13.
    static let fourChildren = #"{"batch":[{"type":"CREATE_TEXT","internalId":3,"childInternalId":10},{"type":"CREATE_TEXT","internalId":3,"childInternalId":11},{"type":"CREATE_TEXT","internalId":3,"childInternalId":12},{"type":"CREATE_TEXT","internalId":3,"childInternalId":13}]}"#

    @Test(
      "REORDER_CHILD removes the child and inserts it at `value` of the list without it",
      arguments: [
        (child: Int32(12), index: Int32(0), expected: [Int32(12), 10, 11, 13]),
        (child: 10, index: 2, expected: [11, 12, 10, 13]),
        (child: 13, index: 1, expected: [10, 13, 11, 12]),
        (child: 11, index: 1, expected: [10, 11, 12, 13]),
        (child: 10, index: 3, expected: [11, 12, 13, 10]),  // the end of the list without it: no diagnostic
      ])
    func reorderChild(child: Int32, index: Int32, expected: [Int32]) {
      let m = screenModel(Self.fourChildren, #"{"type":"REORDER_CHILD","internalId":3,"childInternalId":\#(child),"value":\#(index)}"#)
      expectClean(m)
      #expect(m.state[3]?.children == expected)
    }

    @Test("REORDER_CHILD past the end appends (as iOS and Android do), and says so")
    func reorderPastTheEnd() {
      let m = screenModel(Self.fourChildren, #"{"type":"REORDER_CHILD","internalId":3,"childInternalId":10,"value":9}"#)
      #expect(rules(m) == [.reorderOutOfRange])
      #expect(m.state[3]?.children == [11, 12, 13, 10])
    }

    @Test("REORDER_CHILD to a negative index moves the child first, and says so")
    func reorderNegative() {
      let m = screenModel(Self.fourChildren, #"{"type":"REORDER_CHILD","internalId":3,"childInternalId":12,"value":-1}"#)
      #expect(rules(m) == [.reorderOutOfRange])
      #expect(m.diagnostics.first?.message.hasSuffix("moved first") == true)
      #expect(m.state[3]?.children == [12, 10, 11, 13])
    }
  }
}
