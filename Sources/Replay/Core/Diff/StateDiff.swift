import CommandCodec

/// The differences between two UI states, keyed by element id, never by position.
///
/// Elements only in one state are reported once per subtree (with the number of descendants),
/// elements under another parent or at another place among siblings as moved, and elements in
/// both with their changed properties. Application-level state (the active view, history, drawer,
/// modals, toasts, timers, preferences, requests) is compared too; a snapshot's `time` and
/// `record` are not (they say when, not what).
///
/// ```swift
/// let diff = StateDiff(from: before.state, to: after.state, ignoring: DiffIgnoreRules(["* · text"]))
/// print(diff.render(color: false))
/// ```
///
/// - Complexity: O(n + c log c) for n elements and c changes: an element equal in both states is
///   compared once, and moves among siblings are found with a longest increasing subsequence,
///   never by searching children lists per element.
public struct StateDiff: Sendable {
  /// The changes, in tree order (top-level state first).
  public private(set) var changes: [StateChange] = []
  /// Changes left out by the ignore rules.
  public private(set) var ignoredCount = 0
  /// The indices of the ignore rules' patterns that left out a change.
  public private(set) var matchedPatterns: Set<Int> = []

  public var isEmpty: Bool { changes.isEmpty }

  /// Compares `a` (the first run, "old") with `b` (the second, "new").
  ///
  /// - Parameter timeTolerance: milliseconds by which the moments in the states (a toast's
  ///   shownAt and expiresAt, a timer's nextFire, a request's time) may differ and still count as
  ///   the same: runs on the wall clock are never to the millisecond.
  public init(from a: UIState, to b: UIState, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), timeTolerance: Double = 0) {
    self.init(from: a, to: b, ignoring: rules, onlyElements: nil, timeTolerance: timeTolerance)
  }

  /// Compares the top-level state and only the elements `only` names (nil: all elements): for
  /// checking two models after each record, where only touched elements can have changed.
  ///
  /// - Complexity: O(k + c log c) for k named elements.
  ///
  /// - Parameter newRequests: with `only`, how many requests the last step may have logged in
  ///   either state: only that many at the end of the logs are compared (the rest was equal).
  public init(from a: UIState, to b: UIState, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), onlyElements only: Set<Int32>?, newRequests: Int? = nil, timeTolerance: Double = 0) {
    var builder = Builder(a: a, b: b, rules: rules)
    builder.timeTolerance = timeTolerance
    builder.compareTopLevel(incremental: only != nil, newRequests: newRequests)
    builder.compareElements(only: only)
    changes = builder.sortedChanges()
    ignoredCount = builder.ignored
    matchedPatterns = builder.matchedPatterns
  }

  /// Counts by kind.
  public var counts: [StateChange.Kind: Int] {
    var result: [StateChange.Kind: Int] = [:]
    for change in changes { result[change.kind, default: 0] += 1 }
    return result
  }
}

extension StateDiff {
  /// Collects changes with a sort key: the ids from the root down (a node of ``ChangeOrder``);
  /// changes with the same key stay in the order they were found (a snapshot's field order, list
  /// cells by address).
  struct Builder {
    let a: UIState
    let b: UIState
    let rules: DiffIgnoreRules
    var timeTolerance: Double = 0
    var entries: [(key: Int, change: StateChange)] = []
    var ignored = 0
    var matchedPatterns: Set<Int> = []
    var order = ChangeOrder()
    /// Where the elements met so far are, in `a` and in `b` (StateDiff+Paths.swift).
    var placesA: [Int32: PathStep] = [:]
    var placesB: [Int32: PathStep] = [:]

    init(a: UIState, b: UIState, rules: DiffIgnoreRules) {
      self.a = a
      self.b = b
      self.rules = rules
    }

    /// Whether two moments count as the same (within ``timeTolerance``).
    func same(_ x: Double, _ y: Double) -> Bool { x == y || (x - y).magnitude <= timeTolerance }

    func sortedChanges() -> [StateChange] {
      let ranks = order.ranks()
      return entries.enumerated().sorted { lhs, rhs in
        let (x, y) = (ranks[lhs.element.key], ranks[rhs.element.key])
        return x != y ? x < y : lhs.offset < rhs.offset
      }.map(\.element.change)
    }

