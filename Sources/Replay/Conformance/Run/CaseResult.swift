import CommandCodec
import ReplayCore
import ReplayLive

/// The verdict on one case, with what a person needs to see why.
public struct CaseResult: Sendable {
  public enum Verdict: String, CaseIterable, Sendable {
    /// The testee did what the model does at every step.
    case pass
    /// Its events or its state differ from the model's.
    case fail
    /// It crashed, hung, wrote garbage, refused a request or could not be started.
    case error
    /// It cannot take the case: a part or event kind it does not report, another profile, or a
    /// request it answered as unsupported.
    case skipped
  }

  public var name: String
  public var tier: ConformanceTier
  public var verdict: Verdict
  /// Why, in one line ("" for a pass).
  public var reason: String
  /// The 1-based step where the case first failed, and what it did.
  public var step: Int?
  public var stepDescription: String?
  /// Expected (`-`) against actual (`+`) events of that step, when they differ.
  public var eventsDiff: String?
  /// The state diff (docs/DIFF_FORMAT.md) from the expected to the actual state, when they differ.
  public var stateDiff: String?
  /// The later steps that differ too, each with the differences it adds: a case runs to its end
  /// after a difference, so one systematic gap hides nothing after it.
  public var laterSteps: [StepDifference] = []
  /// A verdict per part judged (`events`, then the state parts the testee reports), for a case
  /// that ran its steps; empty otherwise.
  public var parts: [PartVerdict] = []
  /// Why a failing case stopped before its end (the testee refused a later request, crashed,
  /// or did not exit): its differences stand, and this says what came after them.
  public var stopped: String?
  /// How many differences the run's ignore patterns (`--ignore`) left out of this case.
  public var ignored = 0
  /// The indices of the ignore patterns that left something out of this case.
  public var matchedPatterns: Set<Int> = []
  /// For a failure at a step: the state the model expects there and the state the testee
  /// reported, each projected onto the parts the testee reports (what the state diff compares),
  /// for drawing them side by side. Not in the JSON report.
  public var expectedState: UIState?
  public var actualState: UIState?
  /// The case's viewport (its trace header's), for drawing those states; nil when it sets none.
  public var viewport: Viewport?
  /// The testee's own words about an error (``PeerWords``): its crash message, the start of its
  /// error output when it failed before its hello, else its last lines.
  public var testeeSaid: String?
  /// For a failure or an error: the end of the testee's standard error (its last 4 KiB, as
  /// docs/CONFORMANCE.md §1.1 keeps it), its logs and an `assert`'s message among them.
  public var stderrTail: String?
  /// Whether the error came before the testee's handshake was done: it could not be started, or
  /// did not send its header and a hello cmdtool accepts. On the first case that is a setup
  /// error, not a finding (``ConformanceRun``).
  public var handshakeFailed = false
  public var seconds: Double
  /// The testee's header creator and declaration, once its hello was read.
  public var testee: (creator: String, hello: TesteeHello)?
  /// Set when repeated runs gave different verdicts or outputs.
  public var unstable: String?

  public init(name: String, tier: ConformanceTier, verdict: Verdict, reason: String = "", seconds: Double = 0) {
    self.name = name
    self.tier = tier
    self.verdict = verdict
    self.reason = reason
    self.seconds = seconds
  }

  /// What repeated runs of a deterministic testee give the same of: the verdict, the reason and
  /// the diffs (not the time, nor the stderr).
  public var outcome: String {
    ([verdict.rawValue, reason, String(step ?? 0), eventsDiff ?? "", stateDiff ?? "", stopped ?? ""]
      + laterSteps.map { "\($0.step)\u{1E}\($0.eventsDiff ?? "")\u{1E}\($0.stateDiff ?? "")" }).joined(separator: "\u{1F}")
  }

  /// Whether the verdict is a failure or an error.
  public var isFailure: Bool { verdict == .fail || verdict == .error }

  /// The report of a failure for people: the reason (which names the step), then the diffs,
  /// each later step that differs with what it adds, the verdict per part, and what stopped it.
  ///
  /// The reason and the notes quote the testee (its error text, its answers): their control
  /// characters are escaped, lines kept.
  public func renderText() -> String {
    var lines = [TerminalText.escaped(reason, keepingNewlines: true)]
    if let eventsDiff { lines.append("events (- expected, + actual):\n" + eventsDiff) }
    if let stateDiff { lines.append("state (expected → actual):\n" + Self.trimmed(stateDiff)) }
    for later in laterSteps {
      lines.append("step \(later.step) of \(later.of) (\(later.description)):")
      if let events = later.eventsDiff { lines.append("  events (- expected, + actual):\n" + Self.indented(events)) }
      if let state = later.stateDiff { lines.append("  state (expected → actual):\n" + Self.indented(Self.trimmed(state))) }
    }
    if verdict == .fail && !parts.isEmpty { lines.append("parts: " + parts.map(\.description).joined(separator: ", ")) }
    if ignored > 0 { lines.append("\(ignored) difference\(ignored == 1 ? "" : "s") left out by --ignore") }
    if let stopped { lines.append("stopped: " + stopped) }
    if let testeeSaid, !testeeSaid.isEmpty { lines.append(PeerWords.quoted(testeeSaid, by: "the testee")) }
    if let unstable { lines.append("unstable: " + TerminalText.escaped(unstable, keepingNewlines: true)) }
    return lines.joined(separator: "\n")
  }

  private static func trimmed(_ text: String) -> String { text.hasSuffix("\n") ? String(text.dropLast()) : text }
  private static func indented(_ text: String) -> String { text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") }
}
