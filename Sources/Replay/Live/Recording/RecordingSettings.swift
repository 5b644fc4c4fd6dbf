import CommandCodec
import ReplayCore

/// How a recording was made, kept in it as its first record (a `session` marker whose detail is a
/// JSON object), so that a replay records the new run the same way: on the same clock, redacted by
/// the same rules, with the same named secrets.
///
/// ```json
/// {"t":0,"marker":"session","detail":"{\"clock\":\"virtual\",\"passwords\":true,\"redact\":[\"pref:token\"],\"secrets\":[\"PASSWORD\"],\"settle\":200}"}
/// ```
///
/// Recordings made before the marker existed read as the defaults (virtual clock, passwords
/// hidden, no other rules).
public struct RecordingSettings: Sendable, Equatable {
  /// The marker's label.
  public static let markerLabel = "session"

  public var clock: SessionClock = .virtual
  /// Milliseconds of quiet that count as settled (wall clock).
  public var settle: Double = 200
  /// Whether typed passwords were hidden.
  public var passwords = true
  /// The `--redact` rules (`pref:KEY`, `path:PATTERN`).
  public var redactRules: [String] = []
  /// The names of the secrets the script types.
  public var secretNames: [String] = []

  public init() {}

  /// Why a session marker could not be read.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// The marker that records these settings, at time 0.
  public var marker: TraceRecord {
    var members: [String: JSONValue] = [
      "clock": .string(clock.rawValue),
      "passwords": .bool(passwords),
      "redact": .array(redactRules.map(JSONValue.string)),
      "secrets": .array(secretNames.map(JSONValue.string)),
    ]
    if clock == .wall { members["settle"] = .number(settle) }
    return TraceRecord(time: 0, .marker(label: Self.markerLabel, detail: JSONValue.object(members).canonicalText))
  }

  /// Reads the settings from a session marker's detail.
  public init(markerDetail detail: String) throws(Failure) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(detail)
    } catch {
      throw Failure(description: "the session marker is not JSON: column \(error.location.column ?? 1): \(error.message)")
    }
    guard case .object(let object) = value else { throw Failure(description: "the session marker is not a JSON object") }
    if let unknown = Set(object.keys).subtracting(["clock", "passwords", "redact", "secrets", "settle"]).sorted().first {
      throw Failure(description: "the session marker has an unknown setting \"\(unknown)\" (a newer cmdtool made it?)")
    }
    if let clock = object["clock"] {
      guard case .string(let name) = clock, let parsed = SessionClock(rawValue: name) else { throw Failure(description: "the session marker's clock is not virtual or wall") }
      self.clock = parsed
    }
    if let settle = object["settle"] {
      guard case .number(let milliseconds) = settle, milliseconds >= 0 else { throw Failure(description: "the session marker's settle is not a number of milliseconds") }
      self.settle = milliseconds
    }
    if let passwords = object["passwords"] {
      guard case .bool(let flag) = passwords else { throw Failure(description: "the session marker's passwords is not true or false") }
      self.passwords = flag
    }
    func strings(_ key: String) throws(Failure) -> [String] {
      guard let value = object[key] else { return [] }
      guard case .array(let items) = value else { throw Failure(description: "the session marker's \(key) is not a list of strings") }
      var result: [String] = []
      for item in items {
        guard case .string(let text) = item else { throw Failure(description: "the session marker's \(key) is not a list of strings") }
        result.append(text)
      }
      return result
    }
    redactRules = try strings("redact")
    secretNames = try strings("secrets")
  }

  /// The redaction these settings describe (secrets still to be given their values).
  public var redaction: Redaction {
    var redaction = Redaction(passwords: passwords)
    for rule in redactRules { _ = redaction.add(rule: rule) }
    return redaction
  }
}
