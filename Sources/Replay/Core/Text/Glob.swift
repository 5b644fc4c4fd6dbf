/// Glob patterns, as `--ignore` and `--cases` take them: `*` any run of characters, `?` one
/// (so that `?` matches the ` › ` and ` · ` separators of diff paths too).
public enum Glob {
  /// Whether `text` matches `pattern` as a whole.
  public static func matches(_ text: String, _ pattern: String) -> Bool {
    matches(Array(text), Array(pattern))
  }

  /// Whether `text` matches `pattern`, in O(n·m) worst case, linear in practice.
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
