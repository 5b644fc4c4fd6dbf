import CommandCodec
import Foundation
@testable import ReplayCore
import Testing

// RunComparison's `.steps` alignment and `timeTolerance`: how `replay --engine` compares runs
// recorded on the wall clock, whose records and times are never the same twice. The states are
// compared at each script step (the `script` markers) and at the end; moments may differ by the
// tolerance.

@Suite("Run comparison by script steps, moments within a tolerance")
struct StepAlignmentTests {
  static let app = #"{"t":0,"type":"CREATE_APPLICATION","childInternalId":1,"textValue":"App"}"#

  static func screen(at time: Int) -> String {
    #"{"t":\#(time),"batch":[{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},{"type":"CREATE_LINEAR_LAYOUT","internalId":2,"childInternalId":3,"value":1},{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"Hello"}]}"#
  }

  /// A script step's marker, as a recording holds it.
  static func step(_ number: Int, at time: Int) -> String {
    #"{"t":\#(time),"marker":"script","detail":"step \#(number)"}"#
  }

  static func setText(_ text: String, at time: Int) -> String {
    #"{"t":\#(time),"type":"SET_TEXT_VALUE","internalId":4,"textValue":"\#(text)"}"#
  }

  static func button(at time: Int) -> String {
    #"{"t":\#(time),"type":"CREATE_BUTTON","internalId":3,"childInternalId":5,"textValue":"OK"}"#
  }

  /// A short toast (2 s), shown at `time`.
  static func toast(at time: Int) -> String {
    #"{"t":\#(time),"type":"CREATE_TOAST","internalId":1,"value":0,"textValue":"Saved"}"#
  }

  // MARK: - Steps

  @Test("The same states at each step pass, whatever the records and times in between")
  func sameStatesAtEachStep() throws {
    // A gets to "y" through "x" in two records; B in one, later; B repeats itself after step 2.
    let a = [Self.app, Self.screen(at: 4), Self.step(1, at: 100), Self.setText("x", at: 100), Self.setText("y", at: 101), Self.step(2, at: 300), Self.button(at: 300)]
    let b = [Self.app, Self.screen(at: 9), Self.step(1, at: 130), Self.setText("y", at: 135), Self.step(2, at: 320), Self.setText("y", at: 321), Self.button(at: 340)]
    let comparison = try compareRuns(a, b, alignment: .steps)
    #expect(comparison.isEqual, "\(String(describing: comparison.divergence?.diff.changes))")
    // Record by record, the same runs differ at once: A's record #3 sets "x", B's sets "y".
    #expect(try compareRuns(a, b, alignment: .record).divergence?.recordA == 3)
  }

  @Test("A difference at a step is found at that step, with each run's last record before it")
  func differenceAtAStep() throws {
    let a = [Self.app, Self.screen(at: 4), Self.step(1, at: 100), Self.setText("x", at: 100), Self.step(2, at: 200), Self.setText("y", at: 200), Self.step(3, at: 300)]
    let b = [Self.app, Self.screen(at: 5), Self.step(1, at: 110), Self.setText("x", at: 110), Self.setText("x", at: 115), Self.step(2, at: 210), Self.setText("z", at: 212), Self.step(3, at: 310)]
    let comparison = try compareRuns(a, b, alignment: .steps)
    let divergence = try #require(comparison.divergence)
    // The records just before step 3: A's #5 and B's #6 (B has one more record after step 1).
    #expect(divergence.recordA == 5)
    #expect(divergence.recordB == 6)
    #expect(divergence.timeA == 200)
    #expect(divergence.timeB == 212)
    #expect(divergence.diff.changes.map(\.path) == ["frameView 2 › linearLayout 3 › text 4 · text"])
    #expect(divergence.diff.changes.map(\.new) == [#""z""#])
    #expect(divergence.recentA.last?.index == 5)
    #expect(divergence.recentB.last?.index == 6)
  }

