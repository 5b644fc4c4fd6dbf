/// A protocol violation (or a command the model does not model) found while replaying.
///
/// Diagnostics never stop the model: it does what a platform would do (usually ignore the command)
/// and goes on. In strict mode the replay stops at the first ``Severity/error``.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Sendable, Comparable {
    /// A command or event the model accepts but does not model; not a violation.
    case note
    /// A protocol violation.
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .note && b == .error }
  }

  /// The record where it happened.
  public var recordIndex: Int
  /// The command's position within its batch, for command diagnostics.
  public var commandIndex: Int?
  /// The record's time, in milliseconds.
  public var time: Double
  public var rule: DiagnosticRule
  public var message: String

  public var severity: Severity { rule.severity }

  public var description: String {
    let place = commandIndex.map { "#\(recordIndex).\($0)" } ?? "#\(recordIndex)"
    return "\(place) at \(Format.time(milliseconds: time)): \(severity.rawValue) [\(rule.rawValue)] \(message)"
  }
}

/// The rules the reference model checks, each with a stable id (docs/PROTOCOL.md, "Diagnostics").
public enum DiagnosticRule: String, CaseIterable, Sendable, Comparable {
  case unknownTarget = "unknown-target"
  case unknownParent = "unknown-parent"
  case duplicateCreate = "duplicate-create"
  case missingId = "missing-id"
  case childOfLeaf = "child-of-leaf"
  case cycle = "cycle"
  case removeNonChild = "remove-non-child"
  case reorderNonChild = "reorder-non-child"
  case reorderOutOfRange = "reorder-out-of-range"
  case notAView = "not-a-view"
  case unsupportedTarget = "unsupported-target"
  case invalidSelector = "invalid-selector"
  case emptyStyleKey = "empty-style-key"
  case invalidTimerInterval = "invalid-timer-interval"
  case duplicateTimer = "duplicate-timer"
  case missingTimerId = "missing-timer-id"
  case duplicateApplication = "duplicate-application"
  case modalResultWithoutModal = "modal-result-without-modal"
  case notModelled = "not-modelled"
  // Custom widgets (docs/WIDGETS.md §6.2).
  case widgetUnknownProperty = "widget-unknown-property"
  case widgetInvalidValue = "widget-invalid-value"
  case widgetImmutableAttribute = "widget-immutable-attribute"
  case widgetNotCreated = "widget-not-created"
  case widgetNotDisplayable = "widget-not-displayable"
  case widgetNotHideable = "widget-not-hideable"
  case widgetUnknownEvent = "widget-unknown-event"
  case widgetInvalidEventValue = "widget-invalid-event-value"
  case widgetSize = "widget-size"

  public var severity: Diagnostic.Severity { self == .notModelled || self == .widgetNotDisplayable || self == .widgetSize ? .note : .error }

  /// Whether the rule is about custom widgets: only traces with a widget schema can raise it.
  public var isWidgetRule: Bool { rawValue.hasPrefix("widget-") }

  /// The rules of the built-in protocol, in declaration order: every trace can break them.
  /// The rules a widget schema adds are ``widgetRules``; ``everyRule`` has both.
  public static let allCases: [DiagnosticRule] = [
    .unknownTarget, .unknownParent, .duplicateCreate, .missingId, .childOfLeaf, .cycle, .removeNonChild,
    .reorderNonChild, .reorderOutOfRange, .notAView, .unsupportedTarget, .invalidSelector, .emptyStyleKey,
    .invalidTimerInterval, .duplicateTimer, .missingTimerId, .duplicateApplication, .modalResultWithoutModal,
    .notModelled,
  ]

  /// The rules about custom widgets (docs/WIDGETS.md §6.2), raised only with a widget schema.
  public static let widgetRules: [DiagnosticRule] = [
    .widgetUnknownProperty, .widgetInvalidValue, .widgetImmutableAttribute, .widgetNotCreated,
    .widgetNotDisplayable, .widgetNotHideable,
  ]

