import Testing
@testable import CommandCodec

/// The engine's numberings against protocol notes §2 and §2.1, transcribed here from the notes
/// (not from the codec's tables).
@Suite struct CommandNumberingTests {
  /// §2: the current enum (HEAD, since 2018-11-28), codes 0-72.
  static let head: [String] = [
    "CREATE_APPLICATION", "CREATE_FRAMEVIEW", "CREATE_NAVIGATIONVIEW", "CREATE_OPENGL_VIEW",
    "CREATE_TEXTFIELD", "CREATE_TEXTVIEW", "CREATE_LISTVIEW", "CREATE_GRIDVIEW", "CREATE_BUTTON",
    "CREATE_SWITCH", "CREATE_PICKER", "CREATE_LINEAR_LAYOUT", "CREATE_FRAME_LAYOUT", "CREATE_EVENT_LAYOUT",
    "CREATE_SCROLL_LAYOUT", "CREATE_FLIPPER_LAYOUT", "CREATE_TABLE_LAYOUT", "CREATE_AUTO_COLUMN_LAYOUT",
    "CREATE_TEXT", "CREATE_LINK", "CREATE_DIALOG", "CREATE_ALERT_DIALOG", "CREATE_IMAGEVIEW",
    "CREATE_ACTION_SHEET", "CREATE_PAGER", "CREATE_CHECKBOX", "CREATE_RADIO_GROUP", "CREATE_SEPARATOR",
    "CREATE_SLIDER", "CREATE_ACTIONBAR", "CREATE_SEARCHBAR", "CREATE_NAVIGATIONBAR",
    "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESS_SPINNER", "CREATE_TOAST", "CREATE_NOTIFICATION",
    "CREATE_PAGE_CONTROL", "CREATE_SEGMENTED_CONTROL", "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD",
    "LAUNCH_BROWSER", "HISTORY_GO_BACK", "CLEAR", "RELEASE", "SET_INT_VALUE", "SET_TEXT_VALUE",
    "SET_INT_DATA", "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE", "SET_STYLE", "SET_ERROR",
    "ADD_IMAGE_URL", "FLUSH_VIEW", "UPDATE_PREFERENCE", "DELETE_PREFERENCE", "COMMIT_PREFERENCES",
    "ADD_OPTION", "ADD_SHEET", "ADD_COLUMN", "RESHAPE_TABLE", "RESHAPE_SHEET", "STOP", "QUIT_APP",
    "CREATE_TIMER", "LIST_PRODUCTS", "BUY_PRODUCT", "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK",
    "SELECT_FROM_GALLERY", "SHOW_NETWORK_ACTIVITY",
  ]
  /// §2.1: the seed era enum (abee8909, 2017-11-16), codes 0-61.
  static let seed: [String] = [
    "CREATE_APPLICATION", "CREATE_FRAMEVIEW", "CREATE_NAVIGATIONVIEW", "CREATE_OPENGL_VIEW",
    "CREATE_TEXTFIELD", "CREATE_TEXTVIEW", "CREATE_LISTVIEW", "CREATE_GRIDVIEW", "CREATE_BUTTON",
    "CREATE_SWITCH", "CREATE_PICKER", "CREATE_LINEAR_LAYOUT", "CREATE_FRAME_LAYOUT", "CREATE_SCROLL_LAYOUT",
    "CREATE_TABLE_LAYOUT", "CREATE_AUTO_COLUMN_LAYOUT", "CREATE_TEXT", "CREATE_LINK", "CREATE_DIALOG",
    "CREATE_IMAGEVIEW", "CREATE_ACTION_SHEET", "CREATE_CHECKBOX", "CREATE_RADIO_GROUP", "CREATE_SEPARATOR",
    "CREATE_SLIDER", "CREATE_ACTIONBAR", "CREATE_NAVIGATIONBAR", "CREATE_PROGRESSBAR", "CREATE_TOAST",
    "CREATE_NOTIFICATION", "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD", "LAUNCH_BROWSER",
    "HISTORY_GO_BACK", "HISTORY_GO_FORWARD", "CLEAR", "SET_INT_VALUE", "SET_TEXT_VALUE", "SET_INT_DATA",
    "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE", "SET_STYLE", "SET_ERROR", "ADD_IMAGE_URL", "FLUSH_VIEW",
    "UPDATE_PREFERENCE", "DELETE_PREFERENCE", "COMMIT_PREFERENCES", "ADD_OPTION", "ADD_SHEET", "ADD_COLUMN",
    "RESHAPE_TABLE", "RESHAPE_SHEET", "QUIT_APP", "CREATE_TIMER", "LIST_PRODUCTS", "BUY_PRODUCT",
    "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK",
  ]
  /// §2.1: the 2017-12-11 enum (ff9d1965): codes 0-29 as today, then these for 30-67.
  static let december2017Tail: [String] = [
    "CREATE_NAVIGATIONBAR", "CREATE_NAVIGATIONBAR_ITEM", "CREATE_PROGRESSBAR", "CREATE_TOAST",
    "CREATE_NOTIFICATION", "CREATE_PAGE_CONTROL", "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD",
    "LAUNCH_BROWSER", "HISTORY_GO_BACK", "HISTORY_GO_FORWARD", "CLEAR", "SET_INT_VALUE", "SET_TEXT_VALUE",
    "SET_INT_DATA", "SET_TEXT_DATA", "SET_VISIBILITY", "SET_SHAPE", "SET_STYLE", "SET_ERROR",
    "ADD_IMAGE_URL", "FLUSH_VIEW", "UPDATE_PREFERENCE", "DELETE_PREFERENCE", "COMMIT_PREFERENCES",
    "ADD_OPTION", "ADD_SHEET", "ADD_COLUMN", "RESHAPE_TABLE", "RESHAPE_SHEET", "QUIT_APP", "CREATE_TIMER",
    "LIST_PRODUCTS", "BUY_PRODUCT", "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK",
  ]
  static let december2017 = Array(head[0..<30]) + december2017Tail
  /// §2.1: "as 2017-12-11 but 32 CREATE_PROGRESS_SPINNER, 61 SET_BACK_BUTTON_VISIBILITY, 62 QUIT_APP,
  /// 63 CREATE_TIMER, 64-67 purchases, 68 SHARE_LINK, 69 SELECT_FROM_GALLERY, 70 TOGGLE_MENU".
  static let april2018: [String] = {
    var names = Array(december2017[0..<61])
    names[32] = "CREATE_PROGRESS_SPINNER"
    return names + [
      "SET_BACK_BUTTON_VISIBILITY", "QUIT_APP", "CREATE_TIMER", "LIST_PRODUCTS", "BUY_PRODUCT", "LIST_PURCHASES",
      "CONSUME_PURCHASE", "SHARE_LINK", "SELECT_FROM_GALLERY", "TOGGLE_MENU",
    ]
  }()
  /// §2.1: "36 CREATE_SEGMENTED_CONTROL, 37 DELETE_ELEMENT ... 41 HISTORY_GO_BACK, 42 CLEAR, 43 RELEASE,
  /// 44 SET_INT_VALUE ... 61 RESHAPE_SHEET, 62 SET_BACK_BUTTON_VISIBILITY, 63 STOP, 64 QUIT_APP,
  /// 65 CREATE_TIMER, 66-69 purchases, 70 SHARE_LINK, 71 SELECT_FROM_GALLERY, 72 TOGGLE_MENU".
  static let september2018: [String] =
    Array(april2018[0..<36]) + [
      "CREATE_SEGMENTED_CONTROL", "DELETE_ELEMENT", "REMOVE_CHILD", "REORDER_CHILD", "LAUNCH_BROWSER",
      "HISTORY_GO_BACK", "CLEAR", "RELEASE",
    ] + Array(december2017[43...60]) + [
      "SET_BACK_BUTTON_VISIBILITY", "STOP", "QUIT_APP", "CREATE_TIMER", "LIST_PRODUCTS", "BUY_PRODUCT",
      "LIST_PURCHASES", "CONSUME_PURCHASE", "SHARE_LINK", "SELECT_FROM_GALLERY", "TOGGLE_MENU",
    ]

