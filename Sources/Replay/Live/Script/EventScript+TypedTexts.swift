import CommandCodec
import ReplayCore

extension EventScript {
  /// A step's line with `transform` applied to the texts it types or sends, and to nothing else:
  /// a `type` step's `text`, the string fields of a `send` step's event (not its class), a custom
  /// widget event's string fields. Keys, selectors, secret names, marker labels and numbers stay
  /// as written, so that a replay reading the line plays the same step (docs/WIRE.md §7).
  ///
  /// - Returns: the line itself when nothing changes, else the step's canonical JSON; the line
  ///   itself when it is not a JSON object.
  public static func mappingTypedTexts(in line: String, _ transform: (String) -> String) -> String {
    guard case .object(var step)? = try? JSONValue.parse(line) else { return line }
    var changed = false
    func mapped(_ value: JSONValue) -> JSONValue {
      guard case .string(let text) = value else { return value }
      let new = transform(text)
      if new != text { changed = true }
      return .string(new)
    }
    if step["type"] != nil, let text = step["text"] {
      step["text"] = mapped(text)
    } else if case .object(var event)? = step["send"] {
      for key in event.keys where key != "event" { event[key] = mapped(event[key]!) }
      step["send"] = .object(event)
    } else if step["tap"] != nil && step["event"] != nil {
      // A custom widget's event: every key but these is one of its fields.
      for key in step.keys where !["t", "tap", "event"].contains(key) { step[key] = mapped(step[key]!) }
    }
    return changed ? JSONValue.object(step).canonicalText : line
  }
}
