import CommandCodec

/// What `cmdtool coverage` prints: a coverage, the traces it came from and the thresholds it was
/// held to, as text for people or as JSON (docs/COVERAGE.md describes both).
///
/// ```swift
/// let report = CoverageReport(coverage, traces: paths, thresholds: try CoverageThreshold.parse("80"))
/// print(report.renderText(), terminator: "")
/// if !report.shortfalls.isEmpty { /* exit 1 */ }
/// ```
public struct CoverageReport: Sendable {
  /// What was counted.
  public var coverage: ProtocolCoverage
  /// The traces measured, as named on the command line.
  public var traces: [String]
  /// The minimums to check.
  public var thresholds: [CoverageThreshold]

  public init(_ coverage: ProtocolCoverage, traces: [String], thresholds: [CoverageThreshold] = []) {
    self.coverage = coverage
    self.traces = traces
    self.thresholds = thresholds
  }

  /// The thresholds not met, in the order given.
  public var shortfalls: [CoverageThreshold.Shortfall] { thresholds.compactMap { $0.shortfall(in: coverage) } }

  /// Lines wrap at this width.
  static let width = 100

  // MARK: - Text

  /// The report for people: the tables of command types, events, selectors and style keys, what
  /// was never exercised, the totals and the thresholds. With `uncoveredOnly`, the tables are left
  /// out.
  public func renderText(uncoveredOnly: Bool = false) -> String {
    var out = heading() + "\n"
    if !uncoveredOnly {
      out += "\n" + commandTable() + "\n" + eventTable() + "\n" + styleTable()
    }
    out += "\n" + neverExercised() + "\n" + totals()
    return out
  }

  private func heading() -> String {
    let counts = [
      plural(coverage.commandCount, "command"), plural(coverage.eventCount, "event"),
      plural(coverage.modalResultCount, "modal result"), plural(coverage.markerCount, "marker"),
    ]
    return "\(plural(traces.count, "trace")), \(plural(coverage.recordCount, "record")): " + counts.joined(separator: ", ")
  }

  private func commandTable() -> String {
    var out = row("command type", "count", "fields", "missing fields")
    for entry in coverage.commandTypes {
      var notes = entry.count == 0 ? "(never sent)" : entry.missingFields.map(\.rawValue).joined(separator: ", ")
      if !entry.otherFields.isEmpty {
        notes += (notes.isEmpty ? "" : "; ") + "also set: " + entry.otherFields.map(\.rawValue).joined(separator: ", ")
      }
      out += row(entry.type.name, String(entry.count), "\(entry.exercisedFields.count)/\(entry.fields.count)", notes)
    }
    let older = coverage.olderCommandTypesSeen
    if !older.isEmpty {
      out += wrap("older engine names (not in the ratios): ", older.map { "\($0.type.name) \($0.count)" })
    }
    let custom = coverage.customCommandCounts.sorted { $0.key < $1.key }
    if !custom.isEmpty {
      out += wrap("custom widget commands (not in the ratios): ", custom.map { "\($0.key) \($0.value)" })
    }
    let widgetKeys = coverage.widgetStyleKeyCounts.sorted { $0.key < $1.key }
    if !widgetKeys.isEmpty {
      out += wrap("custom widget style keys (not in the ratios): ", widgetKeys.map { "\($0.key) \($0.value)" })
    }
    return out
  }

  private func eventTable() -> String {
    var out = row("event type", "count", "fields", "missing fields")
    for entry in coverage.eventKinds {
      let notes: String
      if !entry.isSentByPlatforms {
        notes = "(not sent by platforms)"
      } else if entry.count == 0 {
        notes = "(never sent)"
      } else {
        notes = entry.missingFields.joined(separator: ", ")
      }
      out += row(entry.kind.name, String(entry.count), "\(entry.exercisedFields.count)/\(entry.fields.count)", notes)
    }
    return out
  }

  private func styleTable() -> String {
    var out = row("style selector", "count", "", "")
    for entry in coverage.selectors {
      out += row("\(entry.selector.name) \(entry.selector.rawValue)", String(entry.count), "", "")
    }
    if coverage.invalidSelectorCount > 0 {
      out += row("not a selector (0–5)", String(coverage.invalidSelectorCount), "", "")
    }
    out += "\n" + row("style key", "count", "", "")
    let seen = coverage.styleKeys.filter { $0.count > 0 }
    // A key not known is the trace's own text: escaped for the terminal.
    for entry in seen { out += row(TerminalText.escaped(entry.key), String(entry.count), "", entry.isKnown ? "" : "(not a known key)") }
    if seen.isEmpty { out += "(no SET_STYLE with a key)\n" }
    return out
  }

  private func neverExercised() -> String {
    var out = "never exercised\n"
    let fieldsOfSeenTypes = coverage.commandTypes.filter { $0.count > 0 }.flatMap { entry in
      entry.missingFields.map { "\(entry.type.name).\($0.rawValue)" }
    }
    let eventFieldsOfSeenKinds = coverage.eventKinds.filter { $0.isSentByPlatforms && $0.count > 0 }.flatMap { entry in
      entry.missingFields.map { "\(entry.kind.name).\($0)" }
    }
    // Every field of a type never sent is missing too; listing them would repeat the type list.
    let lists: [(String, [String])] = [
      ("command types", coverage.neverExercised(.commands)),
      ("fields of the command types sent", fieldsOfSeenTypes),
      ("event types platforms send", coverage.neverExercised(.events)),
      ("fields of the event types sent", eventFieldsOfSeenKinds),
      ("style selectors", coverage.neverExercised(.selectors)),
      ("known style keys", coverage.neverExercised(.styleKeys)),
    ]
    for (title, items) in lists {
      out += items.isEmpty ? "  \(title): none\n" : wrap("  \(title) (\(items.count)): ", items)
    }
    return out
  }

  private func totals() -> String {
    var out = "totals\n"
    for (metric, ratio) in coverage.summary {
      let counts = "\(ratio.covered) of \(ratio.total)"
      out += "  " + pad(metric.title, 20) + pad(counts, 12) + ratio.percentText.leftPadded(6) + "\n"
    }
    for threshold in thresholds {
      let ratio = coverage.ratio(threshold.metric)
      let verdict = threshold.shortfall(in: coverage).map { "not met: \($0)" } ?? "met (\(threshold.metric.title) \(ratio.percentText))"
      out += "--min \(threshold): \(verdict)\n"
    }
    return out
  }

  // MARK: - Layout

  private func row(_ name: String, _ count: String, _ fields: String, _ notes: String) -> String {
    let line = pad(name, 27) + count.leftPadded(8) + "  " + pad(fields, 8) + notes
    return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  /// `prefix` and the items, comma-separated, wrapped at ``width`` with the continuation lines
  /// indented by four spaces.
  private func wrap(_ prefix: String, _ items: [String]) -> String {
    var out = prefix
    var column = prefix.count
    let indent = "    "
    for (index, item) in items.enumerated() {
      let piece = item + (index == items.count - 1 ? "" : ",")
      if index > 0 && column + 1 + piece.count > Self.width {
        out += "\n" + indent
        column = indent.count
      } else if index > 0 {
        out += " "
        column += 1
      }
      out += piece
      column += piece.count
    }
    return out + "\n"
  }

  private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
