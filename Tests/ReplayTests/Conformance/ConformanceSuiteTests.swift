import CommandCodec
import Replay
import Testing

/// The suite itself: names stable and unique, every case playable on the model, each tier's cases
/// doing what the tier says, every current command type exercised.
@Suite("Conformance suite")
struct ConformanceSuiteTests {
  let suite = ConformanceSuite.standard

  @Test func namesAreUniqueAndStartWithATier() {
    #expect(suite.duplicateNames.isEmpty, "\(suite.duplicateNames)")
    for testCase in suite.cases {
      let first = String(testCase.name.prefix { $0 != "." })
      #expect(ConformanceTier(rawValue: first) != nil, "\(testCase.name)")
      #expect(testCase.name.split(separator: ".").count >= 3, "\(testCase.name): Tier.Area.Case at least")
      #expect(testCase.name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." }, "\(testCase.name)")
    }
    #expect(suite.cases.count >= 200, "\(suite.cases.count) cases")
  }

  @Test func everyCasePlaysOnTheModel() throws {
    for testCase in suite.cases {
      let expectation = try CaseExpectation(testCase)
      #expect(expectation.steps.count == testCase.steps.count)
    }
  }

  @Test func onlyRobustnessCasesRaiseDiagnostics() throws {
    for testCase in suite.cases {
      let diagnostics = try CaseExpectation(testCase).diagnostics
      if testCase.name.hasPrefix("Recommended.Robustness.") && !["HugeText", "OddText", "ExtremeIds"].contains(where: testCase.name.hasSuffix) {
        #expect(!diagnostics.isEmpty, "\(testCase.name) raises no diagnostic: it tests nothing wrong")
      } else if testCase.name.hasPrefix("Recommended.LegacyName.") || testCase.name.hasPrefix("Informational.") {
        continue
      } else {
        #expect(diagnostics.isEmpty, "\(testCase.name): \(diagnostics.map(\.description))")
      }
    }
  }

  @Test func robustnessCasesRaiseTheRuleTheyName() throws {
    for rule in DiagnosticRule.allCases where rule != .modalResultWithoutModal {
      let camel = rule.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      let named = suite.cases.filter { $0.name.hasPrefix("Recommended.Robustness.\(camel)") }
      #expect(!named.isEmpty, "no case for \(rule.rawValue)")
      for testCase in named {
        #expect(try CaseExpectation(testCase).diagnostics.contains { $0.rule == rule }, "\(testCase.name) does not raise \(rule.rawValue)")
      }
    }
  }

  @Test func everyCurrentCommandTypeIsExercised() {
    var seen: Set<CommandType> = []
    for testCase in suite.cases {
      for step in testCase.steps {
        if case .commands(let commands) = step.action { seen.formUnion(commands.map(\.type)) }
      }
    }
    let missing = CommandType.allCases.filter { $0.rawValue < 73 && !seen.contains($0) }
    #expect(missing.isEmpty, "\(missing.map(\.name))")
  }

  @Test func theSuiteCoversTheWholeVocabulary() {
    let results = suite.cases.map { CaseResult(name: $0.name, tier: $0.tier, verdict: .pass) }
    let coverage = ConformanceCoverage.of(suite, results: results)
    for metric in [CoverageMetric.commands, .fields, .selectors, .styleKeys] {
      #expect(coverage.neverExercised(metric).isEmpty, "\(metric.title): \(coverage.neverExercised(metric))")
    }
  }

  /// The cases send what engines send (docs/CONFORMANCE.md §1.7): a creation text only where the
  /// CREATE carries one (protocol notes §2), ADD_OPTION only to what has options, and nothing no
  /// engine sends in a Required case.
  @Test func casesSendWhatEnginesSend() {
    let carriesText: Set<CommandType> = [.createApplication, .createOpenGLView, .createTextField, .createTextView, .createButton, .createSwitch, .createText, .createDialog,
                                         .createAlertDialog, .createImageView, .createActionSheet, .createCheckbox, .createActionBar, .createNavigationBarItem, .createNotification]
    let noOptions: Set<ElementKind> = [.dialog, .alertDialog, .text, .pageControl]
    let nobodySends: Set<CommandType> = [.listProducts, .buyProduct, .listPurchases, .consumePurchase]
    for testCase in suite.cases where !testCase.name.hasPrefix("Recommended.Robustness.") && !testCase.name.hasPrefix("Recommended.LegacyName.") {
      var kinds: [Int32: ElementKind] = [:]
      for step in testCase.steps {
        guard case .commands(let commands) = step.action else { continue }
        for command in commands {
          if let kind = ElementKind(creating: command.type) {
            kinds[command.childInternalId] = kind
            #expect(carriesText.contains(command.type) || command.textValue.isEmpty, "\(testCase.name): \(command.typeName) with a text")
          }
          if command.type == .addOption, let kind = kinds[command.internalId] {
            #expect(!noOptions.contains(kind), "\(testCase.name): ADD_OPTION to a \(kind)")
          }
          if testCase.tier == .required { #expect(!nobodySends.contains(command.type), "\(testCase.name): \(command.typeName) in a Required case") }
        }
      }
    }
    #expect(suite.cases.contains { $0.name == "Informational.Style.UnknownKeysKeptVerbatim" })
  }

  @Test func everyUserActionIsExercised() {
    var kinds: Set<String> = []
    // A custom widget's named event needs a schema that declares events.
    for testCase in suite.cases + ConformanceSuite.widgetCases(WidgetEventCaseTests.events) {
      for step in testCase.steps {
        guard case .act(let action) = step.action else { continue }
        switch action {
        case .tap: kinds.insert("tap")
        case .type: kinds.insert("type")
        case .select: kinds.insert("select")
        case .choose: kinds.insert("choose")
        case .back: kinds.insert("back")
        case .widgetEvent: kinds.insert("event")
        }
      }
    }
    #expect(kinds == ["tap", "type", "select", "choose", "back", "event"])
  }

  @Test func selectingByGlobAndShard() {
    #expect(suite.matching(["Required.Tree"]).cases.allSatisfy { $0.name.hasPrefix("Required.Tree.") })
    #expect(suite.matching(["*.Toast.*"]).cases.count == 3)
    #expect(suite.matching(["Required.Tree.CreateButton.UnderLinearLayout"]).cases.count == 1)
    let shards = (1...3).map { suite.shard($0, of: 3).cases.map(\.name) }
    #expect(shards.flatMap { $0 }.sorted() == suite.cases.map(\.name).sorted())
    #expect(Set(shards[0]).isDisjoint(with: shards[1]))
  }
}
