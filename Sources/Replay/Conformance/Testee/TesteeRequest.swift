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
    case .widgetEvent(let id, let name, let payloads): (label, detail) = ("event", eventDetail(id, name, payloads))
    }
    return TraceRecord(time: time, .marker(label: label, detail: detail))
  }

  /// The detail of an `event` request: `ID NAME PAYLOADS`, where PAYLOADS is a JSON object of
  /// the payloads by name, each value a JSON string holding its text form, keys sorted, no
  /// spaces: `7 rangeChanged {"max":"0.8","min":"0.2"}`. The id and the name (an identifier,
  /// docs/WIDGETS.md §2.6) hold no space, and JSON escapes every quote and control character in
  /// a value, so any value reads back as it was (docs/CONFORMANCE.md §1.3).
  public static func eventDetail(_ id: Int32, _ name: String, _ payloads: [String: String]) -> String {
    "\(id) \(name) " + JSONValue.object(payloads.mapValues { .string($0) }).canonicalText
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
    case .widgetEvent(let id, let name, let payloads):
      let given = payloads.keys.sorted().map { "\($0) \(JSONText.quoted(String(payloads[$0]!.prefix(40))))" }
      let widget = state.elements[id].map { "\(id) (\($0.kindName))" } ?? "\(id)"
      return "\(name) on \(widget)" + (given.isEmpty ? "" : " with " + given.joined(separator: ", "))
    }
  }
}