  @Test("A difference that is gone again by the next step is no difference")
  func passingDifferenceWithinAStep() throws {
    // B shows "wait" for a moment between steps: what a user would see at the step is the same.
    let a = [Self.app, Self.screen(at: 4), Self.step(1, at: 100), Self.setText("done", at: 100), Self.step(2, at: 200)]
    let b = [Self.app, Self.screen(at: 4), Self.step(1, at: 100), Self.setText("wait", at: 100), Self.setText("done", at: 150), Self.step(2, at: 200)]
    #expect(try compareRuns(a, b, alignment: .steps).isEqual)
  }

  @Test("A run that stops early differs at the first step it did not reach")
  func aRunThatStopsEarly() throws {
    let a = [Self.app, Self.screen(at: 4), Self.step(1, at: 100), Self.setText("x", at: 100), Self.step(2, at: 200), Self.button(at: 200)]
    let b = [Self.app, Self.screen(at: 4), Self.step(1, at: 100), Self.setText("x", at: 100)]
    let divergence = try #require(try compareRuns(a, b, alignment: .steps).divergence)
    #expect(divergence.recordA == 5)
    #expect(divergence.recordB == 3)
    #expect(divergence.diff.changes.map(\.kind) == [.removed])
    #expect(divergence.diff.changes.map(\.path) == ["frameView 2 › linearLayout 3 › button 5"])
  }

  // MARK: - Tolerance

  /// B shows its toast `offset` ms after A does; both runs go on until the toasts have expired.
  struct ToastCase: Sendable, CustomTestStringConvertible {
    var offset: Int
    var tolerance: Double
    var same: Bool
    var testDescription: String { "toast \(offset) ms off, tolerance \(Int(tolerance)) ms: \(same ? "the same" : "different")" }
  }

  @Test(arguments: [
    ToastCase(offset: 300, tolerance: 500, same: true),
    ToastCase(offset: -300, tolerance: 500, same: true),
    ToastCase(offset: 500, tolerance: 500, same: true),
    ToastCase(offset: 501, tolerance: 500, same: false),
    ToastCase(offset: 700, tolerance: 500, same: false),
    ToastCase(offset: 300, tolerance: 0, same: false),
  ])
  func aToastsMomentsWithinTheTolerance(_ test: ToastCase) throws {
    let a = [Self.app, Self.step(1, at: 1_000), Self.toast(at: 1_000), Self.step(2, at: 2_000), Self.step(3, at: 5_000)]
    let b = [Self.app, Self.step(1, at: 1_000 + test.offset), Self.toast(at: 1_000 + test.offset), Self.step(2, at: 2_000 + test.offset), Self.step(3, at: 5_000)]
    let comparison = try compareRuns(a, b, alignment: .steps, timeTolerance: test.tolerance)
    #expect(comparison.isEqual == test.same)
    // The toast expires 2 s after it is shown: in the platform's own events, the same rule.
    #expect(comparison.events.isEmpty == test.same)
    guard !test.same else { return }
    let divergence = try #require(comparison.divergence)
    // Found at the step that follows the toast (record #2 in each run), as both of its moments.
    #expect(divergence.recordA == 2)
    #expect(divergence.recordB == 2)
    #expect(divergence.diff.changes.map(\.path) == ["toasts › toast 1 · shownAt", "toasts › toast 1 · expiresAt"])
    #expect(divergence.diff.changes.map(\.new) == ["\(1_000 + test.offset)", "\(3_000 + test.offset)"])
  }

  @Test("The tolerance is for moments only: a toast's text must still be the same")
  func theToleranceIsNotForValues() throws {
    let a = [Self.app, Self.step(1, at: 1_000), Self.toast(at: 1_000)]
    let b = [Self.app, Self.step(1, at: 1_010), #"{"t":1010,"type":"CREATE_TOAST","internalId":1,"value":0,"textValue":"Stored"}"#]
    let divergence = try #require(try compareRuns(a, b, alignment: .steps, timeTolerance: 500).divergence)
    #expect(divergence.diff.changes.map(\.path) == ["toasts › toast 1 · text"])
  }
}
