import ArgumentParser
import CommandCodec
import Replay

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a long synthetic session: realistic load for replay, diff and platform tests.",
    discussion: """
      The session looks like an app in use for a long time: screens are built, styled, shown, \
      updated (mostly SET_STYLE, SET_TEXT_VALUE and SET_INT_VALUE, most on the screen in front) \
      and torn down the way the engine does it, keeping about --live-screens screens of 100 \
      elements alive. The same seed always gives the same trace. OUT is replaced only once the \
      whole trace is written; Ctrl-C or a full disk leaves it as it was, what was written in \
      OUT.partial.

        cmdtool generate /tmp/long.cmdtrace --commands 10000000
        cmdtool generate /tmp/small.jsonl --commands 5000 --seed 7
      """
  )

  @Argument(help: "The file to write (.jsonl or .cmdtrace, or - with --to).")
  var output: String

  @Option(name: .long, help: "How many commands to generate (the last batch may overshoot slightly).")
  var commands: Int = 100_000

  @Option(name: .long, help: "The random seed.")
  var seed: UInt64 = 1

  @Option(name: .long, help: "How many screens stay alive (100 elements each).")
  var liveScreens: Int = 100

  @Option(name: .long, help: "The output format: json or binary. Default: from the output's extension.")
  var to: TraceFormat?

  func validate() throws {
    if to == nil && TraceFormat(pathExtensionOf: output) == nil {
      throw ValidationError("cannot tell the output format from \"\(output)\": name it .jsonl or .cmdtrace, or pass --to json|binary")
    }
    if commands < 1 { throw ValidationError("--commands must be at least 1") }
    if liveScreens < 1 { throw ValidationError("--live-screens must be at least 1") }
  }

  func run() throws {
    var configuration = SessionGenerator.Configuration()
    configuration.liveScreens = liveScreens
    var generator = SessionGenerator(seed: seed, configuration: configuration)
    let header = TraceHeader(numbering: CommandNumbering.engine20181128.name, creator: "cmdtool \(CmdToolVersion.current) generate --seed \(seed)", viewport: Viewport(width: 375, height: 667, scale: 2))
    let writer: TraceFileWriter
    do {
      writer = try TraceFileWriter(path: output, format: to ?? TraceFormat(pathExtensionOf: output)!, header: header)
    } catch {
      throw error.reported()
    }
    // Ctrl-C keeps what was generated as OUT.partial, and OUT as it was.
    SignalTrap.install()
    let progress = ProgressReporter(generating: output, commands: commands)
    defer { progress.finish() }
    do {
      while generator.commandCount < commands, let record = generator.next() {
        if let signal = SignalTrap.caught {
          progress.finish()
          throw writer.abandoned(after: .interrupted(signal))
        }
        try writer.write(record)
        if generator.recordCount % ProgressReporter.recordsPerUpdate == 0 { progress.update(done: generator.commandCount) }
      }
      try writer.commit()
    } catch let error as TraceFileError {
      progress.finish()
      throw writer.abandoned(after: .failed(error))
    }
  }
}
