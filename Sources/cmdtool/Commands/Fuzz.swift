import ArgumentParser

struct Fuzz: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find failures nobody recorded: a monkey for live engines.",
    discussion: """
      cmdtool fuzz engine drives a live engine with random but possible interaction, steered \
      towards screens not seen yet, and shrinks every failure (a crash, a hang, malformed \
      output, a broken protocol rule, a failed invariant) to a minimal script that \
      `cmdtool record --script` plays again (docs/FUZZING.md).
      """,
    subcommands: [FuzzEngine.self]
  )
}
