// Small value types of a widget definition: its events, size rules and visibility rules.

/// An event a custom widget sends to the engine on interaction, in a built-in event class.
///
/// ```json
/// "events": { "sliceTapped": { "class": "ValueEvent", "fields": { "value": "the slice index" } } }
/// ```
public struct WidgetEvent: Hashable, Sendable {
  /// The name, unique within the widget (what a `record` script will call the interaction).
  public var name: String
  /// The event class the platform sends.
  public var kind: EventKind
  /// The fields of ``kind`` that carry something, with what they carry, sorted by field name.
  public var fields: [Field]
  /// Free text for people; not part of the fingerprint.
  public var summary: String
  /// Fields whose fixed values tell this event from another of its class (a long press's
  /// `value` 2), sorted by field name; empty when the class alone names it.
  public var match: [Match]

  /// One field of the event class and what it carries for this widget.
  public struct Field: Hashable, Sendable {
    /// The field's JSON name in the event class (`value`, `text`, `x`, ...).
    public var name: String
    /// What it carries: `"the slice index"` (for a typed field, its description).
    public var meaning: String
    /// The field's declared type and range, when the schema gives an object rather than prose.
    public var payload: WidgetEventPayload?

    /// Creates a field description.
    public init(name: String, meaning: String, payload: WidgetEventPayload? = nil) {
      self.name = name
      self.meaning = meaning
      self.payload = payload
    }
  }

  /// A class field and the fixed value (its text form: `2`, `true`, a string) it has in this event.
  public struct Match: Hashable, Sendable {
    public var field: String
    public var value: String

    public init(field: String, value: String) {
      self.field = field
      self.value = value
    }
  }

  /// Creates an event description.
  public init(name: String, kind: EventKind, fields: [Field], summary: String = "", match: [Match] = []) {
    self.name = name
    self.kind = kind
    self.fields = fields
    self.summary = summary
    self.match = match
  }

  /// Whether a recorded `event` is this one: same class, and every ``match`` field at its value.
  public func matches(_ event: Event) -> Bool {
    event.kind == kind && match.allSatisfy { event.fieldText($0.field) == $0.value }
  }

  /// Whether one record could be both this event and `other`: same class, and no field that
  /// both fix to different values.
  public func overlaps(_ other: WidgetEvent) -> Bool {
    kind == other.kind && !match.contains { mine in other.match.contains { $0.field == mine.field && $0.value != mine.value } }
  }

  /// The typed payload fields, by payload name.
  public var payloads: [(field: String, payload: WidgetEventPayload)] {
    fields.compactMap { field in field.payload.map { (field.name, $0) } }
  }

  /// A valid value for every typed payload, by payload name, each chosen by `pick`
  /// (``WidgetEventPayload/sample(_:)``, given n, a number in 0..<n): the one rule by which the
  /// engine monkey and the stream generator (so `fuzz platform`) draw a named event's payloads.
  public func samplePayloads(_ pick: (Int) -> Int) -> [String: String] {
    var values: [String: String] = [:]
    for (_, payload) in payloads { values[payload.name] = payload.sample(pick) }
    return values
  }
}

/// How big a custom widget wants to be, and may be: the platform's layout honours these.
///
/// Every bound is optional, in layout points; minimums never exceed maximums and a preferred
/// size lies within them (a TripWidget's `"minWidth": 320, "maxWidth": 400`). An axis may instead
/// follow the size the parent offers (`"width": "given"`, CWIWidget's
/// `getPreferredSizeForGivenSize:`), and an ``aspect`` derives the axis not given.
public struct WidgetSizeRules: Hashable, Sendable {
  /// Whether the width is the width the parent offers (`"width": "given"`).
  public var widthIsGiven = false
  /// Whether the height is the height the parent offers (`"height": "given"`).
  public var heightIsGiven = false
  /// Width / height, positive and finite: derives the axis that is neither preferred nor given.
  public var aspect: Double?
  public var preferredWidth: Double?
  public var preferredHeight: Double?
  public var minWidth: Double?
  public var maxWidth: Double?
  public var minHeight: Double?
  public var maxHeight: Double?

