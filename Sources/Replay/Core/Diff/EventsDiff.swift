import CommandCodec

/// Differences between what two runs' platforms sent on their own (timer ticks, image requests,
/// the drawer's visibility, toast expiry): the common prefix, then what each run did instead.
public struct EventsDiff: Sendable {
  /// How many emissions the two runs share from the start.
  public private(set) var commonPrefix = 0
  /// The first run's emissions after the common prefix (not ignored).
  public private(set) var onlyFirst: [PlatformEmission] = []
  /// The second run's emissions after the common prefix (not ignored).
  public private(set) var onlySecond: [PlatformEmission] = []

  /// The indices of the ignore rules' patterns that left out an emission.
  public private(set) var matchedPatterns: Set<Int> = []

  public var isEmpty: Bool { onlyFirst.isEmpty && onlySecond.isEmpty }

  /// The path an ignore rule sees for an emission: `events › TimerEvent → 5`,
  /// `events › toast 1 expired`.
  public static func path(of emission: PlatformEmission) -> String {
    switch emission.kind {
    case .event(let target, let event): return "events › \(event.kind.name) → \(target)"
    case .toastExpired(let toast, _): return "events › toast \(toast) expired"
    case .widget(let target, _): return "events › widget \(target)"
    }
  }

  /// - Parameters:
  ///   - timeTolerance: milliseconds by which the times of the same emission may differ; above 0,
  ///     emissions within it of each other may also come in another order (two timers ticking at
  ///     nearly the same moment, on the wall clock, in either order).
  ///   - ends: with a tolerance, when each run ended: the ticks and toast expiries one run's
  ///     clock had within the tolerance before its end and the other's did not (its session
  ///     ended first) make no difference.
  public init(_ first: [PlatformEmission], _ second: [PlatformEmission], ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), timeTolerance: Double = 0, ends: (Double, Double)? = nil) {
    // A custom widget's lifecycle hooks follow from the commands; the state diff names what changed.
    var matched: Set<Int> = []
    func keep(_ emission: PlatformEmission) -> Bool {
      if case .widget = emission.kind { return false }
      guard !rules.isEmpty else { return true }
      let patterns = rules.matchingPatterns(Self.path(of: emission))
      matched.formUnion(patterns)
      return patterns.isEmpty
    }
    let a = first.filter(keep)
    let b = second.filter(keep)
    matchedPatterns = matched
    // Compare what happened, when, to whom; not which record was being applied at the time.
    func same(_ x: PlatformEmission, _ y: PlatformEmission) -> Bool { (x.time == y.time || (x.time - y.time).magnitude <= timeTolerance) && x.kind == y.kind }
    var prefix = 0
    while prefix < a.count && prefix < b.count && same(a[prefix], b[prefix]) { prefix += 1 }
    if timeTolerance > 0 { prefix = Self.prefixInAnyOrder(a, b, from: prefix, same) }
    // A few at the end, not two lists that went apart (nor n² work on them).
    if timeTolerance > 0, let ends, prefix < max(a.count, b.count), a.count + b.count - 2 * prefix <= 1_000 {
      let (leftA, leftB) = Self.unmatched(Array(a[prefix...]), Array(b[prefix...]), same)
      func late(_ emission: PlatformEmission, _ end: Double) -> Bool { emission.isClocks && emission.time >= end - timeTolerance }
      if leftA.allSatisfy({ late($0, ends.0) }) && leftB.allSatisfy({ late($0, ends.1) }) { prefix = max(a.count, b.count) }
    }
    commonPrefix = prefix
    onlyFirst = Array(a[min(prefix, a.count)...])
    onlySecond = Array(b[min(prefix, b.count)...])
  }

  /// The longest prefix, from `start` on, that both lists hold in whatever order: each emission
  /// is matched with the earliest one left of the other list that is the same (so the n-th tick
  /// of a timer goes with the n-th), and the prefix ends where neither list has one left over.
  private static func prefixInAnyOrder(_ a: [PlatformEmission], _ b: [PlatformEmission], from start: Int, _ same: (PlatformEmission, PlatformEmission) -> Bool) -> Int {
    var prefix = start
    var leftA: [PlatformEmission] = []
    var leftB: [PlatformEmission] = []
    for index in start..<min(a.count, b.count) {
      if let match = leftB.firstIndex(where: { same(a[index], $0) }) { leftB.remove(at: match) } else { leftA.append(a[index]) }
      if let match = leftA.firstIndex(where: { same($0, b[index]) }) { leftA.remove(at: match) } else { leftB.append(b[index]) }
      if leftA.isEmpty && leftB.isEmpty { prefix = index + 1 }
      // Lists that went apart for good: no need to look further (nor to spend n² on it).
      if leftA.count + leftB.count > 1_000 { break }
    }
    return prefix
  }

  /// What is left of each list when every emission of one is matched with the earliest one left
  /// of the other that is the same.
  private static func unmatched(_ a: [PlatformEmission], _ b: [PlatformEmission], _ same: (PlatformEmission, PlatformEmission) -> Bool) -> ([PlatformEmission], [PlatformEmission]) {
    var leftB = b
    var leftA: [PlatformEmission] = []
    for emission in a {
      if let match = leftB.firstIndex(where: { same(emission, $0) }) { leftB.remove(at: match) } else { leftA.append(emission) }
    }
    return (leftA, leftB)
  }

  /// `- ` lines for the first run's emissions and `+ ` lines for the second's, at most `limit` each.
  public func renderText(_ palette: StateDiff.Palette = .plain, limit: Int = 20) -> String {
    guard !isEmpty else { return "" }
    var lines = ["events: the runs agree on the first \(commonPrefix), then"]
    for emission in onlyFirst.prefix(limit) { lines.append(palette.removed + "- " + PlatformEmissionFormatter.line(for: emission) + palette.reset) }
    if onlyFirst.count > limit { lines.append(palette.dim + "  … and \(onlyFirst.count - limit) more in the first run" + palette.reset) }
    for emission in onlySecond.prefix(limit) { lines.append(palette.added + "+ " + PlatformEmissionFormatter.line(for: emission) + palette.reset) }
    if onlySecond.count > limit { lines.append(palette.dim + "  … and \(onlySecond.count - limit) more in the second run" + palette.reset) }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension PlatformEmission {
  /// Whether the platform's clock made it (a timer's tick, a toast leaving), not a record.
  var isClocks: Bool {
    switch kind {
    case .event(_, .timer), .toastExpired: return true
    default: return false
    }
  }
}
