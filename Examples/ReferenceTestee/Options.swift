import ConformanceTestee
import ReplayCore

/// The command line of the reference testee.
///
/// `--profile`, `--reports` and `--events` change only what the hello marker declares
/// (docs/CONFORMANCE.md §1.2); the testee always computes the whole state and every event, and
/// sends the events of the declared kinds. `--bug` makes it a platform with one known bug, so the
/// conformance runner's tests can check that exactly the cases about that bug fail.
struct Options {
  /// A bug of a platform layer (`--bug NAME`, repeatable). Each changes one thing, named here.
  enum Bug: String, CaseIterable {
    /// REORDER_CHILD commands are dropped: children keep their creation order.
    case ignoreReorder = "ignore-reorder"
    /// Toasts never leave the screen: snapshots list every toast ever shown, expired ones too.
    case neverExpireToasts = "never-expire-toasts"
    /// A tap on a switch sends (and shows) its current value instead of the toggled one.
    case wrongSwitchValue = "wrong-switch-value"
    /// SET_STYLE with the ACTIVE selector (1) is dropped.
    case loseActiveStyles = "lose-active-styles"
    /// DELETE_ELEMENT of an id that is not live aborts the process (signal 6).
    case crashOnUnknownDelete = "crash-on-unknown-delete"
    /// Every sync echo waits `--delay` milliseconds of wall time first.
    case slow
    /// Every other start (counted in `--count-file`) ignores REORDER_CHILD: a platform that is
    /// not deterministic, for `cmdtool conformance --repeat`.
    case flakyReorder = "flaky-reorder"
    /// Custom widgets ignore the `min` and `max` of their schema: an out-of-range value is stored
    /// instead of refused (widget-invalid-value).
    case acceptOutOfRange = "accept-out-of-range"
    /// An `event` request (a custom widget's named event with payloads) does what a plain tap
    /// does: the widget's click with its first valid payloads, whatever event was asked for.
    case eventAsTap = "event-as-tap"
    /// A record longer than 64 KiB (a typed text of 300 KB) stops the testee reading: it waits
    /// forever in the middle of the record, and cmdtool's write cannot finish.
    case stallOnBigRecords = "stall-on-big-records"
    /// CREATE_TEXTFIELD and CREATE_TEXTVIEW lose their t1: fields start empty (a Required part
    /// dropped, as GTK's entries did).
    case dropInitialText = "drop-initial-text"
    /// A select in a picker sends (and shows) the option after the one chosen: a second bug
    /// that shows as a wrong ValueEvent, beside `wrong-switch-value`.
    case wrongPickerValue = "wrong-picker-value"
    /// SET_ERROR with a value and an empty text clears the error instead of setting an empty
    /// one: a bug in a command's edge value, which generated streams seldom send.
    case clearOnEmptyError = "clear-on-empty-error"
    /// Snapshots report the application's name as "GTK application" (GTK's window title), not
    /// CREATE_APPLICATION's t1: a systematic gap in every case's first step.
    case renameApplication = "rename-application"
    /// Typing sends (and shows) the text without its last character.
    case dropLastTypedCharacter = "drop-last-typed-character"
    /// QUIT_APP ends the process with exit(0) (a platform that takes it as "quit the process").
    case exitOnQuit = "exit-on-quit"
    /// With `--sessions many`: the reset after a case keeps the model (its elements, timers,
    /// toasts...) and the next case starts on it (docs/CONFORMANCE.md §1.9).
    case keepStateOnReset = "keep-state-on-reset"
    /// With `--sessions many`: the reset after a case never ends (no new header, no hello).
    case hangOnReset = "hang-on-reset"
    /// With `--sessions many`: the hello after a reset declares another profile.
    case changeHelloOnReset = "change-hello-on-reset"
    /// With `--sessions many`: after the `end` marker, a line of text before the new header.
    case garbageAfterEnd = "garbage-after-end"

    /// The bugs of the reset between cases, which need `--sessions many`.
    static let ofReset: Set<Bug> = [.keepStateOnReset, .hangOnReset, .changeHelloOnReset, .garbageAfterEnd]
  }

  /// Write the binary trace format instead of JSON Lines.
  var binary = false
  /// The profiles a testee may declare (docs/CONFORMANCE.md §1.2).
  static let profiles = ["ios", "android", "gtk", "other"]