  /// Creates size rules; all bounds default to none.
  public init(
    preferredWidth: Double? = nil, preferredHeight: Double? = nil, minWidth: Double? = nil,
    maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil
  ) {
    self.preferredWidth = preferredWidth
    self.preferredHeight = preferredHeight
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.maxHeight = maxHeight
  }

  /// Whether no bound is given.
  public var isEmpty: Bool { self == WidgetSizeRules() }
}

/// When a custom widget may be shown.
///
/// A trip card is displayable only once its `flight` property is set (``displayableAfter``); a
/// widget that is ``isHideable`` takes SET_VISIBILITY like any element.
public struct WidgetVisibilityRules: Hashable, Sendable {
  /// Properties that must all have been set before the widget is displayable, sorted.
  public var displayableAfter: [String]
  /// Whether SET_VISIBILITY may hide it (true unless the schema says otherwise).
  public var isHideable: Bool
  /// Whether a ``displayableAfter`` property set back to "" or its default makes the widget not
  /// displayable again (false: displayable once, for good).
  public var blankHides: Bool

  /// Creates visibility rules.
  public init(displayableAfter: [String] = [], isHideable: Bool = true, blankHides: Bool = false) {
    self.displayableAfter = displayableAfter
    self.isHideable = isHideable
    self.blankHides = blankHides
  }
}

/// How the wireframe previews a custom widget, in the spirit of IBDesignable: a colour property
/// that fills its box and a property whose value is its main label.
///
/// ```json
/// "preview": { "fill": "sliceColor", "text": "title" }
/// ```
///
/// Presentation only, like descriptions: not part of the ``WidgetSchema/fingerprint`` (a trace
/// means the same whatever its widgets look like in a wireframe).
public struct WidgetPreview: Hashable, Sendable {
  /// A `colour` property or attribute whose value fills the widget's box.
  public var fill: String?
  /// A property or attribute (of any type) whose value is the box's main label.
  public var text: String?

  /// Creates a preview; both parts default to none.
  public init(fill: String? = nil, text: String? = nil) {
    self.fill = fill
    self.text = text
  }

  /// Whether the preview names nothing.
  public var isEmpty: Bool { fill == nil && text == nil }
}

/// What a container widget takes and how it lays its children out (`"container": true` or a
/// list of kinds, and `"layout"`; docs/WIDGETS.md §2.10), PGAdapter's `addSubview:`.
///
/// ```json
/// "container": ["PGBarButtonItem", "button"], "layout": "horizontal"
/// ```
public struct WidgetContainerRules: Hashable, Sendable {
  /// How a container places its children in its box.
  public enum Layout: String, Hashable, Sendable, CaseIterable {
    /// Stacked at the top left, as a frame layout does (the default).
    case frame
    /// One below the other, as a vertical linear layout does.
    case vertical
    /// Side by side, left to right, as a horizontal linear layout does.
    case horizontal
  }

  /// The kinds it takes, built-in kind names and widget names of the same schema, in the
  /// schema's order; nil when it takes any kind (`"container": true`).
  public var kinds: [String]?
  /// How its children are placed: those of a kind ``kindLayouts`` names aside.
  public var layout: Layout
  /// How the children of particular kinds are placed, by kind name (`"layout":
  /// {"PGBarButtonItem": "horizontal", "*": "frame"}`: PGToolbar's bar button items in its items
  /// row, the views it hands to `super` stacked); each group is laid out in the whole box.
  public var kindLayouts: [String: Layout] = [:]

  /// Creates container rules.
  public init(kinds: [String]? = nil, layout: Layout = .frame, kindLayouts: [String: Layout] = [:]) {
    self.kinds = kinds
    self.layout = layout
    self.kindLayouts = kindLayouts
  }

  /// How a child of kind `name` (a widget's name or a built-in kind's name) is placed.
  public func layout(of name: String) -> Layout {
    kindLayouts[name] ?? layout
  }

  /// The kinds placed otherwise than the rest, with their layouts, by kind name: what the
  /// fingerprint and the summary say (a kind placed as the rest are says nothing).
  public var distinctKindLayouts: [(kind: String, layout: Layout)] {
    kindLayouts.filter { $0.value != layout }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Whether a child of kind `name` (``WidgetDefinition/name`` or a built-in kind's name) is one
  /// it takes.
  public func takes(_ name: String) -> Bool {
    kinds?.contains(name) ?? true
  }
}
