/// A numbering of command types: which numeric code stands for which ``CommandType``.
///
/// The engine renumbered its `Command::Type` enum many times (protocol notes §2.1), so a numeric
/// code means nothing without its numbering. A binary trace names its numbering in the file
/// header; JSON never uses codes at all. ``cmdtool`` is the toolkit's own append-only table (the
/// raw values of ``CommandType``); the `engine-*` numberings are the engine's enum at the dates
/// in their names, so that an engine can write its own ordinals and say which enum it used.
public struct CommandNumbering: Hashable, Sendable, CustomStringConvertible {
  /// The one-byte identifier written in a binary trace header.
  public let id: UInt8
  /// The stable name, e.g. `"engine-2018-11-28"`.
  public let name: String
  /// The types in code order: `types[code]` is the type with that code.
  public let types: [CommandType]
  private let codes: [UInt8?]

  private init(id: UInt8, name: String, types: [CommandType]) {
    self.id = id
    self.name = name
    self.types = types
    var codes = [UInt8?](repeating: nil, count: CommandType.rawValueCount)
    for (code, type) in types.enumerated() { codes[Int(type.rawValue)] = UInt8(code) }
    self.codes = codes
  }

  private init(id: UInt8, name: String, names: [String]) {
    self.init(id: id, name: name, types: names.map { CommandType(name: $0)! })
  }

  public var description: String { name }

  /// The type with `code` in this numbering, or nil when the numbering has no such code.
  @inlinable
  public func type(forCode code: UInt64) -> CommandType? {
    code < UInt64(types.count) ? types[Int(code)] : nil
  }

  /// The code of `type` in this numbering, or nil when this numbering has no such type.
  public func code(for type: CommandType) -> UInt8? { codes[Int(type.rawValue)] }

  /// The toolkit's own table: every type, current and historical, by its raw value. Never reordered.
  public static let cmdtool = CommandNumbering(id: 0, name: "cmdtool-1", types: CommandType.allCases)

  /// The engine's enum from 2017-11-16 (62 entries): the numbering the seed document describes.
  public static let engine20171116 = CommandNumbering(
    id: 1, name: "engine-2017-11-16",
    names: [
      "CREATE_APPLICATION", "CREATE_FRAMEVIEW", "CREATE_NAVIGATIONVIEW", "CREATE_OPENGL_VIEW",
      "CREATE_TEXTFIELD", "CREATE_TEXTVIEW", "CREATE_LISTVIEW", "CREATE_GRIDVIEW", "CREATE_BUTTON",
      "CREATE_SWITCH", "CREATE_PICKER", "CREATE_LINEAR_LAYOUT", "CREATE_FRAME_LAYOUT",
      "CREATE_SCROLL_LAYOUT", "CREATE_TABLE_LAYOUT", "CREATE_AUTO_COLUMN_LAYOUT", "CREATE_TEXT",
      "CREATE_LINK", "CREATE_DIALOG", "CREATE_IMAGEVIEW", "CREATE_ACTION_SHEET", "CREATE_CHECKBOX",
      "CREATE_RADIO_GROUP", "CREATE_SEPARATOR", "CREATE_SLIDER", "CREATE_ACTIONBAR",
      "CREATE_NAVIGATIONBAR", "CREATE_PROGRESSBAR", "CREATE_TOAST", "CREATE_NOTIFICATION",
      "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD", "LAUNCH_BROWSER", "HISTORY_GO_BACK",
      "HISTORY_GO_FORWARD", "CLEAR", "SET_INT_VALUE", "SET_TEXT_VALUE", "SET_INT_DATA",
      "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE", "SET_STYLE", "SET_ERROR", "ADD_IMAGE_URL",
      "FLUSH_VIEW", "UPDATE_PREFERENCE", "DELETE_PREFERENCE", "COMMIT_PREFERENCES", "ADD_OPTION",
      "ADD_SHEET", "ADD_COLUMN", "RESHAPE_TABLE", "RESHAPE_SHEET", "QUIT_APP", "CREATE_TIMER",
      "LIST_PRODUCTS", "BUY_PRODUCT", "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK",
    ])

