// What the engine shows: the login view, the items view and the "Delete all" dialog, as the
// commands that build and change them. No I/O here; Session sends what these return.

import CommandCodec

/// The engine's one id counter (protocol notes §6): elements and timers alike, from 1, never reused.
struct IdCounter {
  private var last: Int32 = 0

  mutating func take() -> Int32 {
    last += 1
    return last
  }
}

/// Collects the commands of one `sendCommands` call. An element's styles go right after its
/// CREATE_* in the same batch, as the engine sends its pending commands (notes §6).
struct BatchBuilder {
  private(set) var commands: [Command] = []

  mutating func add(_ command: Command) { commands.append(command) }

  mutating func add(_ type: CommandType, _ id: Int32, child: Int32 = 0, value: Int32 = 0, text: String = "", text2: String = "", flags: UInt32 = 0) {
    commands.append(Command(type, internalId: id, childInternalId: child, value: value, textValue: text, textValue2: text2, flags: flags))
  }

  /// SET_STYLE(id, selector, key, value); selector 0 is NORMAL, 1 ACTIVE (notes §4).
  mutating func style(_ id: Int32, _ key: String, _ value: String, selector: Int32 = 0) {
    add(.setStyle, id, value: selector, text: key, text2: value)
  }
}

/// Where a view goes when it becomes active: the engine's FWViewBase::show() (notes §6).
func showCommands(view: Int32, application: Int32) -> [Command] {
  [
    Command(.setVisibility, internalId: view, value: 1),
    Command(.setIntValue, internalId: view, value: 1),
    Command(.setIntValue, internalId: application, childInternalId: view, value: 1),
  ]
}

/// The first view: a title, a user-name field, a password field and a button.
struct LoginScreen {
  static let passwordFlag: UInt32 = 1  // COMMAND_FLAG_PASSWORD (notes §3)

  let view: Int32
  let layout: Int32
  let title: Int32
  let nameField: Int32
  let passwordField: Int32
  let button: Int32
  let buttonLabel: String
  /// The "Budget" button that opens the pie chart's view (`--widgets`), nil without it.
  let budgetButton: Int32?

  /// The engine's copies of the fields' texts.
  var name: String
  var password = ""
  /// Whether SET_ERROR v=1 is standing on each field.
  var nameHasError = false
  var passwordHasError = false

  /// Whether the password field is created with the password flag.
  let passwordFlagged: Bool

  init(ids: inout IdCounter, prefilledName: String, variant: Options.Variant, passwordFlag: Bool = true, budgetButton: Bool = false) {
    passwordFlagged = passwordFlag
    view = ids.take()
    layout = ids.take()
    title = ids.take()
    nameField = ids.take()
    passwordField = ids.take()
    button = ids.take()
    self.budgetButton = budgetButton ? ids.take() : nil
    name = prefilledName
    buttonLabel = variant == .changed ? "Sign in" : "Log in"
  }

  /// The view and its contents, one batch.
  func createCommands(application: Int32) -> [Command] {
    var batch = BatchBuilder()
    batch.add(.createFrameView, application, child: view)
    batch.style(view, "background-color", "#ffffff")
    batch.add(.createLinearLayout, view, child: layout, value: 1)  // FW_VERTICAL
    batch.style(layout, "padding", "24")
    batch.add(.createText, layout, child: title, text: "Log in to Example")
    batch.style(title, "font-size", "large")
    batch.style(title, "font-weight", "bold")
    batch.style(title, "margin-bottom", "16")
    batch.add(.createTextField, layout, child: nameField, text: name)
    batch.style(nameField, "width", "match-parent")
    batch.style(nameField, "hint", "User name")
    batch.add(.createTextField, layout, child: passwordField, flags: passwordFlagged ? Self.passwordFlag : 0)
    batch.style(passwordField, "width", "match-parent")
    batch.style(passwordField, "hint", "Password")
    batch.add(.createButton, layout, child: button, text: buttonLabel)
    batch.style(button, "background-color", "#2a6df4")
    batch.style(button, "color", "#ffffff")
    batch.style(button, "background-color", "#1d4fb8", selector: 1)
    batch.style(button, "margin-top", "16")
    if let budgetButton {
      batch.add(.createButton, layout, child: budgetButton, text: "Budget")
      batch.style(budgetButton, "margin-top", "8")
    }
    return batch.commands
  }

  static let missingName = "Enter your user name"
  static let missingPassword = "Enter your password"
  static let wrongPassword = "Wrong password"

  /// Validates the fields: SET_ERROR v=1 with a message on each empty one, v=0 on each that had
  /// an error and is now filled. Returns that batch (possibly empty) and whether both are filled.
  mutating func validate(expectedPassword: String? = nil) -> (errors: [Command], isValid: Bool) {
    var batch = BatchBuilder()
    if let expectedPassword, !password.isEmpty, password != expectedPassword {
      batch.add(.setError, passwordField, value: 1, text: Self.wrongPassword)
      passwordHasError = true
      return (batch.commands, false)
    }
    if name.isEmpty {
      batch.add(.setError, nameField, value: 1, text: Self.missingName)
      nameHasError = true
    } else if nameHasError {
      batch.add(.setError, nameField)
      nameHasError = false
    }
    if password.isEmpty {
      batch.add(.setError, passwordField, value: 1, text: Self.missingPassword)
      passwordHasError = true
    } else if passwordHasError {
      batch.add(.setError, passwordField)
      passwordHasError = false
    }
    return (batch.commands, !name.isEmpty && !password.isEmpty)
  }
}

