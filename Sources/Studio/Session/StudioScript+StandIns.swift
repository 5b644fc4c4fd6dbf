import ReplayCore
import ReplayLive

extension StudioScript {
  /// The script's header comment: the engine's command on one line (secrets scrubbed, and an
  /// argument that is a password typed in clear shown as the stand-in the steps type), then, for
  /// each such argument, a line saying so: a replay types the stand-in where the engine was
  /// given the password, so it fails unless the password becomes a named secret.
  func headerComment(engine: [String], secrets: SecretStore) -> String {
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
      notes.append("# the engine's argument \(index) is the password typed in clear below, which the recording holds as \(standIn): a replay types \(standIn) where the engine expects the password. Type it as a named secret instead (CMDTOOL_SECRET_NAME or --secrets FILE), or record with --keep-passwords\n")
    }
    let command = secrets.scrub(ShellText.command(shown)).map { $0 == "\n" || $0 == "\r" ? " " : $0 }
    return "# cmdtool studio of \(String(command)); play again with: cmdtool record --script FILE -- ENGINE\n" + notes.joined()
  }
}
