import ReplayCore
import ReplayLive

extension StudioSteps {
  /// The page's warning after text typed in clear into a field that looks like a password's:
  /// the recording then holds its stand-in, which a replay types instead (and an engine that
  /// checks the password refuses), or, for a field not created as a password field, the text in
  /// clear. Empty for anything else, a named secret included.
  func typingWarning(_ action: StudioAction, in state: UIState) -> String {
    guard case .type(let id, _) = action, let element = state.elements[id] else { return "" }
    let field = ElementSelector.unique(for: id, in: state).description
    let secret = "choose a named secret instead (CMDTOOL_SECRET_NAME or --secrets FILE)"
    if redaction.hidesTyping(into: id, in: state) {
      return "warning: the text typed into \(field) is recorded as its stand-in (redacted-…), not as typed: a replay types the stand-in, which the engine may refuse. To replay it, \(secret), or start the studio with --keep-passwords"
    }
    if !element.isPassword && Redaction.hasPasswordClues(id, in: state) {
      return "warning: \(field) looks like a password field but was not created as one: the text typed is recorded in clear. \(secret.prefix(1).uppercased() + secret.dropFirst())"
    }
    return ""
  }
}
