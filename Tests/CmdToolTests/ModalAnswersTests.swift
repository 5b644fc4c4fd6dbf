import CommandCodec
import ReplayCore
@testable import ReplayFuzz
import ReplayLive
import Testing

// What a `choose` value means (docs/PROTOCOL.md §4.3): one rule for the studio's page, its
// clicks on a dialog's buttons and the monkey.

@Suite struct ModalAnswersTests {
  static let hostile = "Delete\u{0}\u{1b}[31m\"><script>x</script>" + String(repeating: "é", count: 5000)

  /// An application with a view; `modal` commands open a dialog or an action sheet (10) on it.
  static func state(_ modal: [Command]) -> UIState {
    var model = ReferenceModel(header: TraceHeader(creator: "test", viewport: Viewport(width: 360, height: 640)))
    model.applyBatch([
      Command(.createApplication, childInternalId: 1, textValue: "App"),
      Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(.createLinearLayout, internalId: 2, childInternalId: 3, value: 1),
      Command(.createButton, internalId: 3, childInternalId: 4, textValue: "Behind"),
    ] + modal, at: 0, index: 0)
    return model.state
  }

  @Test func aDialogsButtonsAnswerInTreeOrderAndCancelIsZero() {
    let state = Self.state([
      Command(.createDialog, internalId: 2, childInternalId: 10, textValue: "Delete all items?"),
      Command(.createButton, internalId: 10, childInternalId: 11, textValue: Self.hostile),
      Command(.createLinearLayout, internalId: 10, childInternalId: 12, value: 1),
      Command(.createButton, internalId: 12, childInternalId: 13, textValue: " CANCEL "),
      Command(.createButton, internalId: 12, childInternalId: 14, textValue: "Later"),
    ])
    let answers = ModalAnswers.of(10, in: state)
    #expect(answers == [
      ModalAnswer(value: 0, label: " CANCEL ", button: 13), ModalAnswer(value: 1, label: Self.hostile, button: 11),
      ModalAnswer(value: 2, label: "Later", button: 14),
    ])
    #expect(ModalAnswers.answer(tapping: 14, in: state)?.answer.value == 2)
    #expect(ModalAnswers.answer(tapping: 4, in: state) == nil, "a button behind the dialog is not its answer")
    #expect(MonkeySteps.answerSteps(to: 10, in: state).map(\.value) == [0, 1, 2])
  }

  @Test func aDialogWithoutCancelOrButtonsStillCancelsWithZero() {
    let buttons = Self.state([
      Command(.createDialog, internalId: 2, childInternalId: 10, textValue: "Sure?"),
      Command(.createButton, internalId: 10, childInternalId: 11, textValue: "Yes"),
    ])
    #expect(ModalAnswers.of(10, in: buttons).map(\.value) == [0, 1])
    #expect(ModalAnswers.of(10, in: buttons).map(\.label) == ["cancel", "Yes"])
    let bare = Self.state([Command(.createDialog, internalId: 2, childInternalId: 10, textValue: "Sure?")])
    #expect(ModalAnswers.of(10, in: bare).map(\.value) == [0, 1, 2])
    #expect(MonkeySteps.answerSteps(to: 10, in: bare).map(\.value) == [0, 1, 2])
    #expect(ModalAnswers.of(4, in: bare).isEmpty, "a button is no modal")
  }

  @Test func anActionSheetAnswersWithItsOptionIdsNotPositions() {
    let state = Self.state([
      Command(.createActionSheet, internalId: 2, childInternalId: 10, textValue: "Share"),
      Command(.addOption, internalId: 10, value: 7, textValue: "Mail"),
      Command(.addOption, internalId: 10, value: 42, textValue: Self.hostile),
    ])
    #expect(ModalAnswers.of(10, in: state).map(\.value) == [0, 7, 42])
    #expect(ModalAnswers.of(10, in: state).map(\.label) == ["cancel", "Mail", Self.hostile])
    // The monkey chose 0...count (0, 1, 2) here, which the engine reads as no option.
    let monkey = MonkeySteps.answerSteps(to: 10, in: state)
    #expect(monkey.map(\.value) == [0, 7, 42])
    #expect(monkey.allSatisfy { $0.members["choose"] == .string(#"actionSheet "Share""#) && $0.members["option"] == .number(Double($0.value)) })
  }
}
