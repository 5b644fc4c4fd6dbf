/// A decoding or encoding failure: what went wrong (a ``Code``), where, and a message for people.
///
/// Every error a decoder throws names its place: the byte offset in binary input, the line and
/// column (and byte offset) in JSON input, and the index of the record being read.
///
/// ```text
/// line 12, column 9 (record #11): unknown command type "CREATE_BUTON" (did you mean "CREATE_BUTTON"?)
/// byte 4711 (record #20): truncated: the record declares 300 bytes but the input ends after 120
/// ```
public struct CodecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is; stable names that tests and golden vectors refer to.
  public var code: Code
  /// Where in the input the failure was found.
  public var location: Location
  /// The index of the record being decoded (0 is the first record after the header), when known.
  public var recordIndex: Int?
  /// What went wrong, in words a person can act on.
  public var message: String
  /// What the input holds instead, when it is recognizably something else (UTF-16 text, a
  /// script, a line of a log): readers add advice of their own from it.
  public var foreignContent: ForeignContent?

  public init(_ code: Code, at location: Location, record recordIndex: Int? = nil, _ message: String) {
    self.code = code
    self.location = location
    self.recordIndex = recordIndex
    self.message = message
  }

  public var description: String {
    var text = location.description
    if let recordIndex { text += " (record #\(recordIndex))" }
    return text + ": " + message
  }
}

extension CodecError {
  /// A place in the input.
  public struct Location: Hashable, Sendable, CustomStringConvertible {
    /// The offset of the offending byte from the start of the input.
    public var byteOffset: Int
    /// The 1-based line, for line-oriented (JSON Lines) input.
    public var line: Int?
    /// The 1-based column in bytes, for line-oriented input.
    public var column: Int?

    /// A place in binary input.
    public static func byte(_ offset: Int) -> Location {
      Location(byteOffset: offset, line: nil, column: nil)
    }

    /// A place in JSON Lines input.
    public static func line(_ line: Int, column: Int, byte offset: Int) -> Location {
      Location(byteOffset: offset, line: line, column: column)
    }

    public var description: String {
      if let line {
        if let column { return "line \(line), column \(column)" }
        return "line \(line)"
      }
      return "byte \(byteOffset)"
    }
  }

  /// The kind of a ``CodecError``: a stable name, as golden vectors write it.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The stable name, e.g. `"truncated"`.
    public let name: String
    private init(_ name: String) { self.name = name }

    public var description: String { name }

    /// The input ends inside a record (or inside the header).
    public static let truncated = Code("truncated")
    /// The input is neither a binary trace (wrong magic) nor JSON Lines.
    public static let badMagic = Code("badMagic")
    /// The format version is newer (or older) than this codec reads.
    public static let unsupportedVersion = Code("unsupportedVersion")
    /// The binary header names a command numbering this codec does not know.
    public static let unknownNumbering = Code("unknownNumbering")
    /// A record (or a JSON line) is longer than the decoder's limit.
    public static let recordTooLong = Code("recordTooLong")
    /// A string is longer than the decoder's limit.
    public static let stringTooLong = Code("stringTooLong")
    /// A number does not fit its field (e.g. an id beyond Int32).
    public static let numberOutOfRange = Code("numberOutOfRange")
    /// Bytes that are not valid UTF-8 where text is expected.
    public static let invalidUTF8 = Code("invalidUTF8")
    /// A command type name or code that the numbering does not have.
    public static let unknownCommandType = Code("unknownCommandType")
    /// An event class name or code this codec does not know.
    public static let unknownEventType = Code("unknownEventType")
    /// A record kind (binary) or record shape (JSON) this codec does not know.
    public static let unknownRecordKind = Code("unknownRecordKind")
    /// A field name (JSON) or presence bit (binary) the record's kind does not have.
    public static let unknownField = Code("unknownField")
    /// A JSON value of the wrong type (e.g. a string where a number belongs).
    public static let wrongType = Code("wrongType")
    /// A JSON object with the same key twice.
    public static let duplicateKey = Code("duplicateKey")
    /// A required field is absent.
    public static let missingField = Code("missingField")
    /// Something follows the end of a record on its line, or the end of the input is not clean.
    public static let trailingGarbage = Code("trailingGarbage")
    /// Malformed JSON.
    public static let syntax = Code("syntax")
    /// JSON nested deeper than the decoder's limit.
    public static let nestingTooDeep = Code("nestingTooDeep")
    /// A value that is well-formed but not allowed (a negative or non-finite time, an empty name).
    public static let invalidValue = Code("invalidValue")
    /// A record's time is earlier than the previous record's.
    public static let timeGoesBackwards = Code("timeGoesBackwards")
    /// Binary input that is valid but not in the one canonical form (e.g. an overlong varint).
    public static let nonCanonical = Code("nonCanonical")
    /// Binary content that does not parse: a field runs past the end of its record, or bytes are left over.
    public static let malformed = Code("malformed")

    /// The trace header names a widget schema but none was given to the decoder.
    public static let schemaMissing = Code("schemaMissing")
    /// The trace header names a widget schema other than the one given (their fingerprints differ).
    public static let schemaMismatch = Code("schemaMismatch")

    /// Every code, for documentation and vector checks.
    public static let all: [Code] = [
      .truncated, .badMagic, .unsupportedVersion, .unknownNumbering, .recordTooLong, .stringTooLong,
      .numberOutOfRange, .invalidUTF8, .unknownCommandType, .unknownEventType, .unknownRecordKind,
      .unknownField, .wrongType, .duplicateKey, .missingField, .trailingGarbage, .syntax,
      .nestingTooDeep, .invalidValue, .timeGoesBackwards, .nonCanonical, .malformed,
      .schemaMissing, .schemaMismatch,
    ]

    /// The code called `name`.
    public init?(name: String) {
      guard let code = Code.all.first(where: { $0.name == name }) else { return nil }
      self = code
    }
  }
}
