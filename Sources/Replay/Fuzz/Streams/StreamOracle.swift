import CommandCodec
import ReplayCore

/// Replays a stream through the reference model and checks it record by record: the model's
/// invariants after every record, and the stream's violation labels against the diagnostics (the
/// labelled record raises exactly the labelled rule, once; no other record raises anything).
///
/// What a fuzzing run asserts about a generated stream, and what the property tests use:
///
/// ```swift
/// var oracle = StreamOracle(header: generator.header)
/// while let record = generator.next() { oracle.apply(record) }
/// oracle.finish()
/// print(oracle.findings)   // [] for every stream the generator makes
/// ```
public struct StreamOracle: Sendable {
  /// Something wrong with the model or the stream.
  public enum Finding: Hashable, Sendable, CustomStringConvertible {
    /// After `record`, the model broke an invariant (`invariant` is its name, e.g. `parent-link`).
    case invariant(record: Int, invariant: String, message: String)
    /// A diagnostic no label announced.
    case unexpectedDiagnostic(Diagnostic)
    /// A labelled record that did not raise its rule.
    case missingViolation(record: Int, rule: DiagnosticRule)
    /// A violation label whose detail is not a rule, or that no record follows.
    case badLabel(record: Int, detail: String)

    /// The finding without its places and messages, for telling failures apart while shrinking.
    public var signature: String {
      switch self {
      case .invariant(_, let invariant, _): return "invariant \(invariant)"
      case .unexpectedDiagnostic(let diagnostic): return "unexpected \(diagnostic.rule.rawValue)"
      case .missingViolation(_, let rule): return "missing \(rule.rawValue)"
      case .badLabel: return "bad label"
      }
    }

    public var description: String {
      switch self {
      case .invariant(let record, let invariant, let message): return "#\(record): invariant [\(invariant)] broken: \(message)"
      case .unexpectedDiagnostic(let diagnostic): return "unlabelled diagnostic: \(diagnostic)"
      case .missingViolation(let record, let rule): return "#\(record): labelled [\(rule.rawValue)] but no such diagnostic"
      case .badLabel(let record, let detail): return "#\(record): violation label \"\(detail)\" \(DiagnosticRule(rawValue: detail) == nil ? "names no rule" : "is not followed by a record")"
      }
    }
  }

  /// The model, after the records applied so far.
  public private(set) var model: ReferenceModel
  /// What the checks found so far, in order.
  public private(set) var findings: [Finding] = []
  /// Records applied so far.
  public private(set) var recordCount = 0
  /// Whether invariants are checked after every record.
  public let checksInvariants: Bool
  private var expected: (record: Int, rule: DiagnosticRule)?
  private var diagnosticsSeen = 0

  /// An oracle for a stream with `header`.
  ///
  /// - Parameters:
  ///   - checksInvariants: check the model's invariants after every record (O(live elements)).
  ///   - recordEmissions: keep the platform's own events in the model.
  public init(header: TraceHeader, checksInvariants: Bool = true, recordEmissions: Bool = false, widgets: WidgetSchema? = nil) {
    // Every diagnostic is kept, so that each one is compared with the labels.
    model = ReferenceModel(header: header, options: .init(recordEmissions: recordEmissions, maxDiagnostics: .max), widgets: widgets)
    self.checksInvariants = checksInvariants
  }

  /// Applies the next record and checks it.
  ///
  /// - Returns: whether the record passed every check.
  @discardableResult
  public mutating func apply(_ record: TraceRecord) -> Bool {
    let index = recordCount
    recordCount += 1
    let before = findings.count
    if let expected, expected.record != index {
      // A label followed by another label.
      findings.append(.badLabel(record: expected.record - 1, detail: expected.rule.rawValue))
      self.expected = nil
    }
    model.apply(record, index: index)
    var fresh = model.diagnostics[diagnosticsSeen...]
    diagnosticsSeen = model.diagnostics.count
    if let expected, expected.record == index {
      if let match = fresh.firstIndex(where: { $0.rule == expected.rule }) {
        fresh.remove(at: match)
      } else {
        findings.append(.missingViolation(record: index, rule: expected.rule))
      }
      self.expected = nil
    }
    findings += fresh.map(Finding.unexpectedDiagnostic)
    switch ViolationLabel.rule(labelledBy: record) {
    case .success(let rule)?: expected = (index + 1, rule)
    case .failure(let unknown)?: findings.append(.badLabel(record: index, detail: unknown.detail))
    case nil: break
    }
    if checksInvariants {
      for violation in model.invariantViolations() {
        findings.append(.invariant(record: index, invariant: violation.invariant.rawValue, message: violation.message))
      }
    }
    return findings.count == before
  }

  /// Checks the end of the stream: a label must not be the last record.
  public mutating func finish() {
    if let expected {
      findings.append(.badLabel(record: expected.record - 1, detail: expected.rule.rawValue))
      self.expected = nil
    }
  }

  /// The records of a whole stream, checked; the findings.
  public static func check(_ records: some Sequence<TraceRecord>, header: TraceHeader, widgets: WidgetSchema? = nil) -> [Finding] {
    var oracle = StreamOracle(header: header, widgets: widgets)
    for record in records { oracle.apply(record) }
    oracle.finish()
    return oracle.findings
  }
}
