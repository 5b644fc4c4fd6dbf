import CommandCodec
import ReplayCore

/// What the testee says it is in its hello marker (docs/CONFORMANCE.md §1.2), and which of its
/// events that lets it send (§1.4).
struct Declaration {
  static let profiles = ["ios", "android", "gtk", "other"]
  /// Every state part of §1.5, in the table's order.
  static let allReports = ["tree", "text", "values", "visibility", "errors", "flags", "styles", "options", "lists", "images", "toasts", "timers", "preferences", "requests"]
  /// Every event kind of §1.4, in the table's order.
  static let allEvents = ["user", "timer", "image", "visibility"]

  var protocolVersion = 1
  /// Android by default: where PROTOCOL.md §6 had to choose, the model follows Android more often
  /// than any other platform (toast durations, preferences, QUIT_APP, timers' ids).
  var profile = "android"
  /// The model computes every part, so it reports them all.
  var reports = Declaration.allReports
  var events = Declaration.allEvents
  /// The element kinds it declares it has no widget for (`lacks=`, §1.7; `--lacks`): without
  /// --partial, a batch creating one is answered unsupported, as a platform without that widget
  /// would.
  var lacks: [ElementKind] = []
  /// The kinds it declares it keeps at the top level (`toplevel=`).
  var topLevel: [String] = []
  /// `engine` when it declares that the engine keeps the view history; nil declares nothing.
  var history: String?
  /// Whether it serves case after case over one connection (`sessions=many`, §1.9; `--sessions`).
  var servesMany = false

  /// The hello marker's detail: `protocol=1 profile=android reports=… events=…`.
  var detail: String {
    var detail = "protocol=\(protocolVersion) profile=\(profile) reports=\(reports.joined(separator: ",")) events=\(events.joined(separator: ","))"
    if !lacks.isEmpty { detail += " lacks=\(lacks.map(\.rawValue).joined(separator: ","))" }
    if !topLevel.isEmpty { detail += " toplevel=\(topLevel.joined(separator: ","))" }
    if let history { detail += " history=\(history)" }
    if servesMany { detail += " sessions=many" }
    return detail
  }

  /// The first kind it lacks that `commands` create.
  func lackedKind(in commands: [Command]) -> ElementKind? {
    guard !lacks.isEmpty else { return nil }
    return commands.lazy.compactMap { ElementKind(creating: $0.type) }.first { lacks.contains($0) }
  }

  /// Whether the testee sends user events (the answers to tap, type, select, choose and back).
  var sendsUserEvents: Bool { events.contains("user") }

  /// Whether the testee sends `event`, which the platform sends on its own (an emission of the
  /// model): timer ticks, image requests and drawer visibility, each when its kind is declared.
  func sends(_ event: Event) -> Bool {
    switch event {
    case .timer: return events.contains("timer")
    case .imageRequest: return events.contains("image")
    case .visibility: return events.contains("visibility")
    // The model emits nothing else (PROTOCOL.md §5.5); a new kind of emission would need a
    // kind in §1.4 before a testee may send it.
    default: return false
    }
  }
}
