import CommandCodec
import Foundation
@testable import ReplayCore
@testable import ReplayLive
import Testing

/// One test per ``DiagnosticRule``: each case triggers exactly its rule, at a known place, and the
/// model goes on with the rest of the batch and the trace.
@Suite("Diagnostics")
struct DiagnosticTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var rule: DiagnosticRule
    /// The violating command: a batch element, or with `single` the fields of a one-command record.
    var command: String
    /// Whether the command is a record of its own (else it is the middle of a batch of three).
    var single = false
    /// The batch's first command (the default creates text 20).
    var before = #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":20,"textValue":"before"}"#
    var message: String
    /// What the model did with the violation, checked after the whole trace.
    var outcome: @Sendable (UIState) -> Bool

    var testDescription: String { rule.rawValue }

    /// Application 1; view 2 holding layout 3 holding button 4 (record 1, at 10 ms); the record with
    /// the violation (record 2, at 250 ms); text 30 created afterwards (record 3, at 300 ms).
    var lines: [String] {
      let violation = single
        ? #"{"t":250,"# + command.dropFirst()
        : #"{"t":250,"batch":[\#(before),\#(command),{"type":"CREATE_TEXT","internalId":3,"childInternalId":21,"textValue":"after"}]}"#
      return [
        Prelude.app,
        #"{"t":10,"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"OK"}]}"#,
        violation,
        #"{"t":300,"type":"CREATE_TEXT","internalId":3,"childInternalId":30,"textValue":"later"}"#,
      ]
    }
  }

  static let cases: [Case] = [
    Case(
      rule: .unknownTarget, command: #"{"type":"SET_TEXT_VALUE","internalId":99,"textValue":"x"}"#,
      message: "SET_TEXT_VALUE addresses element 99, which does not exist",
      outcome: { $0[99] == nil }),
    Case(
      rule: .unknownParent, command: #"{"type":"CREATE_BUTTON","internalId":42,"childInternalId":5,"textValue":"Lost"}"#, single: true,
      message: "CREATE_BUTTON puts button 5 under 42, which does not exist; created detached",
      outcome: { $0[5]?.kind == .button && $0[5]?.parent == nil && $0.detached == [5] }),
    Case(
      rule: .duplicateCreate, command: #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"dup"}"#,
      message: "CREATE_TEXT reuses id 4 of a live button",
      outcome: { $0[4]?.kind == .button && $0[4]?.text == "OK" && $0[3]?.children == [4, 20, 21, 30] }),
    Case(
      rule: .missingId, command: #"{"type":"CREATE_TEXT","internalId":3,"textValue":"no id"}"#,
      message: "CREATE_TEXT under 3 has no childInternalId",
      outcome: { $0[0] == nil && $0[3]?.children == [4, 20, 21, 30] }),
    Case(
      rule: .childOfLeaf, command: #"{"type":"CREATE_TEXT","internalId":4,"childInternalId":5,"textValue":"in a button"}"#,
      message: "CREATE_TEXT puts text 5 under button 4, which cannot hold children; attached anyway",
      outcome: { $0[4]?.children == [5] && $0[5]?.parent == 4 }),
    Case(
      rule: .cycle, command: #"{"type":"CREATE_LINEAR_LAYOUT","internalId":5,"childInternalId":5}"#,
      message: "CREATE_LINEAR_LAYOUT makes element 5 its own parent",
      outcome: { $0[5] == nil }),
    Case(
      rule: .removeNonChild, command: #"{"type":"REMOVE_CHILD","internalId":2,"childInternalId":4}"#,
      message: "REMOVE_CHILD removes 4 from 2, but 4 is a child of 3",
      outcome: { $0[4]?.parent == 3 && $0[3]?.children.first == 4 }),
    Case(
      rule: .reorderNonChild, command: #"{"type":"REORDER_CHILD","internalId":2,"childInternalId":4}"#,
      message: "REORDER_CHILD moves 4 within 2, but 4 is not its child",
      outcome: { $0[2]?.children == [3] && $0[3]?.children == [4, 20, 21, 30] }),
    Case(
      rule: .reorderOutOfRange, command: #"{"type":"REORDER_CHILD","internalId":3,"childInternalId":4,"value":5}"#,
      message: "REORDER_CHILD moves 4 to index 5 of 3, which has 1 other children; appended",
      outcome: { $0[3]?.children == [20, 4, 21, 30] }),
    Case(
      rule: .notAView, command: #"{"type":"SET_INT_VALUE","internalId":1,"childInternalId":4,"value":1}"#,
      message: "SET_INT_VALUE switches to button 4, which is not a frame view or OpenGL view",
      outcome: { $0.activeView == 2 && $0.history.isEmpty && $0[4]?.value == 0 }),
    Case(
      rule: .unsupportedTarget, command: #"{"type":"ADD_SHEET","internalId":4,"textValue":"Sheet"}"#,
      message: "ADD_SHEET applies to list and grid views, not to button 4",
      outcome: { $0[4]?.list == nil }),
    Case(
      rule: .invalidSelector, command: #"{"type":"SET_STYLE","internalId":4,"value":6,"textValue":"color","textValue2":"red"}"#,
      message: "SET_STYLE selector 6 is not one of NORMAL (0) … LINK (5)",
      outcome: { $0[4]?.styles.isEmpty == true }),
    Case(
      rule: .emptyStyleKey, command: #"{"type":"SET_STYLE","internalId":4,"textValue2":"red"}"#,
      message: "SET_STYLE on element 4 has no key",
      outcome: { $0[4]?.styles.isEmpty == true }),
    Case(
      rule: .invalidTimerInterval, command: #"{"type":"CREATE_TIMER","internalId":4,"childInternalId":7,"value":-5}"#,
      message: "CREATE_TIMER 7 has interval -5 ms; a timer needs a positive interval and this one never fires",
      outcome: { $0.timers.isEmpty }),
    Case(
      rule: .duplicateTimer, command: #"{"type":"CREATE_TIMER","internalId":3,"childInternalId":7,"value":100}"#,
      before: #"{"type":"CREATE_TIMER","internalId":4,"childInternalId":7,"value":500}"#,
      message: "CREATE_TIMER reuses id 7 of a running timer",
      outcome: { $0.timers[7]?.owner == 4 && $0.timers[7]?.interval == 500 && $0.timers.count == 1 }),
    Case(
      rule: .missingTimerId, command: #"{"type":"CREATE_TIMER","internalId":4,"value":500}"#,
      message: "CREATE_TIMER from 4 has no timer id (childInternalId 0); no timer is started",
      outcome: { $0.timers.isEmpty }),
    Case(
      rule: .duplicateApplication, command: #"{"type":"CREATE_APPLICATION","childInternalId":20,"textValue":"Again"}"#, single: true,
      message: "CREATE_APPLICATION 20 while application 1 exists",
      outcome: { $0.applicationId == 1 && $0[20] == nil && $0[1]?.text == "App" }),
    Case(
      rule: .modalResultWithoutModal, command: #"{"modal":4,"value":1}"#, single: true,
      message: "modal result 1 for 4, which is not an open dialog or action sheet",
      outcome: { $0[4]?.modalResult == nil }),
    Case(
      rule: .notModelled, command: #"{"type":"SET_SHAPE","internalId":4,"value":2}"#,
      message: "SET_SHAPE is not modelled (no engine emits it)",
      outcome: { $0[4]?.value == 0 }),
  ]

  @Test("Every rule has a case")
  func everyRuleCovered() {
    #expect(Self.cases.map(\.rule) == DiagnosticRule.allCases)
  }

  @Test("Each rule is found where it happens, says what happened, and the model goes on", arguments: cases)
  func rule(_ c: Case) throws {
    let m = model(c.lines)
    #expect(m.diagnostics.count == 1)
    let diagnostic = try #require(m.diagnostics.first)
    #expect(diagnostic.rule == c.rule)
    #expect(diagnostic.severity == c.rule.severity)
    #expect(diagnostic.recordIndex == 2)
    #expect(diagnostic.commandIndex == (c.single ? nil : 1))
    #expect(diagnostic.time == 250)
    #expect(diagnostic.message == c.message)
    // Lenient: the rest of the batch and the later record applied.
    if !c.single {
      #expect(m.state[21]?.parent == 3)
      if c.rule != .duplicateTimer { #expect(m.state[20]?.parent == 3) }
    }
    #expect(m.state[30]?.parent == 3)
    #expect(m.state.lastRecordIndex == 3)
    #expect(c.outcome(m.state), "the model did not handle the \(c.rule.rawValue) violation as documented")
    #expect(m.errorCount == (c.rule.severity == .error ? 1 : 0))
    #expect(m.diagnosticCounts[c.rule.severity] == 1)
  }

  @Test("A diagnostic reads #record.command at time: severity [rule] message")
  func descriptions() {
    let batch = model(Self.cases[0].lines)
    #expect(batch.diagnostics.first?.description == "#2.1 at 0.250s: error [unknown-target] SET_TEXT_VALUE addresses element 99, which does not exist")
    let single = model(Self.cases.first { $0.rule == .unknownParent }!.lines)
    #expect(single.diagnostics.first?.description == "#2 at 0.250s: error [unknown-parent] CREATE_BUTTON puts button 5 under 42, which does not exist; created detached")
    let note = screenModel(#"{"t":1500.5,"type":"SET_INT_DATA","internalId":3}"#)
    #expect(note.diagnostics.first?.description == "#2 at 1.5005s: note [not-modelled] SET_INT_DATA is not modelled (no engine emits it)")
  }

  @Test("A command to id 0 is to no element")
  func commandToZero() {
    let m = screenModel(#"{"type":"SET_VISIBILITY","value":1}"#)
    #expect(m.diagnostics.map(\.message) == ["SET_VISIBILITY addresses element 0, which is no element (0)"])
  }

  @Test("Commands to an unknown or deleted id report unknown-target and change nothing", arguments: [
    #"{"type":"SET_STYLE","internalId":99,"textValue":"color","textValue2":"red"}"#,
    #"{"type":"SET_TEXT_VALUE","internalId":99,"textValue":"x"}"#,
    #"{"type":"SET_INT_VALUE","internalId":99,"value":1}"#,
    #"{"type":"SET_VISIBILITY","internalId":99}"#,
    #"{"type":"SET_ERROR","internalId":99,"value":1,"textValue":"x"}"#,
    #"{"type":"ADD_OPTION","internalId":99,"value":1,"textValue":"x"}"#,
    #"{"type":"ADD_SHEET","internalId":99,"textValue":"x"}"#,
    #"{"type":"ADD_COLUMN","internalId":99,"textValue":"x"}"#,
    #"{"type":"SET_TEXT_DATA","internalId":99,"textValue":"x"}"#,
    #"{"type":"RESHAPE_TABLE","internalId":99,"value":1}"#,
    #"{"type":"RESHAPE_SHEET","internalId":99,"value":1}"#,
    #"{"type":"STOP","internalId":99}"#,
    #"{"type":"CLEAR","internalId":99}"#,
    #"{"type":"RELEASE","internalId":99}"#,
    #"{"type":"ADD_IMAGE_URL","internalId":99,"textValue":"https://x.test/a","width":1,"height":1}"#,
    #"{"type":"CREATE_LINK","internalId":99,"textValue":"x"}"#,
    #"{"type":"REMOVE_CHILD","internalId":99,"childInternalId":3}"#,
    #"{"type":"REORDER_CHILD","internalId":99,"childInternalId":3}"#,
    #"{"type":"SET_INT_VALUE","internalId":1,"childInternalId":99,"value":1}"#,
    #"{"type":"SET_TEXT_VALUE","internalId":10,"textValue":"deleted"}"#,
  ])
  func unknownTargets(_ command: String) {
    let before = screenModel(#"{"type":"CREATE_TEXT","internalId":3,"childInternalId":10}"#, #"{"type":"DELETE_ELEMENT","internalId":10}"#)
    let after = screenModel(#"{"type":"CREATE_TEXT","internalId":3,"childInternalId":10}"#, #"{"type":"DELETE_ELEMENT","internalId":10}"#, command)
    #expect(rules(after) == [.unknownTarget])
    #expect(after.state.elements == before.state.elements)
    #expect(after.state.activeView == 2)
  }

  @Test("REMOVE_CHILD of a child that does not exist, or is detached already")
  func removeChildProblems() {
    let missing = screenModel(#"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":9}"#)
    #expect(missing.diagnostics.map(\.message) == ["REMOVE_CHILD removes 9 from 3, but 9 does not exist"])
    #expect(rules(missing) == [.unknownTarget])
    let twice = screenModel(
      #"{"type":"CREATE_TEXT","internalId":3,"childInternalId":9}"#,
      #"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":9}"#,
      #"{"type":"REMOVE_CHILD","internalId":3,"childInternalId":9}"#)
    #expect(twice.diagnostics.map(\.message) == ["REMOVE_CHILD removes 9 from 3, but 9 is detached"])
    #expect(rules(twice) == [.removeNonChild])
  }

  @Test("Commands sent to a kind they do not apply to are ignored with unsupported-target", arguments: [
    (#"{"type":"RELEASE","internalId":4}"#, "RELEASE applies to image views, not to button 4"),
    (#"{"type":"ADD_IMAGE_URL","internalId":4,"textValue":"https://x.test/a"}"#, "ADD_IMAGE_URL applies to image views, not to button 4"),
    (#"{"type":"CREATE_LINK","internalId":4,"textValue":"x"}"#, "CREATE_LINK decorates a text label, not button 4"),
    (#"{"type":"ADD_COLUMN","internalId":4,"textValue":"x"}"#, "ADD_COLUMN applies to list and grid views and action bars, not to button 4"),
    (#"{"type":"RESHAPE_TABLE","internalId":4,"value":1}"#, "RESHAPE_TABLE applies to list and grid views and page controls, not to button 4"),
    (#"{"type":"RESHAPE_SHEET","internalId":4,"value":1}"#, "RESHAPE_SHEET applies to list and grid views, not to button 4"),
    (#"{"type":"SET_TEXT_DATA","internalId":4,"textValue":"x"}"#, "SET_TEXT_DATA applies to list and grid views, not to button 4"),
  ])
  func unsupportedTargets(command: String, message: String) {
    let m = screenModel(#"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":4,"textValue":"OK"}"#, command)
    #expect(rules(m) == [.unsupportedTarget])
    #expect(m.diagnostics.first?.message == message)
    #expect(m.state[4]?.options == [])
    #expect(m.state[4]?.links == [])
    #expect(m.state[4]?.image == nil)
  }

  @Test("Only the first maxDiagnostics are kept; all are counted")
  func diagnosticLimit() {
    var options = ReferenceModel.Options()
    options.maxDiagnostics = 2
    let lines = Prelude.both + (0..<5).map { _ in #"{"type":"STOP","internalId":99}"# } + [#"{"type":"SET_SHAPE","internalId":3}"#]
    let m = model(lines, options: options)
    #expect(m.diagnostics.count == 2)
    #expect(m.errorCount == 5)
    #expect(m.diagnosticCounts == [.error: 5, .note: 1])
    #expect(m.firstError?.recordIndex == 2)
  }

  @Test("Rules have stable ids; only not-modelled is a note")
  func ruleIds() {
    #expect(DiagnosticRule.allCases.map(\.rawValue) == [
      "unknown-target", "unknown-parent", "duplicate-create", "missing-id", "child-of-leaf", "cycle",
      "remove-non-child", "reorder-non-child", "reorder-out-of-range", "not-a-view", "unsupported-target",
      "invalid-selector", "empty-style-key", "invalid-timer-interval", "duplicate-timer", "missing-timer-id",
      "duplicate-application", "modal-result-without-modal", "not-modelled",
    ])
    #expect(DiagnosticRule.allCases.filter { $0.severity == .note } == [.notModelled])
    #expect(DiagnosticRule.allCases.allSatisfy { !$0.summary.isEmpty })
    #expect(Diagnostic.Severity.note < .error)
  }

  @Test("docs/PROTOCOL.md documents every rule, with its severity")
  func everyRuleDocumented() throws {
    let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
    for rule in DiagnosticRule.allCases {
      #expect(text.contains("| `\(rule.rawValue)` | \(rule.severity.rawValue) |"), "\(rule.rawValue) is missing from the table in docs/PROTOCOL.md §7")
    }
  }
}