  static let expected: [(CommandNumbering, id: UInt8, name: String, names: [String])] = [
    (.engine20171116, 1, "engine-2017-11-16", seed),
    (.engine20171211, 2, "engine-2017-12-11", december2017),
    (.engine20180425, 3, "engine-2018-04-25", april2018),
    (.engine20180924, 4, "engine-2018-09-24", september2018),
    (.engine20181128, 5, "engine-2018-11-28", head),
  ]

  @Test func tableSizes() {
    #expect(CommandNumbering.engine20171116.types.count == 62)
    #expect(CommandNumbering.engine20171211.types.count == 68)
    #expect(CommandNumbering.engine20180425.types.count == 71)
    #expect(CommandNumbering.engine20180924.types.count == 73)
    #expect(CommandNumbering.engine20181128.types.count == 73)
    #expect(CommandNumbering.cmdtool.types.count == 108)
    #expect(CommandType.allCases.count == 108)
    // The transcriptions themselves have the sizes the notes give.
    #expect(Self.expected.map(\.names.count) == [62, 68, 71, 73, 73])
  }

  @Test func everyEngineNumberingMatchesTheNotes() {
    for (numbering, id, name, names) in Self.expected {
      #expect(numbering.id == id)
      #expect(numbering.name == name)
      #expect(numbering.types.map(\.name) == names, "\(name)")
      for (code, typeName) in names.enumerated() {
        // Every name the engine used exists as a type, and codes map both ways.
        let type = CommandType(name: typeName)
        #expect(type != nil, "\(typeName) of \(name) is not a known type")
        guard let type else { continue }
        #expect(numbering.code(for: type) == UInt8(code), "\(name): \(typeName)")
        #expect(numbering.type(forCode: UInt64(code)) == type)
      }
      #expect(numbering.type(forCode: UInt64(names.count)) == nil)
      #expect(numbering.type(forCode: .max) == nil)
      // A type the numbering lacks has no code.
      for type in CommandType.allCases where !names.contains(type.name) { #expect(numbering.code(for: type) == nil) }
    }
  }

  @Test func lookupByIDAndName() {
    for (index, numbering) in CommandNumbering.all.enumerated() {
      #expect(numbering.id == UInt8(index))
      #expect(CommandNumbering.withID(numbering.id) == numbering)
      #expect(CommandNumbering.named(numbering.name) == numbering)
    }
    #expect(CommandNumbering.withID(6) == nil)
    #expect(CommandNumbering.named("engine-2019-01-01") == nil)
    #expect(CommandNumbering.cmdtool.name == "cmdtool-1")
  }

  /// The current engine enum and the toolkit's codes agree on 0-72 (CommandType's raw values).
  @Test func currentEngineCodesAreCmdtoolCodes() {
    for (code, name) in Self.head.enumerated() {
      #expect(CommandType(rawValue: UInt8(code))?.name == name)
      #expect(CommandType(rawValue: UInt8(code))?.isCurrent == true)
    }
    #expect(CommandType.allCases.filter(\.isCurrent).count == 73)
  }

  /// §2.1's list of seed commands whose codes changed by HEAD.
  @Test func seedToHeadCodeChanges() {
    let changes: [(String, UInt8, UInt8)] = [
      ("CREATE_SCROLL_LAYOUT", 13, 14), ("CREATE_TEXT", 16, 18), ("CREATE_DIALOG", 18, 20), ("CREATE_IMAGEVIEW", 19, 22),
      ("CREATE_ACTION_SHEET", 20, 23), ("CREATE_ACTIONBAR", 25, 29), ("CREATE_NAVIGATIONBAR", 26, 31),
      ("CREATE_TOAST", 28, 34), ("DELETE_ELEMENT", 30, 38), ("REMOVE_CHILD", 31, 39), ("REORDER_CHILD", 32, 40),
      ("CLEAR", 36, 43), ("SET_INT_VALUE", 37, 45), ("SET_TEXT_VALUE", 38, 46), ("SET_VISIBILITY", 41, 49),
      ("SET_STYLE", 43, 51), ("ADD_IMAGE_URL", 45, 53), ("UPDATE_PREFERENCE", 47, 55), ("DELETE_PREFERENCE", 48, 56),
      ("COMMIT_PREFERENCES", 49, 57), ("CREATE_TIMER", 56, 65),
      ("CREATE_APPLICATION", 0, 0), ("CREATE_FRAMEVIEW", 1, 1), ("CREATE_NAVIGATIONVIEW", 2, 2), ("CREATE_TEXTFIELD", 4, 4),
      ("CREATE_BUTTON", 8, 8), ("CREATE_LINEAR_LAYOUT", 11, 11), ("CREATE_FRAME_LAYOUT", 12, 12),
    ]
    for (name, seedCode, headCode) in changes {
      let type = CommandType(name: name)!
      #expect(CommandNumbering.engine20171116.code(for: type) == seedCode, "\(name)")
      #expect(CommandNumbering.engine20181128.code(for: type) == headCode, "\(name)")
    }
    // The seed's CREATE_PROGRESSBAR (27) was renamed CREATE_PROGRESS_SPINNER (33 at HEAD): two types.
    #expect(CommandNumbering.engine20171116.code(for: .createProgressBar) == 27)
    #expect(CommandNumbering.engine20181128.code(for: .createProgressSpinner) == 33)
  }

  @Test func namesAreExactAndUnique() {
    let names = CommandType.allCases.map(\.name)
    #expect(Set(names).count == names.count)
    for type in CommandType.allCases { #expect(CommandType(name: type.name) == type) }
    #expect(CommandType(name: "create_button") == nil)
    #expect(CommandType(name: "CREATE_BUTTON ") == nil)
    #expect(CommandType(name: "") == nil)
  }
}
