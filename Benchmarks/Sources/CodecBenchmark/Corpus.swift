import BenchmarkSupport
import CommandCodec

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, well-mixed generator. Seeded, so the corpus
/// is the same on every run and every machine.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `range` (Lemire's method via the standard library).
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// The benchmark's input: a session of the engine, as batches of commands at increasing times.
///
/// The mix follows the issue: 40% CREATE_* (increasing ids, 5–20 byte labels, 10% of them
/// non-ASCII), 30% SET_STYLE (one of 20 CSS keys with a few values each, selector 0–5), 15%
/// SET_TEXT_VALUE (0–40 bytes), 10% SET_INT_VALUE / SET_VISIBILITY, 5% others using row, column,
/// sheet, width, height and flags. Commands are grouped into batches of 1–16, one per engine
/// `sendCommands` call.
struct Corpus {
  /// The records, one batch each, times in whole milliseconds.
  let records: [TraceRecord]
  /// The total number of commands.
  let commandCount: Int

  /// The seed of every corpus; change it and the numbers change a little.
  static let seed: UInt64 = 0x636D_6474_6F6F_6C31  // "cmdtool1"

  /// The batches without their times.
  var batches: [[Command]] {
    records.map { record in
      guard case .batch(let commands) = record.body else { return [] }
      return commands
    }
  }

  init(commands total: Int, seed: UInt64 = Corpus.seed) {
    var generator = SessionGenerator(seed: seed)
    var records: [TraceRecord] = []
    records.reserveCapacity(total / 8 + 1)
    var made = 0
    var time = 0.0
    while made < total {
      let size = min(generator.batchSize(), total - made)
      var batch: [Command] = []
      batch.reserveCapacity(size)
      for _ in 0..<size { batch.append(generator.command()) }
      records.append(.batch(batch, at: time))
      made += size
      time += generator.gap()
    }
    self.records = records
    self.commandCount = made
  }

  /// Counts by category, for the report header (and a check of the mix).
  func mix() -> [(String, Int)] {
    var counts: [String: Int] = [:]
    for record in records {
      guard case .batch(let commands) = record.body else { continue }
      for command in commands { counts[Self.category(of: command.type), default: 0] += 1 }
    }
    return ["CREATE_*", "SET_STYLE", "SET_TEXT_VALUE", "SET_INT_VALUE/SET_VISIBILITY", "others"].map { ($0, counts[$0] ?? 0) }
  }

  private static func category(of type: CommandType) -> String {
    switch type {
    case .setStyle: return "SET_STYLE"
    case .setTextValue: return "SET_TEXT_VALUE"
    case .setIntValue, .setVisibility: return "SET_INT_VALUE/SET_VISIBILITY"
    default: return type.createsElement ? "CREATE_*" : "others"
    }
  }
}

/// Makes one realistic command after another: ids increase, styles and values target elements
/// created shortly before, containers receive the new elements.
private struct SessionGenerator {
  private var random: SplitMix64
  /// The next element id (1 is the application, as in the engine).
  private var nextId: Int32 = 2
  /// The last elements created, newest last: what SET_* commands target.
  private var recent: [Int32] = [1]
  /// The last containers created: the parents of new elements.
  private var containers: [Int32] = [1]
  private var sheets: [Int32] = []

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// 1–16 commands; small batches are the most common, as in a UI that updates a few elements at
  /// a time, with the occasional screen build.
  mutating func batchSize() -> Int {
    random.chance(60) ? random.int(1...6) : random.int(7...16)
  }

  /// Milliseconds to the next batch: mostly one frame or less, sometimes a pause.
  mutating func gap() -> Double {
    Double(random.chance(90) ? random.int(0...16) : random.int(17...2000))
  }

  mutating func command() -> Command {
    let roll = random.int(0...99)
    switch roll {
    case 0..<40: return create()
    case 40..<70: return style()
    case 70..<85: return Command(.setTextValue, internalId: target(), textValue: text(maxBytes: 40))
    case 85..<95:
      if random.chance(50) {
        return Command(.setIntValue, internalId: target(), value: Int32(random.chance(20) ? 0 : random.int(-100...5000)))
      }
      return Command(.setVisibility, internalId: target(), value: Int32(random.int(0...2)))
    default: return other()
    }
  }

