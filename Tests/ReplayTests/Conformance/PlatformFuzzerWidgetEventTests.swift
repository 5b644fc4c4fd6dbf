import CommandCodec
import Foundation
import Replay
import Testing

/// `fuzz platform --widgets` and custom widgets' named events (docs/CONFORMANCE.md §4): the
/// streams' platform records include the events the schema declares, with valid payloads drawn
/// by the monkey's rule, played as the `event` request (or a tap when a tap sends exactly them);
/// a run without the events a testee answered `unsupported` plays as it did.
@Suite("fuzz platform: custom widgets' named events")
struct PlatformFuzzerWidgetEventTests {
  static func fuzzer(_ schema: WidgetSchema = WidgetEventCaseTests.events) -> PlatformFuzzer {
    var options = PlatformFuzzer.Options(testee: TesteeConnection.Settings(command: ["unused"]), output: "/nonexistent")
    options.widgets = schema
    return PlatformFuzzer(options)
  }

  /// The first 40 runs of a campaign ask for every declared event of events.widgets.json, the
  /// named ones by the `event` request with payloads other than the first valid ones, and every
  /// event they send is one the schema declares with valid payloads (the model plays each case
  /// and checks the events: no diagnostic).
  @Test func theRunsAskForEveryDeclaredEvent() throws {
    let fuzzer = Self.fuzzer()
    var named: Set<String> = []
    var requested: Set<String> = []
    var varied = false
    for run in 0..<40 {
      let testCase = try fuzzer.testCase(ofRun: run)
      let expectation = try CaseExpectation(testCase)
      #expect(expectation.diagnostics.isEmpty, "run \(run): \(expectation.diagnostics.prefix(3).map(\.description))")
      named.formUnion(PlatformFuzzer.namedEvents(of: testCase, expectation))
      for step in testCase.steps {
        guard case .act(.widgetEvent(_, let name, let payloads)) = step.action else { continue }
        requested.insert(name)
        if name == "rangeChanged", let low = payloads["min"], low != "0" { varied = true }
      }
    }
    #expect(named == Set(PlatformFuzzer.declaredEvents(of: WidgetEventCaseTests.events)), "\(named)")
    #expect(PlatformFuzzer.declaredEvents(of: WidgetEventCaseTests.events) == [
      "RangeSlider.rangeChanged", "RoundedButton.longPress", "RoundedButton.tap", "Swatch.picked", "TripWidget.opened", "TripWidget.reload",
    ])
    // A RoundedButton's tap is its plain tap: asked for as a tap, never by name.
    #expect(requested.isSuperset(of: ["rangeChanged", "longPress", "reload", "picked"]) && !requested.contains("tap"), "\(requested)")
    #expect(varied)
  }

  /// Without a schema the streams are as they were: no draw for widgets' events.
  @Test func streamsWithoutWidgetsAreUnchanged() throws {
    var options = PlatformFuzzer.Options(testee: TesteeConnection.Settings(command: ["unused"]), output: "/nonexistent")
    options.seed = 3
    let plain = try PlatformFuzzer(options).testCase(ofRun: 2)
    #expect(!plain.steps.contains { if case .act(.widgetEvent) = $0.action { return true } else { return false } })
    #expect(PlatformFuzzer.declaredEvents(of: nil).isEmpty)
  }

  /// Leaving out an unsupported event drops exactly its requests; the rest plays as before.
  @Test func leavingOutAnUnsupportedEventDropsOnlyItsRequests() throws {
    let fuzzer = Self.fuzzer()
    let run = try #require((0..<40).first { run in
      (try? fuzzer.testCase(ofRun: run))?.steps.contains { if case .act(.widgetEvent(_, "rangeChanged", _)) = $0.action { return true } else { return false } } == true
    })
    let testCase = try fuzzer.testCase(ofRun: run)
    let expectation = try CaseExpectation(testCase)
    let (narrowed, narrowedExpectation) = try PlatformFuzzer.leavingOut(["RangeSlider.rangeChanged"], of: testCase, expectation)
    let kept = testCase.steps.filter { if case .act(.widgetEvent(_, "rangeChanged", _)) = $0.action { return false } else { return true } }
    #expect(narrowed.steps == kept && kept.count < testCase.steps.count)
    #expect(!PlatformFuzzer.namedEvents(of: narrowed, narrowedExpectation).contains("RangeSlider.rangeChanged"))
    #expect(narrowedExpectation.steps.count == kept.count && narrowedExpectation.diagnostics.isEmpty)
    // Nothing to leave out: the same case.
    #expect(try PlatformFuzzer.leavingOut(["Nothing.here"], of: testCase, expectation).0.steps == testCase.steps)
  }
}
