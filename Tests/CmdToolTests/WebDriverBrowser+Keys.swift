import Foundation

/// Keys and typing for ``WebDriverBrowser``, as a person presses them (WebDriver's key actions
/// go through the browser's input pipeline: the page sees real keydown events).
extension WebDriverBrowser {
  /// WebDriver's code points for the keys the pages handle.
  enum Key: String {
    case arrowLeft = "\u{E012}", arrowRight = "\u{E014}", pageDown = "\u{E00F}", pageUp = "\u{E00E}"
    case home = "\u{E011}", end = "\u{E010}", enter = "\u{E007}", escape = "\u{E00C}", shift = "\u{E008}"
  }

  /// Presses and releases each of `keys` in turn (characters, or ``Key`` values' raw values), on
  /// whatever has the focus; a key held with `modifier`.
  func press(_ keys: [String], holding modifier: Key? = nil) throws {
    var actions: [[String: Any]] = []
    if let modifier { actions.append(["type": "keyDown", "value": modifier.rawValue]) }
    for key in keys { actions += [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]] }
    if let modifier { actions.append(["type": "keyUp", "value": modifier.rawValue]) }
    _ = try command("POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
  }

  func press(_ key: Key, holding modifier: Key? = nil) throws {
    try press([key.rawValue], holding: modifier)
  }
}
