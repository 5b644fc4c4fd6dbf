import CommandCodec

/// What `cmdtool diff` reports: for two traces, the first divergence, the difference at the end
/// and the difference in platform events; for a snapshot on either side, the difference between
/// the two states.
public struct DiffReport: Sendable {
  public var nameA: String
  public var nameB: String
  public var divergence: RunComparison.Divergence?
  public var final: StateDiff
  public var events: EventsDiff?
  /// The two states compared at the end.
  public var stateA: UIState
  public var stateB: UIState
  /// The viewport each trace's header gives (nil for a snapshot, or a header without one).
  public var viewportA: Viewport?
  public var viewportB: Viewport?

  /// The ignore patterns that left out nothing in the whole comparison (a typo, or a path that is
  /// gone), in the order given.
  public var unmatchedIgnorePatterns: [String] = []

  /// Whether nothing differs.
  public var isEqual: Bool { divergence == nil && final.isEmpty && (events?.isEmpty ?? true) }

  /// Compares two inputs; traces are replayed to `point`.
  public init(_ a: DiffInput, _ b: DiffInput, names: (String, String), alignment: RunComparison.Alignment = .record, to point: ReplayPoint = .end, ignoring rules: DiffIgnoreRules = DiffIgnoreRules(), timeTolerance: Double = 0) throws(Replayer.Failure) {
    nameA = names.0
    nameB = names.1
    if case .trace(let readerA) = a, case .trace(let readerB) = b {
      let comparison = try RunComparison(readerA, readerB, alignment: alignment, to: point, ignoring: rules, timeTolerance: timeTolerance)
      divergence = comparison.divergence
      final = comparison.final
      events = comparison.events
      stateA = comparison.modelA.state
      stateB = comparison.modelB.state
      viewportA = comparison.modelA.viewport
      viewportB = comparison.modelB.viewport
      unmatchedIgnorePatterns = rules.patterns.indices.filter { !comparison.matchedPatterns.contains($0) }.map { rules.patterns[$0] }
      return
    }
    func state(_ input: DiffInput) throws(Replayer.Failure) -> (UIState, Viewport?) {
      switch input {
      case .snapshot(let state): return (state, nil)
      case .trace(let reader):
        let result = try Replayer.replay(reader, to: point, options: .init(recordEmissions: false))
        return (result.state, result.header.viewport)
      }
    }
    (stateA, viewportA) = try state(a)
    (stateB, viewportB) = try state(b)
    divergence = nil
    events = nil
    final = StateDiff(from: stateA, to: stateB, ignoring: rules, timeTolerance: timeTolerance)
    unmatchedIgnorePatterns = rules.patterns.indices.filter { !final.matchedPatterns.contains($0) }.map { rules.patterns[$0] }
  }

  // MARK: - Text

  /// The report for people; empty when nothing differs.
  public func renderText(_ palette: StateDiff.Palette = .plain) -> String {
    guard !isEqual else { return "" }
    var out = ""
    if let divergence {
      out += palette.dim + "A: \(nameA)\nB: \(nameB)" + palette.reset + "\n"
      out += "first difference after \(Self.place(divergence.recordA, divergence.timeA)) of A and \(Self.place(divergence.recordB, divergence.timeB)) of B:\n"
      out += recordsBefore(divergence, palette)
      out += indent(divergence.diff.renderText(palette))
      if final.changes == divergence.diff.changes {
        out += "at the end: the same\n"
      } else if !final.isEmpty {
        out += "at the end:\n" + indent(final.renderText(palette))
      } else {
        out += "at the end: no difference\n"
      }
    } else if !final.isEmpty {
      out += final.renderText(palette)
    }
    if let events, !events.isEmpty { out += events.renderText(palette) }
    return out
  }

