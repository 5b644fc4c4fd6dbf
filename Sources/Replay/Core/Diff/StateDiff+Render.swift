import CommandCodec

/// Rendering a ``StateDiff`` for people (text) and for machines (JSON, docs/DIFF_FORMAT.md).
extension StateDiff {
  /// ANSI styles for the text form.
  public struct Palette: Sendable {
    public var added = "", removed = "", changed = "", moved = "", dim = "", reset = ""

    /// No colors (a pipe, a file, or NO_COLOR set).
    public static let plain = Palette()
    /// Colors for a terminal.
    public static let terminal = Palette(added: "\u{1B}[32m", removed: "\u{1B}[31m", changed: "\u{1B}[33m", moved: "\u{1B}[36m", dim: "\u{1B}[2m", reset: "\u{1B}[0m")
  }

  /// One line per change, `+` added, `-` removed, `~` changed, `↕` moved, then a count:
  ///
  /// ```text
  /// ~ frameView 8 › linearLayout 9 › text 10 · text: "Hello, alice" → "Hello, bob"
  /// + frameView 8 › linearLayout 9 › button 12 "Retry" (and 2 descendants)
  /// - toasts › toast 1: "Welcome back, alice!"
  /// ↕ frameView 8 › linearLayout 9 › button 11 · index: 1 → 0
  /// ```
  ///
  /// Nothing at all (an empty string) when there is no difference.
  ///
  /// - Parameter maxLines: the most changes listed (nil: all); the rest are counted, `… 12 more
  ///   differences`, so that a page keeping many diffs stays bounded.
  public func renderText(_ palette: Palette = .plain, maxValueLength: Int = 160, maxLines: Int? = nil) -> String {
    guard !changes.isEmpty else { return "" }
    var lines: [String] = []
    for change in changes.prefix(maxLines ?? changes.count) {
      lines.append(Self.line(for: change, palette, maxValueLength))
    }
    if changes.count > lines.count { lines.append(palette.dim + "… \(changes.count - lines.count) more differences" + palette.reset) }
    var summary = "\(changes.count) difference\(changes.count == 1 ? "" : "s")"
    let counts = self.counts
    let parts = [StateChange.Kind.added, .removed, .changed, .moved].compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }
    summary += " (" + parts.joined(separator: ", ") + ")"
    if ignoredCount > 0 { summary += "; \(ignoredCount) ignored" }
    lines.append(palette.dim + summary + palette.reset)
    return lines.joined(separator: "\n") + "\n"
  }

  package static func line(for change: StateChange, _ palette: Palette, _ limit: Int) -> String {
    // Paths hold style keys and preference names, and JSON values DEL and C1 controls, all from
    // the trace: escaped for the terminal (JSON's own escapes are left as they are).
    func clip(_ value: String) -> String { TerminalText.escaped(Format.clipped(value, to: limit)) }
    var change = change
    change.path = TerminalText.escaped(change.path)
    switch change.kind {
    case .added:
      let more = change.descendants > 0 ? " (and \(change.descendants) descendant\(change.descendants == 1 ? "" : "s"))" : ""
      return palette.added + "+ " + change.path + (change.element == nil || change.property != nil ? ": " + clip(change.new ?? "") : more) + palette.reset
    case .removed:
      let more = change.descendants > 0 ? " (and \(change.descendants) descendant\(change.descendants == 1 ? "" : "s"))" : ""
      return palette.removed + "- " + change.path + (change.element == nil || change.property != nil ? ": " + clip(change.old ?? "") : more) + palette.reset
    case .changed:
      // Two long values: where they differ, not two starts that may be the same.
      let shown = TextWindow(change.old ?? "", change.new ?? "", limit: limit)
      return palette.changed + "~ " + palette.reset + change.path + ": " + palette.removed + shown.old + palette.reset + " → " + palette.added + shown.new + palette.reset + shown.note
    case .moved:
      return palette.moved + "↕ " + palette.reset + change.path + ": " + clip(change.old ?? "") + " → " + clip(change.new ?? "")
    }
  }

  /// The changes as a JSON array of objects with `kind`, `path`, `element`, `property`, `old`,
  /// `new` and `descendants` (docs/DIFF_FORMAT.md).
  func writeJSONChanges(into text: inout JSONText) {
    text.array(changes) { text, change in
      text.object { o in
        o.member("kind") { $0.string(change.kind.rawValue) }
        o.member("path") { $0.string(change.path) }
        if let element = change.element { o.member("element") { $0.int(element) } }
        if let property = change.property { o.member("property") { $0.string(property) } }
        if let old = change.old { o.member("old") { $0.raw(old) } }
        if let new = change.new { o.member("new") { $0.raw(new) } }
        if change.descendants > 0 { o.member("descendants") { $0.int(change.descendants) } }
      }
    }
  }
}
