/// The text of a progress line: a label, how much is done, and of how much when that is known.
///
/// ```
/// replaying long.cmdtrace: 41% (21.0 MB of 51.2 MB)
/// generating long.cmdtrace: 41% (2.1 M of 5.0 M commands)
/// replaying recordings: recording 3 of 12
/// reading -: 12.5 MB
/// ```
struct ProgressLine: Equatable, Sendable {
  /// What is counted, and how the count reads.
  enum Unit: Equatable, Sendable {
    /// Things counted, named by a plural noun: `2.1 M of 5.0 M records`.
    case items(String)
    /// Bytes: `21.0 MB of 51.2 MB`.
    case bytes
    /// Steps taken one after the other, named by a singular noun: `recording 3 of 12`, where 3
    /// is the step under way (`done` steps are finished).
    case steps(String)
  }

  var label: String
  var done: Int
  /// Nil when the total is unknown (standard input, a pipe).
  var total: Int?
  var unit: Unit
  /// Said after the amount, e.g. `, 2 failing, about 40 s left` ("" for nothing).
  var suffix = ""

  /// The line, at most `width` characters (the label is cut at its start, as the end of a path
  /// is the part that tells files apart).
  func text(width: Int = .max) -> String {
    let amount = self.amount
    let full = label + ": " + amount
    guard full.count > width else { return full }
    let room = width - amount.count - 3  // ": " and "…"
    guard room > 0 else { return String(amount.prefix(width)) }
    return "…" + String(label.suffix(room)) + ": " + amount
  }

  /// The part after the label.
  var amount: String {
    if case .steps(let noun) = unit {
      let current = total.map { min(done + 1, $0) } ?? done + 1
      return "\(noun) \(current)" + (total.map { " of \($0)" } ?? "") + suffix
    }
    let bytes = unit == .bytes
    let noun = if case .items(let noun) = unit { " " + noun } else { "" }
    guard let total, total > 0 else { return Self.compact(done, bytes: bytes) + noun }
    let percent = min(100, max(0, done) * 100 / total)
    return "\(percent)% (\(Self.compact(done, bytes: bytes)) of \(Self.compact(total, bytes: bytes))\(noun))"
  }

  /// A count in a few characters: `999`, `12.3 k`, `2.1 M`, `1.0 G` (with `bytes`, `999 B`,
  /// `12.3 kB`, `2.1 MB`). Rounded down, so a count never reads as more than it is (no 100% of
  /// 5.0 M at 4,999,999).
  static func compact(_ count: Int, bytes: Bool = false) -> String {
    let value = max(0, count)
    let scales: [(Int, String)] = [(1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")]
    for (scale, prefix) in scales where value >= scale {
      let tenths = value / (scale / 10)
      return "\(tenths / 10).\(tenths % 10) " + prefix + (bytes ? "B" : "")
    }
    return bytes ? "\(value) B" : "\(value)"
  }
}
