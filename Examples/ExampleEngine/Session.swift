// The engine's state machine: start-up, the event loop, the modal dialog's nested loop, sync
// echoes, and the test-support misbehaviours of Options.

import CommandCodec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

final class Session {
  static let creator = "example-engine 1.0"
  static let numbering = CommandNumbering.engine20181128.name
  /// The preference the login form saves and prefills.
  static let lastUserKey = "lastUser"
  /// SysEvent BACK (notes §5).
  static let sysEventBack: Int32 = 3

  private let options: Options
  private let input = WireInput()
  private let output: WireOutput
  private var ids = IdCounter()
  private var application: Int32 = 0
  private var login: LoginScreen!
  private var items: ItemsScreen?
  /// The pie chart's view (`--widgets`), once opened.
  private var budget: BudgetScreen?
  /// The picker and scrolling list of `--screen choices`.
  private var choices: ChoicesScreen?
  /// The widget schema of `--widgets`: its codes for binary output, its name for the header.
  private let widgets: WidgetSchema?
  /// The active view and the views it replaced (FWApplication's history).
  private var activeView: Int32 = 0
  private var history: [Int32] = []
  /// The dialog the engine is blocked on, while it is.
  private var openDialog: Int32?
  /// How often "Delete all" was cancelled (`--bug crash-after-two-cancels`).
  private var cancels = 0
  /// The session clock of `--session-timer`, from the first event on.
  private var clock: SessionClock?
  /// The timers of `--timer-storm`, once created.
  private var storm: StormTimers?

