import CommandCodec

/// The UI a conforming platform shows at one moment: what the reference model computes.
///
/// Everything is keyed by id, so two states compare element by element whatever order things were
/// created in. The canonical JSON form is written by ``StateSnapshotWriter`` (docs/STATE_FORMAT.md).
public struct UIState: Equatable, Sendable {
  /// Every live element (attached or detached), by id.
  public internal(set) var elements = ElementStore()
  /// The widget schema of the custom widgets among ``elements`` (their kinds, properties, size
  /// and preview rules), for renderers; nil without custom widgets.
  public internal(set) var widgets: WidgetSchema?
  /// The application's id (CREATE_APPLICATION's childInternalId).
  public internal(set) var applicationId: Int32?
  /// The top-level view shown.
  public internal(set) var activeView: Int32?
  /// Views to go back to, the most recent last.
  public internal(set) var history: [Int32] = []
  /// The navigation view (drawer), if one was created.
  public internal(set) var navigationView: Int32?
  /// Whether the drawer is open (its visibility).
  public var isNavigationShown: Bool { navigationView.flatMap { elements.read($0) { $0.isVisible } } ?? false }
  /// Open dialogs and action sheets, the topmost last.
  public internal(set) var modalStack: [Int32] = []
  /// Toasts on screen, oldest first.
  public internal(set) var toasts: [Toast] = []
  /// Running timers, by id.
  public internal(set) var timers: [Int32: ModelTimer] = [:]
  /// Committed and pending preferences.
  public internal(set) var preferences: PreferenceStore
  /// Whether the status bar's network activity indicator is on.
  public internal(set) var networkActivity = false
  /// Whether QUIT_APP was received.
  public internal(set) var hasQuit = false
  /// Fire-and-forget requests, in order (the most recent ``ReferenceModel/Options/maxRequests``).
  public internal(set) var requests: [PlatformRequest] = []
  /// The moment this state is for, in milliseconds.
  public internal(set) var time: Double = 0
  /// The index of the last record applied, nil before the first.
  public internal(set) var lastRecordIndex: Int?

  public init(preferences: PreferenceStore = PreferenceStore()) {
    self.preferences = preferences
  }

  /// The element with `id`.
  public subscript(id: Int32) -> Element? { elements[id] }

  /// The application element.
  public var application: Element? { applicationId.flatMap { elements[$0] } }

  /// Whether `id` is on screen: it and its ancestors are visible, and its root is the active view,
  /// the open drawer or an open modal.
  public func isDisplayed(_ id: Int32) -> Bool {
    var current = id
    var steps = 0
    // Fields are read in place: image evaluation asks this of every image after many records,
    // and copying whole elements up the chain cost more than the walk.
    while let (isVisible, kind, parent) = elements.read(current, { ($0.isVisible, $0.kind, $0.parent) }), steps <= elements.count {
      guard isVisible else { return false }
      if kind.isView { return current == activeView }
      if kind == .navigationView { return current == navigationView && isNavigationShown }
      if kind.isModal { return modalStack.contains(current) }
      guard let parent else { return false }
      // A pager or flipper shows one child: the page its value selects.
      let child = current
      let pageTurnedAway = elements.read(parent) { container in
        (container.kind == .pager || container.kind == .flipperLayout) && container.children.firstIndex(of: child) != Int(container.value)
      }
      if pageTurnedAway == true { return false }
      current = parent
      steps += 1
    }
    return false
  }

  /// The element's path as diffs print it: `frameView 2 › linearLayout 3 › textField 5` (the
  /// application left out); deeper than ``maximumPathSteps``, abbreviated as diffs abbreviate it
  /// (``joinedPath(_:depth:)``).
  public func path(of id: Int32) -> String {
    var labels: [String] = []
    var current: Int32? = id
    while let currentId = current, let (kind, parent) = elements.read(currentId, { ($0.kind, $0.parent) }), kind != .application, labels.count <= elements.count {
      labels.append("\(kind.rawValue) \(currentId)")
      current = parent
    }
    labels.reverse()
    let steps = labels.count > Self.maximumPathSteps ? Array(labels.prefix(Self.pathHeadSteps) + labels.suffix(Self.pathTailSteps)) : labels
    return Self.joinedPath(steps, depth: labels.count)
  }

  /// The most steps a path names: a deeper element's path names the first ``pathHeadSteps``,
  /// then how many are left out, then the last ``pathTailSteps`` (docs/DIFF_FORMAT.md §2.1), so
  /// that a path's length is bounded however deep the tree is.
  public static let maximumPathSteps = 32
  package static let pathHeadSteps = 8
  package static let pathTailSteps = maximumPathSteps - pathHeadSteps - 1

  /// The steps of a path `depth` steps long joined with ` › `: `steps` is all of them when
  /// there are at most ``maximumPathSteps``, else the first ``pathHeadSteps`` and the last
  /// ``pathTailSteps``, between which `… N more` stands for the rest.
  package static func joinedPath(_ steps: [String], depth: Int) -> String {
    guard depth > maximumPathSteps, steps.count == pathHeadSteps + pathTailSteps else { return steps.joined(separator: " › ") }
    let omitted = "… \(depth - pathHeadSteps - pathTailSteps) more"
    return (steps.prefix(pathHeadSteps) + [omitted] + steps.suffix(pathTailSteps)).joined(separator: " › ")
  }

  /// Elements not in the tree under the application (detached by REMOVE_CHILD or created under
  /// an unknown parent), sorted by id.
  public var detached: [Int32] {
    // Read in place: copying every element to look at its parent cost more than the rest.
    let application = applicationId
    return elements.ids { $0.parent == nil && $0.id != application }.sorted()
  }
}
