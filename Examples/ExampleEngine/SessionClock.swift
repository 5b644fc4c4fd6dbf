// `--session-timer MS`: a session clock, the kind of periodic timer real engines run for as long
// as the user is active (a session timeout, a poll). It starts with the first event, so its ticks
// fall at the same distance after the script's steps in every run, give or take the engine's and
// the recorder's delays: whether a tick comes just before or just after a later step is a race,
// which is what wall-clock replays must not mistake for a change (docs/WIRE.md §10).

import CommandCodec

struct SessionClock {
  /// The label that shows the ticks and owns the timer (deleting it stops the timer).
  let label: Int32
  let timer: Int32
  let layout: Int32
  /// Ticks so far.
  private(set) var ticks = 0
  /// Delete the label after this many ticks (`--session-timer-stop`).
  let stopAfter: Int?
  private(set) var isRunning = true

  init(ids: inout IdCounter, layout: Int32, stopAfter: Int?) {
    self.layout = layout
    label = ids.take()
    timer = ids.take()
    self.stopAfter = stopAfter
  }

  /// The label, then the timer it owns: two `sendCommands` calls, as an engine's constructor and
  /// its start() make them.
  func createCommands(interval: Int) -> [[Command]] {
    [
      [Command(.createText, internalId: layout, childInternalId: label, textValue: "Session 0")],
      [Command(.createTimer, internalId: label, childInternalId: timer, value: Int32(clamping: interval))],
    ]
  }

  /// Whether a TimerEvent to `target` is this clock's: its timer's id, or id 0 to its label.
  func isTick(_ event: TimerEvent, target: Int32) -> Bool {
    isRunning && (event.id == timer || (event.id == 0 && target == label))
  }

  /// One tick: the label counts up; after `stopAfter` ticks the label goes, which stops the timer.
  mutating func tick() -> [[Command]] {
    ticks += 1
    let text = [Command(.setTextValue, internalId: label, textValue: "Session \(ticks)")]
    guard let stopAfter, ticks >= stopAfter else { return [text] }
    isRunning = false
    return [text, [Command(.removeChild, internalId: layout, childInternalId: label)], [Command(.deleteElement, internalId: label)]]
  }
}

/// `--jitter MS`: random pauses of 0…MS ms before writes, from a seeded generator (SplitMix64), so
/// that a test can replay with another seed and get other delays.
struct Jitter {
  let maximum: Int
  private var state: UInt64

  init(maximum: Int, seed: UInt64) {
    self.maximum = maximum
    state = seed
  }

  /// The next pause, in microseconds.
  mutating func nextPause() -> UInt32 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return UInt32(z % UInt64(maximum * 1000 + 1))
  }
}
