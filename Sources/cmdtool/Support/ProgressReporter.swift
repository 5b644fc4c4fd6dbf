import Replay

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A single updating progress line on standard error, for work that lasts.
///
/// The line appears only when ``Terminal/showsProgress(in:streamingToStandardOutput:)`` allows it
/// (standard error is a terminal, `TERM` is not `dumb`, `CI` is not set) and only once the work
/// has lasted ``Terminal/progressDelay(in:)`` (so quick commands print nothing); it is redrawn at
/// most once per ``interval`` and erased by ``finish()``. When it may not be shown, every call is
/// a cheap no-op.
///
/// ```swift
/// let progress = ProgressReporter(label: "replaying recordings", total: paths.count, unit: .steps("recording"))
/// defer { progress.finish() }
/// for (index, path) in paths.enumerated() {
///   progress.update(done: index, label: "replaying \(name)")
///   ...
/// }
/// ```
///
/// The reporter draws only from ``update(done:)``: there is no timer thread, so call it at least a
/// few times a second during long work (every few thousand records, or per step). Call
/// ``clear()`` (then flush) before printing a line to the same terminal, and ``finish()`` when
/// the work is done or before reporting an error.
final class ProgressReporter {
  /// The least time between two drawings (at most 10 a second).
  static let interval: UInt64 = 100_000_000

  private var line: ProgressLine
  private let isEnabled: Bool
  /// How long work runs before the line appears, in nanoseconds: quick commands print nothing.
  private let delay: UInt64
  private let clock: () -> UInt64
  private let write: (String) -> Void
  private let width: Int
  private let start: UInt64
  /// When the line was last drawn (nil: never, so nothing is on screen).
  private var lastDrawn: UInt64?
  /// How many columns the line has covered since it was last erased: the widest drawing, its
  /// padding included (`999.9 kB` gives way to a narrower `1.0 MB`), so that a shorter line and
  /// the erase blank all of it, whatever earlier drawings blanked.
  private var shownLength = 0
  private var isFinished = false

  /// A reporter for work on `total` things (nil when unknown).
  ///
  /// - Parameters:
  ///   - label: what is going on, e.g. `replaying long.cmdtrace`.
  ///   - isEnabled: whether the line may be shown at all; by default
  ///     ``Terminal/showsProgress(in:streamingToStandardOutput:)``.
  ///   - delay: nanoseconds of work before the line appears; by default
  ///     ``Terminal/progressDelay(in:)`` (half a second).
  ///   - clock: monotonic nanoseconds (injected by tests).
  ///   - width: the most characters a line may take (the terminal's width less one, so the cursor
  ///     never wraps and `\r` returns to the line's start).
  ///   - write: where the line's bytes go (standard error by default).
  init(
    label: String, total: Int?, unit: ProgressLine.Unit,
    isEnabled: Bool = Terminal.showsProgress(),
    delay: UInt64 = Terminal.progressDelay(),
    clock: @escaping () -> UInt64 = ProgressReporter.monotonicNanoseconds,
    width: Int? = nil,
    write: @escaping (String) -> Void = ProgressReporter.writeToStandardError
  ) {
    self.line = ProgressLine(label: label, done: 0, total: total, unit: unit)
    self.isEnabled = isEnabled
    self.delay = delay
    self.clock = clock
    self.write = write
    self.width = width ?? (isEnabled ? Terminal.standardErrorColumns() - 1 : 79)
    self.start = isEnabled ? clock() : 0
  }

  deinit { finish() }

  /// Whether the line is on screen now.
  var isShown: Bool { lastDrawn != nil }

  /// Records that `done` things are done, and redraws the line if it is time.
  func update(done: Int) {
    guard isEnabled, !isFinished else { return }
    line.done = done
    drawIfDue()
  }

  /// Records that `done` things are done under a new label (e.g. the recording now replaying).
  func update(done: Int, label: String) {
    guard isEnabled, !isFinished else { return }
    line.label = label
    update(done: done)
  }

  /// Records that `done` things are done, under a new label and with what follows the amount
  /// (`, 2 failing, about 40 s left`).
  func update(done: Int, label: String, suffix: String) {
    guard isEnabled, !isFinished else { return }
    line.suffix = suffix
    update(done: done, label: label)
  }

  /// Changes the total, once it is known or when it grows.
  func update(done: Int, total: Int?) {
    guard isEnabled, !isFinished else { return }
    line.total = total
    update(done: done)
  }

  /// Erases the line (if it was shown); later updates draw nothing. Safe to call more than once.
  func finish() {
    guard !isFinished else { return }
    isFinished = true
    clear()
  }

  /// Erases the line for a moment, so that other output can go to the terminal (a `PASS` line
  /// on standard output, flushed); the next ``update(done:)`` draws it again.
  func clear() {
    guard isShown else { return }
    write("\r" + String(repeating: " ", count: shownLength) + "\r")
    lastDrawn = nil
    shownLength = 0
  }

  private func drawIfDue() {
    let now = clock()
    guard now &- start >= delay else { return }
    if let lastDrawn, now &- lastDrawn < Self.interval { return }
    let text = line.text(width: width)
    let length = text.count
    // Blank what is left of a longer previous line rather than rely on an erase sequence.
    let padding = shownLength > length ? String(repeating: " ", count: shownLength - length) : ""
    write("\r" + text + padding)
    lastDrawn = now
    shownLength = max(shownLength, length)
  }

  /// Nanoseconds of the monotonic clock (unaffected by changes to the time of day).
  static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Writes straight to descriptor 2, unbuffered: a line is one write.
  static func writeToStandardError(_ text: String) {
    let file = FileDescriptor(rawValue: 2, owns: false)
    // A closed standard error is no reason to stop the work.
    _ = Array(text.utf8).withUnsafeBytes { bytes in
      Result { () throws(IOError) in try file.write(bytes, path: "standard error") }
    }
  }
}
