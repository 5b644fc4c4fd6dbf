import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// A command record: `c("SET_TEXT_VALUE", #""internalId":4,"textValue":"x""#)`.
func c(_ type: String, _ fields: String = "") -> String {
  "{\"type\":\"\(type)\"" + (fields.isEmpty ? "" : "," + fields) + "}"
}

/// A batch record of `commands` (each made with ``c(_:_:)``).
func batch(_ commands: String...) -> String {
  "{\"batch\":[" + commands.joined(separator: ",") + "]}"
}

/// Two states built from the same prelude (application 1, frame view 2, vertical linear layout 3)
/// and `common` lines, then each its own lines; the diff from A to B is compared with a golden file.
struct DiffCase: Sendable, CustomTestStringConvertible {
  let name: String
  let common: [String]
  let a: [String]
  let b: [String]
  /// The kinds of the changes expected, in order.
  let kinds: [StateChange.Kind]

  init(_ name: String, common: [String] = [], a: [String] = [], b: [String] = [], kinds: [StateChange.Kind]) {
    self.name = name
    self.common = common
    self.a = a
    self.b = b
    self.kinds = kinds
  }

  var testDescription: String { name }

  var models: (ReferenceModel, ReferenceModel) {
    (model(Prelude.both + common + a), model(Prelude.both + common + b))
  }
}

@Suite("State diff")
struct StateDiffTests {
  // MARK: - Nothing to report

  @Test("Equal states give no changes and print nothing")
  func equalStates() {
    let a = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Hello""#))
    let b = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Hello""#))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.isEmpty)
    #expect(diff.changes.isEmpty)
    #expect(diff.counts.isEmpty)
    #expect(diff.renderText(.plain) == "")
    #expect(diff.renderText(.terminal) == "")
  }

