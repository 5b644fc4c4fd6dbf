import ReplayCore

/// What a testee declares in its hello marker (docs/CONFORMANCE.md §1.2):
/// `protocol=1 profile=gtk reports=tree,text,values events=user,timer`.
public struct TesteeHello: Hashable, Sendable {
  /// The protocol version cmdtool speaks.
  public static let protocolVersion = 1

  public var protocolVersion: Int
  /// `ios`, `android`, `gtk` or `other`.
  public var profile: String
  public var reports: StateParts
  public var events: EventKinds
  /// The element kinds it has no widget for (`lacks=`): cases that create one are skipped up
  /// front (docs/CONFORMANCE.md §1.7).
  public var lacks: Set<ElementKind>
  /// The kinds it keeps at the top level whatever parent their CREATE names (`toplevel=`): a
  /// dialog that is a window of its own, an action bar that is the window's title bar.
  public var topLevel: Set<ElementKind>
  /// Whether the engine keeps the view history (`history=engine`) rather than the platform
  /// (`history=platform`, the default).
  public var historyInEngine: Bool
  /// Whether it reports an error's message (`errortext=kept`, the default) or only that there is
  /// one (`errortext=none`, as GTK keeps it): the message is then judged only in Informational
  /// cases (docs/CONFORMANCE.md §1.7).
  public var errorTextReported = true
  /// How many cases one process serves (`sessions=`): one (the default), or case after case
  /// over one connection (docs/CONFORMANCE.md §1.9).
  public var sessions: Sessions = .one

  /// How many cases one testee process serves.
  public enum Sessions: String, Sendable, CaseIterable {
    /// One case, then the testee exits (docs/CONFORMANCE.md §1.2–§1.6).
    case one
    /// Case after case over one connection, reset between them (§1.9).
    case many
  }

  public init(protocolVersion: Int = TesteeHello.protocolVersion, profile: String = "other", reports: StateParts = .tree, events: EventKinds = .user,
              lacks: Set<ElementKind> = [], topLevel: Set<ElementKind> = [], historyInEngine: Bool = false) {
    self.protocolVersion = protocolVersion
    self.profile = profile
    self.reports = reports
    self.events = events
    self.lacks = lacks
    self.topLevel = topLevel
    self.historyInEngine = historyInEngine
  }

  /// The kinds a `lacks=` or `toplevel=` list names; an unknown name, or one not in `allowed`,
  /// is a mistake of the testee's, named.
  private static func kinds(_ key: Substring, _ value: Substring, allowed: [ElementKind]) throws(Failure) -> Set<ElementKind> {
    do {
      return try ElementKind.list(parsing: value, allowed: allowed)
    } catch {
      throw Failure(description: "\(key): \(error.description)")
    }
  }

  /// Why a hello cannot be read.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public var description: String
  }

  /// Reads a hello marker's detail. Unknown keys are ignored, as later versions may add some.
  public init(parsing detail: String) throws(Failure) {
    self.init()
    var sawProtocol = false
    for pair in detail.split(separator: " ") where !pair.isEmpty {
      guard let equals = pair.firstIndex(of: "=") else { throw Failure(description: "\"\(pair)\" is not key=value") }
      let key = pair[..<equals]
      let value = pair[pair.index(after: equals)...]
      switch key {
      case "protocol":
        guard let version = Int(value) else { throw Failure(description: "protocol=\(value) is not a version number") }
        protocolVersion = version
        sawProtocol = true
      case "profile":
        profile = value.lowercased()
      case "reports":
        do {
          reports = try StateParts(parsing: value)
        } catch {
          throw Failure(description: "reports: \(error.description)")
        }
      case "events":
        var kinds: EventKinds = []
        for name in value.split(separator: ",") where !name.isEmpty {
          guard let kind = EventKinds.named.first(where: { $0.name == name })?.kinds else {
            throw Failure(description: "events: unknown event kind \"\(name)\"; the kinds are \(EventKinds.named.map(\.name).joined(separator: ", "))")
          }
          kinds.insert(kind)
        }
        events = kinds
      case "lacks":
        // The application cannot be lacked: every case creates it.
        lacks = try Self.kinds(key, value, allowed: ElementKind.allCases.filter { $0 != .application && $0 != .custom })
      case "toplevel":
        topLevel = try Self.kinds(key, value, allowed: KeptParts.topLevelKinds)
      case "history":
        guard value == "engine" || value == "platform" else { throw Failure(description: "history=\(value): it is engine or platform") }
        historyInEngine = value == "engine"
      case "errortext":
        guard value == "kept" || value == "none" else { throw Failure(description: "errortext=\(value): it is kept or none") }
        errorTextReported = value == "kept"
      case "sessions":
        guard let declared = Sessions(rawValue: String(value)) else { throw Failure(description: "sessions=\(value): it is one or many") }
        sessions = declared
      default:
        continue
      }
    }
    guard sawProtocol else { throw Failure(description: "the hello names no protocol version (protocol=1)") }
    guard protocolVersion == Self.protocolVersion else {
      throw Failure(description: "the testee speaks protocol \(protocolVersion); cmdtool speaks \(Self.protocolVersion)")
    }
  }

  /// The detail that declares this hello.
  public var detail: String {
    var detail = "protocol=\(protocolVersion) profile=\(profile) reports=\(reports) events=\(events)"
    func names(_ kinds: Set<ElementKind>) -> String { kinds.sorted().map(\.rawValue).joined(separator: ",") }
    if !lacks.isEmpty { detail += " lacks=\(names(lacks))" }
    if !topLevel.isEmpty { detail += " toplevel=\(names(topLevel))" }
    if historyInEngine { detail += " history=engine" }
    if !errorTextReported { detail += " errortext=none" }
    if sessions == .many { detail += " sessions=many" }
    return detail
  }

  /// `state` as a case of `tier` judges it for this testee: projected onto the parts it reports,
  /// then onto what the protocol asks of it (``KeptParts``) and its declared ways (`toplevel=`,
  /// `history=engine`, `errortext=none`). Applied to the model's state and the testee's alike.
  public func judged(_ state: UIState, in tier: ConformanceTier) -> UIState {
    state.projected(onto: reports).judged(at: tier.judges, topLevel: topLevel, historyInEngine: historyInEngine, errorTextReported: errorTextReported)
  }
}
