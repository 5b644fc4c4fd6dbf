import CommandCodec
import ReplayCore

/// What a recording hides before it reaches the file (docs/WIRE.md §7).
///
/// - **Stand-ins** replace values: text typed into (or set on) password fields, by default; the
///   values UPDATE_PREFERENCE stores under chosen keys (`pref:KEY`); the texts of elements whose
///   path matches a pattern (`path:PATTERN`). A stand-in is `redacted-` and a stable hash of the
///   value, the same every time; once hidden, the value is replaced wherever it stands later as a
///   whole field or a whole word (``HiddenValues``), never inside a word: a password `word`
///   leaves "password" alone.
/// - **Named secrets** (``SecretStore``) are replaced by their placeholders wherever their values
///   appear in what the engine writes and in what is typed or sent to it, inside other text too;
///   a replay knows the values and scrubs its run alike.
///
/// A step's `script` marker is the script's own line, which a replay plays again: values are
/// replaced in the texts it types or sends, never in its keys, selectors or names.
public struct Redaction: Sendable {
  /// Hide what is typed into (or set on) password fields.
  public var passwords = true
  /// Hide the values UPDATE_PREFERENCE stores under these keys.
  public var preferenceKeys: Set<String> = []
  /// Hide the texts of elements whose path (`frameView 2 › linearLayout 3 › textField 5`) matches
  /// one of these patterns (`*` any characters, as in diff's ignore rules).
  public var textPaths = DiffIgnoreRules()
  /// Named secrets, replaced by placeholders everywhere.
  public var secrets = SecretStore()
  /// Values hidden so far: the same value later gets the same stand-in.
  private var hiddenValues = HiddenValues()

  public init(passwords: Bool = true, preferenceKeys: Set<String> = [], textPaths: [String] = []) {
    self.passwords = passwords
    self.preferenceKeys = preferenceKeys
    self.textPaths = DiffIgnoreRules(textPaths)
  }

  /// Adds a rule written as on the command line: `pref:KEY` or `path:PATTERN`.
  /// - Returns: false when the rule is neither.
  public mutating func add(rule: String) -> Bool {
    if rule.hasPrefix("pref:"), rule.count > 5 {
      preferenceKeys.insert(String(rule.dropFirst(5)))
      return true
    }
    if rule.hasPrefix("path:"), rule.count > 5 {
      textPaths.add(String(rule.dropFirst(5)))
      return true
    }
    return false
  }

  /// The rules as the command line writes them (`pref:KEY`, `path:PATTERN`), in a stable order.
  public var rules: [String] {
    preferenceKeys.sorted().map { "pref:" + $0 } + textPaths.patterns.map { "path:" + $0 }
  }

  public var isEmpty: Bool { !passwords && preferenceKeys.isEmpty && textPaths.isEmpty && secrets.isEmpty }

  // MARK: - Stand-ins

