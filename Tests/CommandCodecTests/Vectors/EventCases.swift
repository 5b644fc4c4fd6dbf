import CommandCodec

/// One valid vector per event class (all 20), every field set to a value other than its default,
/// plus one trace with every class at its defaults.
///
/// The exhaustive `switch` makes a new class fail to compile until it has a case here.
enum EventCases {
  static let all: [ValidCase] =
    EventKind.allCases.map { kind in
      let (target, event, fields) = example(kind)
      precondition(event.kind == kind)
      return ValidCase(
        name: "event/\(kind.name)",
        description: "\(kind.name) (code \(kind.rawValue)) to \(target): \(fields)",
        records: [.event(event, to: target, at: 2000 + Double(kind.rawValue))])
    } + [
      ValidCase(
        name: "event/all-defaults",
        description: "every class with every field at its default: JSON omits them, binary sets no presence bit",
        records: EventKind.allCases.map { kind in
          TraceRecord(time: 10, .event(target: 1, EventFieldDefaults.event(kind)))
        })
    ]

  static func example(_ kind: EventKind) -> (target: Int32, event: Event, fields: String) {
    switch kind {
    case .value: return (5, .value(ValueEvent(text: "alice@example.com", value: 1, value2: -1)), "text, value, value2")
    case .sys: return (1, .sys(SysEvent(type: 3, threadId: 7)), "type=3 (BACK), threadId")
    case .sysInfo: return (1, .sysInfo(SysInfoEvent(type: 7, value: 1, text: "fi_FI")), "type=7 (LANGUAGE_CHANGED), value, text")
    case .visibility: return (3, .visibility(VisibilityEvent(visible: true)), "visible")
    case .visibilityUpdate: return (2, .visibilityUpdate(VisibilityUpdateEvent()), "no fields")
    case .scrollChanged: return (15, .scrollChanged(ScrollChangedEvent(scrollPos: 120, scrollRem: 880, height: 1667)), "scrollPos, scrollRem, height")
    case .imageRequest:
      return (22, .imageRequest(ImageRequestEvent(
        mode: 1, imageUrl: "https://example.com/logo_128.png", sourceInternalId: 22, requestedWidth: 128,
        requestedHeight: 96, requestedLevels: 1, priority: -1, internalFormat: 15)), "mode=1 (REQUEST), imageUrl, sourceInternalId, requested width/height/levels (UInt32), priority, internalFormat=15 (iOS)")
    case .imageResponse:
      return (22, .imageResponse(ImageResponseEvent(
        success: true, imageUrl: "https://example.com/logo_128.png", data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        isLive: true, isCancelled: true)), "success, imageUrl, data (bytes: Base64 in JSON), isLive, isCancelled")
    case .timer: return (9, .timer(TimerEvent(id: 40)), "id")
    case .touch: return (4, .touch(TouchEvent(timestamp: 12.345, type: 1, x: 10.5, y: -3.25, identifier: 2, flush: true)), "timestamp (double), type=1 (ACTION_DRAG), x, y, identifier (Int64), flush")
    case .resize: return (4, .resize(ResizeEvent(logicalWidth: 375, logicalHeight: 667, actualWidth: 750, actualHeight: 1334)), "logical and actual sizes")
    case .command: return (29, .command(CommandEvent(elementId: -2, internalId: 29, value: 1, value2: 2)), "elementId=-2 (FW_ID_BACK), internalId, value, value2")
    case .purchase: return (1, .purchase(PurchaseEvent(productId: "coins_100", type: 1, isNew: true)), "productId, type, isNew")
    case .update: return (4, .update(UpdateEvent(timestamp: 1234.5)), "timestamp")
    case .userInteraction: return (1, .userInteraction(UserInteractionEvent(type: 2)), "type=2 (ENDED)")
    case .warning: return (1, .warning(WarningEvent(code: "W001", warning: "Image too large")), "code, warning")
    case .draw: return (2, .draw(DrawEvent()), "no fields")
    case .openGLInit: return (4, .openGLInit(OpenGLInitEvent(version: 0x30000, isES: true)), "version=0x30000 (ES 3.0), isES")
    case .scroll: return (15, .scroll(ScrollEvent(delta: -0.5)), "delta")
    case .imageUpload: return (1, .imageUpload(ImageUploadEvent(data: [0xFF, 0xD8, 0xFF, 0xE0, 0x00])), "data (bytes)")
    }
  }
}

/// Events with every field at its default.
enum EventFieldDefaults {
  static func event(_ kind: EventKind) -> Event {
    switch kind {
    case .value: return .value(ValueEvent())
    case .sys: return .sys(SysEvent())
    case .sysInfo: return .sysInfo(SysInfoEvent())
    case .visibility: return .visibility(VisibilityEvent())
    case .visibilityUpdate: return .visibilityUpdate(VisibilityUpdateEvent())
    case .scrollChanged: return .scrollChanged(ScrollChangedEvent())
    case .imageRequest: return .imageRequest(ImageRequestEvent())
    case .imageResponse: return .imageResponse(ImageResponseEvent())
    case .timer: return .timer(TimerEvent())
    case .touch: return .touch(TouchEvent())
    case .resize: return .resize(ResizeEvent())
    case .command: return .command(CommandEvent())
    case .purchase: return .purchase(PurchaseEvent())
    case .update: return .update(UpdateEvent())
    case .userInteraction: return .userInteraction(UserInteractionEvent())
    case .warning: return .warning(WarningEvent())
    case .draw: return .draw(DrawEvent())
    case .openGLInit: return .openGLInit(OpenGLInitEvent())
    case .scroll: return .scroll(ScrollEvent())
    case .imageUpload: return .imageUpload(ImageUploadEvent())
    }
  }
}
