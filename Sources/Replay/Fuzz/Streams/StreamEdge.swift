import CommandCodec
import ReplayCore

/// An edge value of a command that platforms get wrong and the engine's habits make rare: the
/// generator sends each on purpose in turn (``StreamGenerator`` rare steps), and a campaign reports
/// the ones none of its streams held (``StreamCoverage``).
public enum StreamEdge: String, CaseIterable, Sendable, Comparable {
  case emptyError = "SET_ERROR with an empty text"
  case emptyText = "SET_TEXT_VALUE with an empty text"
  case hugeText = "a text over 64 KiB"
  case integerEdge = "SET_INT_VALUE at the Int32 edges"
  case oddToastDuration = "CREATE_TOAST neither short nor long"
  case emptyPreference = "UPDATE_PREFERENCE with an empty value"
  case olderName = "a creation under an older engine's name"

  /// Whether `command` holds this edge value.
  public func matches(_ command: Command) -> Bool {
    switch self {
    case .emptyError: return command.type == .setError && command.value != 0 && command.textValue.isEmpty
    case .emptyText: return command.type == .setTextValue && command.textValue.isEmpty
    case .hugeText: return command.textValue.utf8.count > 65_536 || command.textValue2.utf8.count > 65_536
    case .integerEdge: return command.type == .setIntValue && (command.value == .max || command.value == .min)
    case .oddToastDuration: return command.type == .createToast && command.value != 0 && command.value != 1
    case .emptyPreference: return command.type == .updatePreference && command.textValue2.isEmpty
    case .olderName: return !command.type.isCurrent && ElementKind(creating: command.type) != nil
    }
  }

  public static func < (a: StreamEdge, b: StreamEdge) -> Bool { a.rawValue < b.rawValue }
}

/// What the streams of a campaign sent: the command types, selectors and edge values, to report
/// those that never appeared (a bug there could not have been found).
public struct StreamCoverage: Sendable {
  public private(set) var protocolCoverage = ProtocolCoverage()
  public private(set) var edges: Set<StreamEdge> = []

  public init() {}

  public mutating func add(_ commands: [Command]) {
    protocolCoverage.add(commands)
    for command in commands {
      for edge in StreamEdge.allCases where !edges.contains(edge) && edge.matches(command) { edges.insert(edge) }
    }
  }

  /// What never appeared: current command types, style selectors (`selector ACTIVE`), edge values.
  public var neverSent: [String] { neverSent(leavingOut: []) }

  /// What never appeared, leaving out the creation of `kinds` (left out on purpose: the testee
  /// lacks them, or `--kinds` narrowed them away, so their absence hides no bug).
  public func neverSent(leavingOut kinds: Set<ElementKind>) -> [String] {
    let commands = protocolCoverage.neverExercised(.commands).filter { name in
      guard let type = CommandType(name: name), let kind = ElementKind(creating: type) else { return true }
      return !kinds.contains(kind)
    }
    return commands + protocolCoverage.neverExercised(.selectors).map { "selector " + $0 }
      + StreamEdge.allCases.filter { !edges.contains($0) }.map(\.rawValue)
  }
}
