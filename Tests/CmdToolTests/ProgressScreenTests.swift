@testable import cmdtool
import ReplayCore
import Testing

/// What a progress line leaves on the terminal: each drawing reads exactly its text, and every
/// erase blanks every column drawn since the last one, however the text's width changed on the
/// way (`999.9 kB` → `1.0 MB` narrows it). Driven directly, on an injected clock: no timing.
@Suite("Progress on screen")
struct ProgressScreenTests {
  /// One line of a terminal: `\r` returns to its start, other characters overwrite.
  struct Screen {
    var cells: [Character] = []
    var cursor = 0
    /// The columns written since the last erase (a write of `\r`, blanks and `\r`).
    var dirty = 0

    mutating func apply(_ text: String) {
      for character in text {
        if character == "\r" {
          cursor = 0
          continue
        }
        if cursor < cells.count { cells[cursor] = character } else { cells.append(character) }
        cursor += 1
        dirty = max(dirty, cursor)
      }
    }

    /// The line as it reads, trailing blanks dropped.
    var visible: String { String(String(cells).reversed().drop { $0 == " " }.reversed()) }
  }

  /// Replays the reporter's writes on a screen and checks each: a drawing shows its text and
  /// nothing after it; an erase covers every column written since the previous erase.
  func expectSound(_ written: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    var screen = Screen()
    for write in written {
      let isErase = write.count >= 2 && write.first == "\r" && write.last == "\r" && write.dropFirst().dropLast().allSatisfy { $0 == " " }
      if isErase {
        let blanks = write.count - 2
        #expect(blanks >= screen.dirty, "an erase of \(blanks) columns after drawings \(screen.dirty) wide: \(written)", sourceLocation: sourceLocation)
        screen.apply(write)
        #expect(screen.visible.isEmpty, sourceLocation: sourceLocation)
        screen.dirty = 0
      } else {
        screen.apply(write)
        let text = String(write.dropFirst().reversed().drop { $0 == " " }.reversed())
        #expect(screen.visible == text, "the screen reads \(screen.visible.debugDescription) after drawing \(text.debugDescription)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test("The exact case: a first drawing under 1 MB, then MB; the final erase covers the wider kB drawing")
  func kilobytesToMegabytes() {
    let harness = ProgressReporterTests.Harness()
    let progress = harness.reporter(total: 51_234_567, unit: .bytes)
    harness.advance(milliseconds: 500)
    progress.update(done: 999_999)
    harness.advance(milliseconds: 100)
    progress.update(done: 1_000_000)
    harness.advance(milliseconds: 100)
    progress.update(done: 2_000_000)
    progress.finish()
    let wide = "replaying t: 1% (999.9 kB of 51.2 MB)"
    #expect(harness.written == [
      "\r" + wide,
      "\rreplaying t: 1% (1.0 MB of 51.2 MB)" + "  ",
      "\rreplaying t: 3% (2.0 MB of 51.2 MB)" + "  ",
      "\r" + String(repeating: " ", count: wide.count) + "\r",
    ])
    expectSound(harness.written)
  }

  @Test("Any updates, labels, totals, clears and widths: every drawing reads right, every erase blanks all that was drawn", arguments: 0..<200)
  func anySequence(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    // Counts around each change of scale, where the text's width jumps.
    let edges = [0, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 10_000_000, 999_999_999, 1_000_000_000]
    let harness = ProgressReporterTests.Harness()
    let units: [ProgressLine.Unit] = [.bytes, .items("records"), .steps("recording")]
    let progress = harness.reporter(
      total: Bool.random(using: &random) ? nil : Int.random(in: 1...2_000_000_000, using: &random),
      unit: units.randomElement(using: &random)!, width: Int.random(in: 12...90, using: &random))
    for _ in 0..<Int.random(in: 1...40, using: &random) {
      harness.advance(milliseconds: UInt64.random(in: 0...700, using: &random))
      let done = max(0, edges.randomElement(using: &random)! + Int.random(in: -2...2, using: &random))
      switch Int.random(in: 0..<10, using: &random) {
      case 0: progress.clear()
      case 1: progress.update(done: done, label: String(repeating: "x", count: Int.random(in: 0...30, using: &random)))
      case 2: progress.update(done: done, total: Bool.random(using: &random) ? nil : Int.random(in: 1...2_000_000_000, using: &random))
      default: progress.update(done: done)
      }
    }
    progress.finish()
    expectSound(harness.written)
  }
}
