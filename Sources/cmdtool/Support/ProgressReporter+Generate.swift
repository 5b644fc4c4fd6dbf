extension ProgressReporter {
  /// How many records a loop lets pass between two calls of ``update(done:)``: reading the clock
  /// once per record would cost more than writing a small record, once per thousand is nothing,
  /// and still a few hundred calls a second in the slowest loops.
  static let recordsPerUpdate = 1024

  /// A reporter for `cmdtool generate`: commands written of the commands asked for.
  convenience init(generating output: String, commands: Int) {
    let name = output == "-" ? "standard output" : output
    self.init(label: "generating \(name)", total: commands, unit: .items("commands"), isEnabled: Terminal.showsProgress(streamingToStandardOutput: output == "-"))
  }
}
