// reference-testee: a platform under test for `cmdtool conformance` that is the reference model
// itself (docs/CONFORMANCE.md §1), and with `--bug NAME` a platform with one known bug.
//
//   cmdtool conformance -- reference-testee
//   cmdtool conformance -- reference-testee --bug ignore-reorder
//
// Files: Options.swift (command line), Declaration.swift (the hello marker), Connection.swift (the
// socket transport), TesteeInput.swift and TesteeOutput.swift (the two byte streams),
// Request.swift (cmdtool's request markers), TesteeSession.swift (the cases, one or many per process), Bugs.swift (the bugs),
// Partial.swift (`--partial`, a GTK-shaped platform that keeps only what it shows).

import CommandCodec
import ReplayCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A parent may start the testee with signals blocked (Foundation's Process on Linux passes on the
// spawning thread's mask): unblock them all, so that cmdtool's SIGTERM at a timeout works.
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

var effective = options
if options.bugs.contains(.flakyReorder), let path = options.countFile, Bugs.countStart(in: path) % 2 == 1 {
  effective.bugs.insert(.ignoreReorder)
}
// The custom widgets this platform has: the project's schema file, loaded here (the header of a
// case only names the schema it needs, CONFORMANCE.md §1.2).
var widgets: WidgetSchema? = nil
if let path = options.widgets {
  do {
    widgets = try WidgetSchemaFile.load(path)
  } catch {
    log("--widgets: \(error)")
    exit(2)
  }
}
// `--startup-delay`: a launch's cost (a simulator app), paid before the testee says anything.
if options.startupDelay > 0 { usleep(useconds_t(options.startupDelay) * 1000) }
connectToCmdtoolIfAsked()
TesteeSession(options: effective, widgets: widgets).run()
