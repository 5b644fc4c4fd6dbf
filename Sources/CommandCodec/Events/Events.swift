// One struct per event class of the engine (protocol notes §5). Field order is binary order.

/// A value change of a widget: a click, a text edit, a selection (notes §5).
public struct ValueEvent: EventPayload {
  public static var kind: EventKind { .value }
  /// The text of a text-valued change.
  public var text: String
  /// The integer value (a click, an index, an option id, a sheet).
  public var value: Int32
  /// A second integer (a row or a sheet of a list).
  public var value2: Int32

  public init(text: String = "", value: Int32 = 0, value2: Int32 = 0) {
    self.text = text
    self.value = value
    self.value2 = value2
  }

  public init() { self.init(text: "", value: 0, value2: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("text", &text)
    try mapper.map("value", &value)
    try mapper.map("value2", &value2)
  }
}

/// A system event: TERMINATE_THREAD=1, THREAD_TERMINATED=2, BACK=3, SHOW_DEBUG=4.
public struct SysEvent: EventPayload {
  public static var kind: EventKind { .sys }
  /// The SysEvent type.
  public var type: Int32
  /// The thread of the thread-lifecycle types.
  public var threadId: Int32

  public init(type: Int32 = 0, threadId: Int32 = 0) {
    self.type = type
    self.threadId = threadId
  }

  public init() { self.init(type: 0, threadId: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("type", &type)
    try mapper.map("threadId", &threadId)
  }
}

/// Lifecycle and system information: START=1, RESUME, PAUSE, STOP, DESTROY, MEMORY_WARNING, LANGUAGE_CHANGED, DEBUG_MODE.
public struct SysInfoEvent: EventPayload {
  public static var kind: EventKind { .sysInfo }
  /// The SysInfoEvent type.
  public var type: Int32
  /// An integer argument.
  public var value: Int32
  /// A text argument (e.g. the new language).
  public var text: String

  public init(type: Int32 = 0, value: Int32 = 0, text: String = "") {
    self.type = type
    self.value = value
    self.text = text
  }

  public init() { self.init(type: 0, value: 0, text: "") }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("type", &type)
    try mapper.map("value", &value)
    try mapper.map("text", &text)
  }
}

/// A view or the navigation drawer was shown or hidden.
public struct VisibilityEvent: EventPayload {
  public static var kind: EventKind { .visibility }
  /// Whether it is now visible.
  public var visible: Bool

  public init(visible: Bool = false) {
    self.visible = visible
  }

  public init() { self.init(visible: false) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("visible", &visible)
  }
}

/// The visible part of the tree changed (view switch, page change); no fields.
public struct VisibilityUpdateEvent: EventPayload {
  public static var kind: EventKind { .visibilityUpdate }

  public init() {}

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
  }
}

/// A scroll layout scrolled.
public struct ScrollChangedEvent: EventPayload {
  public static var kind: EventKind { .scrollChanged }
  /// The scroll offset.
  public var scrollPos: Int32
  /// The distance left to the bottom.
  public var scrollRem: Int32
  /// The content height.
  public var height: Int32

  public init(scrollPos: Int32 = 0, scrollRem: Int32 = 0, height: Int32 = 0) {
    self.scrollPos = scrollPos
    self.scrollRem = scrollRem
    self.height = height
  }

  public init() { self.init(scrollPos: 0, scrollRem: 0, height: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("scrollPos", &scrollPos)
    try mapper.map("scrollRem", &scrollRem)
    try mapper.map("height", &height)
  }
}

/// An image needs data (REQUEST=1) or no longer does (CANCEL=2).
public struct ImageRequestEvent: EventPayload {
  public static var kind: EventKind { .imageRequest }
  /// REQUEST=1 or CANCEL=2.
  public var mode: Int32
  /// The URL picked for the displayed size, or empty when the image has none.
  public var imageUrl: String
  /// The element the request is for.
  public var sourceInternalId: Int32
  /// The requested width.
  public var requestedWidth: UInt32
  /// The requested height.
  public var requestedHeight: UInt32
  /// Mipmap levels (the engine's default is 1).
  public var requestedLevels: UInt32
  /// The request priority.
  public var priority: Int32
  /// The canvas internal format code (iOS 15, Android 3).
  public var internalFormat: Int32