  /// The stand-in for a value: `redacted-` and a stable hash of it. A stand-in (or a secret's
  /// placeholder) stands for itself, so replaying a recording records the same text again.
  public static func standIn(for value: String) -> String {
    guard !value.isEmpty, !isStandIn(value), !isPlaceholder(value) else { return value }
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in value.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return "redacted-" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Whether `value` is a stand-in already.
  public static func isStandIn(_ value: String) -> Bool {
    value.utf8.count == 25 && value.hasPrefix("redacted-") && value.utf8.dropFirst(9).allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
  }

  /// Whether `value` is a secret's placeholder (`<secret:NAME>`).
  static func isPlaceholder(_ value: String) -> Bool {
    value.hasPrefix("<secret:") && value.hasSuffix(">")
  }

  /// Notes a hidden value and returns its stand-in. Values shorter than 3 characters are hidden
  /// where they are set but not looked for elsewhere: a count "1" would hide every other "1".
  private mutating func hideValue(_ value: String) -> String {
    let standIn = Self.standIn(for: value)
    if standIn != value && value.count >= 3 { hiddenValues.insert(value, standIn: standIn) }
    return standIn
  }


  // MARK: - Records

  /// `record` as it should be written, given the platform's state before it applies.
  public mutating func redact(_ record: TraceRecord, in state: UIState) -> TraceRecord {
    guard !isEmpty else { return record }
    if case .marker("script", let source) = record.body {
      return TraceRecord(time: record.time, .marker(label: "script", detail: redactedScriptLine(source, in: state)))
    }
    var record = secrets.isEmpty ? record : scrubbingSecrets(record)
    record = hide(record, in: state)
    return hiddenValues.isEmpty ? record : rehidden(record)
  }

  /// Free text (an engine's log) with secrets and the values hidden so far replaced.
  public func redacting(_ text: String) -> String {
    hiddenValues.replacing(in: secrets.scrub(text))
  }

  /// Whether typing into element `id` is hidden (a password field, or a path rule).
  public func hidesTyping(into id: Int32, in state: UIState) -> Bool {
    (passwords && Self.isPassword(id, in: state)) || hidesText(of: id, in: state)
  }

  /// A step's line with the texts it types or sends scrubbed of secrets and of values hidden
  /// before; a `type` step's text replaced by its stand-in when the field it types into hides
  /// what is typed (the step would otherwise carry the password into the recording).
  private mutating func redactedScriptLine(_ source: String, in state: UIState) -> String {
    var hidden = false
    if let step = (try? EventScript(parsing: source))?.steps.first, case .type(let selector, _) = step.action, let id = selector.resolve(in: state) {
      hidden = hidesTyping(into: id, in: state)
    }
    let secrets = self.secrets
    var redaction = self
    let line = EventScript.mappingTypedTexts(in: source) { text in
      let scrubbed = secrets.scrub(text)
      return hidden ? redaction.hideValue(scrubbed) : redaction.hiddenValues.replacing(in: scrubbed)
    }
    self = redaction
    return line
  }

  /// Whether element `id` looks like a password field by what people read of it: its hint, its
  /// path or `texts` (a script's selector) say "password", "passcode", "secret" or "PIN". The
  /// recorder warns when such a field was not created as one; the studio offers a named secret.
  public static func hasPasswordClues(_ id: Int32, in state: UIState, besides texts: [String] = []) -> Bool {
    guard let element = state.elements[id] else { return false }
    let clues = (texts + [element.styles.value("hint") ?? "", state.path(of: id)]).joined(separator: " ").lowercased()
    let words = clues.split { !$0.isLetter }
    return clues.contains("passw") || clues.contains("passcode") || clues.contains("secret") || words.contains("pin")
  }

  /// Whether the texts of element `id` are hidden by a path rule.
  func hidesText(of id: Int32, in state: UIState) -> Bool {
    !textPaths.isEmpty && state.elements.contains(id) && textPaths.ignores(state.path(of: id))
  }

  /// Whether a CREATE_* makes an element whose texts a path rule hides.
  func hidesText(ofCreated command: Command, in state: UIState) -> Bool {
    guard !textPaths.isEmpty, let kind = ElementKind(creating: command.type) else { return false }
    let parent = state.path(of: command.internalId)
    let label = "\(kind.rawValue) \(command.childInternalId)"
    return textPaths.ignores(parent.isEmpty ? label : parent + " › " + label)
  }

  private mutating func hide(_ record: TraceRecord, in state: UIState) -> TraceRecord {
    switch record.body {
    case .event(let target, .value(var value)) where !value.text.isEmpty && hidesTyping(into: target, in: state):
      value.text = hideValue(value.text)
      return TraceRecord(time: record.time, .event(target: target, .value(value)))
    case .batch(let commands):
      // Most batches hide nothing: find the first command that needs it before copying any.
      guard let first = commands.firstIndex(where: { hides($0, in: state) }) else { return record }
      var redacted = commands
      for index in first..<redacted.count where hides(redacted[index], in: state) {
        if redacted[index].type == .updatePreference {
          redacted[index].textValue2 = hideValue(redacted[index].textValue2)
        } else {
          redacted[index].textValue = hideValue(redacted[index].textValue)
        }
      }
      return TraceRecord(time: record.time, .batch(redacted))
    default:
      return record
    }
  }

  /// Replaces values hidden before wherever they stand as a whole field or a whole word.
  private func rehidden(_ record: TraceRecord) -> TraceRecord {
    switch record.body {
    case .batch(let commands):
      var result = commands
      for index in result.indices {
        result[index].textValue = hiddenValues.replacing(in: result[index].textValue)
        result[index].textValue2 = hiddenValues.replacing(in: result[index].textValue2)
        result[index].key = hiddenValues.replacing(in: result[index].key)
      }
      return result == commands ? record : TraceRecord(time: record.time, .batch(result))
    case .event(let target, let event):
      return TraceRecord(time: record.time, .event(target: target, event.mappingTexts(hiddenValues.replacing)))
    case .marker(let label, let detail):
      return TraceRecord(time: record.time, .marker(label: Self.engineLabel(label, hiddenValues.replacing), detail: hiddenValues.replacing(in: detail)))
    default:
      return record
    }
  }

  /// Replaces named secrets in every text of a record but a step's (see ``redact(_:in:)``).
  private func scrubbingSecrets(_ record: TraceRecord) -> TraceRecord {
    switch record.body {
    case .batch(let commands):
      var result = commands
      for index in result.indices {
        result[index].textValue = secrets.scrub(result[index].textValue)
        result[index].textValue2 = secrets.scrub(result[index].textValue2)
        result[index].key = secrets.scrub(result[index].key)
      }
      return result == commands ? record : TraceRecord(time: record.time, .batch(result))
    case .event(let target, let event):
      // Every text an event carries: typed text, and what the platform sends back of the
      // engine's own (an image request's URL with a token in it).
      return TraceRecord(time: record.time, .event(target: target, event.mappingTexts(secrets.scrub)))
    case .marker(let label, let detail):
      return TraceRecord(time: record.time, .marker(label: Self.engineLabel(label, secrets.scrub), detail: secrets.scrub(detail)))
    default:
      return record
    }
  }

  /// The labels of markers that are the protocol's words, which cmdtool writes or reads back
  /// (docs/WIRE.md §7, §8): a secret `sync` or `error` must not rewrite them.
  static let protocolLabels: Set<String> = [
    RecordingSettings.markerLabel, "script", "ready", "sync", ScriptRunner.unsettledMarker,
    "engine-exit", "engine-error", "engine-timeout", "engine-stopped", "interrupted",
  ]

  /// A marker's label through `transform`, unless it is one of the protocol's: any other label is
  /// the engine's text (`{"marker":"S3cr3tT0ken"}`), which may hold what was typed.
  private static func engineLabel(_ label: String, _ transform: (String) -> String) -> String {
    protocolLabels.contains(label) ? label : transform(label)
  }

  /// Whether element `id` is a password field, read without copying the element.
  private static func isPassword(_ id: Int32, in state: UIState) -> Bool {
    state.elements.read(id) { $0.isPassword } ?? false
  }

  /// Whether a rule hides a value of `command`.
  private func hides(_ command: Command, in state: UIState) -> Bool {
    switch command.type {
    case .createTextField, .createTextView, .setTextValue:
      guard !command.textValue.isEmpty else { return false }
      if passwords {
        if command.type == .setTextValue {
          if Self.isPassword(command.internalId, in: state) { return true }
        } else if command.flags & (1 | 16) != 0 {
          return true
        }
      }
      return hidesPath(of: command, in: state)
    case .updatePreference:
      return !preferenceKeys.isEmpty && preferenceKeys.contains(command.textValue) && !command.textValue2.isEmpty
    default:
      return command.textValue.isEmpty ? false : hidesPath(of: command, in: state)
    }
  }

  /// Whether a path rule hides the text a command sets (SET_TEXT_VALUE) or creates with (CREATE_*).
  private func hidesPath(of command: Command, in state: UIState) -> Bool {
    guard !textPaths.isEmpty, !Self.isStandIn(command.textValue) else { return false }
    return (command.type == .setTextValue && hidesText(of: command.internalId, in: state)) || hidesText(ofCreated: command, in: state)
  }
}