  /// What the hello marker declares. Android by default: where PROTOCOL.md §6 had to choose, the
  /// model follows Android more often than any other platform (toast durations, preferences,
  /// QUIT_APP, timers' ids). The model computes every part and every event, so it declares them all.
  var declaration = TesteeDeclaration(profile: "android", reports: TesteeDeclaration.allReports, events: TesteeDeclaration.allEvents)
  var bugs: Set<Bug> = []
  /// `--partial`: the GTK-shaped platform of ``Partial``.
  var partial = false
  /// The wait before each sync echo with `--bug slow`, in milliseconds.
  var delay = 2000
  /// Where `--bug flaky-reorder` counts its starts.
  var countFile: String?
  /// The widget schema file the testee loads (`--widgets`): the custom widgets it has.
  var widgets: String?
  /// `--no-widget-events`: the `event` request is answered unsupported, as by a platform that
  /// cannot perform its widgets' gestures (docs/CONFORMANCE.md §1.3).
  var noWidgetEvents = false
  /// Created when `--bug stall-on-big-records` stalls, so a test can wait for that moment.
  var stallFile: String?
  /// Milliseconds to wait before the header (`--startup-delay`): a simulator app's launch.
  var startupDelay = 0
  /// The case after whose end the reset bugs strike (`--bug-case`); nil: after every case.
  var bugCase: String?

  static let usage = """
    usage: reference-testee [options]

    A platform testee for `cmdtool conformance` (docs/CONFORMANCE.md §1) that is the reference
    model itself: it applies cmdtool's command batches to the model, acts out the requests (tap,
    type, select, choose, back, event, advance, state, sync) and sends the events the model
    computes.
    It writes to its standard output and reads its standard input, or the socket named in
    CMDTOOL_WIRE. It exits when the input ends.

    options:
      --binary            write the binary trace format (default: JSON Lines)
      --profile NAME      the profile it declares: ios, android (default), gtk or other
      --reports LIST      the state parts it declares, comma-separated (default: all of them:
                          \(TesteeDeclaration.allReports.joined(separator: ",")))
      --events LIST       the event kinds it declares and sends (default: \(TesteeDeclaration.allEvents.joined(separator: ",")))
      --partial           a platform that keeps only what it shows, with top-level dialogs, the
                          history in the engine and 14 kinds missing (Partial.swift); it declares
                          profile gtk, events user,timer,image and the three below
      --lacks LIST        the element kinds it declares it has no widget for (--partial: its 14);
                          without --partial, a batch that creates one is answered unsupported
      --toplevel LIST     the kinds it declares it keeps at the top level (--partial: dialog,actionBar)
      --history WHERE     declare history=engine or history=platform (--partial: engine)
      --sessions one|many declare sessions=one (default: exit when the input ends) or
                          sessions=many: serve case after case, resetting on each end marker
                          (docs/CONFORMANCE.md §1.9)
      --startup-delay MS  wait MS milliseconds before writing the header (an app's launch)
      --widgets FILE      the widget schema (.widgets.json) whose custom widgets it has; a case
                          whose header names another schema, or any without it, is answered
                          unsupported (docs/CONFORMANCE.md §1.2)
      --no-widget-events  answer the event request (a custom widget's named event) unsupported,
                          as a platform that cannot perform its widgets' gestures
    test support:
      --protocol N        declare protocol N instead of 1 (a testee cmdtool must refuse)
    bugs (repeatable), each a platform that fails particular conformance cases:
      --bug ignore-reorder           REORDER_CHILD does nothing
      --bug never-expire-toasts      toasts never leave the state
      --bug wrong-switch-value       a tap on a switch sends and shows its current value
      --bug lose-active-styles       SET_STYLE with the ACTIVE selector (1) is dropped
      --bug crash-on-unknown-delete  DELETE_ELEMENT of an id that is not live aborts (signal 6)
      --bug slow                     every sync echo waits --delay MS (default 2000) first
      --bug flaky-reorder            every other start ignores REORDER_CHILD (--count-file PATH
                                     counts the starts)
      --bug accept-out-of-range      custom widgets store values outside their schema's min
                                     and max instead of refusing them (needs --widgets)
      --bug event-as-tap             an event request on a custom widget sends its plain tap's
                                     event instead of the one named, with its payloads
      --bug rename-application       snapshots name the application "GTK application"
      --bug drop-last-typed-character  typing sends and shows the text less its last character
      --bug exit-on-quit             QUIT_APP ends the process with exit(0)
      --bug stall-on-big-records     a record longer than 64 KiB stops the testee reading in
                                     its middle, for good (--stall-file PATH is created then)
      --bug drop-initial-text        text fields and text views start empty (t1 dropped)
      --bug wrong-picker-value       a select in a picker sends and shows the next option
      --bug clear-on-empty-error     SET_ERROR with a value and an empty text clears the error
    bugs of the reset between cases (with --sessions many; --bug-case NAME: only at the end of
    the case NAME, else at every end):
      --bug keep-state-on-reset      the next case starts on the last one's state
      --bug hang-on-reset            the reset never ends
      --bug change-hello-on-reset    the hello after the reset declares another profile
      --bug garbage-after-end        a line of text before the new header
      --help              show this text

    """

  struct UsageError: Error {
    var message: String
  }

