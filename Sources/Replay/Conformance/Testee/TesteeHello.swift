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
  /// The element kinds it has no widget for (`lacks=pager,slider`): `fuzz platform` generates
  /// none of them.
  public var lacks: Set<ElementKind>

  public init(protocolVersion: Int = TesteeHello.protocolVersion, profile: String = "other", reports: StateParts = .tree, events: EventKinds = .user, lacks: Set<ElementKind> = []) {
    self.protocolVersion = protocolVersion
    self.profile = profile
    self.reports = reports
    self.events = events
    self.lacks = lacks
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
        do {
          lacks = try ElementKind.list(parsing: value)
        } catch {
          throw Failure(description: "lacks: \(error.description)")
        }
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
    let kinds = lacks.isEmpty ? "" : " lacks=" + lacks.sorted().map(\.rawValue).joined(separator: ",")
    return "protocol=\(protocolVersion) profile=\(profile) reports=\(reports) events=\(events)" + kinds
  }
}