  public init(mode: Int32 = 0, imageUrl: String = "", sourceInternalId: Int32 = 0, requestedWidth: UInt32 = 0, requestedHeight: UInt32 = 0, requestedLevels: UInt32 = 0, priority: Int32 = 0, internalFormat: Int32 = 0) {
    self.mode = mode
    self.imageUrl = imageUrl
    self.sourceInternalId = sourceInternalId
    self.requestedWidth = requestedWidth
    self.requestedHeight = requestedHeight
    self.requestedLevels = requestedLevels
    self.priority = priority
    self.internalFormat = internalFormat
  }

  public init() { self.init(mode: 0, imageUrl: "", sourceInternalId: 0, requestedWidth: 0, requestedHeight: 0, requestedLevels: 0, priority: 0, internalFormat: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("mode", &mode)
    try mapper.map("imageUrl", &imageUrl)
    try mapper.map("sourceInternalId", &sourceInternalId)
    try mapper.map("requestedWidth", &requestedWidth)
    try mapper.map("requestedHeight", &requestedHeight)
    try mapper.map("requestedLevels", &requestedLevels)
    try mapper.map("priority", &priority)
    try mapper.map("internalFormat", &internalFormat)
  }
}

/// The result of an image load (engine-internal).
public struct ImageResponseEvent: EventPayload {
  public static var kind: EventKind { .imageResponse }
  /// Whether the load succeeded.
  public var success: Bool
  /// The URL loaded.
  public var imageUrl: String
  /// The image bytes.
  public var data: [UInt8]
  /// Whether the image is live.
  public var isLive: Bool
  /// Whether the request was cancelled.
  public var isCancelled: Bool

  public init(success: Bool = false, imageUrl: String = "", data: [UInt8] = [], isLive: Bool = false, isCancelled: Bool = false) {
    self.success = success
    self.imageUrl = imageUrl
    self.data = data
    self.isLive = isLive
    self.isCancelled = isCancelled
  }

  public init() { self.init(success: false, imageUrl: "", data: [], isLive: false, isCancelled: false) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("success", &success)
    try mapper.map("imageUrl", &imageUrl)
    try mapper.map("data", &data)
    try mapper.map("isLive", &isLive)
    try mapper.map("isCancelled", &isCancelled)
  }
}

/// A timer fired.
public struct TimerEvent: EventPayload {
  public static var kind: EventKind { .timer }
  /// The timer id (0 on iOS and GTK).
  public var id: Int32

  public init(id: Int32 = 0) {
    self.id = id
  }

  public init() { self.init(id: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("id", &id)
  }
}

/// A touch on an OpenGL view: ACTION_DOWN=0, ACTION_DRAG=1, ACTION_UP=2.
public struct TouchEvent: EventPayload {
  public static var kind: EventKind { .touch }
  /// The touch time in seconds.
  public var timestamp: Double
  /// The touch action.
  public var type: Int32
  /// The x coordinate.
  public var x: Double
  /// The y coordinate.
  public var y: Double
  /// The finger.
  public var identifier: Int64
  /// Whether this ends a group of touches.
  public var flush: Bool

  public init(timestamp: Double = 0, type: Int32 = 0, x: Double = 0, y: Double = 0, identifier: Int64 = 0, flush: Bool = false) {
    self.timestamp = timestamp
    self.type = type
    self.x = x
    self.y = y
    self.identifier = identifier
    self.flush = flush
  }

  public init() { self.init(timestamp: 0, type: 0, x: 0, y: 0, identifier: 0, flush: false) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("timestamp", &timestamp)
    try mapper.map("type", &type)
    try mapper.map("x", &x)
    try mapper.map("y", &y)
    try mapper.map("identifier", &identifier)
    try mapper.map("flush", &flush)
  }
}

/// A surface changed size.
public struct ResizeEvent: EventPayload {
  public static var kind: EventKind { .resize }
  /// The width in logical units.
  public var logicalWidth: Int32
  /// The height in logical units.
  public var logicalHeight: Int32
  /// The width in pixels.
  public var actualWidth: Int32
  /// The height in pixels.
  public var actualHeight: Int32

  public init(logicalWidth: Int32 = 0, logicalHeight: Int32 = 0, actualWidth: Int32 = 0, actualHeight: Int32 = 0) {
    self.logicalWidth = logicalWidth
    self.logicalHeight = logicalHeight
    self.actualWidth = actualWidth
    self.actualHeight = actualHeight
  }

