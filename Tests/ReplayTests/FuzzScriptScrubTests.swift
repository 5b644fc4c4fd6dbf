import ReplayCore
@testable import ReplayFuzz
import ReplayLive
import Testing

/// Issue #23: a failure's saved script holds `<secret:NAME>` wherever a step typed or wrote a
/// known secret's value, inside longer text too; selectors, keys and secret names stay.
@Suite("Saved scripts scrub secrets")
struct FuzzScriptScrubTests {
  static let secrets = SecretStore(values: ["USER": "alice", "TOKEN": "type"])

  @Test("Typed texts, sent events and marker labels hold placeholders", arguments: [
    (#"{"t":100,"type":"textField \"User name\"","text":"hi alice!"}"#, #""text":"hi <secret:USER>!""#),
    (##"{"t":100,"type":"#5","text":"alice"}"##, #""text":"<secret:USER>""#),
    (#"{"t":100,"marker":"logged alice"}"#, #""marker":"logged <secret:USER>""#),
    (#"{"t":100,"send":{"event":"ValueEvent","target":5,"text":"x-alice-type"}}"#, #""text":"x-<secret:USER>-<secret:TOKEN>""#),
  ])
  func valuesAreScrubbed(line: String, expected: String) throws {
    let scrubbed = FuzzOutput.scrubbed(line, secrets: Self.secrets)
    #expect(scrubbed.contains(expected), "\(scrubbed)")
    #expect(!scrubbed.contains("alice"), "\(scrubbed)")
    // The line is still a step of a script.
    #expect(throws: Never.self) { try EventScript(parsing: scrubbed) }
  }

  @Test("Selectors, keys and secret names stay as written")
  func stepsStayPlayable() {
    // A value equal to a key ("type") or inside a kind's name is no leak of the engine's: the
    // step must still find its element when played again.
    for line in [#"{"t":100,"tap":"button \"type\""}"#, #"{"t":100,"type":"textField \"Password\"","secret":"TOKEN"}"#, #"{"t":1,"back":true}"#] {
      #expect(FuzzOutput.scrubbed(line, secrets: Self.secrets) == line)
    }
  }
}
