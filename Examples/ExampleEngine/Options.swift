/// The command line of the example engine.
///
/// Everything but `--binary`, `--variant` and `--widgets` exists for the recorder's tests: each
/// option makes the engine misbehave in one documented way (docs/WIRE.md §7).
struct Options {
  /// Which strings the screens show.
  enum Variant: String {
    /// "Log in", "Welcome, NAME!".
    case original
    /// "Sign in", "Hello, NAME!": the same session with different texts, for diff tests.
    case changed
  }

  /// Write the binary trace format instead of JSON Lines.
  var binary = false
  var variant = Variant.original
  /// A widget schema declaring CREATE_PIE_CHART (traces/widgets/chart.widgets.json): the login
  /// view gains a "Budget" button that opens a view with a custom pie chart (docs/WIDGETS.md §6.6).
  var widgets: String?
  /// A view the engine opens at start, over the login view (`--screen NAME`); nil for none.
  var screen: Screen?
  /// With `--screen choices`: the picked text names the fruit after the one picked (a build
  /// with a bug a replay should find, as `--chart-step` is).
  var pickerOffByOne = false
  /// How many per cent "Add 10%" raises the pie chart by: 10, or another number for a build
  /// with a bug a replay should find.
  var chartStep: Int32 = 10
  /// Exit with status 3 after this many records were read, half-way through writing a record.
  var crashAfter: Int?
  /// Call `fatalError` (a Swift crash, with its backtrace) after this many records were read.
  var fatalErrorAfter: Int?
  /// Write a line that is not a trace record after the ready marker.
  var garbage = false
  /// Close the standard output after the ready marker, but keep reading until the input ends.
  var closeEarly = false
  /// The exit status at the end of input.
  var exitStatus: Int32 = 0
  /// Stop reading after the first button event and sleep forever.
  var hang = false
  /// Never echo sync markers.
  var noSync = false
  /// Write this many SET_TEXT_VALUE commands after the ready marker, in batches of `floodBatch`.
  var flood = 0
  /// Commands per batch of the flood (engines really send a few per batch; 1000 is the kindest case).
  var floodBatch = 1000
  /// Milliseconds between two batches of the flood: a flood that lasts however fast the machine.
  var floodPause = 0
  /// Written to the standard error at start.
  var stderrText: String?
  /// The password the login checks ("Wrong password" otherwise); any non-empty one without it.
  var password: String?
  /// Create the password field without the password flag, as engines that drop creation flags do.
  var noPasswordFlag = false
  /// On login, put the typed password where engines leak a secret: an image URL
  /// (`…?token=PASSWORD`, which the platform requests back), a marker's label and its detail.
  var leakPassword = false
  /// Store this as the `lastLogin` preference on login: a value that changes every run.
  var lastLogin: String?
  /// Ignore SIGTERM (only SIGKILL ends the engine).
  var ignoreSigterm = false
  /// Keep running after the input ends, until stopped.
  var linger = false
  /// Start a child process (`sleep 600`) in the engine's process group and write its id here.
  var childPidFile: String?
  /// A session clock (a periodic timer every this many ms), started by the first event: each
  /// tick sets a "Session N" label (a timer-driven engine for wall-clock replays).
  var sessionTimer: Int?
  /// Delete the session label, which stops its timer, after this many ticks.
  var sessionTimerStop: Int?
  /// Sleep a random 0…this many ms before every write (output jitter, as a busy engine has).
  var jitter = 0
  /// The seed of the jitter's random delays.
  var seed: UInt64 = 1
  /// Bugs that only a particular sequence of interactions reveals, for the fuzzer's tests.
  var bugs: Set<Bug> = []
  /// Engines that strain the wire: stop reading, write without reading, storms of ticks.
  var stress = StressOptions()

  /// The views `--screen` opens at start.
  enum Screen: String {
    /// "Pick a fruit": a picker and a list long enough to scroll (ChoicesScreen).
    case choices
  }

  /// A bug a fuzzer should find (`--bug NAME`, repeatable).
  enum Bug: String, CaseIterable {
    /// Cancelling the "Delete all" dialog a second time aborts (signal 6).
    case crashAfterTwoCancels = "crash-after-two-cancels"
    /// The back key while the dialog is open stops the engine reading: it hangs.
    case hangOnBackInDialog = "hang-on-back-in-dialog"
    /// A user name with a double quote is echoed in a record with the quote unescaped.
    case malformedAfterQuote = "malformed-after-quote"
    /// Logging in again creates the items view again, with the ids it has (duplicate-create).
    case recreateItems = "recreate-items"
    /// With --widgets: "Add 10%" does not stop at 100, so the chart gets a percentage its
    /// schema refuses (widget-invalid-value) after the seventh tap.
    case chartOverflow = "chart-overflow"
  }

