/// How a widget property's value travels on the wire.
///
/// Declared per property in the schema (docs/WIDGETS.md §2.4): a field of the creation command
/// (creation attributes), a field of a command of the schema's own, a key of SET_STYLE, or a
/// field of another built-in command such as SET_INT_VALUE or SET_TEXT_VALUE. The element is
/// always the command's `internalId`, so that field never carries a value.
///
/// ```swift
/// WidgetPropertyWire.builtIn(.setIntValue, field: .value).description  // "SET_INT_VALUE.value"
/// WidgetPropertyWire.style(key: "pie-color").description               // "SET_STYLE pie-color"
/// ```
public enum WidgetPropertyWire: Hashable, Sendable, CustomStringConvertible {
  /// A field of the widget's creation command; the value cannot change after creation.
  case creation(field: Command.Field)
  /// A field of a command the schema declares for this widget (``WidgetCommand``).
  case custom(command: String, field: Command.Field)
  /// The value (`textValue2`) of SET_STYLE with this key (`textValue`).
  case style(key: String)
  /// A field of a built-in command other than SET_STYLE, e.g. SET_INT_VALUE's `value`.
  case builtIn(CommandType, field: Command.Field)

  /// The command field that carries the value.
  public var field: Command.Field {
    switch self {
    case .creation(let field), .custom(_, let field), .builtIn(_, let field): return field
    case .style: return .textValue2
    }
  }

  /// `create.textValue`, `SET_PIE_COLOURS.textValue2`, `SET_STYLE pie-color`, `SET_INT_VALUE.value`.
  public var description: String {
    switch self {
    case .creation(let field): return "create." + field.rawValue
    case .custom(let command, let field): return command + "." + field.rawValue
    case .style(let key): return "SET_STYLE " + key
    case .builtIn(let type, let field): return type.name + "." + field.rawValue
    }
  }

  /// Whether `field` holds an integer (every field but `key`, `textValue` and `textValue2`).
  public static func isIntegerField(_ field: Command.Field) -> Bool {
    switch field {
    case .key, .textValue, .textValue2: return false
    default: return true
    }
  }
}
