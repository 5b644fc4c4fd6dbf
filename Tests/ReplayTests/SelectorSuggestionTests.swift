import CommandCodec
@testable import ReplayCore
@testable import ReplayLive
import Testing

// A selector that names nothing says what is on screen and suggests the closest; a mistyped
// kind gets a suggestion (issue #22 §4; Sources/Replay/Live/Script/ElementSelector+Suggestions.swift).

@Suite struct SelectorSuggestionTests {
  /// The login form: a title, two text fields named by their hints, a "Log in" button, a switch.
  private var loginForm: UIState {
    screenModel(
      #"{"batch":[{"type":"CREATE_TEXT","internalId":3,"childInternalId":4,"textValue":"Log in to Acme"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":5},{"type":"SET_STYLE","internalId":5,"textValue":"hint","textValue2":"User name"},{"type":"CREATE_TEXTFIELD","internalId":3,"childInternalId":6,"flags":1},{"type":"SET_STYLE","internalId":6,"textValue":"hint","textValue2":"Password"},{"type":"CREATE_BUTTON","internalId":3,"childInternalId":7,"textValue":"Log in"},{"type":"CREATE_SWITCH","internalId":3,"childInternalId":8},{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":9}]}"#
    ).state
  }

  private let onScreen = #"on screen: text "Log in to Acme", textField "User name", textField "Password", button "Log in", switch"#

  @Test("button \"Login\" → did you mean button \"Log in\", and what is on screen")
  func theIssuesCase() throws {
    let selector = try #require(ElementSelector(parsing: #"button "Login""#))
    #expect(selector.failure(in: loginForm) == #"button "Login" matches no element (did you mean button "Log in"?); "# + onScreen)
  }

  @Test("A text with the right words in another kind, a text alone, a kind alone", arguments: [
    (#"text "Log in""#, #" (did you mean button "Log in"?)"#),
    (#""log in""#, #" (did you mean button "Log in"?)"#),
    (#"textField "Pasword""#, #" (did you mean textField "Password"?)"#),
    ("checkbox", ""),
    (#"button "Sign up""#, ""),
  ])
  func suggestions(_ text: String, _ suggestion: String) throws {
    let selector = try #require(ElementSelector(parsing: text))
    #expect(selector.failure(in: loginForm) == "\(text) matches no element\(suggestion); " + onScreen)
  }

  @Test("A screen with nothing to name says so; a long one is cut")
  func emptyAndLongScreens() throws {
    let empty = screenModel(#"{"batch":[{"type":"CREATE_LINEAR_LAYOUT","internalId":3,"childInternalId":4}]}"#).state
    #expect(ElementSelector(parsing: "button")?.failure(in: empty) == "button matches no element; nothing a user can reach has a text, a hint or a label")
    let buttons = (10..<40).map { #"{"type":"CREATE_BUTTON","internalId":3,"childInternalId":\#($0),"textValue":"Item \#($0)"}"# }.joined(separator: ",")
    let long = screenModel(#"{"batch":[\#(buttons)]}"#).state
    let failure = try #require(ElementSelector(parsing: #"button "Item 99""#)?.failure(in: long))
    #expect(failure.hasSuffix(#"button "Item 21", and 18 more"#), "\(failure)")
    #expect(failure.contains(#"(did you mean button "Item 19"?)"#), "\(failure)")
  }

  @Test("A mistyped kind: unknown kind, did you mean", arguments: [
    (#"buton "Log in""#, #"unknown kind "buton" (did you mean "button"?)"#),
    (#"Button "Log in""#, #"unknown kind "Button" (did you mean "button"?)"#),
    ("textfield", #"unknown kind "textfield" (did you mean "textField"?)"#),
    ("widget", #"unknown kind "widget"; the kinds are "#),
    ("button Log in", #"the text goes in double quotes (did you mean button "Log in"?)"#),
    (#"button "Log in"#, #"the text "Log in has no closing quote"#),
    (#"button "OK" now"#, "something follows the text's closing quote: now"),
    ("button[0]", "[0]: positions count from 1 ([1] is the first match)"),
  ])
  func parseFailures(_ text: String, _ message: String) {
    guard case .failure(let failure) = ElementSelector.parse(text) else {
      Issue.record("\(text) parsed")
      return
    }
    #expect(failure.description.hasPrefix(message), "\(failure)")
  }

  @Test("Every one-edit typo of every kind name is told the closest kind")
  func oneEditTyposOfEveryKind() {
    var random = SystemRandomNumberGenerator()
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let kinds = ElementKind.allCases.filter { $0 != .application }.map(\.rawValue)
    var tried = 0
    for kind in kinds {
      for _ in 0..<60 {
        var typo = Array(kind)
        let at = Int.random(in: 0..<typo.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: typo.remove(at: at)
        case 1: typo.insert(letters.randomElement(using: &random)!, at: at)
        default: typo[at] = letters.randomElement(using: &random)!
        }
        let word = String(typo)
        // A typo that is another kind, or nothing, names no typo.
        guard !word.isEmpty, ElementKind(rawValue: word) == nil else { continue }
        tried += 1
        guard case .failure(let failure) = ElementSelector.parse(word + #" "OK""#) else {
          Issue.record("\(word) parsed")
          continue
        }
        // The suggestion is the kind typed, or another kind as close to the typo.
        let suggested = kinds.first { failure.description == #"unknown kind "\#(word)" (did you mean "\#($0)"?)"# }
        #expect(suggested != nil, "\(word): \(failure)")
        if let suggested { #expect(suggested == kind || Self.distance(word.lowercased(), suggested.lowercased()) <= 1, "\(word) → \(suggested)") }
      }
    }
    #expect(tried > kinds.count * 40)
  }

  @Test("Every one-edit typo of a text on screen is told that element")
  func oneEditTyposOfTexts() throws {
    var random = SystemRandomNumberGenerator()
    let state = loginForm
    for (kind, text) in [("button", "Log in"), ("textField", "Password"), ("textField", "User name"), ("text", "Log in to Acme")] {
      for _ in 0..<40 {
        var typo = Array(text)
        let at = Int.random(in: 0..<typo.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: typo.remove(at: at)
        case 1: typo.insert("x", at: at)
        default: typo[at] = typo[at] == "q" ? "z" : "q"
        }
        let selector = try #require(ElementSelector(parsing: "\(kind) \"\(String(typo))\""))
        #expect(selector.failure(in: state)?.contains(#"(did you mean \#(kind) "\#(text)"?)"#) == true, "\(selector)")
      }
    }
  }

  /// Levenshtein distance.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let current = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = current
      }
    }
    return row[b.count]
  }
}