/// The second view: a heading, a list of five items, a progress label driven by a timer, an image
/// with three sizes and a "Delete all" button.
struct ItemsScreen {
  static let items: [(name: String, count: String)] = [
    ("Apples", "12"), ("Bread", "2"), ("Coffee", "1"), ("Dates", "30"), ("Eggs", "6"),
  ]
  static let imageURLs: [(url: String, width: Int32, height: Int32)] = [
    ("https://example.com/img/banner-320.png", 320, 80),
    ("https://example.com/img/banner-640.png", 640, 160),
    ("https://example.com/img/banner-1280.png", 1280, 320),
  ]
  static let timerInterval: Int32 = 500

  let view: Int32
  let layout: Int32
  let heading: Int32
  let list: Int32
  let progressLabel: Int32
  let image: Int32
  let deleteButton: Int32
  /// Taken from the counter when the timer is created, after the view's elements.
  var timer: Int32 = 0
  /// Percent shown by the progress label; the label is deleted at 100.
  var progress = 0
  var labelExists = true

  init(ids: inout IdCounter) {
    view = ids.take()
    layout = ids.take()
    heading = ids.take()
    list = ids.take()
    progressLabel = ids.take()
    image = ids.take()
    deleteButton = ids.take()
  }

  /// The view and its contents, one batch (the list's columns, sheet and rows are pending
  /// commands of the list, so they follow its CREATE).
  func createCommands(application: Int32) -> [Command] {
    var batch = BatchBuilder()
    batch.add(.createFrameView, application, child: view)
    batch.style(view, "background-color", "#ffffff")
    batch.add(.createLinearLayout, view, child: layout, value: 1)
    batch.style(layout, "padding", "16")
    batch.add(.createText, layout, child: heading, text: "Your items")
    batch.style(heading, "font-size", "large")
    batch.style(heading, "font-weight", "bold")
    batch.add(.createListView, layout, child: list)
    batch.style(list, "width", "match-parent")
    batch.style(list, "weight", "1")
    batch.add(.addColumn, list, value: 1, text: "Item")  // TEXT
    batch.add(.addColumn, list, value: 2, text: "Count")  // NUMERIC
    batch.add(.addSheet, list, text: "Shopping")
    for (row, item) in Self.items.enumerated() {
      batch.add(Command(.setTextData, internalId: list, textValue: item.name, row: Int32(row), column: 0))
      batch.add(Command(.setTextData, internalId: list, textValue: item.count, row: Int32(row), column: 1))
    }
    batch.add(.createText, layout, child: progressLabel, text: "Loading 0%")
    batch.style(progressLabel, "margin-top", "8")
    let first = Self.imageURLs[0]
    batch.add(Command(.createImageView, internalId: layout, childInternalId: image, textValue: first.url, width: first.width, height: first.height))
    for source in Self.imageURLs.dropFirst() {
      batch.add(Command(.addImageURL, internalId: image, textValue: source.url, width: source.width, height: source.height))
    }
    batch.style(image, "width", "match-parent")
    batch.add(.createButton, layout, child: deleteButton, text: "Delete all")
    batch.style(deleteButton, "background-color", "#d93025")
    batch.style(deleteButton, "color", "#ffffff")
    batch.style(deleteButton, "margin-top", "16")
    return batch.commands
  }

  /// CREATE_TIMER owned by the progress label.
  mutating func createTimer(ids: inout IdCounter) -> Command {
    timer = ids.take()
    return Command(.createTimer, internalId: progressLabel, childInternalId: timer, value: Self.timerInterval)
  }

  /// Whether a TimerEvent to `target` is a tick of this screen's timer: the timer's id (Android,
  /// the reference model), or id 0 broadcast from the application or to the label (iOS, GTK).
  func isTick(_ event: TimerEvent, target: Int32, application: Int32) -> Bool {
    guard labelExists, timer != 0 else { return false }
    if event.id == timer { return true }
    return event.id == 0 && (target == progressLabel || target == application || target == 0)
  }

  /// One tick: the label's next text; at 100% the label goes, which stops its timer. Each inner
  /// array is one `sendCommands` call.
  mutating func tick() -> [[Command]] {
    progress += 10
    let text = [Command(.setTextValue, internalId: progressLabel, textValue: "Loading \(progress)%")]
    guard progress >= 100 else { return [text] }
    labelExists = false
    return [
      text,
      [Command(.removeChild, internalId: layout, childInternalId: progressLabel)],
      [Command(.deleteElement, internalId: progressLabel)],
    ]
  }

  /// Empties the list's sheet.
  func clearList() -> Command {
    Command(.reshapeSheet, internalId: list, value: 0, sheet: 0)
  }
}

/// "Delete all items?" with Delete (result 1) and Cancel (result 0).
struct DeleteDialog {
  let dialog: Int32
  let deleteButton: Int32
  let cancelButton: Int32
  let parent: Int32

  init(ids: inout IdCounter, parent: Int32) {
    self.parent = parent
    dialog = ids.take()
    deleteButton = ids.take()
    cancelButton = ids.take()
  }

  func createCommands() -> [Command] {
    var batch = BatchBuilder()
    batch.add(.createDialog, parent, child: dialog, text: "Delete all items?")
    batch.style(dialog, "min-width", "280")
    batch.add(.createButton, dialog, child: deleteButton, text: "Delete")
    batch.style(deleteButton, "color", "#d93025")
    batch.add(.createButton, dialog, child: cancelButton, text: "Cancel")
    return batch.commands
  }

  /// After the result: endModal's REMOVE_CHILD, then the dialog's and its buttons' destructors,
  /// each its own call (destructors send straight to the thread).
  func teardown() -> [[Command]] {
    [
      [Command(.removeChild, internalId: parent, childInternalId: dialog)],
      [Command(.deleteElement, internalId: dialog)],
      [Command(.deleteElement, internalId: deleteButton)],
      [Command(.deleteElement, internalId: cancelButton)],
    ]
  }
}
