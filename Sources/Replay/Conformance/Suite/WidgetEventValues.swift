import CommandCodec

/// The payloads the generated `Required.Widgets.<W>.Event.<name>` cases ask for (docs/CONFORMANCE.md
/// §2): fixed, valid for each payload's type and range, none at its first valid value (what a
/// plain tap sends, so a platform that ignores the payloads given cannot pass), and distinct
/// within an event where the type allows (so swapped payloads show).
enum WidgetEventValues {
  /// A value for each typed payload of `event` by payload name; nil when some payload has no
  /// valid value other than its first.
  static func chosen(for event: WidgetEvent) -> [String: String]? {
    var values: [String: String] = [:]
    for (_, payload) in event.payloads {
      let first = payload.sample { _ in 0 }
      let taken = Set(values.values)
      let usable = candidates(payload).filter { payload.validate($0) == nil && !payload.type.sameValue($0, first) }
      guard let value = usable.first(where: { !taken.contains($0) }) ?? usable.first else { return nil }
      values[payload.name] = value
    }
    return values
  }

  private static func candidates(_ payload: WidgetEventPayload) -> [String] {
    func number(_ value: Double) -> String { WidgetValueSyntax.canonicalNumber(value) }
    switch payload.type {
    case .double:
      if let low = payload.minimum, let high = payload.maximum {
        return [0.2, 0.8, 0.5, 1].map { number(low + (high - low) * $0) }
      }
      let low = payload.minimum ?? min(0, payload.maximum ?? 0)
      return [low + 1.5, low + 2.25, low + 0.5].map(number)
    case .int:
      let low = (payload.minimum ?? min(0, payload.maximum ?? 0)).rounded(.up)
      return [low + 3, low + 7, low + 1, payload.maximum ?? low + 2].map(number)
    case .bool: return ["true"]
    // A space, quotes and a character beyond ASCII: what the request's encoding must carry.
    case .string: return ["Gate 12 \"B\" ✓", "second value"]
    case .colour: return ["#1d4fb8", "#ff8800"]
    case .enumeration(let values): return Array(values.dropFirst())
    case .url: return ["https://example.com/conformance.png", "https://example.com/other.png"]
    case .size: return ["200x100", "64x32"]
    case .point: return ["10,20", "-1.5,0"]
    case .rect: return ["8,8,100x50", "0,0,320x44"]
    }
  }
}
