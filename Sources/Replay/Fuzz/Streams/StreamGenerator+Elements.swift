import CommandCodec
import ReplayCore

/// Creating elements the way the engine does: the CREATE, then the element's queued commands
/// (constructor styles, options, image URLs, list columns and rows) before any child's CREATE.
extension StreamGenerator {
  /// Content kinds with their weights (layouts and labels most, the exotic ones rarely).
  static let contentKinds: [(kind: ElementKind, weight: Int)] = [
    (.text, 220), (.button, 140), (.linearLayout, 100), (.textField, 70), (.imageView, 60),
    (.switch, 40), (.checkbox, 40), (.picker, 30), (.listView, 30), (.frameLayout, 30),
    (.textView, 20), (.scrollLayout, 20), (.eventLayout, 20), (.pager, 20), (.progressSpinner, 20),
    (.gridView, 10), (.flipperLayout, 10), (.tableLayout, 10), (.autoColumnLayout, 10),
    (.radioGroup, 10), (.actionBar, 10), (.searchBar, 10), (.navigationBar, 10), (.pageControl, 10),
    (.notification, 10), (.segmentedControl, 3), (.separator, 3), (.slider, 3),
  ]

  /// A content kind, by weight; nil when the stream may create none.
  mutating func contentKind() -> ElementKind? {
    guard contentWeight > 0 else { return nil }
    var roll = random.below(contentWeight)
    for (kind, weight) in contentKinds {
      if roll < weight { return kind }
      roll -= weight
    }
    return nil
  }

  /// Whether the stream may create `kind` (``Configuration/excludedKinds``).
  func creates(_ kind: ElementKind) -> Bool {
    !configuration.excludedKinds.contains(kind) || kind == .application || kind == .frameView
  }

  /// The command that creates `kind`; now and then a name an older engine used for it.
  mutating func createType(for kind: ElementKind) -> CommandType {
    if random.chance(1) {
      switch kind {
      case .text: return random.chance(50) ? .createTextLabel : .createHeadingText
      case .linearLayout: return .createProxyLayout
      case .frameLayout: return random.chance(50) ? .createRelativeLayout : .createPanel
      case .scrollLayout: return .createScrollView
      case .listView: return .createSimpleListView
      case .imageView: return .createImageElement
      case .progressSpinner: return .createProgressBar
      default: break
      }
    }
    switch kind {
    case .application: return .createApplication
    case .frameView: return .createFrameView
    case .navigationView: return .createNavigationView
    case .openGLView: return .createOpenGLView
    case .textField: return .createTextField
    case .textView: return .createTextView
    case .listView: return .createListView
    case .gridView: return .createGridView
    case .button: return .createButton
    case .switch: return .createSwitch
    case .picker: return .createPicker
    case .linearLayout: return .createLinearLayout
    case .frameLayout: return .createFrameLayout
    case .eventLayout: return .createEventLayout
    case .scrollLayout: return .createScrollLayout
    case .flipperLayout: return .createFlipperLayout
    case .tableLayout: return .createTableLayout
    case .autoColumnLayout: return .createAutoColumnLayout
    case .text: return .createText
    case .dialog: return .createDialog
    case .alertDialog: return .createAlertDialog
    case .imageView: return .createImageView
    case .actionSheet: return .createActionSheet
    case .pager: return .createPager
    case .checkbox: return .createCheckbox
    case .radioGroup: return .createRadioGroup
    case .separator: return .createSeparator
    case .slider: return .createSlider
    case .actionBar: return .createActionBar
    case .searchBar: return .createSearchBar
    case .navigationBar: return .createNavigationBar
    case .navigationBarItem: return .createNavigationBarItem
    case .progressSpinner: return .createProgressSpinner
    case .notification: return .createNotification
    case .pageControl: return .createPageControl
    case .segmentedControl: return .createSegmentedControl
    case .custom: return .custom  // never a content kind: custom widgets come from a schema
    }
  }

  /// Creates an element of `kind` under `parent` with its queued commands, and records it in the
  /// mirror (views and navigation views under the application, as the model puts them).
  ///
  /// - Parameters:
  ///   - given: an id registered earlier (lazy content, pager pages); else a fresh one.
  ///   - type: the creation command (an older engine's name for `kind`); else one for `kind`.
  @discardableResult
  mutating func create(_ kind: ElementKind, under parent: Int32, id given: Int32? = nil, as type: CommandType? = nil) -> Int32 {
    let id = given ?? takeId()
    var command = Command(type ?? createType(for: kind), internalId: parent, childInternalId: id)
    switch kind {
    case .text:
      command.textValue = text()
      if random.chance(20) { command.value = Int32(random.below(4)) }
    case .button, .checkbox, .navigationBarItem, .dialog, .alertDialog, .actionSheet, .openGLView:
      command.textValue = text()
    case .textField, .textView:
      if random.chance(40) { command.textValue = text() }
      command.flags = [0, 0, 0, 1, 16, 32, 48][random.below(7)]
    case .switch:
      command.value = Int32(random.below(2))
      command.textValue = "On"
      command.textValue2 = "Off"
    case .linearLayout: command.value = random.chance(70) ? 1 : 2
    case .tableLayout: command.value = integer(Int32(2 + random.below(3)))
    case .pageControl: command.value = integer(Int32(3 + random.below(4)))
    case .actionBar:
      command.textValue = text()
      command.textValue2 = random.chance(50) ? text() : ""
      command.flags = UInt32(random.below(4))
    case .notification:
      command.textValue = text()
      command.textValue2 = text()
    case .listView: command.flags = random.chance(20) ? 256 : 0
    case .imageView:
      // The smallest URL with its size, or an asset.
      if random.chance(80) {
        let width = Int32([100, 200, 320][random.below(3)])
        command.textValue = imageURL(width: width)
        command.width = width
        command.height = width * 3 / 4
      } else {
        command.textValue = StreamText.assets[random.below(StreamText.assets.count)]
      }
    default: break
    }
    if random.chance(percent: configuration.oddValuePercent) { command.key = oddText() }
    send(command)
    let attachTo = kind.isView || kind == .navigationView ? application : parent
    tree.create(id, kind: kind, under: attachTo)
    switch kind {
    case .frameView, .openGLView: if front == nil { front = id }
    case .navigationView: if drawer == nil { drawer = id; drawerOpen = false }
    case .dialog, .alertDialog, .actionSheet: openModals.append(id)
    default: break
    }
    queueCommands(of: kind, id, created: command)
    return id
  }

