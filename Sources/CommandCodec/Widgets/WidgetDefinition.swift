/// One custom widget kind of a ``WidgetSchema``: how it is created, what it holds, what it sends.
///
/// Modelled on the widget APIs platform teams plug into their toolkits (Volt MX's CWIWidget,
/// Pegasus's PGAdapter, TripWidget, IBDesignable): a creation command with creation-time
/// attributes, typed properties each set through a declared wire form, interaction events,
/// size rules, visibility rules and a wireframe preview.
///
/// ```swift
/// let chart = schema.widget(named: "PieChart")!
/// chart.creation.name                          // "CREATE_PIE_CHART"
/// chart.property(named: "piePercentage")?.type // .int
/// ```
public struct WidgetDefinition: Hashable, Sendable {
  /// The widget kind's name (`PieChart`), unique in the schema.
  public var name: String
  /// The command that creates an element of this kind (role ``WidgetCommand/Role/create``).
  public var creation: WidgetCommand
  /// Creation-time attributes, sorted by name: carried by the creation command, immutable after.
  public var attributes: [WidgetProperty]
  /// Properties, sorted by name: set after creation through their ``WidgetProperty/wire``.
  public var properties: [WidgetProperty]
  /// The setter commands of the schema's own that this widget's properties use, sorted by name.
  public var setters: [WidgetCommand]
  /// Events sent on interaction, sorted by name.
  public var events: [WidgetEvent]
  /// Preferred, minimum and maximum size.
  public var size: WidgetSizeRules
  /// When the widget may be shown.
  public var visibility: WidgetVisibilityRules
  /// What the wireframe draws of it besides its kind and inspectable values (not fingerprinted).
  public var preview: WidgetPreview
  /// What it takes as children and how it lays them out, when it is a container (`"container"`,
  /// PGAdapter's `addSubview:`); nil when it holds no children.
  public var container: WidgetContainerRules?
  /// Free text for people; not part of the fingerprint.
  public var summary: String
  /// The names of its properties, then of its attributes, in the order the schema declares them
  /// (``properties`` and ``attributes`` are sorted by name): Interface Builder lists
  /// IBInspectable properties in declaration order, and so does ``inspectable``. Empty for a
  /// definition built in code; not part of the fingerprint.
  public var declarationOrder: [String] = []

  /// Creates a definition; ``WidgetSchema/init(parsing:)`` builds validated ones.
  public init(
    name: String, creation: WidgetCommand, attributes: [WidgetProperty] = [], properties: [WidgetProperty] = [],
    setters: [WidgetCommand] = [], events: [WidgetEvent] = [], size: WidgetSizeRules = WidgetSizeRules(),
    visibility: WidgetVisibilityRules = WidgetVisibilityRules(), preview: WidgetPreview = WidgetPreview(), summary: String = "",
    container: WidgetContainerRules? = nil
  ) {
    self.container = container
    self.name = name
    self.creation = creation
    self.attributes = attributes
    self.properties = properties
    self.setters = setters
    self.events = events
    self.size = size
    self.visibility = visibility
    self.preview = preview
    self.summary = summary
  }

  /// Whether other elements may be created under it: `"container"` is `true` or a list of kinds.
  public var isContainer: Bool { container != nil }

  /// The property or creation attribute called `name`.
  public func property(named name: String) -> WidgetProperty? {
    properties.first { $0.name == name } ?? attributes.first { $0.name == name }
  }

  /// The properties a command sets, by its wire form: a custom setter's fields, a SET_STYLE key,
  /// a built-in command's field. Empty when the command sets nothing of this widget.
  ///
  /// ```swift
  /// chart.properties(setBy: .style(key: "pie-color"))  // [fillColor]
  /// ```
  public func properties(setBy wire: WidgetPropertyWire) -> [WidgetProperty] {
    properties.filter { $0.wire == wire }
  }

  /// Every command of this widget: the creation command, then its setters.
  public var commands: [WidgetCommand] { [creation] + setters }

  /// The properties whose ``WidgetProperty/isInspectable`` is true, then attributes that are,
  /// each in the schema's declaration order (``declarationOrder``; by name without one): the
  /// wireframe's "first inspectable value" is the first one declared (docs/WIDGETS.md §7.7).
  public var inspectable: [WidgetProperty] {
    func declared(_ list: [WidgetProperty]) -> [WidgetProperty] {
      let inspectable = list.filter(\.isInspectable)
      guard !declarationOrder.isEmpty else { return inspectable }
      let rank = Dictionary(declarationOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      return inspectable.sorted { (rank[$0.name] ?? .max, $0.name) < (rank[$1.name] ?? .max, $1.name) }
    }
    return declared(properties) + declared(attributes)
  }
}
