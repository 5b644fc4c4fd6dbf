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

/// What a trace header says of its widget schema: its name and fingerprint, never a file path
/// (a trace moves between machines; the schema file is found by name or given with `--widgets`).
public struct WidgetSchemaReference: Hashable, Sendable, CustomStringConvertible {
  /// The schema's name (``WidgetSchema/name``), for messages and for finding its file.
  public var name: String
  /// The schema's ``WidgetSchema/fingerprint``: `fnv1a64:` and 16 hex digits.
  public var fingerprint: String

  public init(name: String, fingerprint: String) {
    self.name = name
    self.fingerprint = fingerprint
  }

  /// Whether `text` has a fingerprint's form: `fnv1a64:` and 16 lower-case hex digits.
  public static func isFingerprint(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let prefix = Array("fnv1a64:".utf8)
    guard bytes.count == prefix.count + 16, bytes.starts(with: prefix) else { return false }
    return bytes[prefix.count...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// `chart fnv1a64:…`, or the fingerprint alone for a schema without a name.
  public var description: String { name.isEmpty ? fingerprint : name + " " + fingerprint }
}

extension WidgetSchema {
  /// What a trace header made with this schema names.
  public var reference: WidgetSchemaReference { WidgetSchemaReference(name: name, fingerprint: fingerprint) }

  /// Why a trace whose header names `named` cannot be read with `given`, or nil when it can:
  /// the one rule both decoders apply before the first record (docs/WIDGETS.md §6.1).
  static func mismatch(header named: WidgetSchemaReference?, given: WidgetSchema?) -> (CodecError.Code, String)? {
    guard let named else { return nil }
    guard let given else {
      return (.schemaMissing, "the trace was made with widget schema \(named); give its file with --widgets (or keep \(named.name.isEmpty ? "it" : named.name + ".widgets.json") beside the trace)")
    }
    let fingerprint = given.fingerprint
    guard fingerprint == named.fingerprint else {
      return (.schemaMismatch, "the trace was made with widget schema \(named) but the schema given is \(given.reference): its widgets, commands or properties differ")
    }
    return nil
  }
}
