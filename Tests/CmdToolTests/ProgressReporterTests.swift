@testable import cmdtool
import Testing

/// The progress reporter's timing and drawing, on an injected clock.
@Suite("Progress reporter")
struct ProgressReporterTests {
  /// A clock the test moves by hand, and everything the reporter wrote.
  final class Harness {
    var now: UInt64 = 1_000_000_000
    var written: [String] = []

    /// A reporter on this clock, with the delay of an environment without
    /// `CMDTOOL_PROGRESS_DELAY` (the developer's own must not change these tests).
    func reporter(label: String = "replaying t", total: Int? = 100, unit: ProgressLine.Unit = .items("records"), isEnabled: Bool = true, width: Int = 79) -> ProgressReporter {
      ProgressReporter(
        label: label, total: total, unit: unit, isEnabled: isEnabled, delay: Terminal.progressDelay(in: TerminalEnvironment()),
        clock: { [unowned self] in self.now }, width: width, write: { [unowned self] in self.written.append($0) })
    }

    func advance(milliseconds: UInt64) { now += milliseconds * 1_000_000 }
  }

  @Test("Nothing in the first half second: quick work prints nothing, not even on finish")
  func quietAtFirst() {
    let harness = Harness()
    let progress = harness.reporter()
    for done in 0..<50 {
      progress.update(done: done)
      harness.advance(milliseconds: 9)
    }
    progress.finish()
    #expect(harness.written.isEmpty)
  }

  @Test("Drawn from half a second on, with a carriage return and no newline; erased on finish")
  func drawsThenErases() {
    let harness = Harness()
    let progress = harness.reporter()
    harness.advance(milliseconds: 499)
    progress.update(done: 10)
    #expect(harness.written.isEmpty)
    harness.advance(milliseconds: 1)
    progress.update(done: 41)
    #expect(harness.written == ["\rreplaying t: 41% (41 of 100 records)"])
    #expect(progress.isShown)
    progress.finish()
    #expect(harness.written.last == "\r" + String(repeating: " ", count: "replaying t: 41% (41 of 100 records)".count) + "\r")
    #expect(!progress.isShown)
    #expect(!harness.written.joined().contains("\n"))
  }

  @Test("At most ten drawings a second, however often it is updated")
  func throttled() {
    let harness = Harness()
    let progress = harness.reporter(total: 1_000_000)
    harness.advance(milliseconds: 500)
    // Three seconds of updates every millisecond.
    for done in 0..<3000 {
      progress.update(done: done)
      harness.advance(milliseconds: 1)
    }
    #expect(harness.written.count == 30)
    // Each drawing shows the count at its time, not a stale one.
    #expect(harness.written[0] == "\rreplaying t: 0% (0 of 1.0 M records)")
    #expect(harness.written[1] == "\rreplaying t: 0% (100 of 1.0 M records)")
    #expect(harness.written[29] == "\rreplaying t: 0% (2.9 k of 1.0 M records)")
  }

  @Test("Updated less often than the interval, every update draws")
  func slowUpdates() {
    let harness = Harness()
    let progress = harness.reporter(total: 12, unit: .steps("recording"))
    for done in 0..<12 {
      progress.update(done: done)
      harness.advance(milliseconds: 700)
    }
    #expect(harness.written.count == 11)
    #expect(harness.written.first == "\rreplaying t: recording 2 of 12")
    #expect(harness.written.last == "\rreplaying t: recording 12 of 12")
  }

  @Test("A shorter line blanks what the longer one left")
  func shorterLine() {
    let harness = Harness()
    let progress = harness.reporter(total: nil)
    harness.advance(milliseconds: 600)
    progress.update(done: 5, label: "replaying a-long-name")
    harness.advance(milliseconds: 100)
    progress.update(done: 6, label: "replaying b")
    #expect(harness.written == ["\rreplaying a-long-name: 5 records", "\rreplaying b: 6 records" + String(repeating: " ", count: 10)])
  }

  @Test("A total learned late gives a percentage; the line never passes the width")
  func changes() {
    let harness = Harness()
    let progress = harness.reporter(total: nil, width: 30)
    harness.advance(milliseconds: 600)
    progress.update(done: 10, total: 40)
    #expect(harness.written == ["\r…ing t: 25% (10 of 40 records)"])
  }

  @Test("clear() makes room for a line of other output; the next update draws again at once")
  func clearAndRedraw() {
    let harness = Harness()
    let progress = harness.reporter(total: 3, unit: .steps("recording"))
    harness.advance(milliseconds: 600)
    progress.update(done: 0)
    progress.clear()
    #expect(!progress.isShown)
    harness.advance(milliseconds: 10)
    progress.update(done: 1)
    #expect(harness.written == [
      "\rreplaying t: recording 1 of 3",
      "\r" + String(repeating: " ", count: 29) + "\r",
      "\rreplaying t: recording 2 of 3",
    ])
    progress.clear()
    progress.clear()
    #expect(harness.written.count == 4)
  }

  @Test("Disabled (a pipe, CI, TERM=dumb): nothing, ever")
  func disabled() {
    let harness = Harness()
    let progress = harness.reporter(isEnabled: false)
    for done in 0..<100 {
      progress.update(done: done)
      harness.advance(milliseconds: 100)
    }
    progress.finish()
    #expect(harness.written.isEmpty)
  }

  @Test("After finish, updates draw nothing; finish twice erases once")
  func finishIsFinal() {
    let harness = Harness()
    let progress = harness.reporter()
    harness.advance(milliseconds: 600)
    progress.update(done: 1)
    progress.finish()
    progress.finish()
    harness.advance(milliseconds: 600)
    progress.update(done: 2)
    #expect(harness.written.count == 2)
  }

  @Test("A reporter dropped without finish erases its line (a command that threw)")
  func deinitErases() {
    let harness = Harness()
    do {
      let progress = harness.reporter()
      harness.advance(milliseconds: 600)
      progress.update(done: 1)
    }
    #expect(harness.written.count == 2)
    #expect(harness.written.last?.hasSuffix("\r") == true)
  }
}
