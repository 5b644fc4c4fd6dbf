/// The class of an ``Event``: the engine's event class name, and a stable binary code.
///
/// Codes are the toolkit's own (1-based, append-only), written in binary traces; JSON carries the
/// class name, e.g. `"ValueEvent"`.
public enum EventKind: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case value = 1
  case sys
  case sysInfo
  case visibility
  case visibilityUpdate
  case scrollChanged
  case imageRequest
  case imageResponse
  case timer
  case touch
  case resize
  case command
  case purchase
  case update
  case userInteraction
  case warning
  case draw
  case openGLInit
  case scroll
  case imageUpload

  /// The engine's class name, e.g. `"ValueEvent"`.
  public var name: String {
    switch self {
    case .value: return "ValueEvent"
    case .sys: return "SysEvent"
    case .sysInfo: return "SysInfoEvent"
    case .visibility: return "VisibilityEvent"
    case .visibilityUpdate: return "VisibilityUpdateEvent"
    case .scrollChanged: return "ScrollChangedEvent"
    case .imageRequest: return "ImageRequestEvent"
    case .imageResponse: return "ImageResponseEvent"
    case .timer: return "TimerEvent"
    case .touch: return "TouchEvent"
    case .resize: return "ResizeEvent"
    case .command: return "CommandEvent"
    case .purchase: return "PurchaseEvent"
    case .update: return "UpdateEvent"
    case .userInteraction: return "UserInteractionEvent"
    case .warning: return "WarningEvent"
    case .draw: return "DrawEvent"
    case .openGLInit: return "OpenGLInitEvent"
    case .scroll: return "ScrollEvent"
    case .imageUpload: return "ImageUploadEvent"
    }
  }

  /// The kind whose class name is `name`, matched exactly.
  public init?(name: String) {
    guard let kind = EventKind.byName[name] else { return nil }
    self = kind
  }

  public var description: String { name }

  /// Whether a platform sends events of this class to the engine (protocol notes §5).
  ///
  /// False for ImageResponseEvent (the engine's loader sends it to an element), WarningEvent and
  /// ScrollEvent (declared, never sent): a trace can hold them, but a platform never produces
  /// them, so coverage of what platforms send leaves them out.
  public var isSentByPlatforms: Bool {
    switch self {
    case .imageResponse, .warning, .scroll: return false
    default: return true
    }
  }

  /// The payload type of this class.
  public var payloadType: any EventPayload.Type {
    switch self {
    case .value: return ValueEvent.self
    case .sys: return SysEvent.self
    case .sysInfo: return SysInfoEvent.self
    case .visibility: return VisibilityEvent.self
    case .visibilityUpdate: return VisibilityUpdateEvent.self
    case .scrollChanged: return ScrollChangedEvent.self
    case .imageRequest: return ImageRequestEvent.self
    case .imageResponse: return ImageResponseEvent.self
    case .timer: return TimerEvent.self
    case .touch: return TouchEvent.self
    case .resize: return ResizeEvent.self
    case .command: return CommandEvent.self
    case .purchase: return PurchaseEvent.self
    case .update: return UpdateEvent.self
    case .userInteraction: return UserInteractionEvent.self
    case .warning: return WarningEvent.self
    case .draw: return DrawEvent.self
    case .openGLInit: return OpenGLInitEvent.self
    case .scroll: return ScrollEvent.self
    case .imageUpload: return ImageUploadEvent.self
    }
  }

  /// The fields of this class, in binary order, with their JSON names and types.
  public var fields: [EventFieldDescriptor] { EventKind.schemas[Int(rawValue) - 1] }

  private static let byName: [String: EventKind] = Dictionary(
    uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  private static let schemas: [[EventFieldDescriptor]] = allCases.map { kind in
    var collector = EventSchemaCollector()
    var payload = kind.payloadType.init()
    payload.mapAll(&collector)
    return collector.fields
  }
}

extension EventPayload {
  /// Maps with a mapper that cannot fail.
  fileprivate mutating func mapAll(_ collector: inout EventSchemaCollector) {
    do { try mapFields(&collector) } catch { preconditionFailure("schema collection cannot fail") }
  }
}
