import CommandCodec
import ReplayCore
import ReplayLive

extension EventScript.Step {
  /// The step as a failure's place says it: `after a tap on button "Help"`.
  public var place: String {
    switch action {
    case .tap(let selector): return "after a tap on \(selector)"
    case .type(let selector, let text): return "after typing \(JSONText.quoted(String(text.prefix(40)))) into \(selector)"
    case .typeSecret(let selector, let name): return "after typing the secret \(name) into \(selector)"
    case .back: return "after back"
    case .choose(let selector, let option): return "after choosing \(option) in \(selector)"
    case .select(let selector, let value): return "after selecting \(value) in \(selector)"
    case .marker(let label): return label == "wait" ? "after waiting until \(Format.time(milliseconds: time))" : "after the marker \(JSONText.quoted(label))"
    case .send(let target, let event): return "after \(event.kind.name) to #\(target)"
    case .widgetEvent(let selector, let name, _): return "after \(name) on \(selector)"
    }
  }
}
