import CommandCodec
import ReplayCore

/// One named case of the conformance suite: what cmdtool sends a platform under test, step by
/// step. The expectation is never written down: the reference model computes it
/// (``CaseExpectation``), so a case cannot drift from the rules it checks.
public struct ConformanceCase: Sendable {
  /// The stable, hierarchical name: `Required.Tree.CreateButton.UnderLinearLayout`.
  public var name: String
  /// One line: what a conforming platform does here.
  public var summary: String
  /// Where the rule is written (`PROTOCOL.md §3 40`).
  public var reference: String
  /// The header cmdtool sends: the case's viewport and stored preferences.
  public var header: TraceHeader
  public var steps: [CaseStep]
  /// The state parts the case is about: a testee that reports none of them skips it.
  public var about: StateParts
  /// The event kinds the case needs compared: a testee that sends none of them skips it.
  public var needsEvents: EventKinds
  /// The widget schema the case's custom commands belong to (nil for the built-in protocol); the
  /// header then names it, and the model computes the expectation with it.
  public var widgets: WidgetSchema?

  public init(name: String, summary: String, reference: String, header: TraceHeader = TraceHeader(creator: "cmdtool conformance", viewport: Viewport(width: 390, height: 844)), steps: [CaseStep], about: StateParts = .tree, needsEvents: EventKinds = []) {
    self.name = name
    self.summary = summary
    self.reference = reference
    self.header = header
    self.steps = steps
    self.about = about
    self.needsEvents = needsEvents
  }

  /// The case with its custom commands read against `schema`, which its header names (what tells
  /// the testee which schema it needs: docs/CONFORMANCE.md §1.2).
  public func with(widgets schema: WidgetSchema?) -> ConformanceCase {
    var copy = self
    copy.widgets = schema
    copy.header.widgets = schema?.reference
    return copy
  }

  /// The tier, from the name's first component.
  public var tier: ConformanceTier {
    ConformanceTier(rawValue: String(name.prefix { $0 != "." })) ?? .informational
  }

  /// The command types the case sends.
  public var commandTypes: Set<CommandType> {
    var types: Set<CommandType> = []
    for step in steps {
      if case .commands(let commands) = step.action { types.formUnion(commands.map(\.type)) }
    }
    return types
  }

  /// Whether the case asks for a custom widget's named event (the `event` request,
  /// docs/CONFORMANCE.md §1.3).
  public var asksForWidgetEvents: Bool {
    steps.contains { step in
      if case .act(.widgetEvent) = step.action { return true }
      return false
    }
  }

  /// The kinds of element the case creates: a testee that declares it lacks one skips the case.
  public var createdKinds: Set<ElementKind> { Set(commandTypes.compactMap(ElementKind.init(creating:))) }

  /// The profile a `Profile.<Platform>.…` case is for (lower-cased), nil for every other case.
  public var profile: String? {
    let parts = name.split(separator: ".")
    guard parts.count > 2, parts[0] == "Profile" else { return nil }
    return parts[1].lowercased()
  }
}

/// How much a case's verdict counts.
public enum ConformanceTier: String, CaseIterable, Sendable, Comparable {
  /// What every platform must do.
  case required = "Required"
  /// What a platform should do: robustness against wrong input, behaviour most platforms share.
  case recommended = "Recommended"
  /// Choices one platform makes where the protocol is ambiguous: required of a testee that
  /// declares that profile, skipped by the others.
  case profile = "Profile"
  /// Reported, never failing: open questions of the protocol.
  case informational = "Informational"

  public static func < (a: ConformanceTier, b: ConformanceTier) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// The least keeping (docs/CONFORMANCE.md §1.7) of the element parts its cases judge: a
  /// Required case judges what the protocol requires of every platform, a Recommended or Profile
  /// case also what it recommends, an Informational one everything the model keeps.
  public var judges: KeptParts.Keeping {
    switch self {
    case .required: return .required
    case .recommended, .profile: return .recommended
    case .informational: return .notJudged
    }
  }

  /// Whether a failure in this tier fails the run.
  public var fails: Bool { self != .informational }
}

/// One step of a case: records at one instant, then a sync and a look at the state.
public struct CaseStep: Hashable, Sendable {
  public enum Action: Hashable, Sendable {
    /// A command batch, as the engine's `sendCommands` sends it.
    case commands([Command])
    /// A user's action the testee must perform (docs/CONFORMANCE.md §1.3).
    case act(UserAction)
    /// Only time passes: the platform's clock runs to the step's time.
    case advance
  }

  /// The virtual time, in milliseconds.
  public var time: Double
  public var action: Action

  public init(at time: Double, _ action: Action) {
    self.time = time
    self.action = action
  }
}

/// The kinds of events a platform sends (docs/CONFORMANCE.md §1.4).
public struct EventKinds: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// What a user's action sends: ValueEvent, SysEvent BACK, modal results.
  public static let user = EventKinds(rawValue: 1 << 0)
  public static let timer = EventKinds(rawValue: 1 << 1)
  public static let image = EventKinds(rawValue: 1 << 2)
  public static let visibility = EventKinds(rawValue: 1 << 3)

  public static let named: [(name: String, kinds: EventKinds)] = [("user", .user), ("timer", .timer), ("image", .image), ("visibility", .visibility)]
  public static let all: EventKinds = [.user, .timer, .image, .visibility]

  /// The kind of an event or modal-result record (nil for anything else).
  public static func of(_ record: TraceRecord) -> EventKinds? {
    switch record.body {
    case .modalResult: return .user
    case .event(_, let event):
      switch event {
      case .timer: return .timer
      case .imageRequest: return .image
      case .visibility: return .visibility
      default: return .user
      }
    default: return nil
    }
  }

  public var description: String { Self.named.filter { contains($0.kinds) }.map(\.name).joined(separator: ",") }
}
