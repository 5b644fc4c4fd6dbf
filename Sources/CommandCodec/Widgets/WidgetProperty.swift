/// A typed value of a custom widget: a property set on the wire, or a creation-time attribute.
///
/// A property (a pie chart's `piePercentage`) can change any time after the widget is created,
/// through its ``wire`` setter; a creation attribute (a table's `style`) travels in a field of
/// the creation command and is immutable afterwards (``isCreationAttribute``). Values are kept as
/// their text form (docs/WIDGETS.md §3), so a default, a SET_STYLE value and a SET_INT_VALUE
/// value compare alike.
///
/// ```swift
/// let percentage = schema.widget(named: "PieChart")!.property(named: "piePercentage")!
/// percentage.validate("40")       // nil
/// percentage.validate("140")?.code  // .outOfRange
/// ```
public struct WidgetProperty: Hashable, Sendable {
  /// The name, unique among the widget's properties and attributes.
  public var name: String
  /// The type of its values.
  public var type: WidgetPropertyType
  /// The value before anything sets it, as text; nil when it has none (unset until set).
  public var defaultValue: String?
  /// The smallest value allowed (``WidgetPropertyType/isNumeric`` types only).
  public var minimum: Double?
  /// The largest value allowed (``WidgetPropertyType/isNumeric`` types only).
  public var maximum: Double?
  /// Whether a designer may edit it (IBInspectable); tools show inspectable ones first.
  public var isInspectable: Bool
  /// How the value travels: a field of the creation command, or a setter.
  public var wire: WidgetPropertyWire
  /// Free text for people; not part of the ``WidgetSchema/fingerprint``.
  public var summary: String
  /// An enum's other spellings, each stored as its value (`"Grouped": "grouped"`); empty for
  /// other types (docs/WIDGETS.md §3).
  public var enumAliases: [String: String] = [:]
  /// Whether an enum's values (and aliases) are matched whatever their case; the value is stored
  /// in the spelling of `values` (PGAdapter lower-cases attribute values).
  public var isCaseInsensitive = false

  /// Creates a property; the schema reader validates what it is given.
  public init(
    name: String, type: WidgetPropertyType, defaultValue: String? = nil, minimum: Double? = nil,
    maximum: Double? = nil, isInspectable: Bool = false, wire: WidgetPropertyWire, summary: String = ""
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.minimum = minimum
    self.maximum = maximum
    self.isInspectable = isInspectable
    self.wire = wire
    self.summary = summary
  }

  /// Whether this is a creation-time attribute (immutable after the create command).
  public var isCreationAttribute: Bool {
    if case .creation = wire { return true }
    return false
  }

  /// Why `value` is not a valid value of this property, or nil when it is.
  ///
  /// Checks the type's syntax (``WidgetPropertyType/syntaxProblem(_:)``), then the range.
  ///
  /// ```swift
  /// colourProperty.validate("banana")?.description  // "\"banana\" is not a colour (#rgb, ...)"
  /// ```
  ///
  /// - Returns: nil, or a ``Problem`` with code `.wrongType`, `.outOfRange`, `.notInEnum`,
  ///   `.notAColour`, `.notAURL` or `.notASize`.
  /// - Complexity: O(n) in the length of `value` (and the number of enum values).
  public func validate(_ value: String) -> Problem? {
    let value = resolved(value)
    if let problem = type.syntaxProblem(value) { return problem }
    guard type.isNumeric, let number = WidgetValueSyntax.number(value) else { return nil }
    return rangeProblem(number, value)
  }

  /// Why `number` (spelt `text`) is outside ``minimum``…``maximum``, or nil.
  /// `text` with an enum's alias or other-case spelling replaced by the value it stands for;
  /// anything else unchanged.
  public func resolved(_ text: String) -> String {
    guard case .enumeration(let values) = type, !values.contains(text) else { return text }
    if let target = enumAliases[text] { return target }
    guard isCaseInsensitive else { return text }
    let folded = text.lowercased()
    if let value = values.first(where: { $0.lowercased() == folded }) { return value }
    return enumAliases.first { $0.key.lowercased() == folded }?.value ?? text
  }

  /// `text`, a valid value, as the one text the model stores (§3): an alias resolved, then
  /// ``WidgetPropertyType/canonicalText(_:)``.
  public func canonicalValue(_ text: String) -> String {
    let value = resolved(text)
    return type.canonicalText(value) ?? value
  }

  func rangeProblem(_ number: Double, _ text: String) -> Problem? {
    if let minimum, number < minimum {
      return Problem(.outOfRange, "\(text) is below the minimum \(WidgetValueSyntax.canonicalNumber(minimum))")
    }
    if let maximum, number > maximum {
      return Problem(.outOfRange, "\(text) is above the maximum \(WidgetValueSyntax.canonicalNumber(maximum))")
    }
    return nil
  }

  /// The range as people write it: `0…100`, `≥ 0`, `≤ 400`, or "" when unbounded.
  public var rangeDescription: String {
    switch (minimum, maximum) {
    case let (min?, max?): return WidgetValueSyntax.canonicalNumber(min) + "…" + WidgetValueSyntax.canonicalNumber(max)
    case let (min?, nil): return "≥ " + WidgetValueSyntax.canonicalNumber(min)
    case let (nil, max?): return "≤ " + WidgetValueSyntax.canonicalNumber(max)
    case (nil, nil): return ""
    }
  }
}

extension WidgetProperty {
  /// Why a value is not valid for a property: what ``validate(_:)`` returns.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem, for tools that react to some (a fuzzer's expectations, a diagnostic code).
    public enum Code: String, Hashable, Sendable {
      case wrongType, outOfRange, notInEnum, notAColour, notAURL, notASize
    }

    /// The kind of problem.
    public var code: Code
    /// What is wrong, naming the value: `140 is above the maximum 100`.
    public var message: String

    /// Creates a problem.
    public init(_ code: Code, _ message: String) {
      self.code = code
      self.message = message
    }

    public var description: String { message }
  }
}
