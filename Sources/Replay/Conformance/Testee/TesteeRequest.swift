import CommandCodec
import ReplayCore

/// The requests cmdtool sends a testee, as marker records (docs/CONFORMANCE.md §1.3).
public enum TesteeRequest {
  /// The marker that asks the testee to perform a user's action.
  public static func record(for action: UserAction, at time: Double) -> TraceRecord {
    let (label, detail): (String, String)
    switch action {
    case .tap(let id): (label, detail) = ("tap", "\(id)")
    case .type(let id, let text): (label, detail) = ("type", "\(id) \(text)")
    case .select(let id, let index): (label, detail) = ("select", "\(id) \(index)")
    case .choose(let id, let option): (label, detail) = ("choose", "\(id) \(option)")
    case .back: (label, detail) = ("back", "")
    }
    return TraceRecord(time: time, .marker(label: label, detail: detail))
  }

  /// The marker that asks for the testee's state.
  public static func state(at time: Double) -> TraceRecord {
    TraceRecord(time: time, .marker(label: "state", detail: ""))
  }

  /// Words for reports: `tap 7 (switch "Wi-Fi")`.
  public static func describe(_ action: UserAction, in state: UIState) -> String {
    func element(_ id: Int32) -> String {
      guard let element = state.elements[id] else { return "\(id)" }
      let label = element.text.isEmpty ? "" : " \(JSONText.quoted(String(element.text.prefix(40))))"
      return "\(id) (\(element.kind.rawValue)\(label))"
    }
    switch action {
    case .tap(let id): return "tap \(element(id))"
    case .type(let id, let text): return "type \(JSONText.quoted(String(text.prefix(40)))) into \(element(id))"
    case .select(let id, let index): return "select \(index) in \(element(id))"
    case .choose(let id, let option): return "choose \(option) in \(element(id))"
    case .back: return "back"
    }
  }
}
