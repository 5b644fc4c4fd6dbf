import CommandCodec

/// What a testee says it is in its hello marker (docs/CONFORMANCE.md §1.2): the first record it
/// writes, before reading anything.
///
/// ```swift
/// var declaration = TesteeDeclaration(profile: "ios")
/// declaration.reports = ["tree", "text", "values"]
/// declaration.lacks = ["navigationView", "pager"]
/// declaration.detail  // "protocol=1 profile=ios reports=tree,text,values events=user lacks=navigationView,pager"
/// ```
public struct TesteeDeclaration: Hashable, Sendable {
  /// Every state part of §1.5, in the table's order.
  public static let allReports = ["tree", "text", "values", "visibility", "errors", "flags", "styles", "options", "lists", "images", "toasts", "timers", "preferences", "requests"]
  /// Every event kind of §1.4, in the table's order.
  public static let allEvents = ["user", "timer", "image", "visibility"]

  /// The platform whose choices it follows where the protocol is ambiguous: `ios`, `android`,
  /// `gtk` or `other` (PROTOCOL.md §6).
  public var profile: String
  /// The state parts its snapshots hold (`tree` is reported whatever this says).
  public var reports: [String]
  /// The kinds of events it sends.
  public var events: [String]
  /// The element kinds it has no widget for (the snapshot's kind names); their cases are
  /// skipped before they start (§1.7).
  public var lacks: [String]
  /// The kinds it keeps at the top level whatever parent their CREATE names (§1.7).
  public var topLevel: [String]
  /// `engine` when the engine keeps the view history (§1.7); nil declares nothing (the platform
  /// keeps it).
  public var history: String?
  /// Whether its snapshots hold an error's message (`errortext=kept`, the default), or only
  /// that there is an error (`errortext=none`, as GTK keeps it; §1.7).
  public var reportsErrorText: Bool
  /// Whether one process serves many cases (`sessions=many`, §1.9).
  public var servesManySessions: Bool
  /// The protocol version it speaks: 1, the only one cmdtool has. Another is for testing that
  /// cmdtool refuses it.
  public var protocolVersion = 1

  public init(
    profile: String = "other", reports: [String] = ["tree"], events: [String] = ["user"], lacks: [String] = [],
    topLevel: [String] = [], history: String? = nil, reportsErrorText: Bool = true, servesManySessions: Bool = false
  ) {
    self.profile = profile
    self.reports = reports
    self.events = events
    self.lacks = lacks
    self.topLevel = topLevel
    self.history = history
    self.reportsErrorText = reportsErrorText
    self.servesManySessions = servesManySessions
  }

  /// The hello marker's detail: `protocol=1 profile=… reports=… events=…` and the optional keys.
  public var detail: String {
    var detail = "protocol=\(protocolVersion) profile=\(profile) reports=\(reports.joined(separator: ",")) events=\(events.joined(separator: ","))"
    if !lacks.isEmpty { detail += " lacks=\(lacks.joined(separator: ","))" }
    if !topLevel.isEmpty { detail += " toplevel=\(topLevel.joined(separator: ","))" }
    if let history { detail += " history=\(history)" }
    if !reportsErrorText { detail += " errortext=none" }
    if servesManySessions { detail += " sessions=many" }
    return detail
  }

  /// The hello marker itself, at time 0.
  public var hello: TraceRecord { TraceRecord(time: 0, .marker(label: "testee", detail: detail)) }
}
