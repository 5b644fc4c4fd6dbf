import ReplayCore
import ReplayLive

/// A failure fuzzing found: what kind it is (the signature that says whether another run fails
/// *the same way*), where (the step before it), and the detail the session or the model gave.
public struct FuzzFailure: Hashable, Sendable, CustomStringConvertible {
  /// What went wrong. Two runs fail the same way when their kinds are equal.
  public enum Kind: Hashable, Sendable {
    /// The engine died or exited with a status other than 0.
    case crashed(PeerExit)
    /// The engine did not answer within the timeout.
    case hung
    /// The engine did not exit after its input ended, until it was stopped.
    case didNotExit
    /// The engine wrote without end and never gave the answer waited for.
    case flooded
    /// The engine wrote bytes that are not a trace record.
    case malformedOutput
    /// The engine closed its output early, and then exited with 0.
    case closedOutput
    /// The engine's commands broke a protocol rule (`cmdtool check`'s).
    case brokeRule(DiagnosticRule)
    /// A user invariant (`--invariant`) failed.
    case invariant(String)
  }

  public var kind: Kind
  /// The step after which it happened, for people: `after a tap on button "Help"`.
  public var place: String
  /// What the session or the model said.
  public var detail: String
  /// The engine's own words about it (``Recorder/Outcome/engineSaid``), for a crash: its crash
  /// message, else its last lines. Empty for a broken rule or invariant.
  public var engineSaid = ""

  public init(kind: Kind, place: String, detail: String, engineSaid: String = "") {
    self.kind = kind
    self.place = place
    self.detail = detail
    self.engineSaid = engineSaid
  }

  /// The kind in words: `signal 6 (SIGABRT)`, `hang`, `rule duplicate-create`.
  public var signature: String {
    switch kind {
    case .crashed(let exit): return exit.phrase
    case .hung: return "hang"
    case .didNotExit: return "no exit after the end of input"
    case .flooded: return "flood"
    case .malformedOutput: return "malformed output"
    case .closedOutput: return "output closed early"
    case .brokeRule(let rule): return "rule \(rule.rawValue)"
    case .invariant(let text): return "invariant \(text)"
    }
  }

  public var description: String { signature + (place.isEmpty ? "" : " " + place) }

  /// The failure with every known secret's value replaced by its placeholder (in its place, its
  /// detail, the engine's words, an invariant's text): a step typed the value, or the engine
  /// echoed it, and the failure is printed and saved (issue #23).
  func scrubbed(by secrets: SecretStore) -> FuzzFailure {
    var copy = self
    copy.place = secrets.scrub(place)
    copy.detail = secrets.scrub(detail)
    copy.engineSaid = secrets.scrub(engineSaid)
    if case .invariant(let text) = kind { copy.kind = .invariant(secrets.scrub(text)) }
    return copy
  }

  /// A folder name for the failure, the same for every run that fails the same way (so shards
  /// merge): the signature in lower-case words and a short hash of it.
  public var slug: String {
    var words = ""
    for character in signature.lowercased() {
      if character.isLetter || character.isNumber {
        words.append(character)
      } else if !words.hasSuffix("-") && !words.isEmpty {
        words.append("-")
      }
      if words.count >= 40 { break }
    }
    while words.hasSuffix("-") { words.removeLast() }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in signature.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash & 0xFFFF_FFFF, radix: 16)
    return words + "-" + String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// The failure a session's outcome shows, if it shows one (a failure the step source found
  /// itself, a broken rule or invariant, is passed in).
  public static func kind(of outcome: Recorder.Outcome) -> Kind? {
    switch outcome.stop?.kind {
    case .silent?: return .hung
    case .lingered?: return .didNotExit
    case .flooding?: return .flooded
    case .unreadable?: return .malformedOutput
    default: break
    }
    if let exit = outcome.exit, !exit.succeeded { return .crashed(exit) }
    if case .ended? = outcome.stop?.kind { return .closedOutput }
    if case .cutOff? = outcome.stop?.kind { return .malformedOutput }
    return nil
  }
}
