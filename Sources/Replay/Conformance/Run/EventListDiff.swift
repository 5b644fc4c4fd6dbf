import CommandCodec
import ReplayCore

/// Expected against actual events of one step, as lines a person reads at a glance: the common
/// start collapsed, then what only the model sent (`-`) and what only the testee sent (`+`).
///
/// Two events of the same class to the same target at the same place in both lists are shown
/// with the same fields: a field at its default on one side is written there (`value=0`) when
/// the other side's is not, so the lines show what differs. Long texts are shown around their
/// first difference, with both lengths (``TextWindow``).
struct EventListDiff {
  /// The lines, nil when the lists (less the ignored events) are equal.
  var text: String?
  /// How many events ignore patterns left out, on either side.
  var ignored = 0
  /// The indices of the patterns that left out an event.
  var matchedPatterns: Set<Int> = []
  /// How many events differ: the longer of the two differing tails.
  var differing = 0

  /// The most characters of a field's value shown.
  static let valueLimit = 120

  init(expected: [TraceRecord], actual: [TraceRecord], ignoring rules: DiffIgnoreRules = DiffIgnoreRules()) {
    var matched: Set<Int> = []
    var ignored = 0
    func keep(_ record: TraceRecord) -> Bool {
      guard !rules.isEmpty else { return true }
      let patterns = rules.matchingPatterns(Self.path(of: record))
      matched.formUnion(patterns)
      if !patterns.isEmpty { ignored += 1 }
      return patterns.isEmpty
    }
    let expected = expected.filter(keep)
    let actual = actual.filter(keep)
    self.ignored = ignored
    matchedPatterns = matched
    guard expected != actual else { return }
    var common = 0
    while common < min(expected.count, actual.count) && expected[common] == actual[common] { common += 1 }
    let onlyExpected = Array(expected[common...])
    let onlyActual = Array(actual[common...])
    differing = max(onlyExpected.count, onlyActual.count)
    var minus: [String] = []
    var plus: [String] = []
    for index in 0..<max(onlyExpected.count, onlyActual.count) {
      let a = index < onlyExpected.count ? onlyExpected[index] : nil
      let b = index < onlyActual.count ? onlyActual[index] : nil
      if let a, let b, let (x, y) = Self.pair(a, b) {
        minus.append(x)
        plus.append(y)
      } else {
        if let a { minus.append(Self.line(a)) }
        if let b { plus.append(Self.line(b)) }
      }
    }
    var lines: [String] = []
    if common > 0 { lines.append("  … (\(common) equal)") }
    lines += minus.map { "- " + $0 } + plus.map { "+ " + $0 }
    if expected.count == common { lines.append("  (the model sent nothing more)") }
    if actual.count == common { lines.append("  (the testee sent nothing more)") }
    text = lines.joined(separator: "\n")
  }

  /// The path an ignore pattern sees for an event (docs/DIFF_FORMAT.md §2.2):
  /// `events › ValueEvent → 5`, and for a modal result `events › modal result → 7`.
  static func path(of record: TraceRecord) -> String {
    switch record.body {
    case .event(let target, let event): return "events › \(event.kind.name) → \(target)"
    case .modalResult(let dialog, _): return "events › modal result → \(dialog)"
    default: return "events › " + (TraceRecordFormatter.lines(for: record, index: 0).first ?? "")
    }
  }

  /// One record on its own: its non-default fields, long values cut.
  static func line(_ record: TraceRecord) -> String {
    let time = Format.time(milliseconds: record.time)
    switch record.body {
    case .event(let target, let event):
      let fields = TraceRecordFormatter.fields(of: event).filter { !$0.isDefault }.map { Format.clipped($0.text, to: valueLimit) }
      return time + "  " + (["\(event.kind.name) → \(target)"] + fields).joined(separator: " ")
    case .modalResult(let dialog, let value): return time + "  modal result \(value) for dialog \(dialog)"
    default: return time + "  " + Format.clipped(TraceRecordFormatter.lines(for: record, index: 0).first ?? "", to: valueLimit)
    }
  }

  /// Two events of the same class to the same target, with the fields either side sets; nil for
  /// any other two records.
  static func pair(_ a: TraceRecord, _ b: TraceRecord) -> (String, String)? {
    guard case .event(let target, let x) = a.body, case .event(target, let y) = b.body, x.kind == y.kind else { return nil }
    let left = TraceRecordFormatter.fields(of: x)
    let right = TraceRecordFormatter.fields(of: y)
    guard left.count == right.count else { return nil }
    var one = ["\(x.kind.name) → \(target)"]
    var other = one
    var note = ""
    for (l, r) in zip(left, right) where !(l.isDefault && r.isDefault) {
      guard l.text != r.text else {
        one.append(Format.clipped(l.text, to: valueLimit))
        other.append(Format.clipped(r.text, to: valueLimit))
        continue
      }
      // `name=VALUE`: the values shown where they differ.
      let prefix = l.name + "="
      guard l.text.hasPrefix(prefix) && r.text.hasPrefix(prefix) else {
        // A boolean: its name when set, `name=false` when not.
        one.append(l.text)
        other.append(r.text)
        continue
      }
      let shown = TextWindow(String(l.text.dropFirst(prefix.count)), String(r.text.dropFirst(prefix.count)), limit: valueLimit)
      one.append(prefix + shown.old)
      other.append(prefix + shown.new)
      if note.isEmpty && !shown.note.isEmpty { note = " (\(l.name): " + shown.note.dropFirst(2) }
    }
    return (Format.time(milliseconds: a.time) + "  " + one.joined(separator: " "), Format.time(milliseconds: b.time) + "  " + other.joined(separator: " ") + note)
  }
}
