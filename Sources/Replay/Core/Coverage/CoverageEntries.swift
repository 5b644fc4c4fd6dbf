import CommandCodec

/// What a set of traces exercised of one command type (a row of `cmdtool coverage`).
public struct CommandTypeCoverage: Hashable, Sendable {
  /// The command type.
  public let type: CommandType
  /// How many commands of the type were seen.
  public let count: Int
  /// The fields the protocol uses for the type (``CommandCodec/CommandType/fields``).
  public let fields: [Command.Field]
  /// Those of ``fields`` some command of the type set to a value other than the default.
  public let exercisedFields: [Command.Field]
  /// Those of ``fields`` no command of the type set.
  public let missingFields: [Command.Field]
  /// Fields commands of the type set although the protocol gives them no meaning for it (`key`,
  /// or `flags` on a CREATE_BUTTON): worth a look, never counted as coverage.
  public let otherFields: [Command.Field]

  init(type: CommandType, count: Int, fieldsSet: [Command.Field]) {
    self.type = type
    self.count = count
    fields = type.fields
    exercisedFields = fields.filter(fieldsSet.contains)
    missingFields = fields.filter { !fieldsSet.contains($0) }
    otherFields = fieldsSet.filter { !type.fields.contains($0) }
  }
}

/// What a set of traces exercised of one event class.
public struct EventKindCoverage: Hashable, Sendable {
  /// The event class.
  public let kind: EventKind
  /// How many events of the class were seen.
  public let count: Int
  /// Every field of the class, by its JSON name (``CommandCodec/EventKind/fields``).
  public let fields: [String]
  /// Those of ``fields`` some event set to a value other than the default.
  public let exercisedFields: [String]
  /// Those of ``fields`` no event set.
  public let missingFields: [String]

  /// Whether a platform sends this class; the others are not part of the event ratios.
  public var isSentByPlatforms: Bool { kind.isSentByPlatforms }

  init(kind: EventKind, count: Int, fieldsSet: [String]) {
    self.kind = kind
    self.count = count
    fields = kind.fields.map(\.name)
    exercisedFields = fieldsSet
    missingFields = fields.filter { !fieldsSet.contains($0) }
  }
}

/// How many SET_STYLE commands used one selector.
public struct SelectorCoverage: Hashable, Sendable {
  public let selector: StyleSelector
  public let count: Int
}

/// How many SET_STYLE commands used one style key, and whether the protocol knows the key.
public struct StyleKeyCoverage: Hashable, Sendable {
  public let key: String
  public let count: Int
  /// Whether the key is one of ``CommandCodec/StyleKeys/known``.
  public let isKnown: Bool
}