  init(options: Options, widgets: WidgetSchema? = nil) {
    self.options = options
    self.widgets = widgets
    output = WireOutput(format: options.binary ? .binary : .jsonLines, widgets: widgets)
    if options.jitter > 0 { output.jitter = Jitter(maximum: options.jitter, seed: options.seed) }
    if let path = options.stress.inputLog { input.log = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644) }
  }

  func run() -> Never {
    if let text = options.stderrText {
      var bytes = Array(text.utf8)
      if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      _ = bytes.withUnsafeBytes { writeAll(2, $0) }
    }
    if options.ignoreSigterm { signal(SIGTERM, SIG_IGN) }
    if let file = options.childPidFile { startChild(writingItsIdTo: file) }
    // §2: the engine writes its header first, without waiting for cmdtool's.
    // A header that names the widget schema: cmdtool reads the chart's commands with the same one.
    output.writeHeader(TraceHeader(numbering: Self.numbering, creator: Self.creator, widgets: widgets?.reference))
    if let crashAfter = options.crashAfter {
      input.afterRecord = { [unowned self] count in
        if count >= crashAfter { crash() }
      }
    }
    if let fatalAfter = options.fatalErrorAfter {
      // A Swift crash as apps have them: a log line, then a trap whose report (the message,
      // frames, registers, images) the runtime's backtracer writes to the standard error.
      input.afterRecord = { count in
        guard count >= fatalAfter else { return }
        log("showing row 7 of the items")
        fatalError("the items list has no row 7 (--fatal-error-after \(fatalAfter))")
      }
    }
    // It needs the stored preferences before it builds its UI.
    let header = input.readHeader()
    start(preferences: header?.preferences ?? [:])
    if let milliseconds = options.stress.selfTick {
      var ticker = SelfTicker(milliseconds: milliseconds)
      input.idle = (wait: { ticker.wait }, action: { [unowned self] in output.send([Command(.setTextValue, internalId: login.title, textValue: ticker.tick())]) })
    }
    if options.garbage { output.writeRaw(Array("this line is not a trace record\n".utf8)) }
    if options.flood > 0 { flood(options.flood) }
    if options.closeEarly { output.closeForGood() }
    if options.crashAfter == 0 { crash() }

    while let record = input.next() {
      handle(record)
      options.stress.afterRecord(input.recordCount, output: output, title: login.title)
    }
    if options.linger {
      log("the input ended; lingering (--linger) until stopped")
      while true { sleep(3600) }
    }
    exit(options.exitStatus)
  }

  // MARK: - Start-up

  private func start(preferences: [String: String]) {
    application = ids.take()
    output.send([Command(.createApplication, childInternalId: application, textValue: "Example")])
    login = LoginScreen(ids: &ids, prefilledName: preferences[Self.lastUserKey] ?? "", variant: options.variant, passwordFlag: !options.noPasswordFlag, budgetButton: widgets != nil)
    output.send(login.createCommands(application: application))
    // The first view is active without a switch; showing it sends only its visibility.
    activeView = login.view
    output.send([Command(.setVisibility, internalId: login.view, value: 1)])
    if options.stress.timerStorm > 0 {
      let timers = StormTimers(count: options.stress.timerStorm, owner: login.title, ids: &ids)
      output.send(timers.createCommands)
      storm = timers
    }
    if options.screen == .choices {
      let screen = ChoicesScreen(ids: &ids, offByOne: options.pickerOffByOne)
      output.send(screen.createCommands(application: application))
      switchView(to: screen.view)
      choices = screen
    }
    output.marker("ready")
  }

  /// `--flood N`: N SET_TEXT_VALUE commands to the title ("Flood 1" … "Flood B" in each batch of
  /// `--flood-batch` B), written in large chunks, as fast as the pipe takes them.
  private func flood(_ count: Int) {
    let batchSize = options.floodBatch
    func batch(_ size: Int) -> TraceRecord {
      TraceRecord(time: output.time, .batch((0..<size).map { Command(.setTextValue, internalId: login.title, textValue: "Flood \($0 + 1)") }))
    }
    if options.floodPause > 0 {
      // Each batch on its own, then the pause: the flood lasts at least its pauses.
      for index in 0..<(count / batchSize) {
        if index > 0 { usleep(useconds_t(options.floodPause) * 1000) }
        output.append(batch(batchSize))
        output.flush()
      }
    } else if count >= batchSize {
      output.append(batch(batchSize), times: count / batchSize)
    }
    if count % batchSize > 0 { output.append(batch(count % batchSize)) }
    output.flush()
  }

  /// `--child-pid-file`: a child that would outlive the engine if nobody stopped its group.
  private func startChild(writingItsIdTo file: String) {
    var pid: pid_t = 0
    let arguments = ["sleep", "600"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard posix_spawnp(&pid, "sleep", nil, nil, &argv, environ) == 0 else {
      log("cannot start the child (--child-pid-file)")
      return
    }
    var text = Array("\(pid)\n".utf8)
    let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd >= 0 {
      _ = text.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    }
  }

  /// `--crash-after`: dies half-way through a record.
  private func crash() -> Never {
    let record = TraceRecord(time: output.time, .batch([Command(.setTextValue, internalId: login?.title ?? 0, textValue: "This record is cut off in the middle")]))
    output.crash(writingHalfOf: record, status: 3)
  }

  // MARK: - The event loop

  /// Handles one record from cmdtool. Everything it produces is written before it returns, so a
  /// sync marker is echoed only after what came before it (§4).
  private func handle(_ record: TraceRecord) {
    output.time = max(output.time, record.time)
    switch record.body {
    case .marker(let label, let detail):
      if label == "sync" && !options.noSync { output.marker(label, detail: detail) }
    case .event(let target, let event):
      dispatch(event, to: target)
    case .modalResult(let dialog, let value):
      log("ignored the modal result \(value) for \(dialog): no such dialog is open")
    case .batch:
      log("ignored a command batch on the input: commands go from the engine to the platform")
    }
  }

  private func dispatch(_ event: Event, to target: Int32) {
    if clock == nil, let interval = options.sessionTimer {
      // The session starts with the user's first action.
      let started = SessionClock(ids: &ids, layout: login.layout, stopAfter: options.sessionTimerStop)
      for commands in started.createCommands(interval: interval) { output.send(commands) }
      clock = started
    }
    if case .timer(let timer) = event, var session = clock, session.isTick(timer, target: target) {
      let calls = session.tick()
      clock = session
      for commands in calls { output.send(commands) }
      return
    }
    switch event {
    case .value(let value):
      if target == login.nameField {
        login.name = value.text
        if options.bugs.contains(.malformedAfterQuote) && value.text.contains("\"") {
          // The bug: a hand-built record that forgets to escape what the user typed.
          output.writeRaw(Array("{\"type\":\"SET_TEXT_VALUE\",\"internalId\":\(login.title),\"textValue\":\"Hello \(value.text)\"}\n".utf8))
        }
      } else if target == login.passwordField {
        login.password = value.text
      } else if target == login.button {
        buttonPressed { logIn() }
      } else if let items, target == items.deleteButton {
        buttonPressed { deleteAll() }
      } else if let budgetButton = login.budgetButton, target == budgetButton {
        buttonPressed { openBudget() }
      } else if var screen = budget, target == screen.addButton {
        buttonPressed {
          output.send(screen.raise())
          budget = screen
        }
      } else if let screen = budget, target == screen.chart {
        output.send(screen.tapped(value.value))
      } else if let screen = choices, target == screen.picker {
        output.send(screen.picked(value.value))
      }
    case .sys(let sys) where sys.type == Self.sysEventBack:
      back()
    case .scroll(let scroll) where target == choices?.scroll:
      var screen = choices!
      output.send(screen.scrolled(by: scroll.delta))
      choices = screen
    case .timer(let timer):
      if let storm, storm.ids.contains(timer.id) { return output.send(storm.answer(to: timer.id)) }
      guard var screen = items, screen.isTick(timer, target: target, application: application) else { return }
      let calls = screen.tick()
      items = screen
      for commands in calls { output.send(commands) }
    default:
      break  // image requests, visibility updates, …: nothing to do in this app
    }
  }

  /// Runs a button's action, unless a modal dialog covers the button (a platform would not send
  /// the click; the nested loop does not start a second dialog). `--hang` stops here.
  private func buttonPressed(_ action: () -> Void) {
    guard openDialog == nil else {
      log("ignored a click behind the open dialog \(openDialog!)")
      return
    }
    action()
    if options.hang { hangForever() }
  }

  private func hangForever() -> Never {
    log("hanging (--hang): no more input is read")
    while true { sleep(3600) }
  }

  // MARK: - Actions

  /// The login button: validate, then toast, save the user name and switch to the items view.
  private func logIn() {
    let (errors, isValid) = login.validate(expectedPassword: options.password)
    if !errors.isEmpty { output.send(errors) }
    guard isValid else { return }
    let greeting = options.variant == .changed ? "Hello, \(login.name)!" : "Welcome, \(login.name)!"
    output.send([Command(.createToast, internalId: login.button, textValue: greeting)])
    if options.leakPassword { leakPassword() }
    // FWApplication::savePreferences: changed keys, then always COMMIT (notes §6).
    var preferences = [Command(.updatePreference, internalId: application, textValue: Self.lastUserKey, textValue2: login.name)]
    if let lastLogin = options.lastLogin {
      preferences.append(Command(.updatePreference, internalId: application, textValue: "lastLogin", textValue2: lastLogin))
    }
    output.send(preferences + [Command(.commitPreferences, internalId: application)])
    if let screen = items, options.bugs.contains(.recreateItems) {
      // The bug: the view is built again with the ids it already has.
      output.send(screen.createCommands(application: application))
    }
    if items == nil {
      var screen = ItemsScreen(ids: &ids)
      output.send(screen.createCommands(application: application))
      switchView(to: screen.view)
      output.send([screen.createTimer(ids: &ids)])
      items = screen
    } else {
      switchView(to: items!.view)
    }
  }

  /// `--leak-password`: the typed password in an image's URL (the platform asks for it back in
  /// an ImageRequestEvent), as a marker's label and in a marker's detail.
  private func leakPassword() {
    let url = "https://cdn.example/a.png?token=" + login.password
    output.send([Command(.createImageView, internalId: login.layout, childInternalId: ids.take(), textValue: url, width: 32, height: 32)])
    output.marker(login.password)
    output.marker("login", detail: "password " + login.password)
  }

  /// The "Budget" button (`--widgets`): the pie chart's view, built the first time.
  private func openBudget() {
    if budget == nil {
      let screen = BudgetScreen(ids: &ids, step: options.chartStep, overflows: options.bugs.contains(.chartOverflow))
      output.send(screen.createCommands(application: application))
      budget = screen
    }
    switchView(to: budget!.view)
  }

  /// FWViewBase::show(): forward switch, the old view goes on the history.
  private func switchView(to view: Int32) {
    guard view != activeView else { return }
    history.append(activeView)
    activeView = view
    output.send(showCommands(view: view, application: application))
  }

  /// SysEvent BACK: back to the previous view (SET_INT_VALUE v=3 on it), or QUIT_APP with id 0
  /// when there is none, as the engine does on Android (notes §6).
  private func back() {
    guard openDialog == nil else {
      log("ignored BACK while the dialog \(openDialog!) is open")
      return
    }
    guard let previous = history.popLast() else {
      output.send([Command(.quitApp)])
      return
    }
    activeView = previous
    output.send([Command(.setIntValue, internalId: previous, value: 3)])
  }

  /// "Delete all": ask in a modal dialog, block until its result, then act on it.
  private func deleteAll() {
    guard let screen = items else { return }
    let dialog = DeleteDialog(ids: &ids, parent: screen.view)
    output.send(dialog.createCommands())
    guard let result = runModal(dialog.dialog) else { return }  // the input ended meanwhile
    for commands in dialog.teardown() { output.send(commands) }
    if result == 1 {
      output.send([screen.clearList(), Command(.createToast, internalId: screen.deleteButton, textValue: "Deleted")])
    } else if result == 0 {
      cancels += 1
      if cancels >= 2 && options.bugs.contains(.crashAfterTwoCancels) {
        log("cancelled twice (--bug crash-after-two-cancels): aborting")
        abort()
      }
    }
  }

  /// Element::showModal → startModal(): a nested event loop that handles everything else
  /// (sync markers, text edits, timer ticks) until the dialog's result arrives, as a modal-result
  /// record or a ValueEvent to the dialog. Nil when the input ends first.
  private func runModal(_ dialog: Int32) -> Int32? {
    openDialog = dialog
    defer { openDialog = nil }
    while let record = input.next() {
      output.time = max(output.time, record.time)
      switch record.body {
      case .modalResult(dialog, let value):
        return value
      case .event(dialog, .value(let event)):
        return event.value
      case .event(_, .sys(let sys)) where sys.type == Self.sysEventBack && options.bugs.contains(.hangOnBackInDialog):
        hangForever()
      default:
        handle(record)
      }
    }
    return nil
  }
}
