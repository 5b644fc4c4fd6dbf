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
    self.init(fileText.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.hasPrefix("#") })
  }

  public mutating func add(_ pattern: String) {
    if !pattern.isEmpty { patterns.append(pattern) }
  }

  public var isEmpty: Bool { patterns.isEmpty }

  /// Whether a path is ignored.
  public func ignores(_ path: String) -> Bool {
    let text = Array(path)
    return patterns.contains { Self.matches(text, Array($0)) }
  }

  /// Glob matching (`*` any run, `?` one character, so that `?` matches the ` › ` and ` · `
  /// separators too) in O(n·m) worst case, linear in practice.
  static func matches(_ text: [Character], _ pattern: [Character]) -> Bool {
    var t = 0
    var p = 0
    var star: Int? = nil
    var resume = 0
    while t < text.count {
      if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
        t += 1
        p += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = t
        p += 1
      } else if let starIndex = star {
        p = starIndex + 1
        resume += 1
        t = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    var slice = self
    while slice.first?.isWhitespace == true { slice = slice.dropFirst() }
    while slice.last?.isWhitespace == true { slice = slice.dropLast() }
    return String(slice)
  }
}
