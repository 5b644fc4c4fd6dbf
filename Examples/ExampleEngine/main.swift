// example-engine: a small app that drives a UI by sending commands over the wire protocol of
// docs/WIRE.md, with cmdtool (or anything that speaks the protocol) playing the platform.
//
//   swift run example-engine < script.jsonl
//   cmdtool record -- example-engine          (the recorder starts it as its child)
//
// Files: Options.swift (command line), Connection.swift (the socket transport), WireIO.swift (the
// two byte streams), Screens.swift (the commands of each screen), Budget.swift (the custom pie
// chart of --widgets), Choices.swift (the picker and scrolling list of --screen choices),
// SessionClock.swift (the timer of --session-timer, the pauses of --jitter),
// Session.swift (the state machine).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A parent may start the engine with signals blocked (Foundation's Process on Linux passes on
// the spawning thread's mask): unblock them all, so that SIGTERM from cmdtool's --timeout works.
var noSignals = sigset_t()
sigemptyset(&noSignals)
sigprocmask(SIG_SETMASK, &noSignals, nil)

// A reader that goes away makes write() fail with EPIPE, reported and handled, instead of a
// silent death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)

let options: Options
do {
  options = try Options(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
  if error.message.isEmpty {
    print(Options.usage, terminator: "")
    exit(0)
  }
  log(error.message)
  log("run with --help for the options")
  exit(64)
}

let widgets = options.widgets.map(loadWidgetSchema)
connectToCmdtoolIfAsked()
Session(options: options, widgets: widgets).run()
