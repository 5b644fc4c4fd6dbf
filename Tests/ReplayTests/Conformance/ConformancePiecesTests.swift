import CommandCodec
import Replay
import Testing

/// The small pieces of the conformance runner: hello declarations, state parts, failure lists.
@Suite("Conformance pieces")
struct ConformancePiecesTests {
  @Test func aHelloDeclaresProtocolProfilePartsAndEvents() throws {
    let hello = try TesteeHello(parsing: "protocol=1 profile=GTK reports=text,styles events=user,timer future=ignored")
    #expect(hello.profile == "gtk")
    #expect(hello.reports == [.tree, .text, .styles])
    #expect(hello.events == [.user, .timer])
    #expect(try TesteeHello(parsing: "protocol=1 events=").events == [])
    #expect(try TesteeHello(parsing: hello.detail) == hello)
  }

  @Test func aHelloDeclaresTheKindsItLacksAndItsWays() throws {
    let hello = try TesteeHello(parsing: "protocol=1 lacks=pager,navigationView toplevel=dialog,actionBar history=engine")
    #expect(hello.lacks == [.pager, .navigationView])
    #expect(hello.topLevel == [.dialog, .actionBar])
    #expect(hello.historyInEngine)
    #expect(try TesteeHello(parsing: hello.detail) == hello)
    #expect(try TesteeHello(parsing: "protocol=1 history=platform lacks=").historyInEngine == false)
  }

  @Test func aHelloDeclaresHowManyCasesAProcessServes() throws {
    let hello = try TesteeHello(parsing: "protocol=1 sessions=many")
    #expect(hello.sessions == .many)
    #expect(hello.detail.hasSuffix(" sessions=many"))
    #expect(try TesteeHello(parsing: hello.detail) == hello)
    #expect(try TesteeHello(parsing: "protocol=1").sessions == .one)
    #expect(!(try TesteeHello(parsing: "protocol=1 sessions=one").detail.contains("sessions")))
    #expect(throws: TesteeHello.Failure.self) { try TesteeHello(parsing: "protocol=1 sessions=2") }
  }