  // MARK: - Commands

  private static let containerTypes: [CommandType] = [
    .createLinearLayout, .createFrameLayout, .createScrollLayout, .createTableLayout,
    .createEventLayout, .createFrameView, .createDialog,
  ]
  private static let leafTypes: [CommandType] = [
    .createText, .createText, .createText, .createButton, .createButton, .createTextField,
    .createImageView, .createCheckbox, .createSwitch, .createSlider, .createSeparator,
    .createListView, .createPicker, .createActionBar, .createNavigationBarItem,
    .createProgressSpinner,
  ]

  private mutating func create() -> Command {
    let isContainer = random.chance(25)
    let type = isContainer ? random.pick(Self.containerTypes) : random.pick(Self.leafTypes)
    let parent = containers[containers.count - 1 - random.int(0...min(3, containers.count - 1))]
    let id = nextId
    nextId += 1
    remember(id, in: &recent, keep: 64)
    if isContainer { remember(id, in: &containers, keep: 16) }
    if type == .createListView || type == .createTableLayout { remember(id, in: &sheets, keep: 8) }
    // Most creations carry no flags; some set a style-class bit or two (protocol notes §3).
    let flags: UInt32 = random.chance(10) ? UInt32(1 << random.int(0...5)) : 0
    return Command(type, internalId: parent, childInternalId: id, textValue: label(), flags: flags)
  }

  private mutating func style() -> Command {
    let (key, values) = random.pick(Self.cssProperties)
    // NORMAL most of the time; the other selectors (ACTIVE, HOVER, SELECTED, DISABLED, LINK) less often.
    let selector = random.chance(70) ? 0 : random.int(1...5)
    return Command(.setStyle, internalId: target(), value: Int32(selector), textValue: key, textValue2: random.pick(values))
  }

  private mutating func other() -> Command {
    switch random.int(0...4) {
    case 0:
      // A table cell: SET_TEXT_DATA with row, column and sheet.
      let sheetTarget = sheets.isEmpty ? target() : random.pick(sheets)
      return Command(
        .setTextData, internalId: sheetTarget, textValue: text(maxBytes: 24), row: Int32(random.int(0...500)),
        column: Int32(random.int(0...8)), sheet: UInt16(random.int(0...3)))
    case 1:
      let (url, width, height) = imageURL()
      return Command(.addImageURL, internalId: target(), textValue: url, width: width, height: height)
    case 2:
      let sheetTarget = sheets.isEmpty ? target() : random.pick(sheets)
      return Command(.reshapeSheet, internalId: sheetTarget, value: Int32(random.int(1...400)), sheet: UInt16(random.int(0...3)))
    case 3:
      return Command(.addColumn, internalId: target(), value: Int32(random.int(40...300)), textValue: random.pick(Self.columnNames), flags: UInt32(random.int(0...3)))
    default:
      return Command(.setShape, internalId: target(), value: Int32(random.int(0...4)), width: Int32(random.int(1...1080)), height: Int32(random.int(1...1920)))
    }
  }

  /// An element created recently: most updates touch what was just built.
  private mutating func target() -> Int32 {
    let reach = random.chance(80) ? min(7, recent.count - 1) : recent.count - 1
    return recent[recent.count - 1 - random.int(0...reach)]
  }

  private func remember(_ id: Int32, in list: inout [Int32], keep: Int) {
    if list.count == keep { list.removeFirst() }
    list.append(id)
  }

  // MARK: - Strings

