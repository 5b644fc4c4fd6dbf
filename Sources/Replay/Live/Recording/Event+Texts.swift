import CommandCodec

extension Event {
  /// The event with `transform` applied to each of its texts (a typed text, a URL, a product id,
  /// a warning), numbers and bytes as they are.
  func mappingTexts(_ transform: (String) -> String) -> Event {
    withoutActuallyEscaping(transform) { transform in
      func mapped<Payload: EventPayload>(_ payload: Payload) -> Payload {
        var payload = payload
        var mapper = TextMapper(transform: transform)
        try? payload.mapFields(&mapper)
        return payload
      }
      // Every class, so that one with texts added later is not left out.
      switch self {
      case .value(let payload): return .value(mapped(payload))
      case .sys(let payload): return .sys(mapped(payload))
      case .sysInfo(let payload): return .sysInfo(mapped(payload))
      case .visibility(let payload): return .visibility(mapped(payload))
      case .visibilityUpdate(let payload): return .visibilityUpdate(mapped(payload))
      case .scrollChanged(let payload): return .scrollChanged(mapped(payload))
      case .imageRequest(let payload): return .imageRequest(mapped(payload))
      case .imageResponse(let payload): return .imageResponse(mapped(payload))
      case .timer(let payload): return .timer(mapped(payload))
      case .touch(let payload): return .touch(mapped(payload))
      case .resize(let payload): return .resize(mapped(payload))
      case .command(let payload): return .command(mapped(payload))
      case .purchase(let payload): return .purchase(mapped(payload))
      case .update(let payload): return .update(mapped(payload))
      case .userInteraction(let payload): return .userInteraction(mapped(payload))
      case .warning(let payload): return .warning(mapped(payload))
      case .draw(let payload): return .draw(mapped(payload))
      case .openGLInit(let payload): return .openGLInit(mapped(payload))
      case .scroll(let payload): return .scroll(mapped(payload))
      case .imageUpload(let payload): return .imageUpload(mapped(payload))
      }
    }
  }
}

/// Replaces every string field of an event payload through a function.
private struct TextMapper: EventFieldMapper {
  let transform: (String) -> String
  mutating func map(_ name: StaticString, _ value: inout Int32) {}
  mutating func map(_ name: StaticString, _ value: inout UInt32) {}
  mutating func map(_ name: StaticString, _ value: inout Int64) {}
  mutating func map(_ name: StaticString, _ value: inout Bool) {}
  mutating func map(_ name: StaticString, _ value: inout Double) {}
  mutating func map(_ name: StaticString, _ value: inout String) { value = transform(value) }
  mutating func map(_ name: StaticString, _ value: inout [UInt8]) {}
}
