import CommandCodec

/// What reached the engine of a run on the wall clock, in order: the script's steps and the ticks
/// of the platform's timers (the TimerEvents cmdtool sent), each with its record and time. Two
/// runs of one script have the same inputs, but where a tick and a step come close together their
/// order is a race (docs/WIRE.md §10); ``WallClockCuts`` compares the runs where it is not.
struct RunTimeline: Sendable {
  /// One input, named so that the same input of another run has the same name.
  enum Input: Hashable, Sendable {
    /// The script's step `number` (from 0): its `script` marker.
    case step(Int)
    /// The `number`-th tick (from 1) the platform sent for timer `timer`.
    case tick(timer: Int32, number: Int)

    var isStep: Bool {
      if case .step = self { return true }
      return false
    }
  }

  struct Entry: Sendable {
    var input: Input
    /// Its record: a state taken with `record` records applied has not seen it.
    var record: Int
    var time: Double
  }

  /// The inputs, in the order of their records.
  private(set) var entries: [Entry] = []
  /// The position in ``entries`` of each step.
  private(set) var stepPositions: [Int] = []
  private(set) var recordCount = 0
  /// The quiet, in milliseconds, after which the recorder took the engine to be done (its
  /// session marker's `settle`; 200, the recorder's default, when it has none).
  private(set) var settle: Double = 200

  /// Reads the trace at `path`, with `widgets` (nil: the schema its header names, found beside it).
  init(path: String, widgets: WidgetSchema?) throws(Replayer.Failure) {
    var ticks: [Int32: Int] = [:]
    // A step that sends a TimerEvent itself (`{"send":{"event":"TimerEvent",…}}`): its tick is
    // the script's, not the clock's.
    var scriptedTicks = 0
    do {
      let reader = try TraceFileReader(path: path, widgets: widgets)
      _ = try reader.readHeader()
      while let record = try reader.next() {
        let index = recordCount
        recordCount += 1
        switch record.body {
        case .marker("session", let detail) where index == 0:
          if case .object(let settings)? = try? JSONValue.parse(detail), case .number(let settle)? = settings["settle"] { self.settle = settle }
        case .marker("script", let source):
          stepPositions.append(entries.count)
          entries.append(Entry(input: .step(stepPositions.count - 1), record: index, time: record.time))
          if Self.sendsATick(source) { scriptedTicks += 1 }
        case .event(_, .timer) where scriptedTicks > 0:
          scriptedTicks -= 1
        case .event(_, .timer(let tick)):
          ticks[tick.id, default: 0] += 1
          entries.append(Entry(input: .tick(timer: tick.id, number: ticks[tick.id]!), record: index, time: record.time))
        default:
          break
        }
      }
    } catch {
      throw .unreadable(error)
    }
  }

  /// Whether a step's source sends a TimerEvent.
  private static func sendsATick(_ source: String) -> Bool {
    guard source.contains("TimerEvent"), case .object(let step)? = try? JSONValue.parse(source), case .object(let event)? = step["send"] else { return false }
    return event["event"] == .string("TimerEvent")
  }

  /// The records applied before the entry at `position` (all of them past the last entry).
  func records(before position: Int) -> Int {
    position < entries.count ? entries[position].record : recordCount
  }
}
