import CommandCodec
import Foundation
import Testing

// The example engine, run as a subprocess with a scripted standard input (cmdtool's side of
// docs/WIRE.md written by hand as JSON Lines) and its standard output decoded as a trace.

/// The ids the engine hands out, from its one counter (protocol notes §6).
enum Id {
  static let app: Int32 = 1
  static let loginView: Int32 = 2
  static let loginLayout: Int32 = 3
  static let title: Int32 = 4
  static let name: Int32 = 5
  static let password: Int32 = 6
  static let logIn: Int32 = 7
  static let itemsView: Int32 = 8
  static let itemsLayout: Int32 = 9
  static let heading: Int32 = 10
  static let list: Int32 = 11
  static let label: Int32 = 12
  static let image: Int32 = 13
  static let deleteAll: Int32 = 14
  static let timer: Int32 = 15
  static let dialog: Int32 = 16
  static let dialogDelete: Int32 = 17
  static let dialogCancel: Int32 = 18
}

/// What cmdtool writes on the engine's input, one JSON line at a time, 100 ms apart.
struct Script {
  private(set) var text = ""
  private var time = 0

  init(lastUser: String? = nil, header: Bool = true) {
    guard header else { return }
    let preferences = lastUser.map { ",\"preferences\":{\"lastUser\":\"\($0)\",\"theme\":\"dark\"}" } ?? ""
    text = "{\"trace\":1,\"creator\":\"cmdtool record\",\"viewport\":{\"width\":375,\"height\":667,\"scale\":2}\(preferences)}\n"
  }

  mutating func line(_ body: String, after milliseconds: Int = 100) {
    time += milliseconds
    text += "{\"t\":\(time),\(body)}\n"
  }

  mutating func click(_ id: Int32, value: Int32 = 1) { line("\"event\":\"ValueEvent\",\"target\":\(id),\"value\":\(value)") }
  mutating func type(_ id: Int32, _ text: String) { line("\"event\":\"ValueEvent\",\"target\":\(id),\"text\":\"\(text)\"") }
  mutating func tick(target: Int32 = Id.label, id: Int32 = Id.timer) { line("\"event\":\"TimerEvent\",\"target\":\(target),\"id\":\(id)", after: 500) }
  mutating func modal(_ dialog: Int32, value: Int32) { line("\"modal\":\(dialog),\"value\":\(value)") }
  mutating func back() { line("\"event\":\"SysEvent\",\"target\":0,\"type\":3") }
  mutating func sync(_ detail: String) { line("\"marker\":\"sync\",\"detail\":\"\(detail)\"", after: 0) }

  /// Fills the password and taps the login button.
  mutating func logIn(password: String = "secret") {
    type(Id.password, password)
    click(Id.logIn)
  }

  /// Takes the text so far (for writing a script in steps).
  mutating func take() -> String {
    defer { text = "" }
    return text
  }
}

func style(_ id: Int32, _ key: String, _ value: String, selector: Int32 = 0) -> Command {
  Command(.setStyle, internalId: id, value: selector, textValue: key, textValue2: value)
}

func sync(_ detail: String) -> TraceRecord.Body { .marker(label: "sync", detail: detail) }
let ready = TraceRecord.Body.marker(label: "ready", detail: "")

/// The bodies strictly between two records with the given bodies (the first occurrence of each).
func bodies(_ records: [TraceRecord], after start: TraceRecord.Body, until end: TraceRecord.Body) -> [TraceRecord.Body]? {
  let bodies = records.map(\.body)
  guard let from = bodies.firstIndex(of: start), let to = bodies[(from + 1)...].firstIndex(of: end) else { return nil }
  return Array(bodies[(from + 1)..<to])
}

/// The commands of the batches among `bodies`.
func commands(_ bodies: [TraceRecord.Body]) -> [Command] {
  bodies.flatMap { body -> [Command] in
    if case .batch(let commands) = body { return commands }
    return []
  }
}

