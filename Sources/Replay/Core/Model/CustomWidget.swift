import CommandCodec

/// What an element of a custom widget kind holds: its kind's name, its creation attributes and
/// its properties, each as its text form (docs/WIDGETS.md §3), by name.
///
/// The model keeps each value's canonical text (``WidgetPropertyType/canonicalText(_:)``: `22`
/// for `22.0`, `true` for `1`, `#ffcc00` for `#FFCC00`), so that one value has one text; a
/// snapshot read back may hold other spellings, which diffs compare by type.
///
/// ```swift
/// element.widget?.kind                        // "PieChart"
/// element.widget?.properties["piePercentage"] // "40"
/// ```
public struct CustomWidget: Hashable, Sendable {
  /// The widget kind (``WidgetDefinition/name``).
  public var kind: String
  /// Creation attributes: given by the creation command (or their defaults), never changed after.
  public var attributes: [String: String]
  /// Properties: their defaults, then what the engine set. A property without a default is
  /// absent until set.
  public var properties: [String: String]
  /// Whether every property the schema's `displayableAfter` lists has been set.
  public var isDisplayable: Bool
  /// The names, among attributes and properties, whose values are numbers or booleans (an `int`,
  /// `double` or `bool` type; a JSON number or boolean in a snapshot read back): snapshots write
  /// them as JSON numbers and booleans and diffs print them bare, with or without the schema.
  /// How values are written, not what the widget holds: equality leaves it out.
  public var bareValues: Set<String>

  public init(
    kind: String, attributes: [String: String] = [:], properties: [String: String] = [:], isDisplayable: Bool = true,
    bareValues: Set<String> = []
  ) {
    self.kind = kind
    self.attributes = attributes
    self.properties = properties
    self.isDisplayable = isDisplayable
    self.bareValues = bareValues
  }

  public static func == (x: CustomWidget, y: CustomWidget) -> Bool {
    x.kind == y.kind && x.attributes == y.attributes && x.properties == y.properties && x.isDisplayable == y.isDisplayable
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(attributes)
    hasher.combine(properties)
    hasher.combine(isDisplayable)
  }
}

extension Element {
  /// The kind as people read it: a custom widget's kind name (`PieChart`), else the built-in
  /// kind's name (`button`).
  public var kindName: String { widget?.kind ?? kind.rawValue }
}

/// One hook of a custom widget's lifecycle, as the model expects a platform to run it.
public enum WidgetHook: Hashable, Sendable, CustomStringConvertible {
  /// The widget was created, with its attributes (sorted by name).
  case created(kind: String, attributes: [String: String])
  /// A property changed from `old` (nil: unset) to `new`.
  case property(name: String, old: String?, new: String)
  /// The layout gave it this frame (CWIWidget's `setWidgetViewFrame:`), in screen points: logged
  /// only by a model given a layout (docs/WIDGETS.md §7.1), each time the frame changes.
  case frame(x: Double, y: Double, width: Double, height: Double)
  /// Every property its `displayableAfter` lists has been set.
  case displayable
  /// A `displayableAfter` property was blanked, and the schema says `blankHides`.
  case notDisplayable
  /// It was deleted.
  case destroyed(kind: String)

  /// `created PieChart (title="Budget")`, `property piePercentage 0 → 40`, `frame 0,64 200×200`, ….
  public var description: String {
    switch self {
    case .created(let kind, let attributes):
      let list = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\(JSONText.quoted($0.value))" }
      return "created \(kind)" + (list.isEmpty ? "" : " (" + list.joined(separator: ", ") + ")")
    case .property(let name, let old, let new):
      // Values are text forms: a string property's can hold anything, "" included.
      func shown(_ value: String) -> String { value.isEmpty ? "\"\"" : TerminalText.escaped(value) }
      return "property \(name) \(old.map(shown) ?? "unset") → \(shown(new))"
    case .frame(let x, let y, let width, let height):
      return "frame \(Format.length(x)),\(Format.length(y)) \(Format.length(width))×\(Format.length(height))"
    case .displayable:
      return "displayable"
    case .notDisplayable:
      return "not displayable"
    case .destroyed(let kind):
      return "destroyed \(kind)"
    }
  }
}

extension UIState {
  /// Whether `element` is a custom widget its schema declares a container (`"container": true`,
  /// docs/WIDGETS.md §2.10): elements may be created under it, and it lays them out.
  public func isContainerWidget(_ element: Element) -> Bool {
    guard let kind = element.widget?.kind else { return false }
    return widgets?.widget(named: kind)?.isContainer == true
  }

  /// Why `parent` does not take a child of kind `kindName` (a built-in kind's name or a widget's,
  /// ``Element/kindName``), as `child-of-leaf` says it: `cannot hold children` for a leaf, `takes
  /// button, text` for a container widget whose schema lists other kinds (docs/WIDGETS.md
  /// §2.10); nil when it takes it.
  public func childRefusal(under parent: Element, kindName: String) -> String? {
    if parent.kind.canHaveChildren { return nil }
    guard let kind = parent.widget?.kind, let container = widgets?.widget(named: kind)?.container else { return "cannot hold children" }
    guard let kinds = container.kinds, !kinds.contains(kindName) else { return nil }
    return "takes " + kinds.joined(separator: ", ")
  }

  /// A custom widget's label, as script selectors match it (docs/SCRIPT_FORMAT.md §3): the value
  /// of its first `string` attribute, in the schema's (sorted) order — the chart's `title`. Nil
  /// for built-in elements, and for widgets whose kind has no string attribute.
  public func widgetLabel(of element: Element) -> String? {
    guard let widget = element.widget, let definition = widgets?.widget(named: widget.kind),
      let attribute = definition.attributes.first(where: { $0.type == .string })
    else { return nil }
    return widget.attributes[attribute.name]
  }
}

extension Event {
  /// An event of class `kind` with `fields` (JSON values by field name) and every other field at
  /// its default, read by the trace decoder as an event record: each field is checked, and
  /// refused with the codec's message, exactly as in a trace.
  package static func make(_ kind: EventKind, fields: [String: JSONValue]) -> Result<Event, CodecError> {
    var record = fields
    record["t"] = .number(0)
    record["event"] = .string(kind.name)
    record["target"] = .number(0)
    let decoded = DecodedTrace(decoding: Array(JSONValue.object(record).canonicalText.utf8) + [0x0A], format: .jsonLines)
    if let error = decoded.error { return .failure(error) }
    guard decoded.records.count == 1, case .event(_, let event) = decoded.records[0].body else {
      return .failure(CodecError(.invalidValue, at: .byte(0), "not one event"))
    }
    return .success(event)
  }
}