  /// What the element's constructor and setup queued before its CREATE went out.
  mutating func queueCommands(of kind: ElementKind, _ id: Int32, created: Command) {
    switch kind {
    case .frameLayout, .flipperLayout, .scrollLayout:
      send(Command(.setStyle, internalId: id, textValue: "width", textValue2: "match-parent"))
      send(Command(.setStyle, internalId: id, textValue: "height", textValue2: "match-parent"))
    case .textField, .textView:
      send(Command(.setStyle, internalId: id, textValue: "width", textValue2: "match-parent"))
      if random.chance(40) { send(Command(.setStyle, internalId: id, textValue: "hint", textValue2: text())) }
    case .navigationBar:
      send(Command(.setStyle, internalId: id, textValue: "gravity", textValue2: "bottom"))
    case .picker, .radioGroup, .segmentedControl, .actionSheet:
      for option in 0..<(2 + random.below(4)) {
        send(Command(.addOption, internalId: id, value: integer(Int32(option)), textValue: text()))
      }
      if kind == .picker && random.chance(50) { send(Command(.setIntValue, internalId: id, value: 0)) }
    case .actionBar:
      if random.chance(50) { send(Command(.addOption, internalId: id, value: -3, textValue: "Compose")) }
    case .imageView:
      // The rest of the image set, larger sizes after the first.
      if ImageState.isNetworkURL(created.textValue) {
        for step in 1...(1 + random.below(2)) {
          let width = created.width * Int32(step + 1)
          send(Command(.addImageURL, internalId: id, textValue: imageURL(width: width), width: integer(width), height: width * 3 / 4))
        }
      }
    case .listView, .gridView:
      for column in 0..<(1 + random.below(3)) {
        send(Command(.addColumn, internalId: id, value: kind == .gridView ? 0 : Int32(1 + column % 4), textValue: text()))
      }
      if random.chance(50) { send(Command(.addSheet, internalId: id, textValue: text())) }
      let rows = Int32(random.below(6))
      send(Command(.reshapeSheet, internalId: id, value: rows))
      for row in 0..<rows { send(Command(.setTextData, internalId: id, textValue: text(), row: row, column: 0)) }
      send(Command(.flushView, internalId: id))
    default: break
    }
    for _ in 0..<random.below(3) { style(id) }
  }

  /// A style burst entry: one SET_STYLE, mostly NORMAL.
  mutating func style(_ id: Int32) {
    let (key, values) = StreamText.styles[random.below(StreamText.styles.count)]
    let selector: Int32 = random.chance(80) ? 0 : Int32(1 + random.below(5))
    let value = random.chance(percent: configuration.oddValuePercent) ? oddText() : values[random.below(values.count)]
    send(Command(.setStyle, internalId: id, value: selector, textValue: key, textValue2: value))
  }

  /// Creates content under `container` until `budget` runs out: leaves, and containers filled in
  /// turn (depth first, as constructors run), some of them hidden with their content left for
  /// later, pagers and flippers with their first page only.
  mutating func fill(_ container: Int32, budget: inout Int, depth: Int) {
    // A screen's column takes the whole budget; nested containers a few children each.
    let count = depth == 0 ? Int.max : 1 + random.below(5)
    for _ in 0..<count {
      guard budget > 0 else { break }
      budget -= 1
      if configuration.widgets != nil && random.chance(6) {
        createWidget(under: container)
        continue
      }
      guard let kind = contentKind() else { break }
      let id = create(kind, under: container)
      switch kind {
      case .pager, .flipperLayout:
        var pages = Pages(id: id, pages: (0..<(2 + random.below(3))).map { _ in takeId() }, created: 0)
        createPage(&pages, budget: &budget)
        pagers.append(pages)
      case .linearLayout, .frameLayout, .scrollLayout, .eventLayout, .tableLayout, .autoColumnLayout:
        if depth < 3 && budget > 2 && random.chance(15) {
          // Hidden: the engine registers the content and creates it when the container is shown.
          send(Command(.setVisibility, internalId: id, value: 0))
          lazy.append(LazyContent(container: id, reserved: (0..<(1 + random.below(4))).map { _ in takeId() }))
        } else if depth < 3 {
          fill(id, budget: &budget, depth: depth + 1)
        }
      case .navigationBar where creates(.navigationBarItem):
        for _ in 0..<(2 + random.below(3)) { create(.navigationBarItem, under: id) }
      case .actionBar where creates(.button):
        if random.chance(30) { create(.button, under: id) }
      default: break
      }
    }
  }

  /// Creates the next page of a pager (a vertical layout with a little content).
  mutating func createPage(_ pages: inout Pages, budget: inout Int) {
    guard pages.created < pages.pages.count, let columnKind else { return }
    let page = create(columnKind, under: pages.id, id: pages.pages[pages.created])
    pages.created += 1
    var pageBudget = min(max(budget, 1), 4)
    fill(page, budget: &pageBudget, depth: 3)
    budget -= 4 - pageBudget
  }
}
