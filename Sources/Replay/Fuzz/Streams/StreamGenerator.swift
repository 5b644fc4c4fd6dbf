import CommandCodec
import ReplayCore

/// Generates the engine's side of a session, the command stream a platform receives, from a seed:
/// valid by construction, with a configurable share of deliberate violations, each labelled with
/// the rule it breaks.
///
/// The stream follows the engine's habits (protocol notes §6): ids from one counter, never reused;
/// screens built in one batch, each element's queued commands (constructor styles, options, image
/// URLs, list columns) right after its CREATE and before its children's; hidden content and pager
/// pages created only when shown, and deleted even when never created; views switched with the
/// engine's command pair and left with a back switch; subtrees removed with REMOVE_CHILD, then
/// DELETE_ELEMENT parent first and the descendants depth-first; dialogs and action sheets opened,
/// answered by the platform and removed; timers, toasts, preferences saved in the engine's order,
/// the drawer, requests. Now and then the platform's own records appear as a recording has them:
/// typing, toggles, page swipes, the drawer moved, answers, and events that change nothing.
///
/// Without violations, the reference model replays every stream without a single diagnostic. With
/// them, about `violationPercent` of the steps instead produce a record that breaks one rule once,
/// preceded by a marker naming the rule (``ViolationLabel``): `cmdtool check` then reports exactly
/// the labelled records, each with its rule, and nothing else.
///
/// ```swift
/// var generator = StreamGenerator(seed: 7, commands: 10_000)
/// while let record = generator.next() { try writer.write(record) }
/// ```
///
/// The same seed, length and configuration always give the same stream, on any machine.
public struct StreamGenerator: IteratorProtocol, Sendable {
  /// The shape of the streams.
  public struct Configuration: Sendable {
    /// The percent of steps that carry one deliberate violation (0–100; fractions allowed).
    public var violationPercent: Double = 0
    /// The rules the violations break, drawn evenly (every rule the model checks by default).
    public var violationRules: [DiagnosticRule] = DiagnosticRule.allCases
    /// How many screens (frame views with content) stay alive at most.
    public var screens = 4
    /// About how many elements a screen is built with.
    public var elementsPerScreen = 30
    /// The percent of texts and integers that are odd but valid: empty, huge, control
    /// characters, emoji sequences, integers at the edges (no rule of the model flags them).
    public var oddValuePercent: Double = 1
    /// The percent of steps that are the platform's records (user input, answers, other events).
    public var platformPercent: Double = 8
    /// Custom widgets to create and set, valid and (as labelled violations of the widget-* rules)
    /// invalid (docs/WIDGETS.md §6.5); the header then names the schema. Nil: built-ins only.
    public var widgets: WidgetSchema?
    /// Element kinds the stream never creates: those a platform has no widget for (its testee's
    /// `lacks=`), or left out to narrow a campaign (`fuzz platform --kinds`). The application and
    /// frame views are always created: a stream cannot do without them.
    public var excludedKinds: Set<ElementKind> = []
    /// The rare case (``StreamGenerator/rareCaseCount``) the stream's rare steps start at, then
    /// in turn; nil: one drawn from the seed. A campaign gives run i the offset i (a stream of
    /// 300 commands holds two to four), so that its runs go through every case in turn.
    public var rareOffset: Int?

    public init() {}
  }

  /// A pager or flipper layout: its pages' ids (registered when it is built) and how many of them
  /// exist on the platform (pages are created in order, when first shown).
  struct Pages: Sendable {
    var id: Int32
    var pages: [Int32]
    var created: Int
  }

  /// A hidden container whose content the engine has registered but not created yet.
  struct LazyContent: Sendable {
    var container: Int32
    var reserved: [Int32]
  }

  public let seed: UInt64
  public let configuration: Configuration
  /// The stream ends after the step that reaches this many commands.
  public let commandLimit: Int
  /// The header to write before the records.
  public let header: TraceHeader
  /// Commands generated so far.
  public internal(set) var commandCount = 0
  /// Records generated so far (markers included).
  public internal(set) var recordCount = 0
  /// Labelled violations generated so far.
  public internal(set) var violationCount = 0

  var random: SplitMix64
  /// The content kinds the stream creates, with their weights (the excluded ones left out).
  let contentKinds: [(kind: ElementKind, weight: Int)]
  let contentWeight: Int
  /// The layout that holds a screen's content, a page, a dialog's or the drawer's: a linear
  /// layout, else another layout the stream may create; nil when it may create none.
  let columnKind: ElementKind?
  var tree = ShadowTree()
  var nextId: Int32 = 1
  var time: Double = 0
  var application: Int32 = 0
  /// Live screens (frame and OpenGL views), oldest first.
  var screens: [Int32] = []
  /// The active view and the history, as the model keeps them (docs/PROTOCOL.md §2.4).
  var front: Int32?
  var history: [Int32] = []
  var drawer: Int32?
  var drawerOpen = false
  var lazy: [LazyContent] = []
  var pagers: [Pages] = []
  /// Running timers: id and owner.
  var timers: [(id: Int32, owner: Int32)] = []
  /// Dialogs and action sheets on the platform's modal stack, the topmost last.
  var openModals: [Int32] = []
  /// Modals the platform answered, which the engine has still to remove.
  var answeredModals: [Int32] = []
  /// Detached elements the engine has still to delete.
  var unattached: [Int32] = []
  /// The last ids deleted, for commands that address what no longer exists.
  var recentlyDeleted: [Int32] = []
  var networkActivity = false
  /// Records of the current step, handed out by ``next()``.
  var pending: [TraceRecord] = []
  var pendingIndex = 0
  /// The batch being built.
  var batch: [Command] = []
  /// Custom widgets created, by id, with their kind (the mirror keeps `.custom` only); entries
  /// of deleted ones are dropped as they are met.
  var widgetKinds: [Int32: String] = [:]
  /// The rare cases sent so far, counted from the stream's first (``rareStep()``).
  var rareSent = 0
  var rareStart = 0
  /// The command count from which the next step is a rare one.
  var nextRare = StreamGenerator.rareEvery

