import CommandCodec

/// What an element of a custom widget kind holds: its kind's name, its creation attributes and
/// its properties, each as its text form (docs/WIDGETS.md §3), by name.
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

  public init(kind: String, attributes: [String: String] = [:], properties: [String: String] = [:], isDisplayable: Bool = true) {
    self.kind = kind
    self.attributes = attributes
    self.properties = properties
    self.isDisplayable = isDisplayable
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
  /// Its size resolved (its preferred size clamped to its size rules), in layout points.
  case layout(width: Double, height: Double)
  /// Every property its `displayableAfter` lists has been set.
  case displayable
  /// It was deleted.
  case destroyed(kind: String)

  /// `created PieChart (title="Budget")`, `property piePercentage 0 → 40`, `layout 200×200`, ….
  public var description: String {
    switch self {
    case .created(let kind, let attributes):
      let list = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\(JSONText.quoted($0.value))" }
      return "created \(kind)" + (list.isEmpty ? "" : " (" + list.joined(separator: ", ") + ")")
    case .property(let name, let old, let new):
      return "property \(name) \(old ?? "unset") → \(new)"
    case .layout(let width, let height):
      return "layout \(Format.number(width))×\(Format.number(height))"
    case .displayable:
      return "displayable"
    case .destroyed(let kind):
      return "destroyed \(kind)"
    }
  }
}
