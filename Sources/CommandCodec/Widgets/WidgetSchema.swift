/// A project's custom widgets, declared in a JSON schema file and validated (docs/WIDGETS.md).
///
/// A platform team keeps the schema beside its traces (`traces/widgets/chart.widgets.json`). It
/// declares each widget kind's creation command, creation attributes, typed properties and how
/// each is set on the wire, its events, size and visibility rules. Parsing is strict and checks
/// the schema against itself and against the built-in vocabulary; a schema that contradicts
/// itself is a ``Failure`` naming its place as a JSON path.
///
/// ```swift
/// let schema = try WidgetSchema(parsing: text)
/// schema.fingerprint                            // "fnv1a64:…", what a trace header will name
/// schema.widget(creatingWith: "CREATE_PIE_CHART")?.name  // "PieChart"
/// ```
public struct WidgetSchema: Hashable, Sendable {
  /// The schema format version this reader knows (the `"widgetSchema"` key).
  public static let formatVersion = 1

  /// The schema's name (`"chart"`), for messages and headers; "" when it gives none.
  public var name: String
  /// The widget kinds, in the file's order.
  public var widgets: [WidgetDefinition]
  /// Free text for people; not part of the fingerprint.
  public var summary: String

  /// Creates a schema from parts that are already valid (the parser's result, or a test's).
  public init(name: String = "", widgets: [WidgetDefinition], summary: String = "") {
    self.name = name
    self.widgets = widgets
    self.summary = summary
  }

  /// Parses and validates a schema document.
  ///
  /// ```swift
  /// do { _ = try WidgetSchema(parsing: Array(text.utf8)) }
  /// catch { print(error) }  // widgets[0].properties.piePercentage.default: 140 is above the maximum 100
  /// ```
  ///
  /// - Throws: ``Failure``: `.syntax` with a line and column for JSON that does not parse (a
  ///   duplicate key included), otherwise a code naming the broken rule at a JSON path.
  /// - Complexity: O(n) in the document's length, plus O(p²) in the properties of a widget.
  public init(parsing bytes: [UInt8]) throws(Failure) {
    let document: JSONValue
    var keyOrders: [String: [String]] = [:]
    do {
      document = try JSONValue.parse(bytes, keyOrders: &keyOrders)
    } catch {
      throw Failure(syntax: error)
    }
    do {
      self = try WidgetSchemaReader.schema(from: document)
    } catch {
      throw error.echoingLiterals(of: bytes)
    }
    // The reader reads objects keyed by name sorted (its failures are always the same ones);
    // the order they were declared in is kept apart, for presentation.
    for index in widgets.indices {
      let path = "widgets[\(index)]."
      widgets[index].declarationOrder = (keyOrders[path + "properties"] ?? []) + (keyOrders[path + "attributes"] ?? [])
    }
  }

  /// Parses and validates a schema given as text.
  public init(parsing text: String) throws(Failure) {
    try self.init(parsing: Array(text.utf8))
  }

  /// The widget kind called `name`.
  public func widget(named name: String) -> WidgetDefinition? {
    widgets.first { $0.name == name }
  }

  /// The widget kind whose creation command is `commandName`.
  public func widget(creatingWith commandName: String) -> WidgetDefinition? {
    widgets.first { $0.creation.name == commandName }
  }

  /// Every custom command of the schema: each widget's creation command, then its setters.
  public var commands: [WidgetCommand] { widgets.flatMap(\.commands) }

  /// The custom command called `name`.
  ///
  /// - Complexity: O(c) in the schema's commands, without allocating: decoders call it per
  ///   custom command.
  public func command(named name: String) -> WidgetCommand? {
    for widget in widgets {
      if widget.creation.name == name { return widget.creation }
      for setter in widget.setters where setter.name == name { return setter }
    }
    return nil
  }

  /// The custom command with binary opcode `code`.
  ///
  /// - Complexity: O(c) in the schema's commands, without allocating.
  public func command(code: UInt64) -> WidgetCommand? {
    for widget in widgets {
      if widget.creation.code == code { return widget.creation }
      for setter in widget.setters where setter.code == code { return setter }
    }
    return nil
  }

  /// The schema's identity: `fnv1a64:` and the FNV-1a 64 hash, in hex, of ``canonicalText``.
  ///
  /// The same for any spelling of the same schema (key order, whitespace, `color` for `colour`,
  /// descriptions, a widget's wireframe `preview`); different when a widget, command, code,
  /// property, type, default, range, wire form, event or rule changes. A trace header names it,
  /// so a reader given another schema refuses the trace instead of misreading it.
  public var fingerprint: String { "fnv1a64:" + FNV1a.hex64(canonicalText.utf8) }
}

extension WidgetSchema {
  /// The names of the built-in element kinds (`button`, `frameView`, ...) and `custom`, which a
  /// selector uses for any custom widget: no widget may be called so. Replay's `ElementKind`
  /// has these raw values; a test keeps the two lists equal.
  public static let builtInKindNames: Set<String> = [
    "application", "frameView", "navigationView", "openGLView", "textField", "textView", "listView", "gridView",
    "button", "switch", "picker", "linearLayout", "frameLayout", "eventLayout", "scrollLayout", "flipperLayout",
    "tableLayout", "autoColumnLayout", "text", "dialog", "alertDialog", "imageView", "actionSheet", "pager", "checkbox",
    "radioGroup", "separator", "slider", "actionBar", "searchBar", "navigationBar", "navigationBarItem",
    "progressSpinner", "notification", "pageControl", "segmentedControl", "custom",
  ]
}

