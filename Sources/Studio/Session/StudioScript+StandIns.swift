import ReplayCore
import ReplayLive

extension StudioScript {
  /// The script's header comment, always one line (the steps are lines 2, 3, … of the file, as
  /// the recording says: ``firstStepLine``): the engine's command (secrets scrubbed, and an
  /// argument that is a password typed in clear shown as the stand-in the steps type) and how to
  /// play it again (`record --script`, with `--clock wall --settle MS` for a wall-clock session);
  /// then, after the steps, for each such argument, a line saying so (``trailingComment``): a
  /// replay types the stand-in where the engine was given the password, so it fails unless the
  /// password becomes a named secret.
  func headerComment(engine: [String], secrets: SecretStore, wallSettle: Double? = nil) -> String {
    let (shown, _) = standIns(engine)
    let command = secrets.scrub(ShellText.command(shown)).map { $0 == "\n" || $0 == "\r" ? " " : $0 }
    let clock = wallSettle.map { " --clock wall --settle \(Format.number($0))" } ?? ""
    return "# cmdtool studio of \(String(command)); play again with: cmdtool record --script FILE\(clock) -- ENGINE\n"
  }

  /// The comment lines after the steps: one for each engine argument that is a password typed in
  /// clear (``headerComment``).
  func trailingComment(engine: [String]) -> String {
    standIns(engine).notes.joined()
  }

  /// `engine` with each argument typed in clear by a step shown as its stand-in, and a note for each.
  private func standIns(_ engine: [String]) -> (shown: [String], notes: [String]) {
    let typed = Set(steps.compactMap { line -> String? in
      guard let step = (try? EventScript(parsing: line))?.steps.first, case .type(_, let text) = step.action, Redaction.isStandIn(text) else { return nil }
      return text
    })
    var shown = engine
    var notes: [String] = []
    for (index, argument) in engine.enumerated() where !typed.isEmpty {
      let standIn = Redaction.standIn(for: argument)
      guard standIn != argument, typed.contains(standIn) else { continue }
      shown[index] = standIn
      notes.append("# the engine's argument \(index) is the password typed in clear above, which the recording holds as \(standIn): a replay types \(standIn) where the engine expects the password. Type it as a named secret instead (CMDTOOL_SECRET_NAME or --secrets FILE), or record with --keep-passwords\n")
    }
    return (shown, notes)
  }
}
