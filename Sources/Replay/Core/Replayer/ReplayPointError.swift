/// Why a text is not a ``ReplayPoint``: what is wrong with it (a ``Code``), the text itself as the
/// place, and what to write instead.
///
/// ```text
/// -1s: negative times are not allowed; times count from the start of the trace, so the earliest is 0s
/// ```
public struct ReplayPointError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of mistake this is; stable names for tests and tools.
  public var code: Code
  /// The text as given, which is the place of the error.
  public var text: String
  /// What is wrong and what to write instead.
  public var message: String

  public init(_ code: Code, text: String, _ message: String) {
    self.code = code
    self.text = text
    self.message = message
  }

  public var description: String { "\(text): \(message)" }

  /// The kind of a ``ReplayPointError``.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    /// The stable name, e.g. `"negativeTime"`.
    public let name: String
    private init(_ name: String) { self.name = name }

    public var description: String { name }

    /// A time before the start of the trace, such as `-1s`.
    public static let negativeTime = Code("negativeTime")
    /// A negative record number, such as `#-1`.
    public static let negativeRecord = Code("negativeRecord")
    /// A plain number, such as `12`: a time without a unit, or a record without its `#`.
    public static let missingUnit = Code("missingUnit")
    /// Anything else that is neither `#N`, a time nor `end`.
    public static let notAPoint = Code("notAPoint")
  }
}