  @Test("A snapshot's time and record index are not compared")
  func timeAndRecordAreNotCompared() {
    let a = screenModel()
    let b = screenModel(#"{"t":5000,"marker":"later"}"#, #"{"t":6000,"marker":"later still"}"#)
    #expect(a.state.time != b.state.time)
    #expect(a.state.lastRecordIndex != b.state.lastRecordIndex)
    #expect(StateDiff(from: a.state, to: b.state).isEmpty)
  }

  @Test("Elements are matched by id whatever order they were created in")
  func creationOrderDoesNotMatter() {
    let a = screenModel(batch(
      c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Hello""#),
      c("CREATE_FRAMEVIEW", #""internalId":1,"childInternalId":8"#),
      c("CREATE_BUTTON", #""internalId":3,"childInternalId":5,"textValue":"OK""#)))
    let b = screenModel(batch(
      c("CREATE_FRAMEVIEW", #""internalId":1,"childInternalId":8"#),
      c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Hello""#),
      c("CREATE_BUTTON", #""internalId":3,"childInternalId":5,"textValue":"OK""#)))
    #expect(StateDiff(from: a.state, to: b.state).isEmpty)
  }

  // MARK: - Added, removed, moved

  static let subtree = batch(
    c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":4,"value":2"#),
    c("CREATE_TEXT", #""internalId":4,"childInternalId":5,"textValue":"Name""#),
    c("CREATE_BUTTON", #""internalId":4,"childInternalId":6,"textValue":"Edit""#),
    c("CREATE_LINEAR_LAYOUT", #""internalId":4,"childInternalId":7"#),
    c("CREATE_TEXT", #""internalId":7,"childInternalId":8,"textValue":"deep""#))

  @Test("An added subtree is one change at its root, with its descendants counted")
  func addedSubtree() {
    let a = screenModel()
    let b = screenModel(Self.subtree)
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.count == 1)
    let change = diff.changes[0]
    #expect(change.kind == .added)
    #expect(change.path == "frameView 2 › linearLayout 3 › linearLayout 4")
    #expect(change.element == 4)
    #expect(change.property == nil)
    #expect(change.old == nil)
    #expect(change.new == #"{"kind":"linearLayout","parent":3,"children":[5,6,7],"value":2}"#)
    #expect(change.descendants == 4)
    DiffGolden.check(diff.renderText(), "added-subtree.txt")
  }

  @Test("A removed subtree is one change at its root, with its descendants counted")
  func removedSubtree() {
    let a = screenModel(Self.subtree)
    let b = screenModel(Self.subtree, c("DELETE_ELEMENT", #""internalId":4"#))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.count == 1)
    let change = diff.changes[0]
    #expect(change.kind == .removed)
    #expect(change.path == "frameView 2 › linearLayout 3 › linearLayout 4")
    #expect(change.old == #"{"kind":"linearLayout","parent":3,"children":[5,6,7],"value":2}"#)
    #expect(change.new == nil)
    #expect(change.descendants == 4)
    DiffGolden.check(diff.renderText(), "removed-subtree.txt")
  }

  @Test("A removed leaf has no descendants")
  func removedLeaf() {
    let a = screenModel(Self.subtree)
    let b = screenModel(Self.subtree, c("DELETE_ELEMENT", #""internalId":8"#))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == [.removed])
    #expect(diff.changes.first?.descendants == 0)
    #expect(diff.changes.first?.path == "frameView 2 › linearLayout 3 › linearLayout 4 › linearLayout 7 › text 8")
    DiffGolden.check(diff.renderText(), "removed-leaf.txt")
  }

  static let twoLayouts = batch(
    c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":4"#),
    c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":5"#))

  @Test("An element under another parent is moved, once, with the old and the new parent")
  func movedToAnotherParent() {
    let a = screenModel(Self.twoLayouts, batch(
      c("CREATE_TEXT", #""internalId":4,"childInternalId":6,"textValue":"Hi""#),
      c("CREATE_TEXT", #""internalId":6,"childInternalId":7,"textValue":"inner""#)))
    let b = screenModel(Self.twoLayouts, batch(
      c("CREATE_TEXT", #""internalId":5,"childInternalId":6,"textValue":"Hi""#),
      c("CREATE_TEXT", #""internalId":6,"childInternalId":7,"textValue":"inner""#)))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.count == 1)
    let change = diff.changes[0]
    #expect(change.kind == .moved)
    #expect(change.element == 6)
    #expect(change.property == "parent")
    #expect(change.path == "frameView 2 › linearLayout 3 › linearLayout 5 › text 6 · parent")
    #expect(change.old == #""under 4""#)
    #expect(change.new == #""under 5""#)
    DiffGolden.check(diff.renderText(), "moved-parent.txt")
  }

  @Test("A detached element is moved to `detached`, and re-attaching it moves it back")
  func detached() {
    let a = screenModel(Self.twoLayouts, c("CREATE_TEXT", #""internalId":4,"childInternalId":6,"textValue":"Hi""#))
    let b = screenModel(Self.twoLayouts, c("CREATE_TEXT", #""internalId":4,"childInternalId":6,"textValue":"Hi""#), c("REMOVE_CHILD", #""internalId":4,"childInternalId":6"#))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.kind == .moved)
    #expect(diff.changes.first?.path == "detached › text 6 · parent")
    #expect(diff.changes.first?.old == #""under 4""#)
    #expect(diff.changes.first?.new == #""detached""#)
    DiffGolden.check(diff.renderText(), "moved-detached.txt")

    let back = StateDiff(from: b.state, to: a.state)
    #expect(back.changes.count == 1)
    #expect(back.changes.first?.path == "frameView 2 › linearLayout 3 › linearLayout 4 › text 6 · parent")
    #expect(back.changes.first?.old == #""detached""#)
    #expect(back.changes.first?.new == #""under 4""#)
  }

  @Test("Changes inside a detached subtree have paths under `detached` too")
  func changesInsideDetachedSubtree() {
    let common = [Self.twoLayouts, c("CREATE_TEXT", #""internalId":4,"childInternalId":6,"textValue":"Hi""#)]
    let a = model(Prelude.both + common)
    let b = model(Prelude.both + common + [c("REMOVE_CHILD", #""internalId":3,"childInternalId":4"#), c("SET_TEXT_VALUE", #""internalId":6,"textValue":"Bye""#)])
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.path) == ["detached › linearLayout 4 · parent", "detached › linearLayout 4 › text 6 · text"])
    // An ignore rule for the detached part catches all of it.
    #expect(StateDiff(from: a.state, to: b.state, ignoring: DiffIgnoreRules(["detached › *"])).isEmpty)
    DiffGolden.check(diff.renderText(), "detached-subtree-change.txt")
  }

  @Test("An element that moves into an added subtree is moved, not counted as added")
  func movedIntoAddedSubtree() {
    let inner = batch(
      c("CREATE_LINEAR_LAYOUT", #""internalId":9,"childInternalId":4"#),
      c("CREATE_TEXT", #""internalId":4,"childInternalId":5,"textValue":"Hi""#))
    let a = screenModel(batch(
      c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":4"#),
      c("CREATE_TEXT", #""internalId":4,"childInternalId":5,"textValue":"Hi""#)))
    let b = screenModel(batch(c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":9"#), c("CREATE_BUTTON", #""internalId":9,"childInternalId":10,"textValue":"New""#)), inner)
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == [.added, .moved])
    // Button 10 came with layout 9; layout 4 and its text were there before.
    #expect(diff.changes.first?.descendants == 1)
    #expect(diff.changes.last?.path == "frameView 2 › linearLayout 3 › linearLayout 9 › linearLayout 4 · parent")
    DiffGolden.check(diff.renderText(), "moved-into-added.txt")

    // The other way round: a removed subtree does not count what moved out of it.
    let back = StateDiff(from: b.state, to: a.state)
    #expect(back.changes.map(\.kind) == [.moved, .removed])
    #expect(back.changes.last?.descendants == 1)
  }

  // MARK: Moves among siblings

  static let siblings = batch(
    c("CREATE_BUTTON", #""internalId":3,"childInternalId":4,"textValue":"A""#),
    c("CREATE_BUTTON", #""internalId":3,"childInternalId":5,"textValue":"B""#),
    c("CREATE_BUTTON", #""internalId":3,"childInternalId":6,"textValue":"C""#),
    c("CREATE_BUTTON", #""internalId":3,"childInternalId":7,"textValue":"D""#))

  static func reorder(_ child: Int, to index: Int) -> String {
    c("REORDER_CHILD", #""internalId":3,"childInternalId":\#(child),"value":\#(index)"#)
  }

  @Test("Inserting a sibling reports the new one only, not the others as moved")
  func insertedSiblingMovesNothing() {
    let a = screenModel(Self.siblings)
    let b = screenModel(Self.siblings, c("CREATE_BUTTON", #""internalId":3,"childInternalId":8,"textValue":"New""#), Self.reorder(8, to: 0))
    #expect(b.state.elements[3]?.children == [8, 4, 5, 6, 7])
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == [.added])
    DiffGolden.check(diff.renderText(), "sibling-inserted.txt")
  }

  @Test("Removing a sibling reports the removed one only, not the others as moved")
  func removedSiblingMovesNothing() {
    let a = screenModel(Self.siblings)
    let b = screenModel(Self.siblings, c("DELETE_ELEMENT", #""internalId":4"#))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == [.removed])
    #expect(diff.changes.first?.element == 4)
    DiffGolden.check(diff.renderText(), "sibling-removed.txt")
  }

  @Test("Moving one sibling to the front reports that one only")
  func movedToFront() {
    let a = screenModel(Self.siblings)
    let b = screenModel(Self.siblings, Self.reorder(7, to: 0))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.kind == .moved)
    #expect(diff.changes.first?.element == 7)
    #expect(diff.changes.first?.property == "index")
    #expect(diff.changes.first?.old == "3")
    #expect(diff.changes.first?.new == "0")
    DiffGolden.check(diff.renderText(), "sibling-to-front.txt")
  }

  @Test("Swapping two siblings reports only those the longest increasing subsequence leaves out")
  func swaps() {
    let a = screenModel(Self.siblings)
    // Adjacent: [5,4,6,7]; one of the two moved.
    let adjacent = StateDiff(from: a.state, to: screenModel(Self.siblings, Self.reorder(5, to: 0)).state)
    #expect(adjacent.changes.count == 1)
    #expect(adjacent.changes.allSatisfy { $0.kind == .moved && $0.property == "index" })
    DiffGolden.check(adjacent.renderText(), "sibling-swap-adjacent.txt")
    // The ends: [7,5,6,4]; the middle stays, both ends moved.
    let b = screenModel(Self.siblings, Self.reorder(7, to: 0), Self.reorder(4, to: 3))
    #expect(b.state.elements[3]?.children == [7, 5, 6, 4])
    let ends = StateDiff(from: a.state, to: b.state)
    #expect(ends.changes.map(\.element) == [4, 7])
    #expect(ends.changes.map(\.old) == ["0", "3"])
    #expect(ends.changes.map(\.new) == ["3", "0"])
    DiffGolden.check(ends.renderText(), "sibling-swap-ends.txt")
    // Reversed: [7,6,5,4]; the subsequence keeps one, three moved.
    let reversed = screenModel(Self.siblings, Self.reorder(7, to: 0), Self.reorder(6, to: 1), Self.reorder(5, to: 2))
    #expect(reversed.state.elements[3]?.children == [7, 6, 5, 4])
    #expect(StateDiff(from: a.state, to: reversed.state).changes.count == 3)
  }

  @Test("Moves among siblings combine with insertions and removals")
  func movesWithInsertionsAndRemovals() {
    let a = screenModel(Self.siblings)
    let b = screenModel(Self.siblings, c("DELETE_ELEMENT", #""internalId":5"#), c("CREATE_BUTTON", #""internalId":3,"childInternalId":9,"textValue":"E""#), Self.reorder(9, to: 1), Self.reorder(7, to: 0))
    #expect(b.state.elements[3]?.children == [7, 4, 9, 6])
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == [.removed, .moved, .added])
    #expect(diff.changes.map(\.element) == [5, 7, 9])
    DiffGolden.check(diff.renderText(), "sibling-mixed.txt")
  }

  @Test("The longest increasing subsequence is one of the longest, and increasing", arguments: [
    [], [0], [0, 1, 2, 3], [3, 2, 1, 0], [1, 0, 2, 3], [3, 0, 1, 2], [2, 5, 1, 3, 4, 0, 6], [10, 9, 2, 5, 3, 7, 101, 18],
  ])
  func longestIncreasingSubsequence(_ values: [Int]) {
    let kept = StateDiff.Builder.longestIncreasingSubsequence(values).sorted()
    let subsequence = kept.map { values[$0] }
    #expect(zip(subsequence, subsequence.dropFirst()).allSatisfy { $0 < $1 })
    // The length, by the quadratic textbook method.
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    #expect(kept.count == (best.max() ?? 0))
  }

  @Test("The longest increasing subsequence of random permutations")
  func longestIncreasingSubsequenceRandom() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<200 {
      let count = Int(generator.next() % 30)
      let values = Array(0..<count).shuffled(using: &generator)
      let kept = StateDiff.Builder.longestIncreasingSubsequence(values).sorted()
      let subsequence = kept.map { values[$0] }
      #expect(zip(subsequence, subsequence.dropFirst()).allSatisfy { $0 < $1 })
      var best = [Int](repeating: 1, count: values.count)
      for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
      }
      #expect(kept.count == (best.max() ?? 0), "\(values)")
    }
  }

  // MARK: - Properties

  static let hiddenImage = batch(
    c("CREATE_IMAGEVIEW", #""internalId":3,"childInternalId":4,"textValue":"https://cdn.example.com/a-64.jpg","width":64,"height":64"#),
    c("SET_VISIBILITY", #""internalId":4"#))
  static let shownImage = batch(
    c("CREATE_IMAGEVIEW", #""internalId":3,"childInternalId":4,"textValue":"https://cdn.example.com/p-100.jpg","width":100,"height":50"#),
    c("ADD_IMAGE_URL", #""internalId":4,"textValue":"https://cdn.example.com/p-200.jpg","width":200,"height":100"#),
    c("SET_STYLE", #""internalId":4,"textValue":"width","textValue2":"100""#))
  static let listView = batch(
    c("CREATE_LISTVIEW", #""internalId":3,"childInternalId":4"#),
    c("ADD_COLUMN", #""internalId":4,"value":1,"textValue":"Name""#),
    c("ADD_SHEET", #""internalId":4,"textValue":"My files""#),
    c("SET_TEXT_DATA", #""internalId":4,"textValue":"a.pdf""#),
    c("SET_TEXT_DATA", #""internalId":4,"textValue":"b.pdf","row":1"#))
  static let dialog = c("CREATE_DIALOG", #""internalId":2,"childInternalId":4,"textValue":"Delete draft?""#)

  static let propertyCases: [DiffCase] = [
    DiffCase("text", common: [c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Hello""#)], b: [c("SET_TEXT_VALUE", #""internalId":4,"textValue":"Hello, \"bob\"""#)], kinds: [.changed]),
    DiffCase("secondaryText", common: [c("CREATE_ACTIONBAR", #""internalId":2,"childInternalId":4,"textValue":"Documents","textValue2":"200 files""#)], b: [c("SET_TEXT_VALUE", #""internalId":4,"textValue":"Documents","textValue2":"201 files""#)], kinds: [.changed]),
    DiffCase("value", common: [c("CREATE_SWITCH", #""internalId":3,"childInternalId":4,"textValue":"Wi-Fi""#)], b: [c("SET_INT_VALUE", #""internalId":4,"value":1"#)], kinds: [.changed]),
    DiffCase("count", common: [c("CREATE_PAGE_CONTROL", #""internalId":3,"childInternalId":4,"value":3"#)], b: [c("RESHAPE_TABLE", #""internalId":4,"value":5"#)], kinds: [.changed]),
    DiffCase("hidden", common: [c("CREATE_BUTTON", #""internalId":3,"childInternalId":4,"textValue":"OK""#)], b: [c("SET_VISIBILITY", #""internalId":4"#)], kinds: [.changed]),
    DiffCase("error-on", common: [c("CREATE_TEXTFIELD", #""internalId":3,"childInternalId":4"#)], b: [c("SET_ERROR", #""internalId":4,"value":1,"textValue":"Required""#)], kinds: [.changed]),
    DiffCase("error-off", common: [c("CREATE_TEXTFIELD", #""internalId":3,"childInternalId":4"#), c("SET_ERROR", #""internalId":4,"value":1,"textValue":"Required""#)], b: [c("SET_ERROR", #""internalId":4"#)], kinds: [.changed]),
    DiffCase("error-changed", common: [c("CREATE_TEXTFIELD", #""internalId":3,"childInternalId":4"#)], a: [c("SET_ERROR", #""internalId":4,"value":1,"textValue":"Required""#)], b: [c("SET_ERROR", #""internalId":4,"value":1,"textValue":"Too short""#)], kinds: [.changed]),
    DiffCase("flags", a: [c("CREATE_TEXTFIELD", #""internalId":3,"childInternalId":4"#)], b: [c("CREATE_TEXTFIELD", #""internalId":3,"childInternalId":4,"flags":1"#)], kinds: [.changed]),
    DiffCase("styles", common: [batch(
      c("CREATE_BUTTON", #""internalId":3,"childInternalId":4,"textValue":"OK""#),
      c("SET_STYLE", #""internalId":4,"textValue":"color","textValue2":"black""#),
      c("SET_STYLE", #""internalId":4,"textValue":"margin","textValue2":"8""#),
      c("SET_STYLE", #""internalId":4,"value":1,"textValue":"color","textValue2":"gray""#))],
      a: [c("SET_STYLE", #""internalId":4,"value":3,"textValue":"color","textValue2":"blue""#)],
      b: [batch(
        c("SET_STYLE", #""internalId":4,"textValue":"color","textValue2":"white""#),
        c("SET_STYLE", #""internalId":4,"value":1,"textValue":"background-color","textValue2":"silver""#),
        c("SET_STYLE", #""internalId":4,"value":4,"textValue":"opacity","textValue2":"0.5""#))],
      kinds: [.changed, .added, .removed, .added]),
    DiffCase("options", common: [c("CREATE_PICKER", #""internalId":3,"childInternalId":4"#), c("ADD_OPTION", #""internalId":4,"value":1,"textValue":"Small""#)], b: [c("ADD_OPTION", #""internalId":4,"value":2,"textValue":"Large""#)], kinds: [.changed]),
    DiffCase("links", common: [c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"Read the terms""#)], b: [c("CREATE_LINK", #""internalId":4,"textValue":"terms""#)], kinds: [.changed]),
    DiffCase("list-columns", common: [listView], b: [c("ADD_COLUMN", #""internalId":4,"value":2,"textValue":"Size""#)], kinds: [.changed]),
    DiffCase("list-sheets", common: [listView], b: [c("ADD_SHEET", #""internalId":4,"textValue":"Shared""#)], kinds: [.changed]),
    DiffCase("list-rowCounts", common: [listView, c("RESHAPE_SHEET", #""internalId":4,"value":10"#)], b: [c("RESHAPE_SHEET", #""internalId":4,"value":12"#), c("RESHAPE_SHEET", #""internalId":4,"value":3,"sheet":1"#)], kinds: [.changed, .added]),
    DiffCase("list-cells", common: [listView], a: [c("SET_TEXT_DATA", #""internalId":4,"textValue":"c.pdf","row":2"#)], b: [c("SET_TEXT_DATA", #""internalId":4,"textValue":"B.pdf","row":1"#), c("SET_TEXT_DATA", #""internalId":4,"textValue":"x","column":1,"sheet":1"#)], kinds: [.changed, .removed, .added]),
    DiffCase("grid-cells", common: [c("CREATE_GRIDVIEW", #""internalId":3,"childInternalId":4"#), c("SET_TEXT_DATA", #""internalId":4,"textValue":"tile","row":3,"column":2"#)], b: [c("SET_TEXT_DATA", #""internalId":4,"textValue":"tile 2","row":3,"column":2"#)], kinds: [.changed]),
    DiffCase("image-sources", common: [hiddenImage], b: [c("ADD_IMAGE_URL", #""internalId":4,"textValue":"https://cdn.example.com/a-128.jpg","width":128,"height":128"#)], kinds: [.changed]),
    DiffCase("image-file", common: [batch(c("CREATE_IMAGEVIEW", #""internalId":3,"childInternalId":4,"textValue":"logo.png""#), c("SET_VISIBILITY", #""internalId":4"#))], b: [c("SET_TEXT_VALUE", #""internalId":4,"textValue":"logo-dark.png""#)], kinds: [.changed]),
    DiffCase("image-requested", common: [shownImage], b: [c("SET_STYLE", #""internalId":4,"textValue":"width","textValue2":"200""#)], kinds: [.changed, .changed, .changed]),
    DiffCase("image-requestedWidth", common: [shownImage], b: [c("SET_STYLE", #""internalId":4,"textValue":"width","textValue2":"120""#)], kinds: [.changed, .changed]),
    DiffCase("image-released", common: [hiddenImage], b: [c("RELEASE", #""internalId":4"#)], kinds: [.changed]),
    DiffCase("image-released-while-requested", common: [shownImage], b: [c("RELEASE", #""internalId":4"#)], kinds: [.removed, .changed, .changed]),
    DiffCase("stopped", common: [c("CREATE_PROGRESS_SPINNER", #""internalId":3,"childInternalId":4"#)], b: [c("STOP", #""internalId":4"#)], kinds: [.changed]),
    DiffCase("modalResult", common: [dialog], a: [#"{"modal":4,"value":1}"#], b: [#"{"modal":4,"value":2}"#], kinds: [.changed]),
    DiffCase("kind", a: [c("CREATE_BUTTON", #""internalId":3,"childInternalId":4,"textValue":"OK""#)], b: [c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"OK""#)], kinds: [.changed]),
  ]

  @Test("Each kind of property change, with its path and both values", arguments: propertyCases)
  func property(_ testCase: DiffCase) {
    let (a, b) = testCase.models
    expectClean(a)
    expectClean(b)
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == testCase.kinds)
    for change in diff.changes {
      #expect(change.element == 4)
      #expect(change.property != nil)
      #expect(change.path.hasSuffix(" · " + change.property!), "\(change.path)")
      #expect(change.descendants == 0)
      // Values are JSON.
      if let old = change.old { #expect((try? parseJSON(old)) != nil, "\(old)") }
      if let new = change.new { #expect((try? parseJSON(new)) != nil, "\(new)") }
    }
    DiffGolden.check(diff.renderText(), "property-\(testCase.name).txt")
    if testCase.name == "kind" {
      // The path is the element's in the second state, so it names the other kind going back.
      let back = StateDiff(from: b.state, to: a.state)
      #expect(back.changes.map(\.path) == ["frameView 2 › linearLayout 3 › button 4 · kind"])
      #expect(back.changes.map(\.old) == [#""text""#])
      #expect(back.changes.map(\.new) == [#""button""#])
    } else {
      expectMirror(diff, StateDiff(from: b.state, to: a.state))
    }
  }

  @Test("Style changes are reported per selector and key, in selector order")
  func stylePaths() {
    let testCase = Self.propertyCases.first { $0.name == "styles" }!
    let (a, b) = testCase.models
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.property) == ["styles.NORMAL.color", "styles.ACTIVE.background-color", "styles.SELECTED.color", "styles.DISABLED.opacity"])
    #expect(diff.changes.map(\.old) == [#""black""#, nil, #""blue""#, nil])
    #expect(diff.changes.map(\.new) == [#""white""#, #""silver""#, nil, #""0.5""#])
  }

  @Test("Styles set in another order are equal")
  func styleOrderDoesNotMatter() {
    let a = screenModel(batch(
      c("CREATE_BUTTON", #""internalId":3,"childInternalId":4"#),
      c("SET_STYLE", #""internalId":4,"textValue":"color","textValue2":"red""#),
      c("SET_STYLE", #""internalId":4,"textValue":"margin","textValue2":"8""#)))
    let b = screenModel(batch(
      c("CREATE_BUTTON", #""internalId":3,"childInternalId":4"#),
      c("SET_STYLE", #""internalId":4,"textValue":"margin","textValue2":"8""#),
      c("SET_STYLE", #""internalId":4,"textValue":"color","textValue2":"red""#)))
    #expect(StateDiff(from: a.state, to: b.state).isEmpty)
  }

  @Test("An added property of an element shows its new value, as a removed one shows its old value")
  func addedPropertyShowsItsValue() {
    let testCase = Self.propertyCases.first { $0.name == "list-rowCounts" }!
    let (a, b) = testCase.models
    let text = StateDiff(from: a.state, to: b.state).renderText()
    #expect(text.contains("+ frameView 2 › linearLayout 3 › listView 4 · list.rowCounts.1: 3\n"))
    let back = StateDiff(from: b.state, to: a.state).renderText()
    #expect(back.contains("- frameView 2 › linearLayout 3 › listView 4 · list.rowCounts.1: 3\n"))
  }

  // MARK: - Top level

  static let secondView = c("CREATE_FRAMEVIEW", #""internalId":1,"childInternalId":8"#)
  static let drawer = c("CREATE_NAVIGATIONVIEW", #""internalId":1,"childInternalId":7"#)
  static let preferences = batch(
    c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"lang","textValue2":"fi""#),
    c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"theme","textValue2":"light""#),
    c("COMMIT_PREFERENCES", #""internalId":1"#))

  static let topLevelCases: [DiffCase] = [
    DiffCase("activeView", common: [secondView], b: [c("SET_INT_VALUE", #""internalId":8,"value":1"#)], kinds: [.changed, .changed]),
    DiffCase("history", common: [secondView, c("SET_INT_VALUE", #""internalId":8,"value":1"#)], a: [c("SET_INT_VALUE", #""internalId":2,"value":1"#)], b: [c("SET_INT_VALUE", #""internalId":2,"value":3"#)], kinds: [.changed]),
    DiffCase("navigation-view", b: [drawer], kinds: [.added, .added]),
    DiffCase("navigation-shown", common: [drawer], b: [c("SET_VISIBILITY", #""internalId":7,"value":1"#)], kinds: [.changed, .changed]),
    DiffCase("modals", b: [dialog], kinds: [.changed, .added]),
    DiffCase("modal-closed", common: [dialog], b: [#"{"modal":4,"value":1}"#], kinds: [.changed, .added]),
    DiffCase("toast-added", b: [c("CREATE_TOAST", #""internalId":3,"textValue":"Saved""#)], kinds: [.added]),
    DiffCase("toast-removed", common: [c("CREATE_TOAST", #""internalId":3,"textValue":"Saved""#)], b: [#"{"t":2500,"marker":"after the toast"}"#], kinds: [.removed]),
    DiffCase("toast-changed", a: [c("CREATE_TOAST", #""internalId":3,"textValue":"Saved""#)], b: [c("CREATE_TOAST", #""internalId":3,"value":1,"textValue":"Saved!""#)], kinds: [.changed, .changed]),
    DiffCase("toast-from-and-shown", a: [c("CREATE_TOAST", #""internalId":3,"textValue":"Saved""#)], b: [#"{"t":100,"type":"CREATE_TOAST","internalId":2,"textValue":"Saved"}"#], kinds: [.changed, .changed, .changed]),
    DiffCase("timer-added", b: [c("CREATE_TIMER", #""internalId":3,"childInternalId":50,"value":500"#)], kinds: [.added]),
    DiffCase("timer-fired", common: [c("CREATE_TIMER", #""internalId":3,"childInternalId":50,"value":500"#)], b: [#"{"t":1200,"marker":"two ticks later"}"#], kinds: [.changed, .changed]),
    DiffCase("timer-interval-and-owner", a: [c("CREATE_TIMER", #""internalId":3,"childInternalId":50,"value":500"#)], b: [c("CREATE_TIMER", #""internalId":2,"childInternalId":50,"value":1000"#)], kinds: [.changed, .changed, .changed]),
    DiffCase("preferences-committed", common: [preferences], b: [batch(
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"lang","textValue2":"en""#),
      c("DELETE_PREFERENCE", #""internalId":1,"textValue":"theme""#),
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"user","textValue2":"bob""#),
      c("COMMIT_PREFERENCES", #""internalId":1"#))], kinds: [.changed, .removed, .added]),
    DiffCase("preferences-pending", common: [preferences], b: [
      c("UPDATE_PREFERENCE", #""internalId":1,"textValue":"user","textValue2":"bob""#),
      c("DELETE_PREFERENCE", #""internalId":1,"textValue":"lang""#)], kinds: [.added, .changed]),
    DiffCase("networkActivity", b: [c("SHOW_NETWORK_ACTIVITY", #""internalId":3,"value":1"#)], kinds: [.changed, .added]),
    DiffCase("quit", b: [c("QUIT_APP", #""internalId":1"#)], kinds: [.changed, .added]),
    DiffCase("requests", a: [c("LAUNCH_BROWSER", #""internalId":3,"textValue":"https://example.com/a""#)], b: [c("LAUNCH_BROWSER", #""internalId":3,"textValue":"https://example.com/b""#), c("SHARE_LINK", #""internalId":3,"textValue":"https://example.com/b""#)], kinds: [.changed, .added]),
  ]

  @Test("Each kind of application-level change", arguments: topLevelCases)
  func topLevel(_ testCase: DiffCase) {
    let (a, b) = testCase.models
    expectClean(a)
    expectClean(b)
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.kind) == testCase.kinds)
    DiffGolden.check(diff.renderText(), "toplevel-\(testCase.name).txt")
    expectMirror(diff, StateDiff(from: b.state, to: a.state))
  }

  @Test("The application id")
  func application() {
    let a = screenModel()
    var state = a.state
    state.applicationId = nil
    let diff = StateDiff(from: a.state, to: state)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.kind == .removed)
    #expect(diff.changes.first?.path == "application")
    #expect(diff.changes.first?.old == "1")
    DiffGolden.check(diff.renderText(), "toplevel-application.txt")
    var other = a.state
    other.applicationId = 5
    #expect(StateDiff(from: a.state, to: other).renderText() == "~ application: 1 → 5\n1 difference (1 changed)\n")
  }

  @Test("Requests are compared by what was asked and when, not by the record that asked")
  func requestRecordIndexIsNotCompared() {
    let a = screenModel(c("LAUNCH_BROWSER", #""internalId":3,"textValue":"https://example.com""#))
    let b = screenModel(#"{"marker":"one more record"}"#, c("LAUNCH_BROWSER", #""internalId":3,"textValue":"https://example.com""#))
    #expect(a.state.requests.first?.recordIndex != b.state.requests.first?.recordIndex)
    #expect(StateDiff(from: a.state, to: b.state).isEmpty)
  }

  @Test("Top-level changes come first, then elements in tree order")
  func order() {
    let a = screenModel(Self.siblings)
    let b = screenModel(Self.siblings, batch(
      c("SET_TEXT_VALUE", #""internalId":7,"textValue":"d""#),
      c("SET_TEXT_VALUE", #""internalId":4,"textValue":"a""#),
      c("CREATE_TOAST", #""internalId":3,"textValue":"Saved""#),
      c("SET_STYLE", #""internalId":3,"textValue":"padding","textValue2":"4""#),
      c("SET_TEXT_VALUE", #""internalId":1,"textValue":"App 2""#)))
    let diff = StateDiff(from: a.state, to: b.state)
    #expect(diff.changes.map(\.path) == [
      "toasts › toast 1",
      "application 1 · text",
      "frameView 2 › linearLayout 3 · styles.NORMAL.padding",
      "frameView 2 › linearLayout 3 › button 4 · text",
      "frameView 2 › linearLayout 3 › button 7 · text",
    ])
    DiffGolden.check(diff.renderText(), "order.txt")
  }

  // MARK: - Scale

  @Test("20,000 elements with one changed give exactly one change")
  func large() {
    func state(label: String) -> UIState {
      var model = ReferenceModel()
      model.applyBatch([Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2), Command(.createLinearLayout, internalId: 2, childInternalId: 3, value: 1)], at: 0, index: 0)
      var commands: [Command] = []
      for id in Int32(10)..<Int32(20_010) {
        // Every hundredth a layout holding the next 99 labels.
        let parent: Int32 = id % 100 == 0 || id < 110 ? 3 : (id / 100) * 100
        if id % 100 == 0 {
          commands.append(Command(.createLinearLayout, internalId: parent, childInternalId: id, value: 1))
        } else {
          commands.append(Command(.createText, internalId: parent, childInternalId: id, textValue: id == 12_345 ? label : "label \(id)"))
        }
      }
      model.applyBatch(commands, at: 1, index: 1)
      return model.state
    }
    let a = state(label: "before")
    let b = state(label: "after")
    #expect(a.elements.count == 20_003)
    let diff = StateDiff(from: a, to: b)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.path == "frameView 2 › linearLayout 3 › linearLayout 12300 › text 12345 · text")
    #expect(diff.renderText() == "~ frameView 2 › linearLayout 3 › linearLayout 12300 › text 12345 · text: \"before\" → \"after\"\n1 difference (1 changed)\n")
    #expect(StateDiff(from: a, to: a).isEmpty)
  }

  // MARK: - Rendering

  @Test("Colors on a terminal, none in plain text")
  func palette() {
    let testCase = Self.topLevelCases.first { $0.name == "preferences-committed" }!
    let (a, b) = testCase.models
    let diff = StateDiff(from: a.state, to: b.state)
    let plain = diff.renderText(.plain)
    let colored = diff.renderText(.terminal)
    #expect(!plain.contains("\u{1B}"))
    #expect(colored.contains("\u{1B}[31m"))
    #expect(colored.contains("\u{1B}[32m"))
    #expect(colored.contains("\u{1B}[33m"))
    // Without the escapes, the colored text is the plain text.
    let stripped = colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(stripped == plain)
  }

  @Test("Long values are clipped")
  func clipping() {
    let long = String(repeating: "x", count: 300)
    let a = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4"#))
    let b = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"\#(long)""#))
    let text = StateDiff(from: a.state, to: b.state).renderText(.plain, maxValueLength: 20)
    #expect(text == "~ frameView 2 › linearLayout 3 › text 4 · text: \"\" → \"xxxxxxxxxxxxxxxxxxx… (0 → 300 characters, first difference at character 1)\n1 difference (1 changed)\n")
  }

  @Test("Two long values are shown around their first difference, with both lengths")
  func longValuesShowWhereTheyDiffer() {
    // Many texts that differ at many places, the lengths on either side of the limit.
    var random = SplitMix64(seed: 24)
    for _ in 0..<200 {
      let length = 150 + Int(random.next() % 300)
      let base = String((0..<length).map { index in Character(UnicodeScalar(UInt8(97 + (index * 7 + Int(random.next() % 3)) % 26))) })
      let place = Int(random.next() % UInt64(length))
      var changed = Array(base)
      changed[place] = "#"
      if random.next() % 2 == 0 && place < length - 1 { changed.removeLast() }
      let a = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"\#(base)""#))
      let b = screenModel(c("CREATE_TEXT", #""internalId":3,"childInternalId":4,"textValue":"\#(String(changed))""#))
      let line = StateDiff(from: a.state, to: b.state).renderText(.plain, maxValueLength: 40).split(separator: "\n")[0]
      // The changed character is on the line, and both lengths and the place are named.
      #expect(line.contains("#"), "\(line)")
      #expect(line.hasSuffix("(\(length) → \(changed.count) characters, first difference at character \(place + 1))"), "\(line)")
      #expect(line.count < 240, "\(line)")
      // What is shown is cut out of the texts: no more than 20 equal characters before the difference.
      let shown = line.components(separatedBy: "→ ")[1].components(separatedBy: " (")[0]
      let cut = shown.replacingOccurrences(of: "…", with: "").replacingOccurrences(of: "\"", with: "")
      #expect(String(changed).contains(cut), "\(shown)")
      #expect(cut.count <= 41 && cut.prefix(while: { $0 != "#" }).count <= 20, "\(shown)")
    }
  }
}

/// The diff from B to A mirrors the diff from A to B: same paths, added and removed swapped, old
/// and new swapped.
func expectMirror(_ diff: StateDiff, _ back: StateDiff, sourceLocation: SourceLocation = #_sourceLocation) {
  func swapped(_ kind: StateChange.Kind) -> StateChange.Kind {
    kind == .added ? .removed : kind == .removed ? .added : kind
  }
  #expect(back.changes.map(\.path) == diff.changes.map(\.path), sourceLocation: sourceLocation)
  #expect(back.changes.map(\.kind) == diff.changes.map { swapped($0.kind) }, sourceLocation: sourceLocation)
  #expect(back.changes.map(\.old) == diff.changes.map(\.new), sourceLocation: sourceLocation)
  #expect(back.changes.map(\.new) == diff.changes.map(\.old), sourceLocation: sourceLocation)
}
