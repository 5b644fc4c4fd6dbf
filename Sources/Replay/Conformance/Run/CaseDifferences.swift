import ReplayCore

/// Every difference of a case from the model, gathered after each step (docs/CONFORMANCE.md §3):
/// the first differing step in full, each later step with the differences it adds (one that
/// persists from an earlier step is counted, not listed again), at most ``limit`` listed in all,
/// and a verdict per part, so a systematic gap at step 1 hides nothing after it.
struct CaseDifferences {
  /// The most state differences listed in a case; the rest are counted.
  static let limit = 60

  /// The parts judged: `events`, then the state parts the testee reports.
  let parts: [String]
  private(set) var steps: [StepDifference] = []
  /// Differences per part (`events` and the state parts' names).
  private(set) var counts: [String: Int] = [:]
  private(set) var ignored = 0
  private(set) var matchedPatterns: Set<Int> = []
  /// The lines listed so far, to tell a new difference from one that persists.
  private var seen: Set<String> = []
  private var listed = 0

  init(reports: StateParts) {
    parts = ["events"] + StateParts.named.filter { reports.contains($0.part) }.map(\.name)
  }

  var isEmpty: Bool { steps.isEmpty }

  /// Notes step `number` (1-based, of `total`)'s comparison; returns whether it differs.
  @discardableResult
  mutating func note(step number: Int, of total: Int, description: String, events: EventListDiff, state: StateDiff) -> Bool {
    ignored += events.ignored + state.ignoredCount
    matchedPatterns.formUnion(events.matchedPatterns)
    matchedPatterns.formUnion(state.matchedPatterns)
    guard events.text != nil || !state.isEmpty else { return false }
    counts["events", default: 0] += events.differing
    var fresh: [String] = []
    var repeated = 0
    for change in state.changes {
      let line = StateDiff.line(for: change, .plain, 160)
      guard seen.insert(line).inserted else {
        repeated += 1
        continue
      }
      counts[StateParts.part(of: change).name, default: 0] += 1
      fresh.append(line)
    }
    // A later step whose every difference persists from before adds nothing to read.
    guard steps.isEmpty || events.text != nil || !fresh.isEmpty else { return true }
    let room = max(0, Self.limit - listed)
    var lines = Array(fresh.prefix(room))
    listed += lines.count
    if fresh.count > room { lines.append("… and \(fresh.count - room) more (at most \(Self.limit) differences are listed in a case)") }
    if steps.isEmpty, !state.isEmpty {
      // The first differing step reads as a state diff does, its count included.
      let summary = state.renderText().split(separator: "\n").last.map(String.init) ?? ""
      lines.append(summary)
    } else if repeated > 0 {
      lines.append("(and \(repeated) difference\(repeated == 1 ? "" : "s") as at an earlier step)")
    }
    let stateText = state.isEmpty ? nil : lines.joined(separator: "\n") + "\n"
    steps.append(StepDifference(step: number, of: total, description: description, eventsDiff: events.text, stateDiff: stateText))
    return true
  }

  /// A verdict per part, in ``parts``' order.
  var verdicts: [PartVerdict] { parts.map { PartVerdict(part: $0, differences: counts[$0] ?? 0) } }
}

/// One step at which a testee differed from the model, with what it added to the differences.
public struct StepDifference: Sendable, Equatable {
  /// The step, 1-based, and how many the case has.
  public var step: Int
  public var of: Int
  public var description: String
  /// Expected (`-`) against actual (`+`) events, when they differ.
  public var eventsDiff: String?
  /// The state differences this step adds, in docs/DIFF_FORMAT.md's text, when there are any.
  public var stateDiff: String?
}

/// Whether one part of what a testee reports (its events, its tree, its texts…) agreed with the
/// model throughout a case.
public struct PartVerdict: Sendable, Equatable {
  /// `events`, or a state part's name (`text`, `styles`).
  public var part: String
  /// The distinct differences found in it (0: it passes).
  public var differences: Int

  public var passes: Bool { differences == 0 }

  /// `text fail (2 differences)`, `tree pass`.
  public var description: String {
    passes ? "\(part) pass" : "\(part) fail (\(differences) difference\(differences == 1 ? "" : "s"))"
  }
}
