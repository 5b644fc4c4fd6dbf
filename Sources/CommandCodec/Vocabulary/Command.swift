/// One command from the engine to the platform: the engine's `Command` record, field for field.
///
/// Every field but ``type`` defaults to zero or the empty string, as in the engine, and both codecs
/// omit fields at their default. What each field means depends on the type (protocol notes §2):
/// `internalId` is the target element, or the parent for CREATE_* commands, whose new element's
/// id is `childInternalId`.
///
/// ```swift
/// let button = Command(.createButton, internalId: 2, childInternalId: 5, textValue: "OK")
/// ```
public struct Command: Hashable, Sendable {
  /// The command type.
  public var type: CommandType
  /// The target element, or the parent of the element a CREATE_* command creates.
  public var internalId: Int32
  /// The created element, the child of REMOVE_CHILD/REORDER_CHILD, the view to switch to, the timer.
  public var childInternalId: Int32
  /// The generic integer argument (a selector for SET_STYLE, a visibility, an index, ...).
  public var value: Int32
  /// A key; no engine version sets it, but the record has it.
  public var key: String
  /// The first string argument (a label, a style key, a URL, a preference key, ...).
  public var textValue: String
  /// The second string argument (a style value, a subtitle, a preference value, ...).
  public var textValue2: String
  /// The row of a SET_TEXT_DATA cell.
  public var row: Int32
  /// The column of a SET_TEXT_DATA cell.
  public var column: Int32
  /// The list sheet of SET_TEXT_DATA and RESHAPE_SHEET (`unsigned short` in the engine).
  public var sheet: UInt16
  /// The width of an image URL.
  public var width: Int32
  /// The height of an image URL.
  public var height: Int32
  /// A bit set whose meaning depends on the type (protocol notes §3).
  public var flags: UInt32
  /// The name of a widget schema's command (`CREATE_PIE_CHART`) when ``type`` is
  /// ``CommandType/custom``; "" for every built-in command (docs/WIDGETS.md §6.1).
  public var customType: String

  /// Creates a command; every field but the type defaults to zero or "".
  @inlinable
  public init(
    _ type: CommandType, internalId: Int32 = 0, childInternalId: Int32 = 0, value: Int32 = 0,
    key: String = "", textValue: String = "", textValue2: String = "", row: Int32 = 0,
    column: Int32 = 0, sheet: UInt16 = 0, width: Int32 = 0, height: Int32 = 0, flags: UInt32 = 0
  ) {
    self.type = type
    self.internalId = internalId
    self.childInternalId = childInternalId
    self.value = value
    self.key = key
    self.textValue = textValue
    self.textValue2 = textValue2
    self.row = row
    self.column = column
    self.sheet = sheet
    self.width = width
    self.height = height
    self.flags = flags
    self.customType = ""
  }

  /// Creates a command of a widget schema, named `customType` (``type`` is ``CommandType/custom``).
  ///
  /// ```swift
  /// Command(custom: "CREATE_PIE_CHART", internalId: 2, childInternalId: 9, textValue: "Budget")
  /// ```
  public init(
    custom customType: String, internalId: Int32 = 0, childInternalId: Int32 = 0, value: Int32 = 0,
    key: String = "", textValue: String = "", textValue2: String = "", row: Int32 = 0,
    column: Int32 = 0, sheet: UInt16 = 0, width: Int32 = 0, height: Int32 = 0, flags: UInt32 = 0
  ) {
    self.init(
      .custom, internalId: internalId, childInternalId: childInternalId, value: value, key: key,
      textValue: textValue, textValue2: textValue2, row: row, column: column, sheet: sheet,
      width: width, height: height, flags: flags)
    self.customType = customType
  }

  /// The name the wire carries: ``customType`` for a custom command, else the type's name.
  public var typeName: String { type == .custom ? customType : type.name }
}

extension Command {
  /// The fields of a command other than ``type``, in the engine's declaration order.
  ///
  /// The order is the canonical order of the JSON keys and of the binary presence bits' documentation.
  public enum Field: String, CaseIterable, Sendable {
    case internalId, childInternalId, value, key, textValue, textValue2
    case row, column, sheet, width, height, flags
  }

  /// Whether `field` holds something other than its default.
  public func hasValue(_ field: Field) -> Bool {
    switch field {
    case .internalId: return internalId != 0
    case .childInternalId: return childInternalId != 0
    case .value: return value != 0
    case .key: return !key.isEmpty
    case .textValue: return !textValue.isEmpty
    case .textValue2: return !textValue2.isEmpty
    case .row: return row != 0
    case .column: return column != 0
    case .sheet: return sheet != 0
    case .width: return width != 0
    case .height: return height != 0
    case .flags: return flags != 0
    }
  }
}
