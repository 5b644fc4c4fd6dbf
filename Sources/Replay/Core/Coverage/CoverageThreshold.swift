/// A minimum coverage: `--min commands=80` says at least 80% of the command types.
///
/// ```swift
/// let thresholds = try CoverageThreshold.parse("commands=80,fields=50")
/// let shortfalls = thresholds.compactMap { $0.shortfall(in: coverage) }  // empty when all are met
/// ```
public struct CoverageThreshold: Hashable, Sendable, CustomStringConvertible {
  /// What is measured.
  public var metric: CoverageMetric
  /// The least percentage that passes, 0–100.
  public var minimum: Double

  public init(_ metric: CoverageMetric, minimum: Double) {
    self.metric = metric
    self.minimum = minimum
  }

  /// `commands=80`: the form `parse(_:)` reads.
  public var description: String { "\(metric)=\(Format.number(minimum))" }

  /// Reads a threshold list: a bare percentage is the command types' (`80`), otherwise
  /// comma-separated `METRIC=PERCENT` pairs (`commands=80,fields=50,events=40`); a trailing `%`
  /// is allowed. A metric named twice keeps its last value.
  ///
  /// - Throws: ``ParseError`` naming the part that is not a metric or not a percentage 0–100.
  public static func parse(_ text: String) throws(ParseError) -> [CoverageThreshold] {
    if let first = text.first, first.isNumber || "+-.".contains(first), !text.contains("="), !text.contains(",") {
      return [CoverageThreshold(.commands, minimum: try percentage(text, in: text))]
    }
    var thresholds: [CoverageThreshold] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2 else {
        throw ParseError("\"\(part)\" is not METRIC=PERCENT (e.g. commands=80); metrics: \(metricNames)")
      }
      let name = pair[0].trimmingWhitespace
      guard let metric = CoverageMetric(rawValue: name) else {
        throw ParseError("\"\(name)\" is not a coverage metric; metrics: \(metricNames)")
      }
      let threshold = CoverageThreshold(metric, minimum: try percentage(pair[1].trimmingWhitespace, in: String(part)))
      thresholds.removeAll { $0.metric == metric }
      thresholds.append(threshold)
    }
    return thresholds
  }

  private static let metricNames = CoverageMetric.allCases.map(\.rawValue).joined(separator: ", ")

  private static func percentage(_ text: String, in part: String) throws(ParseError) -> Double {
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(digits), value >= 0, value <= 100 else {
      throw ParseError("\"\(part)\": the minimum is a percentage from 0 to 100")
    }
    return value
  }

  /// How far `coverage` falls short of this threshold, or nil when it meets it.
  public func shortfall(in coverage: ProtocolCoverage) -> Shortfall? {
    let ratio = coverage.ratio(metric)
    return ratio.reaches(minimum) ? nil : Shortfall(threshold: self, ratio: ratio)
  }

  /// A threshold not met, and by how much.
  public struct Shortfall: Hashable, Sendable, CustomStringConvertible {
    public var threshold: CoverageThreshold
    /// What was measured.
    public var ratio: CoverageRatio
    /// How many more items would meet the threshold.
    public var needed: Int { ratio.needed(for: threshold.minimum) }

    /// `command types 71.2% < 80% (52 of 73; 7 more needed)`.
    public var description: String {
      "\(threshold.metric.title) \(ratio.percentText) < \(Format.number(threshold.minimum))% (\(ratio.covered) of \(ratio.total); \(needed) more needed)"
    }
  }

  /// Why a threshold list could not be read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
  }
}