  /// Parses the arguments (without the program name). `--name=value` is accepted too.
  init(parsing arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    var delayGiven = false
    var given: Set<String> = []
    while let argument = rest.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = rest.popFirst() else { throw UsageError(message: "\(name) needs a value") }
        return next
      }
      func count() throws(UsageError) -> Int {
        let text = try value()
        guard let number = Int(text), number >= 0 else {
          throw UsageError(message: "\(name) needs a whole number ≥ 0, not \"\(text)\"")
        }
        return number
      }
      func flag() throws(UsageError) -> Bool {
        if inlineValue != nil { throw UsageError(message: "\(name) takes no value") }
        return true
      }
      /// A comma-separated list whose items all come from `known` (empty: none).
      func list(of known: [String]) throws(UsageError) -> [String] {
        let items = try value().split(separator: ",", omittingEmptySubsequences: true).map(String.init)
        if let unknown = items.first(where: { !known.contains($0) }) {
          throw UsageError(message: "\(name) takes \(known.joined(separator: ", ")), not \"\(unknown)\"")
        }
        return items
      }
      given.insert(name)
      switch name {
      case "--binary": binary = try flag()
      case "--partial": partial = try flag()
      case "--toplevel": declaration.topLevel = try list(of: ElementKind.allCases.map(\.rawValue))
      case "--history":
        let text = try value()
        guard text == "engine" || text == "platform" else { throw UsageError(message: "--history is engine or platform, not \"\(text)\"") }
        declaration.history = text
      case "--profile":
        let text = try value()
        guard Self.profiles.contains(text) else {
          throw UsageError(message: "--profile is one of \(Self.profiles.joined(separator: ", ")), not \"\(text)\"")
        }
        declaration.profile = text
      case "--reports": declaration.reports = try list(of: TesteeDeclaration.allReports)
      case "--events": declaration.events = try list(of: TesteeDeclaration.allEvents)
      case "--lacks": declaration.lacks = try list(of: ElementKind.allCases.map(\.rawValue))
      case "--protocol": declaration.protocolVersion = try count()
      case "--bug":
        let text = try value()
        guard let bug = Bug(rawValue: text) else {
          throw UsageError(message: "--bug is one of \(Bug.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
        }
        bugs.insert(bug)
      case "--delay":
        delay = try count()
        delayGiven = true
      case "--count-file": countFile = try value()
      case "--widgets": widgets = try value()
      case "--no-widget-events": noWidgetEvents = try flag()
      case "--stall-file": stallFile = try value()
      case "--sessions":
        let text = try value()
        guard text == "one" || text == "many" else { throw UsageError(message: "--sessions is one or many, not \"\(text)\"") }
        declaration.servesManySessions = text == "many"
      case "--startup-delay": startupDelay = try count()
      case "--bug-case": bugCase = try value()
      case "--help", "-h": throw UsageError(message: "")
      default: throw UsageError(message: "unknown option \"\(argument)\"")
      }
    }
    // --partial declares what it is unless told otherwise (an empty list declares nothing, so a
    // test can see the same platform fail without its declarations).
    if partial {
      if !given.contains("--profile") { declaration.profile = "gtk" }
      if !given.contains("--events") { declaration.events = ["user", "timer", "image"] }
      if !given.contains("--lacks") { declaration.lacks = Partial.lacks.map(\.rawValue) }
      if !given.contains("--toplevel") { declaration.topLevel = Partial.topLevel.map(\.rawValue) }
      if !given.contains("--history") { declaration.history = "engine" }
    }
    // A delay without the bug would be silently ignored: say so instead.
    if delayGiven && !bugs.contains(.slow) { throw UsageError(message: "--delay needs --bug slow") }
    if bugs.contains(.flakyReorder) != (countFile != nil) { throw UsageError(message: "--bug flaky-reorder and --count-file PATH go together") }
    if bugs.contains(.acceptOutOfRange) && widgets == nil { throw UsageError(message: "--bug accept-out-of-range needs --widgets FILE") }
    if bugs.contains(.eventAsTap) && widgets == nil { throw UsageError(message: "--bug event-as-tap needs --widgets FILE") }
    if !bugs.isDisjoint(with: Bug.ofReset) && !declaration.servesManySessions { throw UsageError(message: "--bug \(bugs.intersection(Bug.ofReset).map(\.rawValue).sorted()[0]) needs --sessions many") }
    if bugCase != nil && bugs.isDisjoint(with: Bug.ofReset) { throw UsageError(message: "--bug-case needs a bug of the reset (\(Bug.ofReset.map(\.rawValue).sorted().joined(separator: ", ")))") }
    if stallFile != nil && !bugs.contains(.stallOnBigRecords) { throw UsageError(message: "--stall-file needs --bug stall-on-big-records") }
  }
}
