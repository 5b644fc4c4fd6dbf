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
    #expect(DivergenceSignature.of(result) == "fail · events · ValueEvent")
  }

  @Test func errorsCountByHowTheTesteeEnded() {
    let crash = CaseResult(name: "X.Y.Z", tier: .required, verdict: .error, reason: "the testee closed its output while cmdtool was waiting for the echo of sync 5 after step 3 (DELETE_ELEMENT 47) (the testee ended with signal 6 (SIGABRT))")
    #expect(DivergenceSignature.of(crash) == "error · (the testee ended with signal (SIGABRT))")
    let hang = CaseResult(name: "X.Y.Z", tier: .required, verdict: .error, reason: "the testee did not answer within 10 s: cmdtool was waiting for the echo of sync 4")
    #expect(DivergenceSignature.of(hang) == "error · the testee did not answer within s")
    #expect(DivergenceSignature.of(CaseResult(name: "X.Y.Z", tier: .required, verdict: .pass)) == nil)
  }
}
