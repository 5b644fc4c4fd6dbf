import Foundation
import Testing

// `cmdtool fuzz platform --widgets` with custom widgets' named events (docs/CONFORMANCE.md §4):
// the streams' gestures on widgets are played as the `event` request and judged; a testee that
// taps instead diverges, named by the event; one that answers the request `unsupported` is not
// failed, and the summary says which events were never exercised.
@Suite struct FuzzPlatformWidgetEventTests {
  static let events = CommandRunner.path("traces/widgets/events.widgets.json")

  private func fuzz(_ options: [String], testee: [String] = [], in scratch: Scratch) throws -> FinishedRun {
    try Subprocess.cmdtool(
      ["fuzz", "platform", "--out", scratch.path("fuzz"), "--widgets", Self.events] + shrinkUntilDone + options
        + ["--", Built.referenceTestee.path, "--widgets", Self.events] + testee, timeout: fuzzerPatience)
  }

  @Test func theReferenceTesteeSendsEveryNamedEvent() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "40"], in: scratch)
    #expect(run.status == 0 && run.stdout.contains("; 0 divergences"), "\(run)")
    #expect(!run.stdout.contains("widget events never exercised"), "\(run)")
  }

  @Test func aTesteeTappingInsteadDivergesNamingTheEvent() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "12"], testee: ["--bug", "event-as-tap"], in: scratch)
    #expect(run.status == 1, "\(run)")
    let diverges = run.stdout.split(separator: "\n").filter { $0.hasPrefix("DIVERGES  ") }
    let named = diverges.filter { line in ["rangeChanged on RangeSlider", "longPress on RoundedButton", "picked on Swatch", "opened on TripWidget", "reload on TripWidget"].contains { line.contains("· after " + $0 + " (") } }
    #expect(!diverges.isEmpty && named.count == diverges.count, "\(run)")
  }

  @Test func aTesteeWithoutNamedEventsIsNotFailedButTheEventsAreNamed() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try fuzz(["--runs", "12"], testee: ["--no-widget-events"], in: scratch)
    #expect(run.status == 0 && run.stdout.contains("; 0 divergences") && !run.stdout.contains("skipped)"), "\(run)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("widget events never exercised") }, "\(run)")
    #expect(line.contains("RoundedButton.longPress (the testee answered unsupported)") && line.contains("Swatch.picked (the testee answered unsupported)"), "\(line)")
    // A tap it performs: RoundedButton's tap is exercised.
    #expect(!line.contains("RoundedButton.tap"), "\(line)")
  }
}
