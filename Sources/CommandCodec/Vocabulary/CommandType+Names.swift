extension CommandType {
  /// The engine's enumerator name, e.g. `"CREATE_BUTTON"`: what JSON traces carry.
  public var name: String { CommandType.names[Int(rawValue)] }

  /// The type with the engine enumerator name `name`, or nil when no engine version had it.
  ///
  /// Matching is exact (case-sensitive): a name the codec does not know is an error for the caller
  /// to report, never a guess.
  public init?(name: String) {
    var name = name
    guard let type = name.withUTF8({ CommandType.lookup(UnsafeRawBufferPointer($0)) }) else { return nil }
    self = type
  }

  /// Looks a name up from its UTF-8 bytes without creating a String.
  ///
  /// - Complexity: O(1): names are bucketed by length and compared as four packed words; a bucket
  ///   holds at most a handful of names.
  static func lookup(_ bytes: UnsafeRawBufferPointer) -> CommandType? {
    table.value(for: bytes)
  }

  private static let table = PackedNameTable(allCases.map { ($0.name, $0) })

  /// Enumerator names, indexed by raw value.
  static let names: [String] = [
    "CREATE_APPLICATION",
    "CREATE_FRAMEVIEW",
    "CREATE_NAVIGATIONVIEW",
    "CREATE_OPENGL_VIEW",
    "CREATE_TEXTFIELD",
    "CREATE_TEXTVIEW",
    "CREATE_LISTVIEW",
    "CREATE_GRIDVIEW",
    "CREATE_BUTTON",
    "CREATE_SWITCH",
    "CREATE_PICKER",
    "CREATE_LINEAR_LAYOUT",
    "CREATE_FRAME_LAYOUT",
    "CREATE_EVENT_LAYOUT",
    "CREATE_SCROLL_LAYOUT",
    "CREATE_FLIPPER_LAYOUT",
    "CREATE_TABLE_LAYOUT",
    "CREATE_AUTO_COLUMN_LAYOUT",
    "CREATE_TEXT",
    "CREATE_LINK",
    "CREATE_DIALOG",
    "CREATE_ALERT_DIALOG",
    "CREATE_IMAGEVIEW",
    "CREATE_ACTION_SHEET",
    "CREATE_PAGER",
    "CREATE_CHECKBOX",
    "CREATE_RADIO_GROUP",
    "CREATE_SEPARATOR",
    "CREATE_SLIDER",
    "CREATE_ACTIONBAR",
    "CREATE_SEARCHBAR",
    "CREATE_NAVIGATIONBAR",
    "CREATE_NAVIGATIONBAR_ITEM",
    "CREATE_PROGRESS_SPINNER",
    "CREATE_TOAST",
    "CREATE_NOTIFICATION",
    "CREATE_PAGE_CONTROL",
    "CREATE_SEGMENTED_CONTROL",
    "DELETE_ELEMENT",
    "REMOVE_CHILD",
    "REORDER_CHILD",
    "LAUNCH_BROWSER",
    "HISTORY_GO_BACK",
    "CLEAR",
    "RELEASE",
    "SET_INT_VALUE",
    "SET_TEXT_VALUE",
    "SET_INT_DATA",
    "SET_TEXT_DATA",
    "SET_VISIBILITY",
    "SET_SHAPE",
    "SET_STYLE",
    "SET_ERROR",
    "ADD_IMAGE_URL",
    "FLUSH_VIEW",
    "UPDATE_PREFERENCE",
    "DELETE_PREFERENCE",
    "COMMIT_PREFERENCES",
    "ADD_OPTION",
    "ADD_SHEET",
    "ADD_COLUMN",
    "RESHAPE_TABLE",
    "RESHAPE_SHEET",
    "STOP",
    "QUIT_APP",
    "CREATE_TIMER",
    "LIST_PRODUCTS",
    "BUY_PRODUCT",
    "LIST_PURCHASES",
    "CONSUME_PURCHASE",
    "SHARE_LINK",
    "SELECT_FROM_GALLERY",
    "SHOW_NETWORK_ACTIVITY",
    "CREATE_PROGRESSBAR",
    "TOGGLE_MENU",
    "SET_BACK_BUTTON_VISIBILITY",
    "HISTORY_GO_FORWARD",
    "SHOW_VIEW",
    "SHOW",
    "CREATE_FORMVIEW",
    "CREATE_NATIVE_OPENGL_VIEW",
    "CREATE_TEXTLABEL",
    "CREATE_IMAGE_ELEMENT",
    "REQUEST_REDRAW",
    "SHOW_MESSAGE_DIALOG",
    "SHOW_INPUT_DIALOG",
    "POST_NOTIFICATION",
    "SET_VALUE",
    "SET_LABEL",
    "SET_ATTRIBUTE",
    "SET_CAPTION",
    "DELETE_TIMER",
    "CREATE_PLATFORM",
    "SHOW_ACTION_SHEET",
    "SET_USER_ID",
    "CREATE_SCROLLVIEW",
    "CREATE_HEADING_TEXT",
    "SET_ENABLED",
    "CREATE_BASICVIEW",
    "SET_READONLY",
    "CREATE_SIMPLELISTVIEW",
    "SET_IMAGE",
    "SHOW_DIALOG",
    "END_MODAL",
    "CREATE_RELATIVE_LAYOUT",
    "CREATE_PANEL",
    "CREATE_PROXY_LAYOUT",
    "SHOW_MODAL",
    "(custom)",  // never looked up: `table` lists the built-in types only
  ]

}

extension CommandType: CustomStringConvertible {
  public var description: String { name }
}
