import CommandCodec
import ReplayCore

/// How a generated stream labels its deliberate violations: a marker record
/// `{"t":T,"marker":"violation","detail":"RULE-ID"}` right before the record that breaks the rule.
///
/// The contract, which `cmdtool check` and ``StreamOracle`` verify: the record right after a
/// label (a batch, or a modal result for `modal-result-without-modal`) raises exactly one
/// diagnostic, of the rule the label names, at the label's time; no other record raises any. The
/// batch may hold valid commands around the violating one, so the diagnostic's command position
/// (`#R.C`) is not part of the label. Markers change nothing in the model (docs/PROTOCOL.md §4.2),
/// so a labelled stream replays to the state the same stream without its labels does.
///
/// ```
/// {"t":812,"marker":"violation","detail":"unknown-target"}
/// {"t":812,"batch":[{"type":"SET_STYLE",…},{"type":"SET_TEXT_VALUE","internalId":91,"textValue":"Inbox 3"}]}
/// ```
public enum ViolationLabel {
  /// The marker's label.
  public static let label = "violation"

  /// The marker announcing that the next record breaks `rule`.
  public static func marker(for rule: DiagnosticRule, at time: Double) -> TraceRecord {
    TraceRecord(time: time, .marker(label: label, detail: rule.rawValue))
  }

  /// What `record` labels: nil when it is no violation label; `.failure` with the detail when the
  /// label names no rule.
  public static func rule(labelledBy record: TraceRecord) -> Result<DiagnosticRule, UnknownRule>? {
    guard case .marker(let markerLabel, let detail) = record.body, markerLabel == label else { return nil }
    guard let rule = DiagnosticRule(rawValue: detail) else { return .failure(UnknownRule(detail: detail)) }
    return .success(rule)
  }

  /// A violation label whose detail is not a rule id.
  public struct UnknownRule: Error, Hashable, Sendable {
    public var detail: String
  }
}