    /// Adds a change under the node `key` of ``order``.
    mutating func add(_ change: StateChange, key: Int) {
      if !rules.isEmpty && rules.ignores(change.path) {
        ignored += 1
        matchedPatterns.formUnion(rules.matchingPatterns(change.path))
        return
      }
      entries.append((key, change))
    }

    /// Adds a top-level change under a short key: `[0, section]` and the like.
    mutating func add(_ change: StateChange, key: [Int64]) {
      add(change, key: order.node(for: key))
    }

    // MARK: Paths

    /// `kind id`, e.g. `button 7`, with a custom widget's kind name (`PieChart 5`).
    static func label(_ kind: String, _ id: Int32) -> String { kind + " " + String(id) }

    // MARK: Top level

    /// - Parameter incremental: the states were equal before the last step, so the request logs
    ///   (which only grow at the end) differ only if their lengths or last entries do.
    mutating func compareTopLevel(incremental: Bool = false, newRequests: Int? = nil) {
      func value<T: Equatable>(_ name: String, _ order: Int64, _ old: T?, _ new: T?, _ render: (T) -> String) {
        guard old != new else { return }
        let kind: StateChange.Kind = old == nil ? .added : new == nil ? .removed : .changed
        add(StateChange(kind, path: name, property: nil, old: old.map(render), new: new.map(render)), key: [0, order])
      }
      value("application", 0, a.applicationId, b.applicationId) { String($0) }
      value("activeView", 1, a.activeView, b.activeView) { String($0) }
      value("history", 2, a.history, b.history, Self.idList)
      value("navigation · view", 3, a.navigationView, b.navigationView) { String($0) }
      value("navigation · shown", 4, a.isNavigationShown, b.isNavigationShown) { String($0) }
      value("modals", 5, a.modalStack, b.modalStack, Self.idList)
      compareToasts()
      compareTimers()
      comparePreferences()
      value("networkActivity", 9, a.networkActivity, b.networkActivity) { String($0) }
      value("quit", 10, a.hasQuit, b.hasQuit) { String($0) }
      if !incremental || a.requests.count != b.requests.count
        || a.requests.suffix(max(newRequests ?? 1, 1)) != b.requests.suffix(max(newRequests ?? 1, 1))
      {
        compareRequests()
      }
    }

    static func idList(_ ids: [Int32]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }

    static func json(_ body: (inout JSONText) -> Void) -> String {
      var text = JSONText()
      body(&text)
      return String(decoding: text.bytes, as: UTF8.self)
    }

    static func quoted(_ string: String) -> String { JSONText.quoted(string) }

