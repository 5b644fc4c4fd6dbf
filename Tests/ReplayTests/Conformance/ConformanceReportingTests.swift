import CommandCodec
@testable import ReplayConformance
import ReplayCore
import ReplayWireframe
import Testing

/// How a conformance run reports what it found (issue 24 §2, §5): failure lists rewritten in
/// place, events shown with the fields that differ, the parts of a difference, the order of
/// untitled elements in the drawings, the count above the page's table.
@Suite("Conformance reporting")
struct ConformanceReportingTests {
  static func result(_ name: String, _ verdict: CaseResult.Verdict) -> CaseResult { CaseResult(name: name, tier: .required, verdict: verdict) }

  // MARK: Failure lists (docs/CONFORMANCE.md §3)

  @Test func aCommentAboveARemovedEntryStays() throws {
    let list = try FailureList(parsing: "A.Kept\n# images: issue 7\nA.Fixed\nA.Other\n", file: "f")
    let updated = list.updated(for: [Self.result("A.Kept", .fail), Self.result("A.Fixed", .pass), Self.result("A.Other", .fail)])
    #expect(updated.text == "A.Kept\n# images: issue 7\nA.Other\n")
  }

  @Test func newEntriesGoAfterTrailingComments() throws {
    let list = try FailureList(parsing: "A.Kept\n\n# end of the GTK list\n\n", file: "f")
    let updated = list.updated(for: [Self.result("A.Kept", .fail), Self.result("A.New", .fail)])
    #expect(updated.text == "A.Kept\n\n# end of the GTK list\nA.New\n")
  }

  @Test func aLeadingCommentStaysAtTheTop() throws {
    // A heading with no entry yet, and an entry's own comment after its name.
    let list = try FailureList(parsing: "# GTK known failures\n# owner: platform team\n", file: "f")
    let updated = list.updated(for: [Self.result("A.New", .fail), Self.result("A.Passes", .pass)])
    #expect(updated.text == "# GTK known failures\n# owner: platform team\nA.New\n")
    let again = try FailureList(parsing: updated.text.replacingOccurrences(of: "A.New", with: "A.New  # the picker"), file: "f")
    #expect(again.updated(for: [Self.result("A.New", .fail), Self.result("A.Other", .error)]).text == "# GTK known failures\n# owner: platform team\nA.New  # the picker\nA.Other\n")
  }

  @Test func anUnchangedListIsTheSameText() throws {
    // Many lists of comments, blank lines and names: a rewrite that changes nothing changes no byte.
    var random = SplitMix64(seed: 2424)
    for _ in 0..<200 {
      var lines: [String] = []
      var names: [String] = []
      for index in 0..<Int(random.next() % 12) {
        switch random.next() % 4 {
        case 0: lines.append("# comment \(index)")
        case 1: lines.append("")
        case 2:
          names.append("A.Case\(index)")
          lines.append("A.Case\(index)  # why \(index)")
        default:
          names.append("A.Case\(index)")
          lines.append("A.Case\(index)")
        }
      }
      let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
      let list = try FailureList(parsing: text, file: "f")
      #expect(list.updated(for: names.map { Self.result($0, .fail) }).text == text, "\(text.debugDescription)")
    }
  }

  // MARK: Events

  @Test func anEventAtItsDefaultShowsTheFieldTheOtherSideSets() throws {
    let expected = [TraceRecord(time: 100, .event(target: 3, .value(ValueEvent(value: 1))))]
    let actual = [TraceRecord(time: 100, .event(target: 3, .value(ValueEvent(value: 0))))]
    let text = try #require(EventListDiff(expected: expected, actual: actual).text)
    #expect(text.contains("- 0.100s  ValueEvent → 3 value=1"), "\(text)")
    #expect(text.contains("+ 0.100s  ValueEvent → 3 value=0"), "\(text)")
    // Both at their defaults: still left out.
    let same = try #require(EventListDiff(expected: expected, actual: [TraceRecord(time: 200, .event(target: 3, .value(ValueEvent(value: 1))))]).text)
    #expect(!same.contains("text="), "\(same)")
    // Another class or target: each on its own, its defaults left out.
    let other = try #require(EventListDiff(expected: expected, actual: [TraceRecord(time: 100, .event(target: 4, .value(ValueEvent(value: 0))))]).text)
    #expect(other.hasSuffix("+ 0.100s  ValueEvent → 4"), "\(other)")
  }

  @Test func longEventTextsAreShownWhereTheyDiffer() throws {
    let typed = String(repeating: "0123456789", count: 400)
    let expected = [TraceRecord(time: 300, .event(target: 3, .value(ValueEvent(text: typed))))]
    let actual = [TraceRecord(time: 300, .event(target: 3, .value(ValueEvent(text: String(typed.dropLast())))))]
    let text = try #require(EventListDiff(expected: expected, actual: actual).text)
    #expect(text.count < 500, "\(text)")
    #expect(text.contains("(text: 4000 → 3999 characters, first difference at character 4000)"), "\(text)")
  }

