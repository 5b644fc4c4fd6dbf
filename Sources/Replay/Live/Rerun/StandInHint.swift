import ReplayCore

/// Why a replay may fail where a password was typed in clear: the recording holds the text's
/// stand-in (`redacted-…`, docs/WIRE.md §7), so the replay types the stand-in, and an engine
/// that checks the password refuses it. A failed replay names the stand-in and the ways out.
enum StandInHint {
  /// The hint for a replay of `script` that failed at recorded time `time` (nil: at a time not
  /// known): the first step at or before it that typed a stand-in, nil when none did.
  static func hint(for script: EventScript, failingAt time: Double?) -> String? {
    for step in script.steps where time.map({ step.time <= $0 }) ?? true {
      guard case .type(_, let text) = step.action, Redaction.isStandIn(text) else { continue }
      return "script line \(step.line) typed \(text), the stand-in the recording holds for a password typed in clear, not the password, and the engine may have refused it: "
        + "record with --keep-passwords (the password is then kept in the recording), or type a named secret ({\"type\":…,\"secret\":\"PASSWORD\"} with CMDTOOL_SECRET_PASSWORD set or --secrets FILE; in cmdtool studio, the password field's named secret)"
    }
    return nil
  }
}
