import CommandCodec
import ReplayCore

extension ConformanceSuite {
  static let selectorNames = ["Normal", "Active", "Hover", "Selected", "Disabled", "Link"]

  /// SET_STYLE: every selector, replacement, verbatim keys and values.
  static var styles: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    for (selector, name) in selectorNames.enumerated() {
      var b = CaseBuilder.app()
      b.send(.create(.createButton, in: 2, id: 3, text: "OK"), .style(3, "background-color", "#2a6df4", selector: Int32(selector)), .style(3, "color", "#ffffff", selector: Int32(selector)))
      let tier = selector == 0 ? "Required" : "Recommended"
      cases.append(b.named("\(tier).Style.\(name)Selector", "SET_STYLE stores key → value under the \(name.uppercased()) selector", "PROTOCOL.md §3 51", about: [.tree, .styles]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createText, in: 2, id: 3), .style(3, "font-size", "12"), .style(3, "font-size", "large"), .style(3, "width", "wrap-content"))
      cases.append(b.named("Required.Style.LaterValueReplaces", "a second SET_STYLE of a key replaces the value; values are kept verbatim", "PROTOCOL.md §3 51, §6 8", about: [.tree, .styles]))
    }
    do {
      // Every style key a platform knows (protocol notes §4), with a value of its kind.
      var b = CaseBuilder.app()
      b.send(.create(.createText, in: 2, id: 3, text: "Styled"))
      let keys = StyleKeys.known
      for start in stride(from: 0, to: keys.count, by: 16) {
        b.send(keys[start..<min(start + 16, keys.count)].enumerated().map { offset, key in .style(3, key, "\(start + offset + 1)") })
      }
      cases.append(b.named("Recommended.Style.EveryKnownKey", "every style key of the protocol is stored under its selector, verbatim", "PROTOCOL.md §3 51", about: [.tree, .styles]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createText, in: 2, id: 3), .style(3, "no-wrap", "1"), .style(3, "nowrap", "true"), .style(3, "?custom", " spaced value "))
      // The model keeps them; a platform need not (docs/CONFORMANCE.md §1.7): reported only.
      cases.append(b.named("Informational.Style.UnknownKeysKeptVerbatim", "keys a platform does not know are stored as sent, never validated", "PROTOCOL.md §6 8", about: [.tree, .styles]))
    }
    return cases
  }

  /// List and grid views: sheets, columns, rows and cells.
  static var lists: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    for (name, type) in [("ListView", CommandType.createListView), ("GridView", .createGridView)] {
      var b = CaseBuilder.app()
      b.send(.create(type, in: 2, id: 3), .to(3, .addColumn, value: 1, text: "Name"), .to(3, .addColumn, value: 2, text: "Count"), .to(3, .addSheet, text: "Fruit"), .to(3, .addSheet, text: "Vegetables"))
      b.send(.to(3, .reshapeSheet, value: 2, sheet: 0), .to(3, .setTextData, text: "Apple", row: 0, column: 0, sheet: 0), .to(3, .setTextData, text: "3", row: 0, column: 1, sheet: 0), .to(3, .setTextData, text: "Pear", row: 1, column: 0, sheet: 0))
      b.send(.to(3, .reshapeSheet, value: 1, sheet: 1), .to(3, .setTextData, text: "Leek", row: 0, column: 0, sheet: 1))
      cases.append(b.named("Required.List.\(name).SheetsColumnsCells", "ADD_COLUMN, ADD_SHEET, RESHAPE_SHEET and SET_TEXT_DATA fill the \(name)", "PROTOCOL.md §3 48, 59, 60, 62", about: [.tree, .lists]))
      var shrink = b
      shrink.send(.to(3, .reshapeSheet, value: 1, sheet: 0))
      shrink.send(.to(3, .reshapeTable, value: 1))
      cases.append(shrink.named("Required.List.\(name).ReshapeDropsRowsAndSheets", "RESHAPE_SHEET drops rows past the count, RESHAPE_TABLE sheets past it", "PROTOCOL.md §3 61, 62", about: [.tree, .lists]))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createActionBar, in: 2, id: 3, text: "Title"), .to(3, .addColumn, value: 7, text: "Save"))
      cases.append(b.named("Informational.List.ActionBarColumnIsAButton", "ADD_COLUMN on an action bar adds an option (a header-bar button); neither GTK's header bar nor Android's action bar keeps one (CONFORMANCE.md §1.7)", "PROTOCOL.md §3 60", about: [.tree, .options]))
    }
    return cases
  }

  /// Image views: which URL is asked for, when requests are cancelled.
  static var images: [ConformanceCase] {
    var cases: [ConformanceCase] = []
    let about: StateParts = [.tree, .images]
    func image(_ b: inout CaseBuilder, url: String = "https://img.example/a-400.png", width: Int32 = 400, height: Int32 = 300) {
      b.send(.create(.createImageView, in: 2, id: 3, text: url, width: width, height: height))
    }
    do {
      var b = CaseBuilder.app()
      image(&b)
      cases.append(b.named("Required.Image.RequestOnCreate", "a displayed image view with a URL asks for it (ImageRequestEvent REQUEST)", "PROTOCOL.md §5.2, §3 22", about: about, events: .image))
    }
    do {
      var b = CaseBuilder.app()
      image(&b, url: "https://img.example/small.png", width: 100, height: 75)
      b.send(.to(3, .addImageURL, text: "https://img.example/large.png", width: 800, height: 600))
      cases.append(b.named("Required.Image.PicksTheFirstWideEnough", "with a viewport of 390 points, the first source at least 0.75 × 390 wide is asked for; a better source cancels and re-requests", "PROTOCOL.md §5.2", about: about, events: .image))
    }
    do {
      var b = CaseBuilder.app()
      image(&b)
      b.send(.style(3, "width", "120"))
      cases.append(b.named("Required.Image.WidthStyleReRequests", "a numeric NORMAL width style is the target width: a new width cancels and asks again", "PROTOCOL.md §5.2, §3 51", about: about, events: .image))
    }
    for (name, command) in [("Clear", CommandType.clear), ("Release", .release), ("DeleteElement", .deleteElement)] {
      var b = CaseBuilder.app()
      image(&b)
      b.send(.to(3, command))
      cases.append(b.named("Required.Image.\(name)Cancels", "\(command.name) cancels the outstanding request (CANCEL to the image id)", "PROTOCOL.md §5.2, §3 \(command.rawValue)", about: about, events: .image))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createLinearLayout, in: 2, id: 4), .to(4, .setVisibility, value: 0), .create(.createImageView, in: 4, id: 3, text: "https://img.example/a.png", width: 400, height: 300))
      b.send(.to(4, .setVisibility, value: 1))
      cases.append(b.named("Required.Image.HiddenAsksWhenShown", "a hidden image asks for nothing until it is displayed", "PROTOCOL.md §5.2, §2.5", about: about, events: .image))
    }
    do {
      var b = CaseBuilder.app()
      b.send(.create(.createImageView, in: 2, id: 3, text: "logo.png"))
      cases.append(b.named("Required.Image.AssetFileAsksNothing", "an image with an asset file and no URL loads it locally and asks for nothing", "PROTOCOL.md §5.2, §3 22", about: about, events: .image))
    }
    return cases
  }
}
