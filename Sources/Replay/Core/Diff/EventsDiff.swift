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

  /// - Parameter timeTolerance: milliseconds by which the times of the same emission may differ.
  public init(_ first: [PlatformEmission], _ second: [PlatformEmission], ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), timeTolerance: Double = 0) {
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
    commonPrefix = prefix
    onlyFirst = Array(a[prefix...])
    onlySecond = Array(b[prefix...])
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
