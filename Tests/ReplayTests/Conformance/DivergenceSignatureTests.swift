import CommandCodec
import Replay
import Testing

@Suite("Divergence signatures")
struct DivergenceSignatureTests {
  private func failure(events: String? = nil, state: String? = nil) -> CaseResult {
    var result = CaseResult(name: "X.Y.Z", tier: .required, verdict: .fail, reason: "differs")
    result.eventsDiff = events
    result.stateDiff = state
    return result
  }

  @Test func idsAndNumbersDoNotCount() {
    let a = failure(state: "↕ frameView 2 › linearLayout 5 › button 3 · index: 1 → 0\n1 difference (1 moved)")
    let b = failure(state: "↕ detached › text 93 · index: 2 → 1\n1 difference (1 moved)")
    #expect(DivergenceSignature.of(a) == "fail · state · ↕ index")
    #expect(DivergenceSignature.of(a) == DivergenceSignature.of(b))
  }

  @Test func stylesCountBySelector() {
    let active = failure(state: "- detached › button 6 · styles.ACTIVE.height: \"48\"")
    let other = failure(state: "- frameView 2 · styles.ACTIVE.text-align: \"left\"")
    let normal = failure(state: "- frameView 2 · styles.NORMAL.text-align: \"left\"")
    #expect(DivergenceSignature.of(active) == "fail · state · - styles.ACTIVE")
    #expect(DivergenceSignature.of(active) == DivergenceSignature.of(other))
    #expect(DivergenceSignature.of(active) != DivergenceSignature.of(normal))
  }

  @Test func eventsCountByClassBeforeTheState() {
    let result = failure(events: "  … (2 equal)\n- 3.180s  ValueEvent → 11\n+ 3.180s  ValueEvent → 11 value=1", state: "~ switch 11 · value: 0 → 1")
    #expect(DivergenceSignature.of(result) == "fail · events · - ValueEvent")
  }

  /// A screen with a layout of two texts, a switch and a picker; step 2 builds it and reorders.
  private static let batch: [Command] = [
    Command(.createFrameView, internalId: 1, childInternalId: 2), Command(.createLinearLayout, internalId: 2, childInternalId: 3),
    Command(.createText, internalId: 3, childInternalId: 4, textValue: "A"), Command(.createText, internalId: 3, childInternalId: 5, textValue: "B"),
    Command(.reorderChild, internalId: 3, childInternalId: 5, value: 0), Command(.setStyle, internalId: 4, textValue: "color", textValue2: "red"),
    Command(.createSwitch, internalId: 3, childInternalId: 6), Command(.createPicker, internalId: 3, childInternalId: 7),
    Command(.addOption, internalId: 7, textValue: "One"), Command(.setError, internalId: 4, value: 1, textValue: ""),
  ]
  private static let steps: [CaseStep] = [
    CaseStep(at: 0, .commands([Command(.createApplication, childInternalId: 1, textValue: "App")])),
    CaseStep(at: 10, .commands(batch)),
    CaseStep(at: 20, .act(.tap(6))),
  ]
  private static let screen = ConformanceCase(name: "X.Y.Z", summary: "", reference: "", steps: steps)

  private func failure(at step: Int, events: String? = nil, state: String? = nil) -> CaseResult {
    var result = failure(events: events, state: state)
    result.step = step
    return result
  }

  @Test func theCauseIsTheCommandThatChangedTheModelThere() {
    let moved = failure(at: 2, state: "↕ frameView 2 › linearLayout 3 › text 5 · index: 0 → 1")
    #expect(DivergenceSignature.of(moved, in: Self.screen) == "fail · state · ↕ index · after REORDER_CHILD")
    let styled = failure(at: 2, state: "- frameView 2 › linearLayout 3 › text 4 · styles.NORMAL.color: \"red\"")
    #expect(DivergenceSignature.of(styled, in: Self.screen) == "fail · state · - styles.NORMAL · after SET_STYLE")
    let error = failure(at: 2, state: "- frameView 2 › linearLayout 3 › text 4 · error: \"\"")
    #expect(DivergenceSignature.of(error, in: Self.screen) == "fail · state · - error · after SET_ERROR")
    let missing = failure(at: 2, state: "- frameView 2 › linearLayout 3 › switch 6")
    #expect(DivergenceSignature.of(missing, in: Self.screen) == "fail · state · - switch · after CREATE_SWITCH")
  }

  @Test func twoBugsThatShowAsAValueEventHaveTwoCauses() {
    let tap = failure(at: 3, events: "- 0.020s  ValueEvent → 6 value=1\n+ 0.020s  ValueEvent → 6")
    let extra = failure(at: 2, events: "+ 0.010s  ValueEvent → 7")
    #expect(DivergenceSignature.of(tap, in: Self.screen) == "fail · events · - ValueEvent · after tap switch")
    // The model sent nothing there: the first command of the batch naming the picker.
    #expect(DivergenceSignature.of(extra, in: Self.screen) == "fail · events · + ValueEvent · after CREATE_PICKER")
    // Without the case, what differs alone.
    #expect(DivergenceSignature.of(tap) == "fail · events · - ValueEvent")
  }

  @Test func errorsCountByHowTheTesteeEnded() {
    let crash = CaseResult(name: "X.Y.Z", tier: .required, verdict: .error, reason: "the testee closed its output while cmdtool was waiting for the echo of sync 5 after step 3 (DELETE_ELEMENT 47) (the testee ended with signal 6 (SIGABRT))")
    #expect(DivergenceSignature.of(crash) == "error · (the testee ended with signal (SIGABRT))")
    let hang = CaseResult(name: "X.Y.Z", tier: .required, verdict: .error, reason: "the testee did not answer within 10 s: cmdtool was waiting for the echo of sync 4")
    #expect(DivergenceSignature.of(hang) == "error · the testee did not answer within s")
    #expect(DivergenceSignature.of(CaseResult(name: "X.Y.Z", tier: .required, verdict: .pass)) == nil)
  }
}
