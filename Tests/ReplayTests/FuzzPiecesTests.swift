import CommandCodec
import Testing

@testable import ReplayCore
@testable import ReplayFuzz
@testable import ReplayLive

@Suite("Fuzzing's small pieces: signatures, invariants, retimed scripts, seeds")
struct FuzzPiecesTests {
  @Test("A failure's signature and folder name depend on its kind only")
  func signatures() {
    let crash = FuzzFailure(kind: .crashed(.signaled(6)), place: "after back", detail: "x")
    let same = FuzzFailure(kind: .crashed(.signaled(6)), place: "after a tap on button \"OK\"", detail: "y")
    #expect(crash.signature == "signal 6 (SIGABRT)")
    #expect(crash.slug == same.slug)
    #expect(crash.slug.hasPrefix("signal-6-sigabrt-") && crash.slug.count == "signal-6-sigabrt-".count + 8)
    #expect(FuzzFailure(kind: .crashed(.exited(3)), place: "", detail: "").signature == "exit status 3")
    #expect(FuzzFailure(kind: .brokeRule(.duplicateCreate), place: "", detail: "").slug.hasPrefix("rule-duplicate-create-"))
    #expect(FuzzFailure(kind: .invariant(#"never:text "x""#), place: "", detail: "").slug.hasPrefix("invariant-never-text-x-"))
    #expect(crash.slug != FuzzFailure(kind: .crashed(.signaled(11)), place: "", detail: "").slug)
  }

  @Test("Invariants parse as never: or always: and a selector")
  func invariants() throws {
    let never = try #require(FailureCheck.Invariant(parsing: #"never:text "undefined""#))
    #expect(never.mode == .never && never.selector == .match(kind: .text, text: "undefined"))
    #expect(never.description == #"never:text "undefined""#)
    #expect(FailureCheck.Invariant(parsing: "always:#7")?.selector == .id(7))
    for bad in ["sometimes:button", "never:", "button", "never:nothing-at-all"] {
      #expect(FailureCheck.Invariant(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test("Compressed times: steps 100 ms apart, a wait keeps its pause")
  func compressedTimes() throws {
    let script = try EventScript(parsing: """
      {"t":1234,"back":true}
      {"t":5000,"marker":"wait"}
      {"t":5150,"tap":"button \\"OK\\""}
      """)
    let compressed = FailureShrinker.compressedTimes(script.steps)
    #expect(compressed.map(\.time) == [100, 3866, 3966])
    #expect(compressed.map(\.source) == [#"{"back":true,"t":100}"#, #"{"marker":"wait","t":3866}"#, #"{"t":3966,"tap":"button \"OK\""}"#])
    // Every rewritten line is a script line again.
    #expect(try EventScript(parsing: compressed.map(\.source).joined(separator: "\n")).steps.map(\.action) == script.steps.map(\.action))
  }

  @Test("Each run's seed comes from the campaign's and the run's number alone")
  func seeds() {
    #expect(FuzzCampaign.seed(ofRun: 3, campaign: 7) == FuzzCampaign.seed(ofRun: 3, campaign: 7))
    #expect(FuzzCampaign.seed(ofRun: 3, campaign: 7) != FuzzCampaign.seed(ofRun: 4, campaign: 7))
    #expect(FuzzCampaign.seed(ofRun: 3, campaign: 7) != FuzzCampaign.seed(ofRun: 3, campaign: 8))
  }

  @Test("Reproductions quote what a shell would split")
  func quoting() {
    #expect(ShellText.quoted("./engine") == "./engine")
    #expect(ShellText.quoted("--bug=a,b") == "--bug=a,b")
    #expect(ShellText.quoted("two words") == "'two words'")
    #expect(ShellText.quoted("it's") == #"'it'\''s'"#)
    #expect(ShellText.quoted("") == "''")
  }
}