    mutating func compareToasts() {
      let old = Dictionary(a.toasts.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
      let new = Dictionary(b.toasts.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
      for number in Set(old.keys).union(new.keys).sorted() {
        let path = "toasts › toast \(number)"
        let key: [Int64] = [0, 6, Int64(number)]
        switch (old[number], new[number]) {
        // On the wall clock, a toast one run's clock took away within the tolerance before the
        // other's would have is the same toast.
        case (let x?, nil) where timeTolerance > 0 && x.expiresAt <= b.time + timeTolerance: break
        case (nil, let y?) where timeTolerance > 0 && y.expiresAt <= a.time + timeTolerance: break
        case (let x?, nil): add(StateChange(.removed, path: path, old: Self.quoted(x.text)), key: key)
        case (nil, let y?): add(StateChange(.added, path: path, new: Self.quoted(y.text)), key: key)
        case (let x?, let y?):
          if x.text != y.text { add(StateChange(.changed, path: path + " · text", property: "text", old: Self.quoted(x.text), new: Self.quoted(y.text)), key: key) }
          if x.from != y.from { add(StateChange(.changed, path: path + " · from", property: "from", old: String(x.from), new: String(y.from)), key: key) }
          if !same(x.shownAt, y.shownAt) { add(StateChange(.changed, path: path + " · shownAt", property: "shownAt", old: Self.json { $0.number(x.shownAt) }, new: Self.json { $0.number(y.shownAt) }), key: key) }
          if !same(x.expiresAt, y.expiresAt) { add(StateChange(.changed, path: path + " · expiresAt", property: "expiresAt", old: Self.json { $0.number(x.expiresAt) }, new: Self.json { $0.number(y.expiresAt) }), key: key) }
        case (nil, nil): break
        }
      }
    }

    mutating func compareTimers() {
      for id in Set(a.timers.keys).union(b.timers.keys).sorted() {
        let path = "timers › timer \(id)"
        let key: [Int64] = [0, 7, Int64(id)]
        switch (a.timers[id], b.timers[id]) {
        case (let x?, nil): add(StateChange(.removed, path: path, old: "{\"owner\":\(x.owner),\"interval\":\(Self.json { $0.number(x.interval) })}"), key: key)
        case (nil, let y?): add(StateChange(.added, path: path, new: "{\"owner\":\(y.owner),\"interval\":\(Self.json { $0.number(y.interval) })}"), key: key)
        case (let x?, let y?):
          if x.owner != y.owner { add(StateChange(.changed, path: path + " · owner", property: "owner", old: String(x.owner), new: String(y.owner)), key: key) }
          if x.interval != y.interval { add(StateChange(.changed, path: path + " · interval", property: "interval", old: Self.json { $0.number(x.interval) }, new: Self.json { $0.number(y.interval) }), key: key) }
          // On the wall clock no two runs are compared at the same moment, so a timer's count
          // says when it was looked at; the same interval from the same start (within the
          // tolerance) is the same timer, whatever ticks either has had by then.
          if timeTolerance > 0 && x.interval == y.interval && same(Self.start(of: x), Self.start(of: y)) { continue }
          if !same(x.nextFire, y.nextFire) { add(StateChange(.changed, path: path + " · nextFire", property: "nextFire", old: Self.json { $0.number(x.nextFire) }, new: Self.json { $0.number(y.nextFire) }), key: key) }
          if x.fireCount != y.fireCount { add(StateChange(.changed, path: path + " · fired", property: "fired", old: String(x.fireCount), new: String(y.fireCount)), key: key) }
        case (nil, nil): break
        }
      }
    }

    /// When a timer started: its next tick less the ticks so far and one interval.
    static func start(of timer: ModelTimer) -> Double { timer.nextFire - Double(timer.fireCount + 1) * timer.interval }

    mutating func comparePreferences() {
      func compare(_ section: String, _ order: Int64, _ old: [String: String], _ new: [String: String]) {
        for name in Set(old.keys).union(new.keys).sorted() where old[name] != new[name] {
          let kind: StateChange.Kind = old[name] == nil ? .added : new[name] == nil ? .removed : .changed
          add(StateChange(kind, path: "preferences · \(section).\(name)", property: "\(section).\(name)", old: old[name].map(Self.quoted), new: new[name].map(Self.quoted)), key: [0, 8, order])
        }
      }
      compare("committed", 0, a.preferences.committed, b.preferences.committed)
      compare("pendingUpdates", 1, a.preferences.pendingUpdates, b.preferences.pendingUpdates)
      let oldDeletions = a.preferences.pendingDeletions
      let newDeletions = b.preferences.pendingDeletions
      if oldDeletions != newDeletions {
        let render: (Set<String>) -> String = { set in "[" + set.sorted().map(Self.quoted).joined(separator: ",") + "]" }
        add(StateChange(.changed, path: "preferences · pendingDeletions", property: "pendingDeletions", old: render(oldDeletions), new: render(newDeletions)), key: [0, 8, 2])
      }
    }

    mutating func compareRequests() {
      let count = max(a.requests.count, b.requests.count)
      for index in 0..<count {
        var old = index < a.requests.count ? a.requests[index] : nil
        var new = index < b.requests.count ? b.requests[index] : nil
        // The record that asked says when, as a snapshot's `record` does, not what.
        old?.recordIndex = 0
        new?.recordIndex = 0
        if let x = old?.time, let y = new?.time, same(x, y) { new?.time = x }
        guard old != new else { continue }
        let render: (PlatformRequest) -> String = { request in
          Self.json { text in
            text.object { o in
              o.member("kind") { $0.string(request.kind.rawValue) }
              o.member("from") { $0.int(request.from) }
              if !request.text.isEmpty { o.member("text") { $0.string(request.text) } }
              o.member("time") { $0.number(request.time) }
            }
          }
        }
        let kind: StateChange.Kind = old == nil ? .added : new == nil ? .removed : .changed
        add(StateChange(kind, path: "requests › request \(index)", old: old.map(render), new: new.map(render)), key: [0, 11, Int64(index)])
      }
    }
  }
}
