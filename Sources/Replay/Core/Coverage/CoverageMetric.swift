/// One thing coverage is measured in: a ratio of ``ProtocolCoverage`` that `--min` can require.
///
/// The raw value is the name `cmdtool coverage --min` and the JSON report use.
public enum CoverageMetric: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Current command types (codes 0–72) seen, of all 73.
  case commands
  /// Fields exercised of the fields each current command type uses (``CommandCodec/CommandType/fields``),
  /// summed over the types.
  case fields
  /// Event classes seen, of those a platform sends (``CommandCodec/EventKind/isSentByPlatforms``).
  case events
  /// Fields exercised of every field of the event classes a platform sends.
  case eventFields = "event-fields"
  /// SET_STYLE selectors seen (NORMAL … LINK), of all six.
  case selectors
  /// Known style keys seen (``CommandCodec/StyleKeys/known``), of all of them.
  case styleKeys = "style-keys"

  /// What is counted, for people: `command types`.
  public var title: String {
    switch self {
    case .commands: return "command types"
    case .fields: return "command fields"
    case .events: return "event types"
    case .eventFields: return "event fields"
    case .selectors: return "style selectors"
    case .styleKeys: return "known style keys"
    }
  }

  public var description: String { rawValue }
}