  /// The records up to the divergence, by record index: once when both runs have the same record,
  /// else each run's version, and of two batches only the commands that differ. Indices before
  /// the later of the two windows' starts are left out (one run's window reaches further back when
  /// the other has stopped, e.g. at its end).
  func recordsBefore(_ divergence: RunComparison.Divergence, _ palette: StateDiff.Palette) -> String {
    var out = ""
    let starts = [divergence.recentA.first?.index, divergence.recentB.first?.index].compactMap { $0 }
    let indices = Set(divergence.recentA.map(\.index) + divergence.recentB.map(\.index)).filter { $0 >= starts.max() ?? 0 }.sorted()
    for index in indices {
      let a = divergence.recentA.first { $0.index == index }
      let b = divergence.recentB.first { $0.index == index }
      if let a, let b, a.index == b.index, a.record == b.record {
        let lines = TraceRecordFormatter.lines(for: a.record, index: a.index)
        for line in lines.prefix(2) { out += palette.dim + "  = " + line + palette.reset + "\n" }
        if lines.count > 2 { out += palette.dim + "  =   … \(lines.count - 2) more, the same in both" + palette.reset + "\n" }
        continue
      }
      if let a, let b, case .batch(let x) = a.record.body, case .batch(let y) = b.record.body, a.index == b.index {
        let linesA = TraceRecordFormatter.lines(for: a.record, index: a.index)
        let linesB = TraceRecordFormatter.lines(for: b.record, index: b.index)
        var same = 0
        for position in 0..<max(x.count, y.count) {
          let commandA = position < x.count ? x[position] : nil
          let commandB = position < y.count ? y[position] : nil
          if commandA == commandB {
            same += 1
            continue
          }
          if commandA != nil { out += palette.removed + "  A " + linesA[position] + palette.reset + "\n" }
          if commandB != nil { out += palette.added + "  B " + linesB[position] + palette.reset + "\n" }
        }
        if same > 0 { out += palette.dim + "      (\(same) other command\(same == 1 ? "" : "s") of record #\(a.index) the same in both)" + palette.reset + "\n" }
        continue
      }
      if let a { for line in TraceRecordFormatter.lines(for: a.record, index: a.index) { out += palette.removed + "  A " + line + palette.reset + "\n" } }
      if let b { for line in TraceRecordFormatter.lines(for: b.record, index: b.index) { out += palette.added + "  B " + line + palette.reset + "\n" } }
    }
    return out
  }

  package static func place(_ record: Int?, _ time: Double) -> String {
    (record.map { "record #\($0)" } ?? "the start") + " (\(Format.time(milliseconds: time)))"
  }

  private func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
  }

  // MARK: - JSON

  /// The report for machines (docs/DIFF_FORMAT.md), one JSON object and a newline.
  public func renderJSON() -> [UInt8] {
    var text = JSONText()
    text.object { o in
      o.member("equal") { $0.bool(isEqual) }
      o.member("a") { $0.string(nameA) }
      o.member("b") { $0.string(nameB) }
      o.member("changes") { final.writeJSONChanges(into: &$0) }
      o.member("ignored") { $0.int(final.ignoredCount) }
      if let divergence {
        o.member("divergence") { text in
          text.object { d in
            d.member("recordA") { text in if let r = divergence.recordA { text.int(r) } else { text.raw("null") } }
            d.member("recordB") { text in if let r = divergence.recordB { text.int(r) } else { text.raw("null") } }
            d.member("timeA") { $0.number(divergence.timeA) }
            d.member("timeB") { $0.number(divergence.timeB) }
            d.member("changes") { divergence.diff.writeJSONChanges(into: &$0) }
          }
        }
      } else {
        o.member("divergence") { $0.raw("null") }
      }
      if let events {
        o.member("events") { text in
          text.object { e in
            e.member("common") { $0.int(events.commonPrefix) }
            e.member("onlyA") { text in text.array(events.onlyFirst) { text, emission in text.raw(Self.emissionJSON(emission)) } }
            e.member("onlyB") { text in text.array(events.onlySecond) { text, emission in text.raw(Self.emissionJSON(emission)) } }
          }
        }
      }
    }
    return text.bytes + [0x0A]
  }

  static func emissionJSON(_ emission: PlatformEmission) -> String {
    var line = PlatformEmissionFormatter.jsonLine(for: emission)
    if line.last == 0x0A { line.removeLast() }
    return String(decoding: line, as: UTF8.self)
  }
}
