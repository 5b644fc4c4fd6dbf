// Engines that strain the wire (docs/WIRE.md §8): one that stops reading, one that writes without
// reading, one that answers each of thousands of timer ticks with a big batch, one that changes a
// label on its own every few milliseconds (a clock, an animation). cmdtool must end each session
// within its --timeout and --max-wait, and on a signal, whatever the engine does.

import CommandCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The options of the straining engines.
struct StressOptions {
  /// After this many records read (sync markers included), stop reading and sleep forever.
  var stopReadingAfter: Int?
  /// After this many records read, stop reading and write batches forever.
  var floodAfter: Int?
  /// Created when the engine stops reading (`--stop-reading-after`, `--flood-after`), so that a
  /// test can wait for that moment instead of sleeping.
  var stallFile: String?
  /// Timers created at the start, all with the same interval (so their ticks come together);
  /// every tick is answered with a batch of ``StormTimers/answerSize`` commands.
  var timerStorm = 0
  /// Change the title's text every this many milliseconds of wall time, on the engine's own.
  var selfTick: Int?
  /// Created once the engine is connected; every byte it reads is appended (what an intruder
  /// that connects to cmdtool's socket would learn).
  var inputLog: String?

  static let usage = """
      --stop-reading-after N  after N records read, stop reading (and sleep until stopped)
      --flood-after N     after N records read, stop reading and write batches without end
      --stall-file F      create F when the engine stops reading (with the two above)
      --timer-storm N     create N timers of 1 s at the start and answer every tick with a
                          batch of 20 commands (their ticks come all at once)
      --self-tick MS      change the title's text every MS ms of wall time, on its own
      --input-log F       create F once connected, and append every byte read to it

    """

  /// Takes `name` if it is one of these options, its value read with the parser's `value` or
  /// `count`. - Returns: false for any other name.
  mutating func parse(_ name: String, value: () throws(Options.UsageError) -> String, count: () throws(Options.UsageError) -> Int) throws(Options.UsageError) -> Bool {
    switch name {
    case "--stop-reading-after": stopReadingAfter = try count()
    case "--flood-after": floodAfter = try count()
    case "--stall-file": stallFile = try value()
    case "--input-log": inputLog = try value()
    case "--timer-storm": timerStorm = try count()
    case "--self-tick":
      let interval = try count()
      guard interval >= 1 else { throw Options.UsageError(message: "--self-tick is at least 1 ms") }
      selfTick = interval
    default: return false
    }
    return true
  }

  /// After `recordsRead` records: stops reading for good if an option says so (never returns then).
  func afterRecord(_ recordsRead: Int, output: WireOutput, title: Int32) {
    if let limit = stopReadingAfter, recordsRead >= limit {
      stall("stopped reading after \(recordsRead) records (--stop-reading-after)")
      while true { sleep(3600) }
    }
    if let limit = floodAfter, recordsRead >= limit {
      stall("stopped reading after \(recordsRead) records; writing without end (--flood-after)")
      let batch = TraceRecord(time: output.time, .batch((1...100).map { Command(.setTextValue, internalId: title, textValue: "Flood \($0)") }))
      while true { output.append(batch, times: 1000) }
    }
  }

  private func stall(_ message: String) {
    log(message)
    guard let stallFile else { return }
    let fd = open(stallFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd >= 0 {
      var text = Array("\(message)\n".utf8)
      _ = text.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
  }
}

/// `--timer-storm N`: N timers that tick together, each tick answered with a big batch.
struct StormTimers {
  static let interval: Int32 = 1000
  static let answerSize = 20
  let owner: Int32
  let ids: ClosedRange<Int32>

  init(count: Int, owner: Int32, ids counter: inout IdCounter) {
    self.owner = owner
    let first = counter.take()
    for _ in 1..<max(count, 1) { _ = counter.take() }
    ids = first...(first + Int32(max(count, 1)) - 1)
  }

  /// One batch creating every timer.
  var createCommands: [Command] {
    ids.map { Command(.createTimer, internalId: owner, childInternalId: $0, value: Self.interval) }
  }

  /// The answer to a tick of `timer`: a batch that sets the owner's text many times.
  func answer(to timer: Int32) -> [Command] {
    (1...Self.answerSize).map { Command(.setTextValue, internalId: owner, textValue: "Timer \(timer) ticked: update \($0) of \(Self.answerSize)") }
  }
}

/// `--self-tick MS`: when the next change of the title is due, on the monotonic clock.
struct SelfTicker {
  let interval: Double
  private(set) var next: Double
  private var count = 0

  init(milliseconds: Int) {
    interval = Double(milliseconds)
    next = SelfTicker.now() + interval
  }

  /// Milliseconds until the next change (0 when it is due).
  var wait: Int32 { Int32(max(0, (next - SelfTicker.now()).rounded(.up))) }

  /// The next text of the title, and the change after it scheduled.
  mutating func tick() -> String {
    count += 1
    next = max(next + interval, SelfTicker.now())
    return "Tick \(count)"
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }
}