/// Every SET_STYLE of a batch addresses the element created last before it: styles come right
/// after their element's CREATE_* (protocol notes §6).
func stylesFollowTheirCreate(_ batch: [Command]) -> Bool {
  var lastCreated: Int32?
  for command in batch {
    if command.type.name.hasPrefix("CREATE_") { lastCreated = command.childInternalId }
    if command.type == .setStyle && command.internalId != lastCreated { return false }
  }
  return true
}

func loginForm(name: String = "", button: String = "Log in") -> [Command] {
  [
    Command(.createFrameView, internalId: Id.app, childInternalId: Id.loginView),
    style(Id.loginView, "background-color", "#ffffff"),
    Command(.createLinearLayout, internalId: Id.loginView, childInternalId: Id.loginLayout, value: 1),
    style(Id.loginLayout, "padding", "24"),
    Command(.createText, internalId: Id.loginLayout, childInternalId: Id.title, textValue: "Log in to Example"),
    style(Id.title, "font-size", "large"),
    style(Id.title, "font-weight", "bold"),
    style(Id.title, "margin-bottom", "16"),
    Command(.createTextField, internalId: Id.loginLayout, childInternalId: Id.name, textValue: name),
    style(Id.name, "width", "match-parent"),
    style(Id.name, "hint", "User name"),
    Command(.createTextField, internalId: Id.loginLayout, childInternalId: Id.password, flags: 1),
    style(Id.password, "width", "match-parent"),
    style(Id.password, "hint", "Password"),
    Command(.createButton, internalId: Id.loginLayout, childInternalId: Id.logIn, textValue: button),
    style(Id.logIn, "background-color", "#2a6df4"),
    style(Id.logIn, "color", "#ffffff"),
    style(Id.logIn, "background-color", "#1d4fb8", selector: 1),
    style(Id.logIn, "margin-top", "16"),
  ]
}

let switchToItems: TraceRecord.Body = .batch([
  Command(.setVisibility, internalId: Id.itemsView, value: 1),
  Command(.setIntValue, internalId: Id.itemsView, value: 1),
  Command(.setIntValue, internalId: Id.app, childInternalId: Id.itemsView, value: 1),
])

func savePreferences(_ name: String) -> TraceRecord.Body {
  .batch([
    Command(.updatePreference, internalId: Id.app, textValue: "lastUser", textValue2: name),
    Command(.commitPreferences, internalId: Id.app),
  ])
}

@Suite("example-engine")
struct ExampleEngineTests {
  // MARK: - The session