  /// Codes 0–29 as the engine has had them since 2017-12-11.
  private static let stableHead: [String] = [
    "CREATE_APPLICATION", "CREATE_FRAMEVIEW", "CREATE_NAVIGATIONVIEW", "CREATE_OPENGL_VIEW",
    "CREATE_TEXTFIELD", "CREATE_TEXTVIEW", "CREATE_LISTVIEW", "CREATE_GRIDVIEW", "CREATE_BUTTON",
    "CREATE_SWITCH", "CREATE_PICKER", "CREATE_LINEAR_LAYOUT", "CREATE_FRAME_LAYOUT",
    "CREATE_EVENT_LAYOUT", "CREATE_SCROLL_LAYOUT", "CREATE_FLIPPER_LAYOUT", "CREATE_TABLE_LAYOUT",
    "CREATE_AUTO_COLUMN_LAYOUT", "CREATE_TEXT", "CREATE_LINK", "CREATE_DIALOG", "CREATE_ALERT_DIALOG",
    "CREATE_IMAGEVIEW", "CREATE_ACTION_SHEET", "CREATE_PAGER", "CREATE_CHECKBOX", "CREATE_RADIO_GROUP",
    "CREATE_SEPARATOR", "CREATE_SLIDER", "CREATE_ACTIONBAR",
  ]

  /// Codes 43–60 (2017-12-11, 2018-04-25) and 44–61 (2018-09-24): the SET_* and list block.
  private static let valueBlock: [String] = [
    "SET_INT_VALUE", "SET_TEXT_VALUE", "SET_INT_DATA", "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE",
    "SET_STYLE", "SET_ERROR", "ADD_IMAGE_URL", "FLUSH_VIEW", "UPDATE_PREFERENCE", "DELETE_PREFERENCE",
    "COMMIT_PREFERENCES", "ADD_OPTION", "ADD_SHEET", "ADD_COLUMN", "RESHAPE_TABLE", "RESHAPE_SHEET",
  ]

  private static let purchases = ["LIST_PRODUCTS", "BUY_PRODUCT", "LIST_PURCHASES", "CONSUME_PURCHASE"]

  /// The engine's enum from 2017-12-11 (68 entries).
  public static let engine20171211 = CommandNumbering(
    id: 2, name: "engine-2017-12-11",
    names: stableHead + [
      "CREATE_NAVIGATIONBAR", "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESSBAR", "CREATE_TOAST",
      "CREATE_NOTIFICATION", "CREATE_PAGE_CONTROL", "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD",
      "LAUNCH_BROWSER", "HISTORY_GO_BACK", "HISTORY_GO_FORWARD", "CLEAR",
    ] + valueBlock + ["QUIT_APP", "CREATE_TIMER"] + purchases + ["SHARE_LINK"])

  /// The engine's enum from 2018-04-25 (71 entries).
  public static let engine20180425 = CommandNumbering(
    id: 3, name: "engine-2018-04-25",
    names: stableHead + [
      "CREATE_NAVIGATIONBAR", "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESS_SPINNER", "CREATE_TOAST",
      "CREATE_NOTIFICATION", "CREATE_PAGE_CONTROL", "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD",
      "LAUNCH_BROWSER", "HISTORY_GO_BACK", "HISTORY_GO_FORWARD", "CLEAR",
    ] + valueBlock + ["SET_BACK_BUTTON_VISIBILITY", "QUIT_APP", "CREATE_TIMER"] + purchases + [
      "SHARE_LINK", "SELECT_FROM_GALLERY", "TOGGLE_MENU",
    ])

  /// The engine's enum from 2018-09-24 (73 entries).
  public static let engine20180924 = CommandNumbering(
    id: 4, name: "engine-2018-09-24",
    names: stableHead + [
      "CREATE_NAVIGATIONBAR", "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESS_SPINNER", "CREATE_TOAST",
      "CREATE_NOTIFICATION", "CREATE_PAGE_CONTROL", "CREATE_SEGMENTED_CONTROL", "DELETE_ELEMENT",
      "REMOVE_CHILD", "REORDER_CHILD", "LAUNCH_BROWSER", "HISTORY_GO_BACK", "CLEAR", "RELEASE",
    ] + valueBlock + ["SET_BACK_BUTTON_VISIBILITY", "STOP", "QUIT_APP", "CREATE_TIMER"] + purchases + [
      "SHARE_LINK", "SELECT_FROM_GALLERY", "TOGGLE_MENU",
    ])

  /// The engine's current enum (since 2018-11-28, 73 entries): the same codes as ``cmdtool`` for 0–72.
  public static let engine20181128 = CommandNumbering(
    id: 5, name: "engine-2018-11-28",
    types: CommandType.allCases.filter(\.isCurrent))

  /// Every numbering this version of the codec knows, by ``id``.
  public static let all: [CommandNumbering] = [
    .cmdtool, .engine20171116, .engine20171211, .engine20180425, .engine20180924, .engine20181128,
  ]

  /// The numbering with binary header identifier `id`.
  public static func withID(_ id: UInt8) -> CommandNumbering? {
    Int(id) < all.count ? all[Int(id)] : nil
  }

  /// The numbering called `name`.
  public static func named(_ name: String) -> CommandNumbering? {
    all.first { $0.name == name }
  }
}
