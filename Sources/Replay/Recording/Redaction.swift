import CommandCodec

/// What a recording hides before it reaches the file: text typed into password fields (by
/// default) and the values of chosen preferences. Values are replaced consistently (the same value
/// always gives the same stand-in), so a replay of the recording still lines up.
public struct Redaction: Sendable {
  /// Hide what is typed into (or set on) password fields.
  public var passwords = true
  /// Hide the values UPDATE_PREFERENCE stores under these keys.
  public var preferenceKeys: Set<String> = []

  public init(passwords: Bool = true, preferenceKeys: Set<String> = []) {
    self.passwords = passwords
    self.preferenceKeys = preferenceKeys
  }

  public var isEmpty: Bool { !passwords && preferenceKeys.isEmpty }

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

  /// `record` as it should be written, given the state before it was applied.
  public func redact(_ record: TraceRecord, in state: UIState) -> TraceRecord {
    guard !isEmpty else { return record }
    switch record.body {
    case .event(let target, .value(var value)) where passwords && state.elements[target]?.isPassword == true && !value.text.isEmpty:
      value.text = Self.standIn(for: value.text)
      return TraceRecord(time: record.time, .event(target: target, .value(value)))
    case .batch(let commands):
      var changed = false
      let redacted = commands.map { command -> Command in
        var command = command
        if passwords && !command.textValue.isEmpty {
          let isPasswordField = (command.type == .createTextField || command.type == .createTextView) && command.flags & (1 | 16) != 0
          if isPasswordField || (command.type == .setTextValue && state.elements[command.internalId]?.isPassword == true) {
            command.textValue = Self.standIn(for: command.textValue)
            changed = true
          }
        }
        if command.type == .updatePreference && preferenceKeys.contains(command.textValue) && !command.textValue2.isEmpty {
          command.textValue2 = Self.standIn(for: command.textValue2)
          changed = true
        }
        return command
      }
      return changed ? TraceRecord(time: record.time, .batch(redacted)) : record
    default:
      return record
    }
  }
}
