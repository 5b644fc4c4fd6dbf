/// Constants of the binary trace format (`docs/BINARY_FORMAT.md`).
public enum BinaryFormat {
  /// The eight bytes every binary trace starts with: `\x89 C M D \r \n \x1a \n`.
  ///
  /// As in PNG: the high-bit first byte catches 7-bit transports, CR LF and LF catch newline
  /// conversion, and 0x1A stops a DOS `type`.
  public static let magic: [UInt8] = [0x89, 0x43, 0x4D, 0x44, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The format version this codec reads and writes.
  public static let version: UInt8 = 1

  /// Strings the interning table holds at most; the oldest slot is reused after that.
  public static let stringTableCapacity = 4096

  /// Interned strings are at most this many bytes; longer ones are always written literally.
  public static let maxInternedLength = 64

  /// The kind byte that starts every record.
  enum RecordKind: UInt8 {
    case batch = 0x01
    case event = 0x02
    case modalResult = 0x03
    case marker = 0x04
  }

  /// Presence bits of a command's fields, in bit order (bit 0 first).
  static let commandFieldBits: [Command.Field] = [
    .internalId, .childInternalId, .value, .textValue, .textValue2, .flags,
    .key, .row, .column, .sheet, .width, .height,
  ]
  static let knownCommandBits: UInt64 = (1 << 12) - 1

  // Presence bits of the header record.
  static let headerNumberingBit: UInt64 = 1 << 0
  static let headerCreatedBit: UInt64 = 1 << 1
  static let headerCreatorBit: UInt64 = 1 << 2
  static let headerViewportBit: UInt64 = 1 << 3
  static let headerPreferencesBit: UInt64 = 1 << 4
  static let headerWidgetsBit: UInt64 = 1 << 5
  static let knownHeaderBits: UInt64 = (1 << 6) - 1
}

/// Which strings the binary encoder enters in the interning table.
///
/// Decoders follow whatever the encoder did; the choice trades encoding speed for size.
public enum StringInterning: Sendable {
  /// No string is interned.
  case none
  /// Strings of the fields that repeat in real sessions: SET_STYLE's key and value (`textValue`,
  /// `textValue2`), the `key` field, and the `textValue` of UPDATE_PREFERENCE, DELETE_PREFERENCE,
  /// ADD_COLUMN, ADD_OPTION and ADD_SHEET. Event fields and markers are not interned. The default.
  case repeatingFields
  /// Every string of up to ``BinaryFormat/maxInternedLength`` bytes.
  case all
}
