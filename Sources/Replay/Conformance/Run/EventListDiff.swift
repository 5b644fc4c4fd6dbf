import CommandCodec
import ReplayCore

/// Expected against actual events of one step, as lines a person reads at a glance: the common
/// start collapsed, then what only the model sent (`-`) and what only the testee sent (`+`).
enum EventListDiff {
  /// nil when the lists are equal.
  static func render(expected: [TraceRecord], actual: [TraceRecord]) -> String? {
    guard expected != actual else { return nil }
    var common = 0
    while common < min(expected.count, actual.count) && expected[common] == actual[common] { common += 1 }
    var lines: [String] = []
    if common > 0 { lines.append("  … (\(common) equal)") }
    lines += expected[common...].map { "- " + line($0) }
    lines += actual[common...].map { "+ " + line($0) }
    if expected.count == common { lines.append("  (the model sent nothing more)") }
    if actual.count == common { lines.append("  (the testee sent nothing more)") }
    return lines.joined(separator: "\n")
  }

  static func line(_ record: TraceRecord) -> String {
    let time = Format.time(milliseconds: record.time)
    switch record.body {
    case .event(let target, let event): return time + "  " + TraceRecordFormatter.describe(event, target: target)
    case .modalResult(let dialog, let value): return time + "  modal result \(value) for dialog \(dialog)"
    default: return time + "  " + (TraceRecordFormatter.lines(for: record, index: 0).first ?? "")
    }
  }
}
