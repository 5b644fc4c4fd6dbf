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
  /// Where the script's steps are in the file it was played from.
  public var scriptLines = ScriptLines()

  /// Where a script's steps are in its file (docs/SCRIPT_FORMAT.md §1 numbers lines from 1,
  /// comments and blank lines included), so that a replay names a step by the line
  /// `record --script` named. In the marker: `first-line` when the steps follow one a line from
  /// another line than 1 (after a comment header), `lines` when they do not follow one a line.
  public struct ScriptLines: Sendable, Equatable {
    /// The first step's line; the others follow one a line, unless ``each`` says otherwise.
    public var first = 1
    /// Every step's line, when the steps do not follow one a line; empty when they do.
    public var each: [Int] = []

    public init(first: Int = 1) {
      self.first = first
    }

    /// The lines of `script`'s steps, as read from its file.
    public init(of script: EventScript) {
      let lines = script.steps.map(\.line)
      guard let first = lines.first else { return }
      if lines == Array(first..<(first + lines.count)) { self.first = first } else { each = lines }
    }

    /// The line of step `index` (from 0).
    public func line(ofStep index: Int) -> Int {
      guard let last = each.last else { return first + index }
      return index < each.count ? each[index] : last + 1 + index - each.count
    }
  }

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
    if !scriptLines.each.isEmpty {
      members["lines"] = .array(scriptLines.each.map { .number(Double($0)) })
    } else if scriptLines.first != 1 {
      members["first-line"] = .number(Double(scriptLines.first))
    }
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
    if let unknown = Set(object.keys).subtracting(["clock", "first-line", "lines", "passwords", "redact", "secrets", "settle"]).sorted().first {
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
    func line(_ value: JSONValue, _ key: String) throws(Failure) -> Int {
      guard case .number(let number) = value, number >= 1, number <= 1e9, number == number.rounded() else {
        throw Failure(description: "the session marker's \(key) is not a line number (an integer from 1)")
      }
      return Int(number)
    }
    if let first = object["first-line"] { scriptLines.first = try line(first, "first-line") }
    if let lines = object["lines"] {
      guard case .array(let items) = lines else { throw Failure(description: "the session marker's lines is not a list of line numbers") }
      for item in items { scriptLines.each.append(try line(item, "lines")) }
    }
  }

  /// The redaction these settings describe (secrets still to be given their values).
  public var redaction: Redaction {
    var redaction = Redaction(passwords: passwords)
    for rule in redactRules { _ = redaction.add(rule: rule) }
    return redaction
  }
}
