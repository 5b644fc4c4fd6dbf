import ArgumentParser

struct Fuzz: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find failures nobody recorded: a monkey for live engines, generated streams for platforms.",
    discussion: """
      cmdtool fuzz engine drives a live engine with random but possible interaction, steered \
      towards screens not seen yet, and shrinks every failure (a crash, a hang, malformed \
      output, a broken protocol rule, a failed invariant) to a minimal script that \
      `cmdtool record --script` plays again. cmdtool fuzz streams writes command streams for \
      platform layers, valid by construction with labelled violations. cmdtool fuzz platform \
      plays such streams against a platform under test (docs/CONFORMANCE.md) and shrinks every \
      divergence from the model to a case of its own.

      Every fuzzing subcommand takes a seed: the same seed gives the same input on any machine, \
      so a failure found once can be replayed and shrunk. docs/FUZZING.md explains what each \
      generates and checks.
      """,
    subcommands: [FuzzEngine.self, FuzzShrinkCommand.self, FuzzStreams.self, FuzzPlatform.self]
  )
}
