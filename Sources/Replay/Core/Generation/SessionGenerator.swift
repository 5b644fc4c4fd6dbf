import CommandCodec

/// Generates a long, realistic engine session deterministically from a seed, record by record.
///
/// The session looks like an app in use for a long time: screens are built (a frame view with
/// layouts, labels, buttons, fields and images, each styled right after its CREATE, in one batch),
/// shown, updated (mostly SET_STYLE, SET_TEXT_VALUE and SET_INT_VALUE, most of them on the screen
/// in front), and torn down the way the engine does it (REMOVE_CHILD, then DELETE_ELEMENT parent
/// first and descendants depth-first). About `liveScreens` screens are alive at any time, so the
/// number of live elements stays near `liveScreens × elementsPerScreen` however long the session.
///
/// ```swift
/// var generator = SessionGenerator(seed: 42)
/// while generator.commandCount < 1_000_000, let record = generator.next() { write(record) }
/// ```
public struct SessionGenerator: IteratorProtocol, Sendable {
  public struct Configuration: Sendable {
    public var liveScreens = 100
    public var elementsPerScreen = 100
    /// Update records between two screen changes.
    public var updatesPerScreenChange = 400
    /// Percent of updates that target the screen in front.
    public var frontScreenPercent = 80

    public init() {}
  }

  public let configuration: Configuration
  /// Commands generated so far.
  public private(set) var commandCount = 0
  /// Records generated so far.
  public private(set) var recordCount = 0

  private var random: SplitMix64
  private var nextId: Int32 = 1
  private var application: Int32 = 0
  private var time: Double = 0
  /// Live screens, oldest first: the view id and its elements (parent before child).
  private var screens: [(view: Int32, tree: [(id: Int32, parent: Int32, kind: ElementKind)])] = []
  private var updatesUntilChange = 0
  private var started = false

  private static let styleKeys: [(String, [String])] = [
    ("color", ["#000000", "#ffffff", "#333333", "#2a6df4"]),
    ("background-color", ["#ffffff", "#f5f5f5", "#2a6df4", "#000000"]),
    ("padding", ["4", "8", "12", "16"]), ("margin", ["0", "4", "8", "16"]),
    ("font-size", ["small", "medium", "large", "14", "18"]), ("font-weight", ["normal", "bold"]),
    ("width", ["match-parent", "wrap-content", "120"]), ("height", ["wrap-content", "48", "64"]),
    ("text-align", ["left", "center", "right"]), ("border-radius", ["4", "8"]),
    ("opacity", ["1", "0.5"]), ("white-space", ["normal", "nowrap"]),
  ]
  private static let words = ["Inbox", "Settings", "Profile", "Search", "Messages", "Photos", "Näytä", "Päivitä", "Ημερολόγιο", "今日", "Done", "Cancel"]

  public init(seed: UInt64, configuration: Configuration = Configuration()) {
    self.random = SplitMix64(seed: seed)
    self.configuration = configuration
  }

  public mutating func next() -> TraceRecord? {
    if !started {
      started = true
      application = takeId()
      return record([Command(.createApplication, childInternalId: application, textValue: "Generated session")], advance: 0)
    }
    if screens.count < configuration.liveScreens { return buildScreen() }
    if updatesUntilChange > 0 {
      updatesUntilChange -= 1
      return update()
    }
    updatesUntilChange = configuration.updatesPerScreenChange
    // Replace the oldest screen: tear it down now, build the new one on the next call.
    return tearDownOldest()
  }

  // MARK: - Records

  private mutating func takeId() -> Int32 {
    defer { nextId += 1 }
    return nextId
  }

  private mutating func record(_ commands: [Command], advance: Double) -> TraceRecord {
    time += advance
    commandCount += commands.count
    recordCount += 1
    return .batch(commands, at: time)
  }

  private mutating func style(_ id: Int32, into batch: inout [Command]) {
    let (key, values) = Self.styleKeys[random.below(Self.styleKeys.count)]
    let selector: Int32 = random.chance(80) ? 0 : Int32(1 + random.below(5))
    batch.append(Command(.setStyle, internalId: id, value: selector, textValue: key, textValue2: values[random.below(values.count)]))
  }

  private mutating func label() -> String {
    Self.words[random.below(Self.words.count)] + " " + String(random.below(1000))
  }

  /// A frame view with a vertical layout of rows; each element styled right after its creation.
  private mutating func buildScreen() -> TraceRecord {
    var batch: [Command] = []
    let view = takeId()
    var tree: [(id: Int32, parent: Int32, kind: ElementKind)] = []
    batch.append(Command(.createFrameView, internalId: application, childInternalId: view))
    let column = takeId()
    batch.append(Command(.createLinearLayout, internalId: view, childInternalId: column, value: 1))
    tree.append((column, view, .linearLayout))
    style(column, into: &batch)
    var row = column
    while tree.count < configuration.elementsPerScreen - 1 {
      let id = takeId()
      let pick = random.below(10)
      if pick == 0 {
        batch.append(Command(.createLinearLayout, internalId: column, childInternalId: id, value: 2))
        tree.append((id, column, .linearLayout))
        row = id
      } else {
        let (type, kind): (CommandType, ElementKind) =
          pick < 5 ? (.createText, .text) : pick < 8 ? (.createButton, .button) : pick < 9 ? (.createTextField, .textField) : (.createSwitch, .switch)
        batch.append(Command(type, internalId: row, childInternalId: id, textValue: label()))
        tree.append((id, row, kind))
      }
      style(id, into: &batch)
      if random.chance(30) { style(id, into: &batch) }
    }
    batch.append(Command(.setVisibility, internalId: view, value: 1))
    batch.append(Command(.setIntValue, internalId: view, value: 1))
    batch.append(Command(.setIntValue, internalId: application, childInternalId: view, value: 1))
    screens.append((view, tree))
    return record(batch, advance: 16)
  }

  /// A small batch of updates, mostly on the screen in front.
  private mutating func update() -> TraceRecord {
    let screenIndex = random.chance(configuration.frontScreenPercent) ? screens.count - 1 : random.below(screens.count)
    let tree = screens[screenIndex].tree
    let count = random.chance(70) ? 1 : 1 + random.below(8)
    var batch: [Command] = []
    batch.reserveCapacity(count)
    for _ in 0..<count {
      let element = tree[random.below(tree.count)]
      // Layouts only get styles and visibility; widgets get texts and values too.
      let pick = element.kind == .linearLayout ? (random.chance(85) ? 0 : 95) : random.below(100)
      if pick < 50 {
        style(element.id, into: &batch)
      } else if pick < 80 {
        batch.append(Command(.setTextValue, internalId: element.id, textValue: label()))
      } else if pick < 92 {
        batch.append(Command(.setIntValue, internalId: element.id, value: Int32(random.below(2))))
      } else {
        batch.append(Command(.setVisibility, internalId: element.id, value: random.chance(80) ? 1 : 0))
      }
    }
    return record(batch, advance: Double(1 + random.below(40)))
  }

  /// Removes the oldest screen as the engine does: detach, then delete parent first and the
  /// descendants depth-first.
  private mutating func tearDownOldest() -> TraceRecord {
    let (view, tree) = screens.removeFirst()
    var batch: [Command] = [Command(.removeChild, internalId: application, childInternalId: view), Command(.deleteElement, internalId: view)]
    for element in tree { batch.append(Command(.deleteElement, internalId: element.id)) }
    return record(batch, advance: 5)
  }
}