  private static let cssProperties: [(String, [String])] = [
    ("color", ["#333333", "#ffffff", "#1a73e8", "rgba(0,0,0,0.87)"]),
    ("background-color", ["#ffffff", "#f5f5f5", "#1a73e8", "transparent"]),
    ("padding", ["0", "4px", "8px", "12px 16px"]),
    ("margin", ["0", "4px", "8px 0", "16px"]),
    ("font-size", ["12px", "14px", "16px", "20px", "24px"]),
    ("font-weight", ["normal", "bold", "500"]),
    ("font-family", ["sans-serif", "Roboto", "Helvetica Neue"]),
    ("width", ["100%", "auto", "48px", "320px"]),
    ("height", ["auto", "48px", "100%", "1px"]),
    ("border", ["none", "1px solid #dddddd", "2px solid #1a73e8"]),
    ("border-radius", ["0", "4px", "8px", "50%"]),
    ("text-align", ["left", "center", "right"]),
    ("display", ["flex", "none", "block"]),
    ("flex-direction", ["row", "column"]),
    ("align-items", ["center", "flex-start", "stretch"]),
    ("justify-content", ["center", "space-between", "flex-end"]),
    ("opacity", ["1", "0.5", "0"]),
    ("line-height", ["1.2", "1.5", "20px"]),
    ("min-height", ["0", "44px", "64px"]),
    ("shadow", ["none", "0 1px 3px rgba(0,0,0,0.2)"]),
  ]

  private static let columnNames = ["Name", "Date", "Amount", "Status", "Größe", "Owner", "Notes"]

  private static let asciiWords = [
    "Save", "Cancel", "OK", "Settings", "Profile", "Name", "Email", "Next", "Back", "Total",
    "Price", "Search", "Delete", "Edit", "Share", "Title", "Details", "Open", "Close", "Send",
    "Today", "Inbox", "Account", "Sign in", "Help", "More", "New item", "Photos", "Add",
  ]
  private static let nonASCIIWords = [
    "Größe", "Café", "Übersicht", "Menü", "Paramètres", "日本語", "設定", "Привет", "Zurück",
    "naïve", "Señal", "€ Preis", "Ελληνικά", "Søg", "保存", "Ação",
  ]

  /// A label of 5–20 UTF-8 bytes; one in ten has non-ASCII characters.
  private mutating func label() -> String {
    let bytes = random.int(5...20)
    return random.chance(10) ? words(bytes, nonASCII: true) : words(bytes, nonASCII: false)
  }

  /// A text value of 0–40 bytes; a few contain a newline or quotes (which JSON must escape), a few
  /// are non-ASCII.
  private mutating func text(maxBytes: Int) -> String {
    let bytes = random.int(0...maxBytes)
    if bytes == 0 { return "" }
    var result = words(bytes, nonASCII: random.chance(5))
    if bytes >= 8 && random.chance(3) {
      // Swap an ASCII character for one JSON must escape, keeping the length.
      var utf8 = Array(result.utf8)
      if let index = utf8.indices.dropFirst().first(where: { utf8[$0] == UInt8(ascii: " ") }) {
        utf8[index] = random.chance(50) ? UInt8(ascii: "\n") : UInt8(ascii: "\"")
        result = String(decoding: utf8, as: UTF8.self)
      }
    }
    return result
  }

  /// Words separated by spaces, exactly `length` UTF-8 bytes: the last word is cut on a character
  /// boundary and padded with ASCII digits. With `nonASCII`, the first word has non-ASCII letters.
  private mutating func words(_ length: Int, nonASCII: Bool) -> String {
    var result = ""
    var first = true
    while result.utf8.count < length {
      let word = first && nonASCII ? random.pick(Self.nonASCIIWords) : random.pick(Self.asciiWords)
      first = false
      if !result.isEmpty { result.unicodeScalars.append(" ") }
      for scalar in word.unicodeScalars {
        guard result.utf8.count + UTF8.width(scalar) <= length else { break }
        result.unicodeScalars.append(scalar)
      }
      if result.utf8.count + 1 >= length { break }
    }
    var digit = 0
    while result.utf8.count < length {
      result.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(digit % 10)))
      digit += 1
    }
    return result
  }

  private mutating func imageURL() -> (String, Int32, Int32) {
    let sizes: [(Int32, Int32)] = [(48, 48), (64, 64), (320, 240), (640, 480), (1080, 720)]
    let (width, height) = random.pick(sizes)
    let id = random.int(1000...99999)
    return ("https://cdn.example.com/img/\(id)_\(width)x\(height).jpg", width, height)
  }
}
