extension WidgetSchema {
  /// Why a schema document was rejected, and where: a JSON path, or a line and column.
  ///
  /// A schema that parses as JSON but breaks a rule names the value at fault as a path from the
  /// document's root (`widgets[1].properties.piePercentage.default`); JSON that does not parse
  /// names its line and column. `description` is the line `cmdtool widgets check` prints.
  ///
  /// ```swift
  /// failure.code         // .defaultOutOfRange
  /// failure.path         // "widgets[0].properties.piePercentage.default"
  /// failure.description  // "widgets[0].properties.piePercentage.default: 140 is above the maximum 100"
  /// ```
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule a schema broke.
    public enum Code: String, Hashable, Sendable {
      /// Not JSON (or a duplicate key): see ``line`` and ``column``.
      case syntax
      /// A key the format does not have (the schema is strict, like the rest of the toolkit).
      case unknownKey
      /// A required key is absent.
      case missingKey
      /// A value of the wrong JSON kind (a string where a number belongs, ...).
      case wrongKind
      /// A `"widgetSchema"` version this reader does not know.
      case unsupportedVersion
      /// A name that is not an identifier (widgets, properties, events) or not a command name.
      case invalidName
      /// A property `type` that is not one of ``WidgetPropertyType/names``.
      case unknownType
      /// A default that is not a value of its type (a colour "banana", an enum value not listed).
      case invalidDefault
      /// A default outside its range.
      case defaultOutOfRange
      /// `min` greater than `max` (properties, size rules).
      case invertedRange
      /// `min`/`max` on a type that has no order, `values` on a type that is not `enum`.
      case misplacedKey
      /// Two widgets with one name, two properties or attributes of a widget with one name.
      case duplicateName
      /// One command name for two purposes (two widgets' creation, a creation and a setter, ...).
      case duplicateCommand
      /// One code for two command names, or one command name with two codes.
      case duplicateCode
      /// A custom command that takes a built-in command's name or code.
      case builtInCollision
      /// A code outside ``WidgetCommand/customCodes``.
      case codeOutOfRange
      /// A command that does not exist (a built-in setter's command name misspelt).
      case unknownCommand
      /// A field name that is not a ``Command/Field``, or a field the command does not have.
      case unknownField
      /// A field that cannot carry the value: `internalId` (the element), an integer field for a
      /// string type, a field two values share.
      case fieldConflict
      /// A reference to something the widget does not declare (a visibility rule's property, a
      /// preview's property or attribute).
      case unknownReference
      /// A reference to a property of a type that cannot serve there (a preview's `fill` that is
      /// not a colour).
      case wrongReferenceType
      /// An event class or event field that does not exist.
      case unknownEvent
      /// Two events of a widget that one record could match (same class, no `match` telling
      /// them apart).
      case ambiguousEvent
    }

    /// The rule broken.
    public var code: Code
    /// The JSON path of the value at fault (`widgets[0].name`); "" for the whole document.
    public var path: String
    /// The line of a ``Code/syntax`` failure, 1-based.
    public var line: Int?
    /// The column of a ``Code/syntax`` failure, 1-based, in bytes.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// A number the message names, and the message around it: the schema reader sees numbers as
    /// doubles (`1e+20`), so ``WidgetSchema/init(parsing:)-(_:[UInt8])`` puts the number back as the
    /// document wrote it (`99999999999999999999`).
    struct NumberEcho: Hashable, Sendable {
      var number: Double
      var before: String
      var after: String
    }
    var numberEcho: NumberEcho?

    /// Creates a failure at a JSON path.
    public init(_ code: Code, at path: String, _ message: String) {
      self.code = code
      self.path = path
      self.message = message
    }

    /// A failure whose message names `number`, between `before` and `after`.
    init(_ code: Code, at path: String, echoing number: Double, before: String, after: String) {
      self.init(code, at: path, before + WidgetValueSyntax.canonicalNumber(number) + after)
      numberEcho = NumberEcho(number: number, before: before, after: after)
    }

    /// The failure with its number spelt as in `document`, the bytes it was read from.
    func echoingLiterals(of document: [UInt8]) -> Failure {
      guard let echo = numberEcho, let literal = JSONValue.literal(at: path, in: document) else { return self }
      var failure = self
      failure.message = echo.before + literal + echo.after
      failure.numberEcho = nil
      return failure
    }

    /// A syntax failure from the JSON parser's error, keeping its line and column.
    init(syntax error: CodecError) {
      self.code = .syntax
      self.path = ""
      self.line = error.location.line
      self.column = error.location.column
      self.message = error.message
    }

    /// `PATH: message`, `line L, column C: message`, or the message alone.
    public var description: String {
      if let line, let column { return "line \(line), column \(column): \(message)" }
      return path.isEmpty ? message : path + ": " + message
    }
  }
}
