@testable import cmdtool
import Testing

/// What a progress line reads.
@Suite("Progress line")
struct ProgressLineTests {
  @Test("Counts in a few characters, rounded down", arguments: [
    (0, "0", "0 B"), (999, "999", "999 B"), (1_000, "1.0 k", "1.0 kB"), (12_345, "12.3 k", "12.3 kB"),
    (999_999, "999.9 k", "999.9 kB"), (2_100_000, "2.1 M", "2.1 MB"), (4_999_999, "4.9 M", "4.9 MB"),
    (5_000_000, "5.0 M", "5.0 MB"), (1_234_567_890, "1.2 G", "1.2 GB"), (-5, "0", "0 B"),
  ])
  func compact(count: Int, plain: String, bytes: String) {
    #expect(ProgressLine.compact(count) == plain)
    #expect(ProgressLine.compact(count, bytes: true) == bytes)
  }

  @Test("Items, bytes and steps, with a total and without")
  func lines() {
    #expect(ProgressLine(label: "replaying long.cmdtrace", done: 2_100_000, total: 5_000_000, unit: .items("records")).text()
      == "replaying long.cmdtrace: 42% (2.1 M of 5.0 M records)")
    #expect(ProgressLine(label: "generating x.jsonl", done: 2_100_000, total: nil, unit: .items("commands")).text()
      == "generating x.jsonl: 2.1 M commands")
    #expect(ProgressLine(label: "replaying long.cmdtrace", done: 21_000_000, total: 51_234_567, unit: .bytes).text()
      == "replaying long.cmdtrace: 40% (21.0 MB of 51.2 MB)")
    #expect(ProgressLine(label: "replaying standard input", done: 12_500_000, total: nil, unit: .bytes).text()
      == "replaying standard input: 12.5 MB")
    #expect(ProgressLine(label: "replaying recordings", done: 2, total: 12, unit: .steps("recording")).text()
      == "replaying recordings: recording 3 of 12")
    #expect(ProgressLine(label: "replaying recordings", done: 12, total: 12, unit: .steps("recording")).text()
      == "replaying recordings: recording 12 of 12")
    #expect(ProgressLine(label: "replaying", done: 0, total: nil, unit: .steps("recording")).text()
      == "replaying: recording 1")
  }

  @Test("The percentage never reads 100 before the end, nor more than 100 past it (generate overshoots)")
  func percentBounds() {
    #expect(ProgressLine(label: "x", done: 999, total: 1000, unit: .items("records")).text() == "x: 99% (999 of 1.0 k records)")
    #expect(ProgressLine(label: "x", done: 1003, total: 1000, unit: .items("commands")).text() == "x: 100% (1.0 k of 1.0 k commands)")
    #expect(ProgressLine(label: "x", done: 0, total: 0, unit: .bytes).text() == "x: 0 B")
  }

  @Test("A line wider than the terminal loses the start of its label, never its numbers")
  func width() {
    let line = ProgressLine(label: "replaying /a/very/long/directory/name/session.cmdtrace", done: 500, total: 1000, unit: .bytes)
    let full = line.text()
    #expect(full == "replaying /a/very/long/directory/name/session.cmdtrace: 50% (500 B of 1.0 kB)")
    #expect(line.text(width: full.count) == full)
    #expect(line.text(width: 40) == "…session.cmdtrace: 50% (500 B of 1.0 kB)")
    // Too narrow for the numbers: as many as fit.
    #expect(line.text(width: 10) == "50% (500 B")
  }
}
