import CommandCodec
import ReplayCore

extension ConformanceSuite {
  /// Wrong input a platform must survive: every diagnostic rule of PROTOCOL.md §7, each with a
  /// good command after the bad one in the same batch (batches are not atomic, §2.6), legacy
  /// names, and hostile values.
  static var robustness: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    func rule(_ name: String, _ summary: String, _ bad: [Command], setup: [Command] = [], about: StateParts = .tree) {
      var b = CaseBuilder.app()
      b.send([.create(.createLinearLayout, in: 2, id: 3), .create(.createButton, in: 3, id: 4, text: "OK")] + setup)
      b.send(bad + [.create(.createText, in: 3, id: 50, text: "after")])
      cases.append(b.named("Recommended.Robustness.\(name)", summary + "; the rest of the batch still applies", "PROTOCOL.md §7, §2.6", about: about))
    }
    for type in [CommandType.setStyle, .setTextValue, .setIntValue, .setVisibility, .setError, .setTextData, .addOption, .addSheet, .addColumn, .reshapeTable, .reshapeSheet, .addImageURL, .clear, .release, .stop, .createLink, .removeChild, .reorderChild] {
      let bad = type == .setStyle ? Command.style(99, "color", "red") : .to(99, type, child: 4, value: 1, text: "x")
      rule("UnknownTarget.\(camel(type))", "\(type.name) to an id that does not exist is ignored", [bad])
    }
    rule("UnknownParent", "a CREATE_* under a parent that does not exist makes a detached element", [.create(.createButton, in: 99, id: 5)])
    rule("DuplicateCreate", "a CREATE_* that reuses a live id is ignored", [.create(.createSwitch, in: 3, id: 4, text: "again")], about: [.tree, .text])
    rule("MissingId", "a CREATE_* with child 0 is ignored", [.create(.createButton, in: 3, id: 0)])
    rule("ChildOfLeaf", "a child under a button is attached anyway", [.create(.createText, in: 4, id: 5)])
    rule("Cycle", "a CREATE_* that makes an element its own parent is ignored", [.create(.createLinearLayout, in: 6, id: 6)])
    rule("RemoveNonChild", "REMOVE_CHILD of an element that is not a child of that parent is ignored", [.to(2, .removeChild, child: 4)])
    rule("ReorderNonChild", "REORDER_CHILD of an element that is not a child of that parent is ignored", [.to(2, .reorderChild, child: 4)])
    rule("ReorderOutOfRange.PastTheEnd", "REORDER_CHILD past the end appends", [.to(3, .reorderChild, child: 4, value: 9)], setup: [.create(.createButton, in: 3, id: 5)])
    rule("ReorderOutOfRange.Negative", "REORDER_CHILD to a negative index moves the child first", [.to(3, .reorderChild, child: 5, value: -3)], setup: [.create(.createButton, in: 3, id: 5)])
    rule("NotAView", "a view switch to what is not a view is ignored", [.to(1, .setIntValue, child: 4)])
    rule("UnsupportedTarget", "a command sent to a kind it does not apply to is ignored", [.to(4, .addSheet, text: "Sheet"), .to(4, .release)], about: [.tree, .lists])
    rule("InvalidSelector", "SET_STYLE with a selector outside 0–5 is ignored", [.style(4, "color", "red", selector: 9)], about: [.tree, .styles])
    rule("EmptyStyleKey", "SET_STYLE with an empty key is ignored", [.style(4, "", "red")], about: [.tree, .styles])
    rule("InvalidTimerInterval", "CREATE_TIMER with an interval ≤ 0 starts no timer", [Command(.createTimer, internalId: 4, childInternalId: 9, value: 0)], about: [.tree, .timers])
    rule("DuplicateTimer", "CREATE_TIMER with the id of a running timer is ignored", [Command(.createTimer, internalId: 4, childInternalId: 9, value: 500)], setup: [Command(.createTimer, internalId: 4, childInternalId: 9, value: 1000)], about: [.tree, .timers])
    rule("MissingTimerId", "CREATE_TIMER with child 0 starts no timer", [Command(.createTimer, internalId: 4, childInternalId: 0, value: 1000)], about: [.tree, .timers])
    rule("DuplicateApplication", "a second CREATE_APPLICATION is ignored", [Command(.createApplication, childInternalId: 7, textValue: "Other")], about: [.tree, .text])
    rule("NotModelled", "SET_INT_DATA and SET_SHAPE change nothing", [.to(4, .setIntData, value: 3), .to(4, .setShape, value: 2)])
    rule("HugeText", "a 64 KiB text is kept whole", [.to(4, .setTextValue, text: String(repeating: "x", count: 65_536))], about: [.tree, .text])
    rule("OddText", "control characters, NUL, emoji and right-to-left text are kept as sent", [.to(4, .setTextValue, text: "a\u{0}b\u{1}\r\n\t🙂 שלום \u{202E}")], about: [.tree, .text])
    rule("ExtremeIds", "ids at the ends of the 32-bit range are ordinary ids", [.create(.createButton, in: 3, id: Int32.max), .create(.createButton, in: 3, id: Int32.min), .to(Int32.max, .setTextValue, text: "max")], about: [.tree, .text])
    for type in [CommandType.createProgressBar, .createFormView, .createTextLabel, .createHeadingText, .createScrollView, .createProxyLayout, .createRelativeLayout, .createPanel, .createImageElement] {
      var b = CaseBuilder.app()
      b.send(.create(.createLinearLayout, in: 2, id: 3), .create(type, in: 3, id: 4, text: "Old"))
      cases.append(b.named("Recommended.LegacyName.\(camel(type))", "\(type.name), a name of older engines, makes \(Format.withArticle(ElementKind(creating: type)!.rawValue))", "PROTOCOL.md §3.73"))
    }
    return cases
  }
}