  public init() { self.init(logicalWidth: 0, logicalHeight: 0, actualWidth: 0, actualHeight: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("logicalWidth", &logicalWidth)
    try mapper.map("logicalHeight", &logicalHeight)
    try mapper.map("actualWidth", &actualWidth)
    try mapper.map("actualHeight", &actualHeight)
  }
}

/// A command from a widget, addressed by the application's own user id.
public struct CommandEvent: EventPayload {
  public static var kind: EventKind { .command }
  /// The user id (e.g. FW_ID_BACK -2).
  public var elementId: Int32
  /// The internal id (usually 0).
  public var internalId: Int32
  /// The value.
  public var value: Int32
  /// The second value.
  public var value2: Int32

  public init(elementId: Int32 = 0, internalId: Int32 = 0, value: Int32 = 0, value2: Int32 = 0) {
    self.elementId = elementId
    self.internalId = internalId
    self.value = value
    self.value2 = value2
  }

  public init() { self.init(elementId: 0, internalId: 0, value: 0, value2: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("elementId", &elementId)
    try mapper.map("internalId", &internalId)
    try mapper.map("value", &value)
    try mapper.map("value2", &value2)
  }
}

/// A purchase status (PURCHASE_STATUS=0).
public struct PurchaseEvent: EventPayload {
  public static var kind: EventKind { .purchase }
  /// The product.
  public var productId: String
  /// The purchase event type.
  public var type: Int32
  /// Whether it is a new purchase.
  public var isNew: Bool

  public init(productId: String = "", type: Int32 = 0, isNew: Bool = false) {
    self.productId = productId
    self.type = type
    self.isNew = isNew
  }

  public init() { self.init(productId: "", type: 0, isNew: false) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("productId", &productId)
    try mapper.map("type", &type)
    try mapper.map("isNew", &isNew)
  }
}

/// A frame update of an OpenGL view.
public struct UpdateEvent: EventPayload {
  public static var kind: EventKind { .update }
  /// The update time in seconds.
  public var timestamp: Double

  public init(timestamp: Double = 0) {
    self.timestamp = timestamp
  }

  public init() { self.init(timestamp: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("timestamp", &timestamp)
  }
}

/// User interaction started (1) or ended (2).
public struct UserInteractionEvent: EventPayload {
  public static var kind: EventKind { .userInteraction }
  /// STARTED=1 or ENDED=2.
  public var type: Int32

  public init(type: Int32 = 0) {
    self.type = type
  }

  public init() { self.init(type: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("type", &type)
  }
}

/// A warning (not sent by any platform).
public struct WarningEvent: EventPayload {
  public static var kind: EventKind { .warning }
  /// The warning code.
  public var code: String
  /// The warning text.
  public var warning: String

  public init(code: String = "", warning: String = "") {
    self.code = code
    self.warning = warning
  }

  public init() { self.init(code: "", warning: "") }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("code", &code)
    try mapper.map("warning", &warning)
  }
}

/// A redraw is needed; no fields.
public struct DrawEvent: EventPayload {
  public static var kind: EventKind { .draw }

  public init() {}

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
  }
}

/// An OpenGL surface was created.
public struct OpenGLInitEvent: EventPayload {
  public static var kind: EventKind { .openGLInit }
  /// 0x20000 for ES 2.0, 0x30000 for ES 3.0.
  public var version: Int32
  /// Whether it is OpenGL ES.
  public var isES: Bool

  public init(version: Int32 = 0, isES: Bool = false) {
    self.version = version
    self.isES = isES
  }

  public init() { self.init(version: 0, isES: false) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("version", &version)
    try mapper.map("isES", &isES)
  }
}

/// A scroll wheel delta (not sent by any platform).
public struct ScrollEvent: EventPayload {
  public static var kind: EventKind { .scroll }
  /// The delta.
  public var delta: Double

  public init(delta: Double = 0) {
    self.delta = delta
  }

  public init() { self.init(delta: 0) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("delta", &delta)
  }
}

/// An image picked from the gallery.
public struct ImageUploadEvent: EventPayload {
  public static var kind: EventKind { .imageUpload }
  /// The image bytes.
  public var data: [UInt8]

  public init(data: [UInt8] = []) {
    self.data = data
  }

  public init() { self.init(data: []) }

  public mutating func mapFields<Mapper: EventFieldMapper>(_ mapper: inout Mapper) throws(CodecError) {
    try mapper.map("data", &data)
  }
}
