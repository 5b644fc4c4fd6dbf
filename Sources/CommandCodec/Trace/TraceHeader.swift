/// What a trace says about itself before its first record.
///
/// Every field is optional: a header-less JSON Lines stream of bare commands, as an engine prints
/// it, reads as a trace with the default header.
public struct TraceHeader: Hashable, Sendable {
  /// The trace format version this codec writes.
  public static let currentVersion = 1

  /// The trace format version.
  public var version: Int
  /// The name of the engine's command numbering, e.g. `"engine-2018-11-28"`, when known.
  ///
  /// Informational in JSON traces (which carry type names); see ``CommandNumbering``.
  public var numbering: String?
  /// When the trace was made, as an RFC 3339 timestamp, e.g. `"2026-11-22T09:30:00Z"`.
  public var created: String?
  /// What made the trace, e.g. `"cmdtool 0.1.0 record"`.
  public var creator: String?
  /// The platform's viewport, when known.
  public var viewport: Viewport?
  /// The committed preferences the platform held when the session started, by key.
  public var preferences: [String: String]
  /// The widget schema the trace's custom commands belong to, when it has any (docs/WIDGETS.md §6.1).
  public var widgets: WidgetSchemaReference?

  public init(
    version: Int = TraceHeader.currentVersion, numbering: String? = nil, created: String? = nil,
    creator: String? = nil, viewport: Viewport? = nil, preferences: [String: String] = [:],
    widgets: WidgetSchemaReference? = nil
  ) {
    self.widgets = widgets
    self.version = version
    self.numbering = numbering
    self.created = created
    self.creator = creator
    self.viewport = viewport
    self.preferences = preferences
  }

  /// The preferences sorted by the keys' UTF-8 bytes: the order both codecs write them in.
  public var sortedPreferences: [(key: String, value: String)] {
    preferences.sorted { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }
  }
}

/// The size and scale of the platform's screen or window.
public struct Viewport: Hashable, Sendable {
  /// The width in points (density-independent pixels).
  public var width: Int32
  /// The height in points.
  public var height: Int32
  /// Pixels per point (e.g. 2 or 3 on phones); 0 when unknown.
  public var scale: Double

  public init(width: Int32, height: Int32, scale: Double = 0) {
    self.width = width
    self.height = height
    self.scale = scale
  }

  /// Why decoders would refuse this viewport's scale (negative, infinite or NaN), or nil.
  var scaleFailure: String? {
    scale.isFinite && scale >= 0 ? nil : "the viewport scale \(scale) is not a finite, non-negative number"
  }
}