  @Test func ignorePatternsSeeEventPaths() {
    let expected = [TraceRecord(time: 100, .event(target: 3, .value(ValueEvent(value: 1))))]
    let diff = EventListDiff(expected: expected, actual: [], ignoring: DiffIgnoreRules(["events › ValueEvent → 3"]))
    #expect(diff.text == nil)
    #expect(diff.ignored == 1)
    #expect(diff.matchedPatterns == [0])
    #expect(EventListDiff(expected: expected, actual: [], ignoring: DiffIgnoreRules(["events › ValueEvent → 4"])).text != nil)
  }

  // MARK: Parts

  @Test(arguments: [
    ("frameView 2 › text 5 · text", "text", "text"), ("frameView 2 › switch 3 · value", "value", "values"),
    ("frameView 2 › button 3 · styles.ACTIVE.color", "styles.ACTIVE.color", "styles"), ("frameView 2 › listView 4 · list.cells[0,1,2]", "list.cells[0,1,2]", "lists"),
    ("frameView 2 › imageView 4 · image.requested", "image.requested", "images"), ("frameView 2 › button 3 · hidden", "hidden", "visibility"),
    ("frameView 2 › button 3 · index", "index", "tree"), ("frameView 2 › PieChart 3 · piePercentage", "piePercentage", "tree"),
  ])
  func aDifferenceBelongsToItsPart(path: String, property: String, part: String) {
    #expect(StateParts.part(of: StateChange(.changed, path: path, element: 3, property: property)).name == part)
  }

  @Test func topLevelDifferencesBelongToTheirParts() {
    #expect(StateParts.part(of: StateChange(.added, path: "toasts › toast 1")).name == "toasts")
    #expect(StateParts.part(of: StateChange(.changed, path: "timers › timer 4 · fired")).name == "timers")
    #expect(StateParts.part(of: StateChange(.changed, path: "quit")).name == "requests")
    #expect(StateParts.part(of: StateChange(.changed, path: "navigation · shown")).name == "visibility")
    #expect(StateParts.part(of: StateChange(.changed, path: "activeView")).name == "tree")
    #expect(StateParts.part(of: StateChange(.added, path: "frameView 2 › button 9", element: 9)).name == "tree")
  }

  // MARK: Step labels

  @Test func anActionIsNamedByWhatTheElementShowedBefore() throws {
    var b = CaseBuilder.app()
    b.send(.create(.createTextField, in: 2, id: 3, text: "alice"))
    b.later(100)
    b.act(.type(3, text: "bob"))
    let expectation = try CaseExpectation(b.named("T.Type", "", ""))
    #expect(expectation.steps.last?.description == "type \"bob\" into 3 (textField \"alice\")")
  }

  // MARK: The HTML page

  /// A failure at a REORDER_CHILD, as a testee that reports no texts shows it: buttons without
  /// text in a frame view, in another order.
  static func reorderFailure() throws -> CaseResult {
    var b = CaseBuilder.app()
    b.send((3...5).map { .create(.createButton, in: 2, id: $0) })
    b.send(.to(2, .reorderChild, child: 5, value: 0))
    let expectation = try CaseExpectation(b.named("Required.T.Reorder", "", ""))
    let before = try #require(expectation.steps.dropLast().last?.state)
    var failed = CaseResult(name: "Required.T.Reorder", tier: .required, verdict: .fail, reason: "the state differs")
    failed.step = 3
    failed.expectedState = expectation.steps.last!.state.projected(onto: .tree)
    failed.actualState = before.projected(onto: .tree)
    return failed
  }

  @Test func theDrawingsShowTheOrderOfUntitledElements() throws {
    let failed = try Self.reorderFailure()
    let html = ConformanceFailureDrawings.html([failed])
    let svgs = html.components(separatedBy: "<svg").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
    #expect(svgs.count == 2)
    // Each side names its buttons, in its own order, at distinct places.
    func order(_ svg: String) -> [String] { svg.components(separatedBy: "italic\">button ").dropFirst().map { String($0.prefix(1)) } }
    #expect(svgs.map(order) == [["5", "3", "4"], ["3", "4", "5"]])
    #expect(svgs[0] != svgs[1])
    // Without the option, the two pictures were the same: buttons without text in one spot.
    let moment = try #require(ConformanceFailureDrawings.moment(of: failed))
    let plain = [moment.stateA, moment.stateB].map { WireframeSVG.render($0, viewport: moment.viewportA) }
    #expect(plain.allSatisfy { !$0.contains("italic\">button ") })
  }

  @Test func aRunsPageCountsItsFailuresNotDisagreements() throws {
    var report = ConformanceReport(results: [Self.result("A.One", .fail), Self.result("A.Two", .pass), Self.result("A.Three", .error)], suiteNames: [])
    report.ignore = DiffIgnoreRules(["application * · text"])
    let one = try ConformanceMatrix(reports: [("r.json", Array(report.json().utf8))])
    #expect(one.summarySentence == "3 cases, 2 failing")
    #expect(one.renderHTML().contains("3 cases, 2 failing."))
    #expect(one.renderHTML().contains("ignored: 0 differences left out by --ignore 'application * · text'"))
    let other = ConformanceReport(results: [Self.result("A.One", .fail), Self.result("A.Two", .fail), Self.result("A.Three", .error)], suiteNames: [])
    let two = try ConformanceMatrix(reports: [("a.json", Array(report.json().utf8)), ("b.json", Array(other.json().utf8))])
    #expect(two.summarySentence == "3 cases, 1 where the platforms disagree")
  }
}