  @Test func startsWithItsHeaderTheLoginFormAndReady() throws {
    var script = Script(lastUser: "carol")
    script.sync("1")
    let run = try EngineProcess.run(input: script.text)
    #expect(run.status == 0)
    let trace = run.trace
    #expect(trace.error == nil)
    #expect(trace.format == .jsonLines)
    #expect(trace.header == TraceHeader(numbering: "engine-2018-11-28", creator: "example-engine 1.0"))
    #expect(trace.records.map(\.body) == [
      .batch([Command(.createApplication, childInternalId: Id.app, textValue: "Example")]),
      .batch(loginForm(name: "carol")),  // prefilled with the stored lastUser
      .batch([Command(.setVisibility, internalId: Id.loginView, value: 1)]),
      ready,
      sync("1"),
    ])
    #expect(stylesFollowTheirCreate(loginForm()))
    // The sync echo is the marker as it was sent, time included.
    #expect(String(decoding: run.stdout, as: UTF8.self).hasSuffix("{\"t\":0,\"marker\":\"sync\",\"detail\":\"1\"}\n"))
  }

  @Test func emptyFieldsGetErrorsThatClearWhenFilled() throws {
    var script = Script()
    script.sync("start")
    script.click(Id.logIn)
    script.sync("both empty")
    script.type(Id.name, "dave")
    script.click(Id.logIn)
    script.sync("password empty")
    script.type(Id.password, "pw")
    script.click(Id.logIn)
    script.sync("valid")
    let records = try EngineProcess.run(input: script.text).records
    #expect(bodies(records, after: sync("start"), until: sync("both empty")) == [
      .batch([
        Command(.setError, internalId: Id.name, value: 1, textValue: "Enter your user name"),
        Command(.setError, internalId: Id.password, value: 1, textValue: "Enter your password"),
      ])
    ])
    #expect(bodies(records, after: sync("both empty"), until: sync("password empty")) == [
      .batch([
        Command(.setError, internalId: Id.name),
        Command(.setError, internalId: Id.password, value: 1, textValue: "Enter your password"),
      ])
    ])
    let valid = try #require(bodies(records, after: sync("password empty"), until: sync("valid")))
    #expect(valid.first == .batch([Command(.setError, internalId: Id.password)]))
    #expect(valid.dropFirst().first == .batch([Command(.createToast, internalId: Id.logIn, textValue: "Welcome, dave!")]))
  }

  @Test func validLoginToastsSavesPreferencesAndSwitchesToTheItems() throws {
    var script = Script(lastUser: "carol")
    script.sync("form")
    script.logIn()
    script.sync("in")
    let records = try EngineProcess.run(input: script.text).records
    let step = try #require(bodies(records, after: sync("form"), until: sync("in")))
    try #require(step.count == 5)
    #expect(step[0] == .batch([Command(.createToast, internalId: Id.logIn, textValue: "Welcome, carol!")]))
    #expect(step[1] == savePreferences("carol"))
    guard case .batch(let view) = step[2] else { Issue.record("no view batch"); return }
    #expect(view.first == Command(.createFrameView, internalId: Id.app, childInternalId: Id.itemsView))
    #expect(stylesFollowTheirCreate(view))
    #expect(view.contains(Command(.createListView, internalId: Id.itemsLayout, childInternalId: Id.list)))
    #expect(view.filter { $0.type == .addColumn }.map(\.textValue) == ["Item", "Count"])
    let cells = view.filter { $0.type == .setTextData }
    #expect(cells.count == 10)
    #expect(Set(cells.map(\.row)) == [0, 1, 2, 3, 4])
    #expect(cells.allSatisfy { $0.internalId == Id.list && $0.sheet == 0 })
    #expect(cells.first == Command(.setTextData, internalId: Id.list, textValue: "Apples"))
    #expect(view.contains(Command(.createText, internalId: Id.itemsLayout, childInternalId: Id.label, textValue: "Loading 0%")))
    let images = view.filter { $0.type == .createImageView || $0.type == .addImageURL }
    #expect(images == [
      Command(.createImageView, internalId: Id.itemsLayout, childInternalId: Id.image, textValue: "https://example.com/img/banner-320.png", width: 320, height: 80),
      Command(.addImageURL, internalId: Id.image, textValue: "https://example.com/img/banner-640.png", width: 640, height: 160),
      Command(.addImageURL, internalId: Id.image, textValue: "https://example.com/img/banner-1280.png", width: 1280, height: 320),
    ])
    #expect(view.contains(Command(.createButton, internalId: Id.itemsLayout, childInternalId: Id.deleteAll, textValue: "Delete all")))
    #expect(step[3] == switchToItems)
    #expect(step[4] == .batch([Command(.createTimer, internalId: Id.label, childInternalId: Id.timer, value: 500)]))
  }

  @Test func typedNameReplacesThePrefill() throws {
    var script = Script(lastUser: "carol")
    script.type(Id.name, "erin")
    script.logIn()
    script.sync("in")
    let records = try EngineProcess.run(input: script.text).records
    let all = commands(records.map(\.body))
    #expect(all.contains(Command(.createToast, internalId: Id.logIn, textValue: "Welcome, erin!")))
    #expect(all.contains(Command(.updatePreference, internalId: Id.app, textValue: "lastUser", textValue2: "erin")))
  }

  @Test func timerTicksDriveTheProgressLabelUntilItIsDeleted() throws {
    var script = Script()
    script.type(Id.name, "ann")
    script.logIn()
    script.sync("in")
    script.tick(id: 99)  // another timer: not the label's
    for _ in 1...10 { script.tick() }
    script.sync("done")
    script.tick()  // the label is gone: nothing more
    script.tick(target: Id.app, id: 0)
    script.sync("after")
    let records = try EngineProcess.run(input: script.text).records
    var expected: [TraceRecord.Body] = (1...10).map {
      .batch([Command(.setTextValue, internalId: Id.label, textValue: "Loading \($0 * 10)%")])
    }
    expected += [
      .batch([Command(.removeChild, internalId: Id.itemsLayout, childInternalId: Id.label)]),
      .batch([Command(.deleteElement, internalId: Id.label)]),
    ]
    #expect(bodies(records, after: sync("in"), until: sync("done")) == expected)
    #expect(bodies(records, after: sync("done"), until: sync("after")) == [])
  }

  @Test func applicationTicksWithoutAnIdAlsoDriveTheLabel() throws {
    var script = Script()
    script.type(Id.name, "ann")
    script.logIn()
    script.sync("in")
    script.tick(target: Id.app, id: 0)  // iOS: to the application, id 0
    script.sync("ticked")
    let records = try EngineProcess.run(input: script.text).records
    #expect(bodies(records, after: sync("in"), until: sync("ticked")) == [
      .batch([Command(.setTextValue, internalId: Id.label, textValue: "Loading 10%")])
    ])
  }

  /// The engine blocks in the dialog: while it is open, syncs are echoed and fields updated but
  /// nothing past startModal() happens until the result arrives.
  @Test func modalDialogBlocksUntilItsResult() throws {
    let engine = try EngineProcess()
    defer { engine.stop() }
    var script = Script(lastUser: "bob")
    script.logIn()
    script.sync("in")
    engine.send(script.take())
    try #require(engine.waitForSync("in"))

    script.click(Id.deleteAll)
    script.sync("open")
    engine.send(script.take())
    try #require(engine.waitForSync("open"))
    #expect(bodies(engine.records, after: sync("in"), until: sync("open")) == [
      .batch([
        Command(.createDialog, internalId: Id.itemsView, childInternalId: Id.dialog, textValue: "Delete all items?"),
        style(Id.dialog, "min-width", "280"),
        Command(.createButton, internalId: Id.dialog, childInternalId: Id.dialogDelete, textValue: "Delete"),
        style(Id.dialogDelete, "color", "#d93025"),
        Command(.createButton, internalId: Id.dialog, childInternalId: Id.dialogCancel, textValue: "Cancel"),
      ])
    ])

    // Still blocked: a text edit is taken, clicks behind the dialog, BACK and a result for
    // another dialog are not acted on, and the sync is echoed with nothing before it.
    script.type(Id.name, "zed")
    script.click(Id.deleteAll)
    script.click(Id.logIn)
    script.back()
    script.modal(99, value: 1)
    script.sync("waiting")
    engine.send(script.take())
    try #require(engine.waitForSync("waiting"))
    #expect(bodies(engine.records, after: sync("open"), until: sync("waiting")) == [])
    // Nor later: the engine answers its input in order, so anything it still had to write for
    // what came before would come before the echo of one more sync.
    script.sync("still")
    engine.send(script.take())
    try #require(engine.waitForSync("still"))
    #expect(bodies(engine.records, after: sync("waiting"), until: sync("still")) == [])

    script.modal(Id.dialog, value: 1)
    script.sync("closed")
    engine.send(script.take())
    try #require(engine.waitForSync("closed"))
    #expect(bodies(engine.records, after: sync("still"), until: sync("closed")) == [
      .batch([Command(.removeChild, internalId: Id.itemsView, childInternalId: Id.dialog)]),
      .batch([Command(.deleteElement, internalId: Id.dialog)]),
      .batch([Command(.deleteElement, internalId: Id.dialogDelete)]),
      .batch([Command(.deleteElement, internalId: Id.dialogCancel)]),
      .batch([
        Command(.reshapeSheet, internalId: Id.list, value: 0, sheet: 0),
        Command(.createToast, internalId: Id.deleteAll, textValue: "Deleted"),
      ]),
    ])

    // The name typed while the dialog was open counts.
    script.back()
    script.click(Id.logIn)
    script.sync("again")
    engine.send(script.take())
    engine.closeInput()
    #expect(engine.waitForExit() == 0)
    #expect(bodies(engine.records, after: sync("closed"), until: sync("again")) == [
      .batch([Command(.setIntValue, internalId: Id.loginView, value: 3)]),
      .batch([Command(.createToast, internalId: Id.logIn, textValue: "Welcome, zed!")]),
      savePreferences("zed"),
      switchToItems,  // the items view exists: only the switch
    ])
  }

  @Test func aValueEventToTheDialogAnswersIt() throws {
    var script = Script(lastUser: "bob")
    script.logIn()
    script.click(Id.deleteAll)
    script.sync("open")
    script.tick()  // the nested loop keeps handling timer ticks
    script.click(Id.dialog, value: 0)  // cancel
    script.sync("cancelled")
    script.modal(Id.dialog, value: 1)  // a late result: no dialog is open any more
    script.sync("late")
    let run = try EngineProcess.run(input: script.text)
    #expect(run.status == 0)
    #expect(bodies(run.records, after: sync("open"), until: sync("cancelled")) == [
      .batch([Command(.setTextValue, internalId: Id.label, textValue: "Loading 10%")]),
      .batch([Command(.removeChild, internalId: Id.itemsView, childInternalId: Id.dialog)]),
      .batch([Command(.deleteElement, internalId: Id.dialog)]),
      .batch([Command(.deleteElement, internalId: Id.dialogDelete)]),
      .batch([Command(.deleteElement, internalId: Id.dialogCancel)]),
    ])
    #expect(bodies(run.records, after: sync("cancelled"), until: sync("late")) == [])
  }

  @Test func backReturnsToTheLoginViewAndQuitsFromThere() throws {
    var script = Script(lastUser: "bob")
    script.logIn()
    script.sync("in")
    script.back()
    script.sync("back")
    script.back()
    script.sync("quit")
    let records = try EngineProcess.run(input: script.text).records
    #expect(bodies(records, after: sync("in"), until: sync("back")) == [
      .batch([Command(.setIntValue, internalId: Id.loginView, value: 3)])
    ])
    #expect(bodies(records, after: sync("back"), until: sync("quit")) == [.batch([Command(.quitApp)])])
  }

  @Test func endOfInputBeforeAnyHeaderStillShowsTheForm() throws {
    let run = try EngineProcess.run(input: "")
    #expect(run.status == 0)
    #expect(run.trace.error == nil)
    #expect(run.records.map(\.body).last == ready)

    // A header-less input: its first line is already a record.
    var script = Script(header: false)
    script.sync("1")
    let headerless = try EngineProcess.run(input: script.text)
    #expect(headerless.records.map(\.body).suffix(2) == [ready, sync("1")])
  }

  @Test func unreadableInputEndsTheEngineWithStatus2() throws {
    var script = Script()
    script.sync("1")
    script.line("\"event\":\"NoSuchEvent\",\"target\":1")
    script.sync("2")
    let run = try EngineProcess.run(input: script.text)
    #expect(run.status == 2)
    #expect(run.stderr.contains("cannot read the input"))
    #expect(run.stderr.contains("NoSuchEvent"))
    #expect(run.records.map(\.body).suffix(2) == [ready, sync("1")])
  }

  // MARK: - Binary

  @Test func binaryModeWritesTheSameSession() throws {
    var script = Script(lastUser: "bob")
    script.sync("form")
    script.click(Id.logIn)
    script.logIn()
    script.tick()
    script.click(Id.deleteAll)
    script.sync("open")
    script.modal(Id.dialog, value: 1)
    script.sync("end")
    let json = try EngineProcess.run(input: script.text)

    // cmdtool answers in the engine's encoding.
    let decodedScript = DecodedTrace(decoding: Array(script.text.utf8))
    try #require(decodedScript.error == nil)
    var encoder = TraceEncoder(format: .binary)
    var binaryScript: [UInt8] = []
    try encoder.encodeHeader(try #require(decodedScript.header), into: &binaryScript)
    for record in decodedScript.records { try encoder.encode(record, into: &binaryScript) }
    let binary = try EngineProcess.run(["--binary"], input: Data(binaryScript))

    #expect(binary.status == 0)
    #expect(binary.stdout.first == 0x89)
    #expect(json.stdout.first == UInt8(ascii: "{"))
    let trace = binary.trace
    #expect(trace.error == nil)
    #expect(trace.format == .binary)
    #expect(trace.header == json.trace.header)
    #expect(trace.records == json.records)
    #expect(trace.records.count > 20)
    #expect(commands(trace.records.map(\.body)).contains(Command(.createToast, internalId: Id.deleteAll, textValue: "Deleted")))
  }

  // MARK: - Test-support options

  @Test func changedVariantSaysSignInAndHello() throws {
    var script = Script(lastUser: "bob")
    script.sync("form")
    script.logIn()
    script.sync("in")
    let records = try EngineProcess.run(["--variant", "changed"], input: script.text).records
    #expect(records.map(\.body).dropFirst().first == .batch(loginForm(name: "bob", button: "Sign in")))
    #expect(bodies(records, after: sync("form"), until: sync("in"))?.first == .batch([Command(.createToast, internalId: Id.logIn, textValue: "Hello, bob!")]))
  }

  @Test func crashAfterWritesHalfARecordAndExits3() throws {
    var script = Script()
    script.sync("1")
    script.sync("2")
    script.sync("3")
    let run = try EngineProcess.run(["--crash-after", "2"], input: script.text)
    #expect(run.status == 3)
    #expect(run.stdout.last != UInt8(ascii: "\n"))
    let trace = run.trace
    #expect(trace.error?.code == .truncated)
    #expect(trace.records.map(\.body).suffix(2) == [ready, sync("1")])  // crashed on reading the 2nd

    let atOnce = try EngineProcess.run(["--crash-after=0"], input: script.text)
    #expect(atOnce.status == 3)
    #expect(atOnce.trace.error?.code == .truncated)
    #expect(atOnce.records.map(\.body).last == ready)

    let binary = try EngineProcess.run(["--binary", "--crash-after", "0"], input: "")
    #expect(binary.status == 3)
    #expect(binary.trace.error?.code == .truncated)
    #expect(binary.records.map(\.body).last == ready)
  }

  @Test func garbageFollowsTheReadyMarker() throws {
    var script = Script()
    script.sync("1")
    let run = try EngineProcess.run(["--garbage"], input: script.text)
    #expect(run.status == 0)
    let trace = run.trace
    #expect(trace.error != nil)
    #expect(trace.records.map(\.body).last == ready)
    let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
    #expect(lines.suffix(3) == ["{\"t\":0,\"marker\":\"ready\"}", "this line is not a trace record", "{\"t\":0,\"marker\":\"sync\",\"detail\":\"1\"}"])
  }

  @Test func closeEarlyClosesTheOutputButRunsUntilInputEnds() throws {
    let engine = try EngineProcess(["--close-early", "--exit-status", "0"])
    defer { engine.stop() }
    engine.send(Script().text)
    #expect(engine.waitForOutputToClose())
    #expect(engine.records.map(\.body).last == ready)
    // Still reading: a modal result for no dialog gets its line on standard error.
    var script = Script(header: false)
    script.modal(99, value: 1)
    script.sync("1")
    engine.send(script.take())
    #expect(engine.waitForError(containing: "ignored the modal result 1 for 99"))
    #expect(engine.isRunning)
    engine.closeInput()
    #expect(engine.waitForExit() == 0)
    #expect(engine.records.map(\.body).last == ready)
  }

  @Test func exitStatusIsUsedAtTheEndOfInput() throws {
    var script = Script()
    script.sync("1")
    let run = try EngineProcess.run(["--exit-status", "7"], input: script.text)
    #expect(run.status == 7)
    #expect(run.records.map(\.body).last == sync("1"))
  }

  @Test func hangStopsReadingAfterTheFirstButtonEvent() throws {
    let engine = try EngineProcess(["--hang"])
    defer { engine.stop() }
    var script = Script(lastUser: "bob")
    script.sync("before")
    script.logIn()
    script.sync("after")
    engine.send(script.take())
    // The click is handled (the view switch is written), then nothing: no echo.
    #expect(engine.waitForOutput { data in
      DecodedTrace(decoding: [UInt8](data)).records.contains { $0.body == .batch([Command(.createTimer, internalId: Id.label, childInternalId: Id.timer, value: 500)]) }
    })
    // The engine says when it stops reading; from then on it writes nothing.
    #expect(engine.waitForError(containing: "hanging (--hang): no more input is read"))
    #expect(!engine.records.contains { $0.body == sync("after") })
    #expect(engine.records.contains { $0.body == sync("before") })
    engine.closeInput()
    #expect(engine.isRunning)  // even the end of input goes unnoticed
  }

  @Test func noSyncNeverEchoes() throws {
    var script = Script(lastUser: "bob")
    script.sync("1")
    script.logIn()
    script.sync("2")
    let run = try EngineProcess.run(["--no-sync"], input: script.text)
    #expect(run.status == 0)
    #expect(!run.records.contains { if case .marker("sync", _) = $0.body { true } else { false } })
    #expect(commands(run.records.map(\.body)).contains(Command(.createToast, internalId: Id.logIn, textValue: "Welcome, bob!")))
  }

  @Test func floodWritesThatManyCommandsInBatchesOf1000() throws {
    var script = Script()
    script.sync("1")
    let run = try EngineProcess.run(["--flood", "2500"], input: script.text)
    #expect(run.status == 0)
    let flood = try #require(bodies(run.records, after: ready, until: sync("1")))
    #expect(flood.map { body -> Int in
      if case .batch(let commands) = body { return commands.count }
      return -1
    } == [1000, 1000, 500])
    let texts = commands(flood)
    #expect(texts.count == 2500)
    #expect(texts.allSatisfy { $0.type == .setTextValue && $0.internalId == Id.title })
    #expect(texts.prefix(2).map(\.textValue) == ["Flood 1", "Flood 2"])
    #expect(texts[999].textValue == "Flood 1000")
    #expect(texts.last?.textValue == "Flood 500")

    let binary = try EngineProcess.run(["--binary", "--flood", "1500"], input: "")
    #expect(binary.status == 0)
    #expect(binary.trace.error == nil)
    let binaryFlood = try #require(bodies(binary.records + [TraceRecord(time: 0, sync("end"))], after: ready, until: sync("end")))
    #expect(binaryFlood == flood.prefix(1) + [.batch(Array(texts[0..<500]))])
  }

  @Test func floodPauseWritesTheSameBatchesApart() throws {
    var script = Script()
    script.sync("1")
    let paused = try EngineProcess.run(["--flood", "2500", "--flood-pause", "20"], input: script.text)
    let plain = try EngineProcess.run(["--flood", "2500"], input: script.text)
    #expect(paused.status == 0)
    #expect(paused.records == plain.records)
  }

  @Test func stderrTextIsWrittenAtStart() throws {
    let run = try EngineProcess.run(["--stderr", "engine log line"], input: "")
    #expect(run.status == 0)
    #expect(run.stderr == "engine log line\n")
  }

  @Test func unknownOptionsAreRefused() throws {
    let run = try EngineProcess.run(["--frobnicate"], input: "")
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("unknown option \"--frobnicate\""))
  }
}
