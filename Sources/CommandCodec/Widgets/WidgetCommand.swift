/// A command a widget schema adds to the vocabulary: a widget's creation command or a setter.
///
/// Custom commands are named like the engine's enumerators (`CREATE_PIE_CHART`, capitals, digits
/// and `_`) and never take a built-in ``CommandType`` name. A code is optional (JSON traces carry
/// names only); when given, it lies in ``customCodes``, a range no built-in numbering reaches: the
/// toolkit's `cmdtool-1` table is append-only and ends at 107, the engine's enums at 72, so a
/// binary trace can carry custom opcodes beside built-in ones in any numbering (docs/WIDGETS.md §5).
///
/// ```swift
/// WidgetCommand.customCodes  // 1000...1999
/// ```
public struct WidgetCommand: Hashable, Sendable, CustomStringConvertible {
  /// What the command does.
  public enum Role: Hashable, Sendable {
    /// It creates an element of the widget: `internalId` the parent, `childInternalId` the new element.
    case create
    /// It sets one or more properties of an element of the widget (`internalId`).
    case set
  }

  /// The command name, as JSON traces will carry it.
  public var name: String
  /// The opcode binary traces will carry, in ``customCodes``; nil when the engine gives none.
  public var code: UInt64?
  /// What it does.
  public var role: Role
  /// The widget it belongs to (creates, or sets properties of).
  public var widget: String

  /// Creates a command description.
  public init(name: String, code: UInt64?, role: Role, widget: String) {
    self.name = name
    self.code = code
    self.role = role
    self.widget = widget
  }

  /// The codes reserved for custom commands: never a built-in code in any numbering.
  public static let customCodes: ClosedRange<UInt64> = 1000...1999

  /// `CREATE_PIE_CHART (1000)`, or the name alone without a code.
  public var description: String {
    code.map { "\(name) (\($0))" } ?? name
  }

  /// Whether `name` has the form of a command name: a capital, then capitals, digits and `_`.
  public static func isValidName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
    return bytes.allSatisfy {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
    }
  }
}
