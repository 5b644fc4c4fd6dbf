import CommandCodec

/// The views a report is made of: one entry per command type, event class, selector and style
/// key, the ratios `--min` checks, and the never exercised.
extension ProtocolCoverage {
  /// Every current command type (codes 0–72, the denominator of ``CoverageMetric/commands``),
  /// in code order, seen or not.
  ///
  /// - Complexity: O(t) for the 73 types.
  public var commandTypes: [CommandTypeCoverage] {
    CommandType.allCases.filter(\.isCurrent).map(coverage(of:))
  }

  /// The names of older engine versions that were seen (§3.73 of docs/PROTOCOL.md), in code
  /// order. They are counted but are no part of the ratios: a current engine never sends them.
  public var olderCommandTypesSeen: [CommandTypeCoverage] {
    CommandType.allCases.filter { !$0.isCurrent && count(of: $0) > 0 }.map(coverage(of:))
  }

  /// What was seen of `type`.
  public func coverage(of type: CommandType) -> CommandTypeCoverage {
    CommandTypeCoverage(type: type, count: count(of: type), fieldsSet: fieldsSet(by: type))
  }

  /// Every event class, in code order, seen or not (``EventKindCoverage/isSentByPlatforms`` says
  /// which the event ratios count).
  public var eventKinds: [EventKindCoverage] { EventKind.allCases.map(coverage(of:)) }

  /// What was seen of `kind`.
  public func coverage(of kind: EventKind) -> EventKindCoverage {
    EventKindCoverage(kind: kind, count: count(of: kind), fieldsSet: fieldsSet(by: kind))
  }

  /// The six selectors, NORMAL first, with their counts.
  public var selectors: [SelectorCoverage] {
    StyleSelector.allCases.map { SelectorCoverage(selector: $0, count: count(of: $0)) }
  }

  /// Every known style key (in ``CommandCodec/StyleKeys/known`` order, seen or not), then every
  /// other key seen, sorted.
  ///
  /// - Complexity: O(k log k) for the k distinct keys seen.
  public var styleKeys: [StyleKeyCoverage] {
    let known = StyleKeys.known.map { StyleKeyCoverage(key: $0, count: count(ofStyleKey: $0), isKnown: true) }
    let others = styleKeysSeen.filter { !StyleKeys.isKnown($0) }
    return known + others.map { StyleKeyCoverage(key: $0, count: count(ofStyleKey: $0), isKnown: false) }
  }

  /// How much of `metric` was covered (docs/COVERAGE.md says what each counts).
  ///
  /// - Complexity: O(t) for the fixed tables of types, classes, selectors and known keys.
  public func ratio(_ metric: CoverageMetric) -> CoverageRatio {
    switch metric {
    case .commands:
      let types = commandTypes
      return CoverageRatio(covered: types.filter { $0.count > 0 }.count, total: types.count)
    case .fields:
      let types = commandTypes
      return CoverageRatio(covered: types.reduce(0) { $0 + $1.exercisedFields.count }, total: types.reduce(0) { $0 + $1.fields.count })
    case .events:
      let kinds = eventKinds.filter(\.isSentByPlatforms)
      return CoverageRatio(covered: kinds.filter { $0.count > 0 }.count, total: kinds.count)
    case .eventFields:
      let kinds = eventKinds.filter(\.isSentByPlatforms)
      return CoverageRatio(covered: kinds.reduce(0) { $0 + $1.exercisedFields.count }, total: kinds.reduce(0) { $0 + $1.fields.count })
    case .selectors:
      return CoverageRatio(covered: selectors.filter { $0.count > 0 }.count, total: selectors.count)
    case .styleKeys:
      return CoverageRatio(covered: StyleKeys.known.filter { count(ofStyleKey: $0) > 0 }.count, total: StyleKeys.known.count)
    }
  }

  /// Every ratio, in ``CoverageMetric`` order.
  public var summary: [(metric: CoverageMetric, ratio: CoverageRatio)] {
    CoverageMetric.allCases.map { ($0, ratio($0)) }
  }

  /// What `metric` counts that was never exercised: command types, `TYPE.field` pairs, event
  /// classes (of those platforms send), `EventClass.field` pairs, selector names, known style
  /// keys. There are `ratio(metric).total - ratio(metric).covered` of them.
  public func neverExercised(_ metric: CoverageMetric) -> [String] {
    switch metric {
    case .commands:
      return commandTypes.filter { $0.count == 0 }.map(\.type.name)
    case .fields:
      return commandTypes.flatMap { entry in entry.missingFields.map { "\(entry.type.name).\($0.rawValue)" } }
    case .events:
      return eventKinds.filter { $0.isSentByPlatforms && $0.count == 0 }.map(\.kind.name)
    case .eventFields:
      return eventKinds.filter(\.isSentByPlatforms).flatMap { entry in entry.missingFields.map { "\(entry.kind.name).\($0)" } }
    case .selectors:
      return selectors.filter { $0.count == 0 }.map(\.selector.name)
    case .styleKeys:
      return StyleKeys.known.filter { count(ofStyleKey: $0) == 0 }
    }
  }
}
