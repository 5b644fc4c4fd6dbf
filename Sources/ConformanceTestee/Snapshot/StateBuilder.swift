import CommandCodec

/// Builds the platform's state snapshot (docs/STATE_FORMAT.md) as it walks its own view tree,
/// and writes it in the canonical layout: members in the tables' order, defaults left out,
/// elements sorted by id, style and preference keys by their UTF-8 bytes, strings escaped as the
/// trace format's. What the builder writes for a state is byte for byte what cmdtool's
/// `StateSnapshotWriter` writes for the same state.
///
/// ```swift
/// var state = StateBuilder(time: context.now)
/// state.application = 1
/// state.add(1, SnapshotElement(kind: "application"))
/// var label = SnapshotElement(kind: "text")
/// label.text = "Hello"
/// state.add(3, label, parent: 2)   // children are listed in the order they are added
/// ```
///
/// Leave out what the testee does not report (docs/CONFORMANCE.md §1.5): cmdtool removes the
/// undeclared parts from both sides before comparing.
public struct StateBuilder: Sendable {
  /// The instant of the state (not compared, but written).
  public var time: Double
  /// The index of the last record applied; a testee does not count records and leaves it nil.
  public var record: Int?
  public var application: Int32?
  public var activeView: Int32?
  /// Views to go back to, most recent last.
  public var history: [Int32] = []
  /// The drawer (a navigation view); whether it is shown is its element's visibility.
  public var navigationView: Int32?
  /// Open dialogs, alert dialogs and action sheets, topmost last.
  public var modals: [Int32] = []
  /// Toasts on screen, oldest first.
  public var toasts: [SnapshotToast] = []
  /// Running timers, in any order (written by id).
  public var timers: [SnapshotTimer] = []
  /// Committed preferences; written, with the pending ones, when any of the three is not empty.
  public var committedPreferences: [String: String] = [:]
  public var pendingPreferenceUpdates: [String: String] = [:]
  public var pendingPreferenceDeletions: Set<String> = []
  public var networkActivity = false
  public var quit = false
  /// Fire-and-forget requests, in order.
  public var requests: [SnapshotRequest] = []

  private var elements: [Int32: SnapshotElement] = [:]
  private var parents: [Int32: Int32] = [:]
  private var children: [Int32: [Int32]] = [:]

  public init(time: Double) {
    self.time = time
  }

  /// Adds the element `id` under `parent` (its last child so far), or without a parent: the
  /// application, or a detached element (listed under `detached`). Adding an id twice replaces
  /// the element and keeps its place.
  public mutating func add(_ id: Int32, _ element: SnapshotElement, parent: Int32? = nil) {
    if elements.updateValue(element, forKey: id) != nil, let old = parents[id] {
      children[old]?.removeAll { $0 == id }
    }
    parents[id] = parent
    if let parent { children[parent, default: []].append(id) }
  }

  /// The element `id`, to change after adding it.
  public subscript(id: Int32) -> SnapshotElement? {
    get { elements[id] }
    set {
      if let newValue { elements[id] = newValue }
    }
  }

  /// Elements without a parent other than the application, ascending.
  public var detached: [Int32] {
    elements.keys.filter { parents[$0] == nil && $0 != application }.sorted()
  }

  /// The snapshot, ending with a newline.
  public func snapshot() -> [UInt8] {
    var lines: [JSONText] = []
    func member(_ key: String, _ body: (inout JSONText) -> Void) {
      var text = JSONText()
      text.raw("  ")
      text.string(key)
      text.raw(": ")
      body(&text)
      lines.append(text)
    }
    member("version") { $0.int(1) }
    member("time") { $0.number(time) }
    if let record { member("record") { $0.int(record) } }
    if let application { member("application") { $0.int(application) } }
    if let activeView { member("activeView") { $0.int(activeView) } }
    if !history.isEmpty { member("history") { $0.array(history) { $0.int($1) } } }
    if let navigationView {
      let shown = elements[navigationView].map { !$0.hidden } ?? false
      member("navigation") { text in
        text.object { o in
          o.member("view") { $0.int(navigationView) }
          o.member("shown") { $0.bool(shown) }
        }
      }
    }
    if !modals.isEmpty { member("modals") { $0.array(modals) { $0.int($1) } } }
    if !toasts.isEmpty { member("toasts") { Self.write(toasts, into: &$0) } }
    if !timers.isEmpty { member("timers") { Self.write(timers.sorted { $0.id < $1.id }, into: &$0) } }
    if !committedPreferences.isEmpty || !pendingPreferenceUpdates.isEmpty || !pendingPreferenceDeletions.isEmpty {
      member("preferences") { text in
        text.object { o in
          o.member("committed") { SnapshotWriting.stringMap(committedPreferences, into: &$0) }
          if !pendingPreferenceUpdates.isEmpty { o.member("pendingUpdates") { SnapshotWriting.stringMap(pendingPreferenceUpdates, into: &$0) } }
          if !pendingPreferenceDeletions.isEmpty {
            o.member("pendingDeletions") { $0.array(SnapshotWriting.sortedByBytes(pendingPreferenceDeletions)) { $0.string($1) } }
          }
        }
      }
    }
    if networkActivity { member("networkActivity") { $0.bool(true) } }
    if quit { member("quit") { $0.bool(true) } }
    if !requests.isEmpty { member("requests") { Self.write(requests, into: &$0) } }
    let detached = detached
    if !detached.isEmpty { member("detached") { $0.array(detached) { $0.int($1) } } }

    var out = Array("{\n".utf8)
    for line in lines {
      out += line.bytes
      out += Array(",\n".utf8)
    }
    out += Array("  \"elements\": {".utf8)
    let ids = elements.keys.sorted()
    for (index, id) in ids.enumerated() {
      out += Array((index == 0 ? "\n    " : ",\n    ").utf8)
      var text = JSONText()
      text.string(String(id))
      text.raw(": ")
      elements[id]!.write(parent: parents[id], children: children[id] ?? [], into: &text)
      out += text.bytes
    }
    out += Array((ids.isEmpty ? "}\n}\n" : "\n  }\n}\n").utf8)
    return out
  }

  private static func write(_ toasts: [SnapshotToast], into text: inout JSONText) {
    text.array(toasts) { text, toast in
      text.object { o in
        o.member("number") { $0.int(toast.number) }
        o.member("text") { $0.string(toast.text) }
        o.member("from") { $0.int(toast.from) }
        o.member("shownAt") { $0.number(toast.shownAt) }
        o.member("expiresAt") { $0.number(toast.expiresAt) }
      }
    }
  }

  private static func write(_ timers: [SnapshotTimer], into text: inout JSONText) {
    text.array(timers) { text, timer in
      text.object { o in
        o.member("id") { $0.int(timer.id) }
        o.member("owner") { $0.int(timer.owner) }
        o.member("interval") { $0.number(timer.interval) }
        o.member("nextFire") { $0.number(timer.nextFire) }
        o.member("fired") { $0.int(timer.fired) }
      }
    }
  }

  private static func write(_ requests: [SnapshotRequest], into text: inout JSONText) {
    text.array(requests) { text, request in
      text.object { o in
        o.member("time") { $0.number(request.time) }
        o.member("record") { $0.int(request.record) }
        o.member("kind") { $0.string(request.kind) }
        o.member("from") { $0.int(request.from) }
        if !request.text.isEmpty { o.member("text") { $0.string(request.text) } }
      }
    }
  }
}
