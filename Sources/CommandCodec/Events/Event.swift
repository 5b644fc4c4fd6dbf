/// An event from the platform to the engine: one of the engine's event classes with its fields.
///
/// An event travels addressed to a target element (see ``TraceRecord/Body/event(target:_:)``).
public enum Event: Hashable, Sendable {
  case value(ValueEvent)
  case sys(SysEvent)
  case sysInfo(SysInfoEvent)
  case visibility(VisibilityEvent)
  case visibilityUpdate(VisibilityUpdateEvent)
  case scrollChanged(ScrollChangedEvent)
  case imageRequest(ImageRequestEvent)
  case imageResponse(ImageResponseEvent)
  case timer(TimerEvent)
  case touch(TouchEvent)
  case resize(ResizeEvent)
  case command(CommandEvent)
  case purchase(PurchaseEvent)
  case update(UpdateEvent)
  case userInteraction(UserInteractionEvent)
  case warning(WarningEvent)
  case draw(DrawEvent)
  case openGLInit(OpenGLInitEvent)
  case scroll(ScrollEvent)
  case imageUpload(ImageUploadEvent)

  /// The event's class.
  public var kind: EventKind {
    switch self {
    case .value: return .value
    case .sys: return .sys
    case .sysInfo: return .sysInfo
    case .visibility: return .visibility
    case .visibilityUpdate: return .visibilityUpdate
    case .scrollChanged: return .scrollChanged
    case .imageRequest: return .imageRequest
    case .imageResponse: return .imageResponse
    case .timer: return .timer
    case .touch: return .touch
    case .resize: return .resize
    case .command: return .command
    case .purchase: return .purchase
    case .update: return .update
    case .userInteraction: return .userInteraction
    case .warning: return .warning
    case .draw: return .draw
    case .openGLInit: return .openGLInit
    case .scroll: return .scroll
    case .imageUpload: return .imageUpload
    }
  }

  /// The payload, as an existential for generic field access.
  public var payload: any EventPayload {
    switch self {
    case .value(let payload): return payload
    case .sys(let payload): return payload
    case .sysInfo(let payload): return payload
    case .visibility(let payload): return payload
    case .visibilityUpdate(let payload): return payload
    case .scrollChanged(let payload): return payload
    case .imageRequest(let payload): return payload
    case .imageResponse(let payload): return payload
    case .timer(let payload): return payload
    case .touch(let payload): return payload
    case .resize(let payload): return payload
    case .command(let payload): return payload
    case .purchase(let payload): return payload
    case .update(let payload): return payload
    case .userInteraction(let payload): return payload
    case .warning(let payload): return payload
    case .draw(let payload): return payload
    case .openGLInit(let payload): return payload
    case .scroll(let payload): return payload
    case .imageUpload(let payload): return payload
    }
  }

  /// Wraps a payload of one of the engine's classes (the codec's own payload types only).
  init(_ payload: any EventPayload) {
    switch payload {
    case let payload as ValueEvent: self = .value(payload)
    case let payload as SysEvent: self = .sys(payload)
    case let payload as SysInfoEvent: self = .sysInfo(payload)
    case let payload as VisibilityEvent: self = .visibility(payload)
    case let payload as VisibilityUpdateEvent: self = .visibilityUpdate(payload)
    case let payload as ScrollChangedEvent: self = .scrollChanged(payload)
    case let payload as ImageRequestEvent: self = .imageRequest(payload)
    case let payload as ImageResponseEvent: self = .imageResponse(payload)
    case let payload as TimerEvent: self = .timer(payload)
    case let payload as TouchEvent: self = .touch(payload)
    case let payload as ResizeEvent: self = .resize(payload)
    case let payload as CommandEvent: self = .command(payload)
    case let payload as PurchaseEvent: self = .purchase(payload)
    case let payload as UpdateEvent: self = .update(payload)
    case let payload as UserInteractionEvent: self = .userInteraction(payload)
    case let payload as WarningEvent: self = .warning(payload)
    case let payload as DrawEvent: self = .draw(payload)
    case let payload as OpenGLInitEvent: self = .openGLInit(payload)
    case let payload as ScrollEvent: self = .scroll(payload)
    case let payload as ImageUploadEvent: self = .imageUpload(payload)
    default: preconditionFailure("unknown payload type \(type(of: payload))")
    }
  }
}

extension Event {
  /// The fields that hold something other than their default, as bits: bit `i` stands for
  /// `kind.fields[i]` (``EventKind/fields``).
  ///
  /// These are the fields both codecs write; a double is at its default only when its bits are all
  /// zero, so `-0.0` counts as set. No class has more than 32 fields.
  ///
  /// ```swift
  /// Event.value(ValueEvent(text: "alice")).nonDefaultFieldMask  // 0b001: text
  /// ```
  ///
  /// - Complexity: O(f) for the class's f fields, without allocating.
  public var nonDefaultFieldMask: UInt32 {
    var mapper = EventPresenceMapper()
    var payload = self.payload
    payload.presence(into: &mapper)
    return mapper.mask
  }
}

extension EventPayload {
  fileprivate mutating func presence(into mapper: inout EventPresenceMapper) {
    do { try mapFields(&mapper) } catch { preconditionFailure("reading fields cannot fail") }
  }
}
