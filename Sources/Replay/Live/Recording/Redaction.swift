import CommandCodec
import ReplayCore
import Foundation

/// What a recording hides before it reaches the file: text typed into password fields (by
/// default) and the values of chosen preferences. Values are replaced consistently (the same value
/// always gives the same stand-in), so a replay of the recording still lines up.
public struct Redaction: Sendable {
  /// Hide what is typed into (or set on) password fields.
  public var passwords = true
  /// Hide the values UPDATE_PREFERENCE stores under these keys.
  public var preferenceKeys: Set<String> = []
  /// Hide the texts of elements whose path (`frameView 2 › linearLayout 3 › textField 5`) matches
  /// one of these patterns (`*` any characters, as in diff's ignore rules): what the user types
  /// into them and what the engine sets on them.
  public var textPaths = DiffIgnoreRules()

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

  public var isEmpty: Bool { !passwords && preferenceKeys.isEmpty && textPaths.isEmpty }

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

  /// The stand-in for a value: `redacted-` and a stable hash of it. A stand-in stands for itself,
  /// so replaying a recording (whose script types the stand-in) records the same stand-in again.
  public static func standIn(for value: String) -> String {
    guard !value.isEmpty, !isStandIn(value) else { return value }
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

  /// Values hidden so far, with their stand-ins: later occurrences anywhere in the recording (an
  /// engine echoing a name into a toast) are replaced too, so the recording and a replay of it,
  /// whose engine only ever sees the stand-in, line up.
  private var secrets: [(value: String, standIn: String)] = []

  /// Notes a hidden value (at least 3 characters: shorter ones would replace too much).
  private mutating func remember(_ value: String) -> String {
    let standIn = Self.standIn(for: value)
    if value.count >= 3 && !Self.isStandIn(value) && !secrets.contains(where: { $0.value == value }) {
      secrets.append((value, standIn))
      // Longer secrets first, so one that contains another is replaced whole.
      secrets.sort { $0.value.count > $1.value.count }
    }
    return standIn
  }

  /// `text` with every hidden value replaced by its stand-in.
  ///
  /// One pass, left to right, that never touches a stand-in (in the text, or put there by an
  /// earlier replacement): a secret such as "ted" is part of every stand-in's "redacted-".
  /// Whether `text` holds a known secret (a byte search: no Foundation, no allocation).
  private func containsSecret(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    return text.utf8.withContiguousStorageIfAvailable { bytes in
      secrets.contains { secret in
        secret.value.utf8.withContiguousStorageIfAvailable { Self.find($0, in: bytes) } ?? text.contains(secret.value)
      }
    } ?? secrets.contains { text.contains($0.value) }
  }

  /// Whether `needle` occurs in `haystack`.
  private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let head = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == head && UnsafeBufferPointer(rebasing: haystack[index..<(index + needle.count)]).elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }

  private func scrub(_ text: String) -> String {
    guard !secrets.isEmpty, containsSecret(text) else { return text }
    let bytes = Array(text.utf8)
    let prefix = Array("redacted-".utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    scanning: while index < bytes.count {
      if bytes[index] == prefix[0], index + 25 <= bytes.count, bytes[index..<(index + 9)].elementsEqual(prefix),
        bytes[(index + 9)..<(index + 25)].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
      {
        result.append(contentsOf: bytes[index..<(index + 25)])
        index += 25
        continue
      }
      // Longer secrets first (the list is sorted so), so one that contains another goes whole.
      for secret in secrets {
        let value = secret.value.utf8
        if index + value.count <= bytes.count, bytes[index..<(index + value.count)].elementsEqual(value) {
          result.append(contentsOf: secret.standIn.utf8)
          index += value.count
          continue scanning
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// `record` as it should be written, given the state before it was applied.
  public mutating func redact(_ record: TraceRecord, in state: UIState) -> TraceRecord {
    guard !isEmpty else { return record }
    let hidden = hide(record, in: state)
    return secrets.isEmpty ? hidden : scrubbed(hidden)
  }

  /// Replaces known secrets in every text of a record.
  private func scrubbed(_ record: TraceRecord) -> TraceRecord {
    switch record.body {
    case .batch(let commands):
      func holdsSecret(_ command: Command) -> Bool {
        containsSecret(command.textValue) || containsSecret(command.textValue2) || containsSecret(command.key)
      }
      guard let first = commands.firstIndex(where: holdsSecret) else { return record }
      var scrubbed = commands
      for index in first..<scrubbed.count where holdsSecret(scrubbed[index]) {
        scrubbed[index].textValue = scrub(scrubbed[index].textValue)
        scrubbed[index].textValue2 = scrub(scrubbed[index].textValue2)
        scrubbed[index].key = scrub(scrubbed[index].key)
      }
      return TraceRecord(time: record.time, .batch(scrubbed))
    case .event(let target, .value(var value)):
      value.text = scrub(value.text)
      return TraceRecord(time: record.time, .event(target: target, .value(value)))
    case .marker(let label, let detail):
      return TraceRecord(time: record.time, .marker(label: label, detail: scrub(detail)))
    default:
      return record
    }
  }

  private mutating func hide(_ record: TraceRecord, in state: UIState) -> TraceRecord {
    switch record.body {
    case .event(let target, .value(var value)) where !value.text.isEmpty && ((passwords && Self.isPassword(target, in: state)) || hidesText(of: target, in: state)):
      value.text = remember(value.text)
      return TraceRecord(time: record.time, .event(target: target, .value(value)))
    case .batch(let commands):
      // Most batches hide nothing: find the first command that needs it before copying any.
      guard let first = commands.firstIndex(where: { hides($0, in: state) }) else { return record }
      var redacted = commands
      for index in first..<redacted.count where hides(redacted[index], in: state) {
        hide(&redacted[index], in: state)
      }
      return TraceRecord(time: record.time, .batch(redacted))
    default:
      return record
    }
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

  /// Replaces the values of `command` that a rule hides by their stand-ins.
  private mutating func hide(_ command: inout Command, in state: UIState) {
    if command.type == .updatePreference {
      command.textValue2 = remember(command.textValue2)
    } else {
      command.textValue = remember(command.textValue)
    }
  }
}
