/// How much of a whole a set of traces covered: ``covered`` of ``total`` items.
///
/// ```swift
/// let ratio = CoverageRatio(covered: 52, total: 73)
/// ratio.percentText      // "71.2%"
/// ratio.reaches(80)      // false
/// ratio.needed(for: 80)  // 7: 59 of 73 reach 80%
/// ```
public struct CoverageRatio: Hashable, Sendable, CustomStringConvertible {
  /// The items exercised.
  public var covered: Int
  /// The items there are.
  public var total: Int

  public init(covered: Int, total: Int) {
    self.covered = covered
    self.total = total
  }

  /// `covered / total` in percent; 100 when there is nothing to cover.
  public var percent: Double { total == 0 ? 100 : Double(covered) * 100 / Double(total) }

  /// The percentage in tenths, rounded down, so that a ratio short of a threshold never shows as
  /// reaching it (79.96% is 79.9%, and only everything covered is 100%).
  public var tenthsOfPercent: Int { total == 0 ? 1000 : covered * 1000 / total }

  /// The percentage with one decimal, rounded down: `71.2%`.
  public var percentText: String { Format.fixed(Double(tenthsOfPercent) / 10, digits: 1) + "%" }

  /// `52 of 73 (71.2%)`.
  public var description: String { "\(covered) of \(total) (\(percentText))" }

  /// Whether the ratio is at least `minimum` percent (compared exactly, not by the rounded text).
  public func reaches(_ minimum: Double) -> Bool { Double(covered) * 100 >= minimum * Double(total) }

  /// How many more covered items would reach `minimum` percent; 0 when it is reached.
  public func needed(for minimum: Double) -> Int {
    guard !reaches(minimum) else { return 0 }
    var required = Int((minimum * Double(total) / 100).rounded(.up))
    // Guard against the division's rounding: the smallest count that reaches the minimum.
    while required > 0 && CoverageRatio(covered: required - 1, total: total).reaches(minimum) { required -= 1 }
    while !CoverageRatio(covered: required, total: total).reaches(minimum) && required < total { required += 1 }
    return max(required - covered, 0)
  }
}
