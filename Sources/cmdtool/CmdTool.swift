import ArgumentParser

@main
struct CmdTool: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cmdtool",
    abstract: "Record, replay, diff and check the command protocol between a UI engine and its platform.",
    discussion: """
      A trace is a session between the engine and the platform: the engine's command batches, the \
      platform's events and modal results, and markers, each with its time. Traces come as JSON Lines \
      (.jsonl, one record per line, easy to read and to print from C++) or binary (.cmdtrace, compact); \
      every command reads both.

      Start with:
        cmdtool show traces/login.jsonl
        cmdtool convert traces/login.jsonl /tmp/login.cmdtrace

      Colors (diff, replay --engine): --color always|never, or with --color auto (the default) \
      the first that applies: NO_COLOR set and not empty, none (https://no-color.org); \
      FORCE_COLOR or CLICOLOR_FORCE set to anything but empty, 0 or false, colors even in a pipe; \
      TERM=dumb, none; otherwise colors only when standard output is a terminal.

      Progress: long work (replay, check, convert, generate) shows one line on standard error, \
      redrawn in place at most ten times a second and erased when done, once it has lasted half \
      a second; only when standard error is a terminal, TERM is not dumb and CI is not set \
      (never in a pipe or a CI log).

      Exit status: 0 success; 1 a difference, a violation, a failed run or coverage below \
      --min, depending on the command (diff, check, replay --strict or --engine, record, \
      coverage: see its help); 2 bad input (the \
      message on standard error names the file, line or byte, and record); 64 bad usage.
      """,
    version: CmdToolVersion.current,
    subcommands: [Show.self, Convert.self, ReplayCommand.self, Check.self, Diff.self, CoverageCommand.self, Record.self, StudioCommand.self, Generate.self, Fuzz.self, Conformance.self, View.self, Numbering.self, Widgets.self]
  )

  /// Parses the command line and runs the subcommand, after naming a mistyped one (with a
  /// suggestion), which ArgumentParser would report only as an unexpected argument, and an
  /// unquoted `--at #12`, which it would report as a missing value.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let error = UnknownSubcommand.error(in: arguments, of: Self.self) {
      exit(withError: error)
    }
    if let slip = ArgumentSlips.shellComment(in: arguments) {
      ArgumentSlips.exit(usageError: slip, arguments: arguments, root: Self.self)
    }
    main(nil)
  }
}

enum CmdToolVersion {
  static let current = "0.1.0"
}
