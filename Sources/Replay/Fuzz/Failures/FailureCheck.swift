import CommandCodec
import ReplayCore
import ReplayLive

/// What counts as a failure besides the engine's own (a crash, a hang, malformed output): the
/// protocol rules its commands must keep, and the user's invariants over the state.
public struct FailureCheck: Sendable {
  /// A condition on what is on screen, checked after every step.
  public struct Invariant: Hashable, Sendable, CustomStringConvertible {
    public enum Mode: String, Sendable {
      /// No displayed element may match.
      case never
      /// Some displayed element must match.
      case always
    }

    public var mode: Mode
    public var selector: ElementSelector

    /// Parses `never:SELECTOR` or `always:SELECTOR` (`never:text "undefined"`).
    public init?(parsing text: String) {
      guard let colon = text.firstIndex(of: ":"), let mode = Mode(rawValue: String(text[..<colon])),
        let selector = ElementSelector(parsing: String(text[text.index(after: colon)...]))
      else { return nil }
      self.mode = mode
      self.selector = selector
    }

    public var description: String { "\(mode.rawValue):\(selector)" }

    /// Whether `state` keeps the invariant.
    func holds(in state: UIState) -> Bool {
      let displayed = selector.matches(in: state).contains { state.isDisplayed($0) }
      return mode == .never ? !displayed : displayed
    }
  }

  /// The rules whose violations count (by default every error rule).
  public var rules: Set<DiagnosticRule> = Set(DiagnosticRule.everyRule.filter { $0.severity == .error })
  public var invariants: [Invariant] = []

  public init() {}

  /// The first failure in `model` since `seen` diagnostics were looked at (which it advances).
  func failure(in model: ReferenceModel, seen: inout Int, place: String) -> FuzzFailure? {
    let diagnostics = model.diagnostics
    defer { seen = diagnostics.count }
    if seen < diagnostics.count, let broken = diagnostics[seen...].first(where: { rules.contains($0.rule) }) {
      return FuzzFailure(kind: .brokeRule(broken.rule), place: place, detail: broken.description)
    }
    if let failed = invariants.first(where: { !$0.holds(in: model.state) }) {
      return FuzzFailure(kind: .invariant(failed.description), place: place, detail: "the invariant \(failed) does not hold")
    }
    return nil
  }
}