  static let usage = """
    usage: example-engine [options]

    A small engine that drives a login form, a list, a progress label, an image and a modal
    dialog over the wire protocol of docs/WIRE.md: it writes its trace header and command batches
    to the standard output and reads cmdtool's header, events, modal results and sync markers
    from the standard input. It exits when the input ends.

    options:
      --binary            write the binary trace format (default: JSON Lines)
      --variant NAME      original (default) or changed ("Sign in", "Hello, NAME!")
      --widgets FILE      a widget schema declaring CREATE_PIE_CHART (e.g.
                          traces/widgets/chart.widgets.json): a "Budget" button under the login
                          form opens a view with a pie chart, raised by "Add 10%"
      --screen choices    open a view with a picker and a list long enough to scroll at start,
                          over the login view (back returns to it); texts say what was picked
                          and how far the list is scrolled
      --picker-off-by-one with --screen choices: the picked text names the next fruit (a bug)
    test support (engines that misbehave):
      --crash-after N     after N records read, write half a record and exit with status 3
      --fatal-error-after N  after N records read, call fatalError (a Swift crash report)
      --garbage           write a line that is not a trace record after the ready marker
      --close-early       close the standard output after the ready marker; run until input ends
      --exit-status N     exit with status N at the end of input
      --hang              after the first button event, stop reading and sleep forever
      --no-sync           never echo sync markers
      --flood N           after the ready marker, write N SET_TEXT_VALUE commands
      --flood-batch B     commands per batch of the flood (default 1000)
      --flood-pause MS    MS milliseconds between two batches of the flood (default 0)
      --stderr TEXT       write TEXT (and a newline) to the standard error at start
      --password TEXT     the login accepts only this password ("Wrong password" otherwise)
      --no-password-flag  create the password field without the password flag
      --leak-password     on login, put the typed password in an image URL (?token=…), a
                          marker's label and a marker's detail
      --last-login TEXT   store TEXT as the lastLogin preference on login
      --ignore-sigterm    ignore SIGTERM (only SIGKILL ends the engine)
      --linger            keep running after the input ends, until stopped
      --child-pid-file F  start a child (sleep 600) and write its process id to F
      --chart-step N      with --widgets: "Add 10%" raises the chart by N per cent (a bug unless 10)
    timing (engines whose runs are never the same twice):
      --session-timer MS  on the first event, add a label "Session 0" and a timer every MS ms that
                          counts it up ("Session 1", …)
      --session-timer-stop N  delete that label (which stops its timer) after N ticks
      --jitter MS         sleep a random 0…MS ms before every write
      --seed N            the seed of --jitter's random delays (default 1)
    \(StressOptions.usage)    bugs a fuzzer should find (repeatable):
      --bug crash-after-two-cancels   cancelling "Delete all" a second time aborts (signal 6)
      --bug hang-on-back-in-dialog    the back key while the dialog is open hangs the engine
      --bug malformed-after-quote     a user name with " is echoed unescaped (malformed output)
      --bug recreate-items            logging in again re-creates the items view (duplicate-create)
      --bug chart-overflow            with --widgets: "Add 10%" goes past 100 (widget-invalid-value)
      --help              show this text

    """

  struct UsageError: Error {
    var message: String
  }

  /// Parses the arguments (without the program name). `--name=value` is accepted too.
  init(parsing arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
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
      switch name {
      case "--binary": binary = try flag()
      case "--variant":
        let text = try value()
        guard let parsed = Variant(rawValue: text) else {
          throw UsageError(message: "--variant is original or changed, not \"\(text)\"")
        }
        variant = parsed
      case "--widgets": widgets = try value()
      case "--picker-off-by-one": pickerOffByOne = try flag()
      case "--screen":
        let text = try value()
        guard let parsed = Screen(rawValue: text) else { throw UsageError(message: "--screen is choices, not \"\(text)\"") }
        screen = parsed
      case "--chart-step":
        let step = try count()
        guard step <= 100 else { throw UsageError(message: "--chart-step is 0…100, not \(step)") }
        chartStep = Int32(step)
      case "--crash-after": crashAfter = try count()
      case "--fatal-error-after": fatalErrorAfter = try count()
      case "--garbage": garbage = try flag()
      case "--close-early": closeEarly = try flag()
      case "--exit-status":
        let status = try count()
        guard status <= 255 else { throw UsageError(message: "--exit-status is 0…255, not \(status)") }
        exitStatus = Int32(status)
      case "--hang": hang = try flag()
      case "--no-sync": noSync = try flag()
      case "--flood": flood = try count()
      case "--flood-batch":
        floodBatch = try count()
        guard floodBatch >= 1 else { throw UsageError(message: "--flood-batch is at least 1") }
      case "--flood-pause": floodPause = try count()
      case "--stderr": stderrText = try value()
      case "--password": password = try value()
      case "--no-password-flag": noPasswordFlag = try flag()
      case "--leak-password": leakPassword = try flag()
      case "--last-login": lastLogin = try value()
      case "--ignore-sigterm": ignoreSigterm = try flag()
      case "--linger": linger = try flag()
      case "--child-pid-file": childPidFile = try value()
      case "--session-timer":
        let interval = try count()
        guard interval >= 1 else { throw UsageError(message: "--session-timer is at least 1 ms") }
        sessionTimer = interval
      case "--session-timer-stop": sessionTimerStop = try count()
      case "--jitter": jitter = try count()
      case "--seed":
        let text = try value()
        guard let number = UInt64(text) else { throw UsageError(message: "--seed needs a whole number ≥ 0, not \"\(text)\"") }
        seed = number
      case "--bug":
        let text = try value()
        guard let bug = Bug(rawValue: text) else {
          throw UsageError(message: "--bug is one of \(Bug.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
        }
        bugs.insert(bug)
      case "--help", "-h": throw UsageError(message: "")
      default:
        if try !stress.parse(name, value: value, count: count) { throw UsageError(message: "unknown option \"\(argument)\"") }
      }
    }
  }
}