  /// A generator of a stream of about `commands` commands (the last step may go a little past).
  public init(seed: UInt64, commands: Int, configuration: Configuration = Configuration()) {
    self.seed = seed
    self.commandLimit = commands
    self.configuration = configuration
    self.random = SplitMix64(seed: seed)
    let excluded = configuration.excludedKinds
    let column = ([.linearLayout, .frameLayout, .scrollLayout, .eventLayout, .tableLayout, .autoColumnLayout] as [ElementKind]).first { !excluded.contains($0) }
    // Pagers and flippers hold their pages in column layouts: without one, none.
    let kinds = Self.contentKinds.filter { !excluded.contains($0.kind) && (column != nil || ($0.kind != .pager && $0.kind != .flipperLayout)) }
    columnKind = column
    contentKinds = kinds
    contentWeight = kinds.reduce(0) { $0 + $1.weight }
    let percent = Format.number(configuration.violationPercent)
    header = TraceHeader(
      numbering: CommandNumbering.engine20181128.name,
      creator: "cmdtool fuzz streams --seed \(seed) --commands \(commands) --violations \(percent)",
      viewport: Viewport(width: 375, height: 667, scale: 2),
      preferences: ["lang": "fi", "theme": "dark", "user": "alice"],
      widgets: configuration.widgets?.reference)
  }

  /// The next record; nil once the stream has its commands.
  public mutating func next() -> TraceRecord? {
    while pendingIndex == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingIndex = 0
      guard commandCount < commandLimit else { return nil }
      step()
    }
    defer { pendingIndex += 1 }
    return pending[pendingIndex]
  }

  /// Every record of the stream (for tests and short streams).
  public static func records(seed: UInt64, commands: Int, configuration: Configuration = Configuration()) -> (header: TraceHeader, records: [TraceRecord]) {
    var generator = StreamGenerator(seed: seed, commands: commands, configuration: configuration)
    var records: [TraceRecord] = []
    while let record = generator.next() { records.append(record) }
    return (generator.header, records)
  }

  // MARK: - Steps

  /// Adds the records of one step to ``pending``.
  mutating func step() {
    if application == 0 { return start() }
    if commandCount >= nextRare {
      nextRare = commandCount + Self.rareEvery
      return rareStep()
    }
    if random.chance(percent: configuration.violationPercent) { return violate() }
    // The engine removes an answered dialog right after endModal returns.
    if !answeredModals.isEmpty && random.chance(70) { return dismissAnswered() }
    // While a dialog is open the user deals with it, mostly.
    if !openModals.isEmpty && random.chance(60) { return modalStep() }
    if random.chance(percent: configuration.platformPercent) { return platformStep() }
    if screens.isEmpty || (screens.count < configuration.screens && random.chance(8)) { return buildScreen() }
    let roll = random.below(1000)
    switch roll {
    case ..<560: updateBurst()
    case ..<600: addRows()
    case ..<630: removeRow()
    case ..<650: reorderRow()
    case ..<680: revealLazy()
    case ..<710: turnPage()
    case ..<750: switchScreen()
    case ..<770: tearDownScreen()
    case ..<800: showToast()
    case ..<815: createTimer()
    case ..<830: savePreferences()
    case ..<850: sendRequest()
    case ..<870: drawerStep()
    case ..<890: openModal()
    case ..<910: deleteUnattached()
    case ..<920: obscureStep()
    default: updateBurst()
    }
  }

  /// CREATE_APPLICATION, alone, as FWApplication::create sends it.
  mutating func start() {
    application = takeId()
    rareStart = configuration.rareOffset ?? random.below(Self.rareCaseCount)
    let key = random.chance(20) ? "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" : ""
    send(Command(.createApplication, childInternalId: application, textValue: "Generated app", textValue2: key, flags: key.isEmpty ? 0 : 128))
    tree.create(application, kind: .application, under: nil)
    commit()
  }

  // MARK: - Records

  /// A fresh id from the engine's one counter (elements and timers alike).
  mutating func takeId() -> Int32 {
    defer { nextId += 1 }
    return nextId
  }

  /// Appends a command to the batch being built.
  @inline(__always)
  mutating func send(_ command: Command) {
    batch.append(command)
  }

  /// How far the clock moves before a record: mostly a frame or a few, sometimes an idle while
  /// (toasts expire, timers tick), now and then a fraction of a millisecond.
  mutating func pause() -> Double {
    if random.chance(3) { return Double(300 + random.below(3700)) }
    if random.chance(percent: configuration.oddValuePercent) { return 0.25 * Double(random.below(4)) }
    return Double(1 + random.below(40))
  }

  /// Ends the batch being built as a record (nothing when it is empty).
  mutating func commit() {
    guard !batch.isEmpty else { return }
    time += pause()
    commandCount += batch.count
    append(.batch(batch, at: time))
    batch.removeAll(keepingCapacity: true)
  }

  /// Appends a record of the platform's (an event or a modal result).
  mutating func record(_ body: TraceRecord.Body) {
    commit()
    time += pause()
    append(TraceRecord(time: time, body))
  }

  mutating func append(_ record: TraceRecord) {
    recordCount += 1
    pending.append(record)
  }
}
