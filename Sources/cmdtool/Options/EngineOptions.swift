import ArgumentParser
import Replay

/// How cmdtool starts, waits for and stops a live engine: shared by `record` and
/// `replay --engine` (and every command that drives a peer over the wire).
struct EngineOptions: ParsableArguments {
  @Option(name: .long, help: "Seconds of silence from the engine, while cmdtool waits for its header, a sync echo or its exit, or for it to take what cmdtool writes, after which it counts as hung.")
  var timeout: Double = 10

  @Option(name: .long, help: "Seconds cmdtool waits for one answer (the header, a sync echo) while the engine keeps writing without giving it: an engine flooding the pipe. With --clock wall, the most cmdtool waits for the engine to be quiet for --settle before it goes on (an engine that ticks never is).")
  var maxWait: Double = 600

  @Option(name: .long, help: "Seconds between SIGTERM and SIGKILL when cmdtool stops the engine (a hung engine, Ctrl-C).")
  var grace: Double = 2

  @Option(name: .long, help: ArgumentHelp("Where the engine's records travel: stdio (its standard output and input), unix:PATH or tcp:PORT (a socket cmdtool listens on, on 127.0.0.1 for TCP; port 0 picks a free one). The engine finds the address in CMDTOOL_WIRE, and sends the token of CMDTOOL_WIRE_TOKEN and a newline first: other connections are refused.", valueName: "transport"))
  var listen: String = "stdio"

  /// The transport --listen names (checked by validate()).
  var transport: WireTransport { WireTransport(parsing: listen) ?? .stdio }

  func validate() throws {
    if !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
    if !(maxWait > 0) { throw ValidationError("--max-wait must be a positive number of seconds") }
    if !(grace >= 0) { throw ValidationError("--grace must be a number of seconds ≥ 0") }
    if WireTransport(parsing: listen) == nil {
      throw ValidationError("--listen \(listen) is not a transport: use stdio, unix:PATH or tcp:PORT")
    }
  }

  /// The limits, with the wall clock's settle time left to the caller.
  var limits: WireSession.Limits {
    var limits = WireSession.Limits()
    limits.timeout = timeout
    limits.maxWait = maxWait
    limits.grace = grace
    return limits
  }
}