  /// What a hello declares decides, before the case is played, whether it runs (§1.7).
  @Test func aCaseIsSkippedUpFrontForWhatTheTesteeDeclares() throws {
    let suite = ConformanceSuite.standard
    func named(_ name: String) throws -> ConformanceCase { try #require(suite.cases.first { $0.name == name }) }
    let drawer = try named("Required.Drawer.CreatedClosed")
    let lacking = try TesteeHello(parsing: "protocol=1 reports=tree,visibility lacks=navigationView")
    #expect(CaseRunner.skipReason(drawer, lacking) == "the testee has no navigationView (lacks=)")
    #expect(CaseRunner.skipReason(drawer, try TesteeHello(parsing: "protocol=1 reports=tree,visibility lacks=pager")) == nil)
    let back = try named("Required.Views.HistoryGoBack")
    #expect(CaseRunner.skipReason(back, try TesteeHello(parsing: "protocol=1 history=engine"))?.contains("history=engine") == true)
    #expect(CaseRunner.skipReason(back, try TesteeHello(parsing: "protocol=1")) == nil)
    // Image and timer cases run when their events are declared, whatever reports= says.
    for name in ["Required.Image.RequestOnCreate", "Required.Timer.TicksAtItsInterval"] {
      let testCase = try named(name)
      #expect(CaseRunner.skipReason(testCase, try TesteeHello(parsing: "protocol=1 reports=tree events=user,timer,image")) == nil, "\(name)")
      #expect(CaseRunner.skipReason(testCase, try TesteeHello(parsing: "protocol=1 reports=tree,images,timers events=user"))?.contains("does not send") == true, "\(name)")
    }
  }

  @Test(arguments: [
    ("protocol=1 lacks=button,widget", "lacks: \"widget\" is not one of"),
    ("protocol=1 lacks=application", "lacks: \"application\" is not one of"),
    ("protocol=1 toplevel=button", "toplevel: \"button\" is not one of dialog, alertDialog, actionSheet, actionBar"),
    // One parser with `fuzz platform --kinds` (ElementKind.list(parsing:allowed:)): its hint too.
    ("protocol=1 lacks=buton", "lacks: \"buton\" is not one of frameView, navigationView, "),
    ("protocol=1 lacks=buton", "(did you mean \"button\"?)"),
    ("protocol=1 toplevel=dialgo", "toplevel: \"dialgo\" is not one of dialog, alertDialog, actionSheet, actionBar (did you mean \"dialog\"?)"),
    ("protocol=1 history=nowhere", "history=nowhere: it is engine or platform"),
    ("profile=ios", "names no protocol version"),
    ("protocol=2", "the testee speaks protocol 2; cmdtool speaks 1"),
    ("protocol=1 reports=tree,colour", "unknown state part \"colour\""),
    ("protocol=1 events=user,touch", "unknown event kind \"touch\""),
    ("protocol=1 profile", "\"profile\" is not key=value"),
  ])
  func aBadHelloSaysWhy(detail: String, message: String) {
    #expect(throws: TesteeHello.Failure.self) { try TesteeHello(parsing: detail) }
    do {
      _ = try TesteeHello(parsing: detail)
    } catch {
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test func projectionLeavesOnlyTheReportedParts() throws {
    var model = ReferenceModel()
    model.apply(TraceRecord(time: 0, .batch([
      Command(.createApplication, childInternalId: 1), Command(.createFrameView, internalId: 1, childInternalId: 2),
      Command(.createButton, internalId: 2, childInternalId: 3, textValue: "OK"), Command(.setStyle, internalId: 3, textValue: "color", textValue2: "red"),
      Command(.setVisibility, internalId: 3), Command(.createToast, internalId: 2, textValue: "Hi"),
    ])), index: 0)
    let tree = model.state.projected(onto: .tree)
    #expect(tree[3]?.text == "" && tree[3]?.styles.isEmpty == true && tree[3]?.isVisible == true)
    #expect(tree.toasts.isEmpty && tree.lastRecordIndex == nil)
    #expect(tree[3]?.parent == 2)
    let text = model.state.projected(onto: [.tree, .text])
    #expect(text[3]?.text == "OK" && text[3]?.styles.isEmpty == true)
    let all = model.state.projected(onto: .all)
    #expect(all[3]?.isVisible == false && all.toasts.count == 1)
  }

  @Test func aFailureListKeepsItsCommentsAndGoesStale() throws {
    let list = try FailureList(parsing: "# reorder: issue 12\nA.B.Fails\nA.B.Fixed  # fixed last week?\n\n# images\nA.C.NotRun\n", file: "known.txt")
    #expect(list.names == ["A.B.Fails", "A.B.Fixed", "A.C.NotRun"])
    let results = [
      CaseResult(name: "A.B.Fails", tier: .required, verdict: .fail), CaseResult(name: "A.B.Fixed", tier: .required, verdict: .pass),
      CaseResult(name: "A.B.New", tier: .required, verdict: .error), CaseResult(name: "I.B.Open", tier: .informational, verdict: .fail),
    ]
    let comparison = list.compare(results, suiteNames: ["A.B.Fails", "A.B.Fixed", "A.B.New", "I.B.Open"])
    #expect(comparison.expected.map(\.name) == ["A.B.Fails"])
    #expect(comparison.stale.map(\.name) == ["A.B.Fixed"])
    #expect(comparison.unexpected.map(\.name) == ["A.B.New"], "an informational failure never counts")
    #expect(comparison.unknown == ["A.C.NotRun"])
    #expect(!comparison.isGreen)
    // Rewritten: the fixed case goes, the new failure comes, the case not run and the comments stay.
    let updated = list.updated(for: results)
    #expect(updated.text == "# reorder: issue 12\nA.B.Fails\n\n# images\nA.C.NotRun\nA.B.New\n")
    #expect(updated.compare(results, suiteNames: []).isGreen)
  }

  @Test func aNameListedTwiceIsAnError() {
    #expect(throws: FailureList.Failure.self) { try FailureList(parsing: "A.B.C\n\nA.B.C\n", file: "known.txt") }
    do {
      _ = try FailureList(parsing: "A.B.C\n\nA.B.C\n", file: "known.txt")
    } catch {
      #expect(error.description == "known.txt:3: A.B.C is already listed on line 1")
    }
  }
}
