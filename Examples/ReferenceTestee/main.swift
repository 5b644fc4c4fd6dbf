// reference-testee: a platform under test for `cmdtool conformance` that is the reference model
// itself (docs/CONFORMANCE.md §1), and with `--bug NAME` a platform with one known bug.
//
//   cmdtool conformance -- reference-testee
//   cmdtool conformance -- reference-testee --bug ignore-reorder
//
// The protocol side is the ConformanceTestee library (§6.2): this is only the platform.
// Files: Options.swift (command line), ReferencePlatform.swift (the model as a TesteePlatform),
// StateBuilder+UIState.swift (its state walked into the snapshot), TesteeDeclaration+Model.swift
// (what its hello's declarations mean for the model), Bugs.swift and StallingTransport.swift (the
// bugs), Partial.swift (`--partial`, a GTK-shaped platform that keeps only what it shows), Log.swift.

import CommandCodec
import ConformanceTestee
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
    fail("--widgets: \(error)", status: 2)
  }
}
// `--startup-delay`: a launch's cost (a simulator app), paid before the testee says anything.
if options.startupDelay > 0 { usleep(useconds_t(options.startupDelay) * 1000) }

// Standard input and output, or the socket of CMDTOOL_WIRE (its token sent first).
var transport: TesteeTransport
do {
  transport = try FileDescriptorTransport.fromEnvironment()
} catch {
  fail(error.message, status: 69)
}
let platform = ReferencePlatform(options: effective, widgets: widgets)
if options.bugs.contains(.stallOnBigRecords) {
  let stalling = StallingTransport(transport, onRecordsLongerThan: 1 << 16) { Bugs.stallForever(file: options.stallFile) }
  platform.stalling = stalling
  transport = stalling
}
platform.writeRaw = { [transport] bytes in try? transport.write(bytes) }
let session = TesteeSession(
  platform: platform, declaration: effective.declaration, creator: "reference-testee", format: options.binary ? .binary : .jsonLines,
  widgets: widgets, transport: transport, log: log)
platform.session = session
switch session.run() {
case .finished, .unsupported:
  exit(0)
case .failed(let error):
  // §1.6: input that is not a trace is cmdtool's own error (status 2); a connection that failed
  // leaves nobody to answer (status 1).
  if case .input = error { fail(error.description, status: 2) }
  fail(error.description, status: 1)
}
