import ArgumentParser
import Replay

extension TesteeHello.Sessions: ExpressibleByArgument {}

/// `--sessions one|many`: how many cases one testee process serves (docs/CONFORMANCE.md §1.9).
struct SessionsOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Cases per testee process: one (a fresh process per case) or many (case after case over one connection, docs/CONFORMANCE.md §1.9; the testee must declare sessions=many). Default: what the testee's hello declares.", valueName: "one|many"))
  var sessions: TesteeHello.Sessions?
}