  /// The rules about the events a platform sends to custom widgets (docs/WIDGETS.md §2.6),
  /// raised on recorded events with a widget schema; apart from ``widgetRules``, which commands
  /// break (the stream fuzzer and the conformance suite send commands, not events).
  public static let widgetEventRules: [DiagnosticRule] = [.widgetUnknownEvent, .widgetInvalidEventValue]

  /// The rule about the frames a layout gives custom widgets (docs/WIDGETS.md §7.1), raised only
  /// by a model given a layout (``ReferenceModel/Options/layout``).
  public static let widgetLayoutRules: [DiagnosticRule] = [.widgetSize]

  /// Every rule: the built-in protocol's, then the custom widgets'.
  public static let everyRule: [DiagnosticRule] = allCases + widgetRules + widgetEventRules + widgetLayoutRules

  /// What the rule says, for documentation and `cmdtool check --rules`.
  public var summary: String {
    switch self {
    case .unknownTarget: return "a command addresses an id that was never created (or was deleted)"
    case .unknownParent: return "a CREATE_* names a parent that does not exist; the element is created detached"
    case .duplicateCreate: return "a CREATE_* reuses the id of a live element; the command is ignored"
    case .missingId: return "a CREATE_* has no childInternalId (0); the command is ignored"
    case .childOfLeaf: return "a CREATE_* puts a child under an element that cannot hold children; it is attached anyway"
    case .cycle: return "a CREATE_* makes an element its own parent; the command is ignored"
    case .removeNonChild: return "REMOVE_CHILD names a child that is not a child of that parent; ignored"
    case .reorderNonChild: return "REORDER_CHILD names a child that is not a child of that parent; ignored"
    case .reorderOutOfRange: return "REORDER_CHILD moves past the end (appended) or to a negative index (moved first)"
    case .notAView: return "a view switch names an element that is not a frame view or OpenGL view; ignored"
    case .unsupportedTarget: return "a command is sent to an element of a kind it does not apply to; ignored"
    case .invalidSelector: return "SET_STYLE's value is not a selector (0–5); ignored"
    case .emptyStyleKey: return "SET_STYLE has an empty key; ignored"
    case .invalidTimerInterval: return "CREATE_TIMER's interval is not positive; the timer never fires"
    case .duplicateTimer: return "CREATE_TIMER reuses the id of a running timer; ignored"
    case .missingTimerId: return "CREATE_TIMER has no timer id (childInternalId 0); no timer is started"
    case .duplicateApplication: return "a second CREATE_APPLICATION while one exists; ignored"
    case .modalResultWithoutModal: return "a modal result names no open dialog or action sheet"
    case .notModelled: return "a command the model accepts but does not model (no engine sends it, or only old engines did)"
    case .widgetUnknownProperty: return "a custom command carries a field that no property of the widget uses; the field is ignored"
    case .widgetInvalidValue: return "a custom widget's property or attribute gets a value its schema refuses (type, range, enum, colour, URL, size); ignored"
    case .widgetImmutableAttribute: return "a command would change a custom widget's creation-time attribute; ignored"
    case .widgetNotCreated: return "a custom command addresses an element that is not a widget of its kind; ignored"
    case .widgetNotDisplayable: return "a custom widget is in the tree before the properties it needs are set; drawn hidden"
    case .widgetNotHideable: return "SET_VISIBILITY hides a custom widget whose schema says it cannot be hidden; ignored"
    case .widgetUnknownEvent: return "an event sent to a custom widget matches none its schema declares (class and match)"
    case .widgetInvalidEventValue: return "a field of an event sent to a custom widget is outside its declared type or range"
    case .widgetSize: return "the layout offers a custom widget a size outside its size rules; drawn clamped to them"
    }
  }

  public static func < (a: DiagnosticRule, b: DiagnosticRule) -> Bool { a.rawValue < b.rawValue }
}
