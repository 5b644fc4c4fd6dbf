import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

/// The first pass of a state diff walks both element stores slot by slot, and finds an element in
/// the other state in the same slot before it looks it up by id (StateDiff+Scan.swift): these
/// tests put the same elements in other slots, free slots, and an element 0.
@Suite("State diff scan")
struct StateDiffScanTests {
  /// A linear layout 4 with texts 5 and 6 and a layout 7 holding text 8.
  static let tree = batch(
    c("CREATE_LINEAR_LAYOUT", #""internalId":3,"childInternalId":4,"value":2"#),
    c("CREATE_TEXT", #""internalId":4,"childInternalId":5,"textValue":"Five""#),
    c("CREATE_TEXT", #""internalId":4,"childInternalId":6,"textValue":"Six""#),
    c("CREATE_LINEAR_LAYOUT", #""internalId":4,"childInternalId":7"#),
    c("CREATE_TEXT", #""internalId":7,"childInternalId":8,"textValue":"Eight""#))

  @Test("Elements are matched by id in whatever slots they are, freed and reused ones too")
  func slotsDoNotMatter() {
    // A: text 5 deleted, then text 9 created in the slot 5 freed.
    let a = screenModel(Self.tree, c("DELETE_ELEMENT", #""internalId":5"#), c("CREATE_TEXT", #""internalId":4,"childInternalId":9,"textValue":"Nine""#))
    let change = c("SET_TEXT_VALUE", #""internalId":8,"textValue":"Changed""#)
    // B: the tree with text 8 changed, in the slots A's elements 1 to 8 had...
    let sameSlots = screenModel(Self.tree, change)
    // ...and in others: two elements created and deleted first leave two free slots, which the
    // tree's first elements take in the other order.
    let otherSlots = screenModel(batch(
      c("CREATE_TEXT", #""internalId":3,"childInternalId":20,"textValue":"x""#),
      c("CREATE_TEXT", #""internalId":3,"childInternalId":21,"textValue":"y""#),
      c("DELETE_ELEMENT", #""internalId":20"#),
      c("DELETE_ELEMENT", #""internalId":21"#)), Self.tree, change)
    #expect(sameSlots.state.elements.slot(of: 4) != otherSlots.state.elements.slot(of: 4))
    #expect(StateDiff(from: sameSlots.state, to: otherSlots.state).isEmpty)

    let diff = StateDiff(from: a.state, to: sameSlots.state)
    #expect(diff.changes.map(\.kind) == [.added, .changed, .removed])
    #expect(diff.changes.map(\.element) == [5, 8, 9])
    #expect(diff.changes[1].path == "frameView 2 › linearLayout 3 › linearLayout 4 › linearLayout 7 › text 8 · text")
    #expect(StateDiff(from: a.state, to: otherSlots.state).changes == diff.changes)
    expectMirror(diff, StateDiff(from: sameSlots.state, to: a.state))
    expectMirror(diff, StateDiff(from: otherSlots.state, to: a.state))

    // ElementStore's == walks the slots the same way.
    #expect(sameSlots.state.elements == otherSlots.state.elements)
    #expect(otherSlots.state.elements == sameSlots.state.elements)
    #expect(a.state.elements != sameSlots.state.elements)
    #expect(otherSlots.state.elements != a.state.elements)
  }

  /// A snapshot with a detached text `id` whose text is `text` (if any), and the application.
  static func snapshot(_ texts: [Int32: String]) throws -> UIState {
    var elements = [#""1": {"kind":"application"}"#]
    for (id, text) in texts.sorted(by: { $0.key < $1.key }) { elements.append(#""\#(id)": {"kind":"text","text":"\#(text)"}"#) }
    let json = #"{"version":1,"time":0,"application":1,"elements":{"# + elements.joined(separator: ",") + "}}"
    return try StateSnapshotReader.read(Array(json.utf8))
  }

  @Test("An element 0, which a snapshot may hold, is compared, added and removed like any other")
  func elementZero() throws {
    let zero = try Self.snapshot([0: "zero", 5: "five"])
    let changed = try Self.snapshot([0: "nought", 5: "five"])
    let without = try Self.snapshot([5: "five"])
    #expect(StateDiff(from: zero, to: zero).isEmpty)

    let diff = StateDiff(from: zero, to: changed)
    #expect(diff.changes.count == 1)
    #expect(diff.changes.first?.path == "detached › text 0 · text")
    #expect(diff.changes.first?.old == #""zero""#)
    #expect(diff.changes.first?.new == #""nought""#)

    let removed = StateDiff(from: zero, to: without)
    #expect(removed.changes.map(\.kind) == [.removed])
    #expect(removed.changes.first?.path == "detached › text 0")
    expectMirror(removed, StateDiff(from: without, to: zero))

    // ElementStore's == too: as many elements, one of them 0 on one side only.
    let other = try Self.snapshot([5: "five", 6: "six"])
    #expect(zero.elements == (try Self.snapshot([0: "zero", 5: "five"])).elements)
    #expect(zero.elements != changed.elements)
    #expect(zero.elements != other.elements)
    #expect(other.elements != zero.elements)
  }
}
