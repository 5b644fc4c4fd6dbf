/// Paths a diff leaves out: what legitimately changes between runs (a clock label's text, a
/// style key, an element kind).
///
/// A pattern is matched against a change's whole path (`frameView 8 › text 10 · text`), with `*`
/// for any run of characters and `?` for one. Examples:
///
/// ```text
/// * › text 42 · text          the text of label 42
/// * · styles.*.font-size      every font-size style, any selector
/// *progressSpinner *          anything about progress spinners
/// timers*                     every timer
/// ```
public struct DiffIgnoreRules: Sendable {
  public private(set) var patterns: [String]

  public init(_ patterns: [String] = []) {
    self.patterns = patterns.filter { !$0.isEmpty }
  }

  /// Reads patterns from a file's text: one per line; blank lines and lines starting with `#` are skipped.
  public init(fileText: String) {
    self.init(fileText.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace }.filter { !$0.hasPrefix("#") })
  }

  public mutating func add(_ pattern: String) {
    if !pattern.isEmpty { patterns.append(pattern) }
  }

  public var isEmpty: Bool { patterns.isEmpty }

  /// Whether a path is ignored.
  public func ignores(_ path: String) -> Bool {
    let text = Array(path)
    return patterns.contains { Glob.matches(text, Array($0)) }
  }

  /// The indices of the patterns that match `path`: what left a change out, so that a pattern
  /// that matched nothing in a whole comparison can be named (a typo, or a path that is gone).
  public func matchingPatterns(_ path: String) -> [Int] {
    let text = Array(path)
    return patterns.indices.filter { Glob.matches(text, Array(patterns[$0])) }
  }
}
