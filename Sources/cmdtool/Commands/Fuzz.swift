import ArgumentParser

struct Fuzz: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fuzz platforms and the toolkit with generated input.",
    discussion: """
      Every fuzzing subcommand takes a seed: the same seed gives the same input, byte for byte, on \
      any machine, so a failure found once can be replayed and shrunk. docs/FUZZING.md explains \
      what each generates and checks.
      """,
    subcommands: [FuzzStreams.self]
  )
}
