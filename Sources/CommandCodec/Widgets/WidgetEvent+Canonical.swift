extension WidgetEvent {
  /// `event`, a record of this event, with each typed payload carried in a string field spelt
  /// as its type's canonical text (`#FF8800` → `#ff8800`, `1.50` → `1.5`): two platforms that
  /// send one value spelt two ways send one event (docs/CONFORMANCE.md §1.4). Numbers in number
  /// fields compare by value already; a text that is no value of its type stays as it is.
  public func canonical(_ event: Event) -> Event {
    var rewrites: [String: WidgetPropertyType] = [:]
    for (field, payload) in payloads { rewrites[field] = payload.type }
    guard !rewrites.isEmpty else { return event }
    var rewriter = CanonicalPayloadText(types: rewrites)
    var payload = event.payload
    do {
      try payload.mapFields(&rewriter)
    } catch {
      return event
    }
    return Event(payload)
  }
}

/// Rewrites the named string fields to their type's canonical text.
private struct CanonicalPayloadText: EventFieldMapper {
  let types: [String: WidgetPropertyType]
  mutating func map(_ name: StaticString, _ value: inout Int32) {}
  mutating func map(_ name: StaticString, _ value: inout UInt32) {}
  mutating func map(_ name: StaticString, _ value: inout Int64) {}
  mutating func map(_ name: StaticString, _ value: inout Bool) {}
  mutating func map(_ name: StaticString, _ value: inout Double) {}
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) {}
  mutating func map(_ name: StaticString, _ value: inout String) {
    if let type = types[name.description], let canonical = type.canonicalText(value) { value = canonical }
  }
}
