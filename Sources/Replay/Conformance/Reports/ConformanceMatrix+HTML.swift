import ReplayCore
import ReplayWireframe

extension ConformanceMatrix {
  /// One self-contained HTML page: the platforms' counts, then every case (disagreements first)
  /// with a cell per platform; a failing cell opens to its reason and diffs. After the table,
  /// the failing cases of one run are drawn (``ConformanceFailureDrawings``): the expected and the
  /// actual UI side by side at the failing step. Everything shown comes from reports and
  /// testees, so every text is escaped, and the page's head is ``HTMLPage``'s, whose
  /// Content-Security-Policy forbids loading anything.
  ///
  /// - Parameter failures: results of the run the page shows; those that failed at a step with
  ///   both states known are drawn, in order.
  public func renderHTML(title: String = "cmdtool conformance", failures: [CaseResult] = []) -> String {
    HTMLPage(title: title, css: Self.css + "\n" + VisualDiffPage.css, body: body(title: title) + ConformanceFailureDrawings.html(failures)).html
  }

  /// The heading, the counts and the table.
  private func body(title: String) -> String {
    let e = XMLText.escaped
    var html = "<h1>\(e(title))</h1>\n"
    html += "<p>\(e(summarySentence)).</p>\n<ul>\n"
    for column in columns {
      let counts = counts(column).map { "\($0.count) \($0.verdict)" }.joined(separator: ", ")
      let interrupted = column.interrupted.map { " <b class=\"interrupted\">\(e($0)): no verdict</b>" } ?? ""
      let ignored = column.ignored.map { " <b class=\"ignored\">ignored: \(e($0))</b>" } ?? ""
      html += "<li><b>\(e(column.name))</b>: \(e(counts))\(column.declaration.isEmpty ? "" : " <small>(\(e(column.declaration)))</small>")\(interrupted)\(ignored)</li>\n"
    }
    html += "</ul>\n<table>\n<tr><th>case</th>" + columns.map { "<th>\(e($0.name))</th>" }.joined() + "</tr>\n"
    let differing = Set(disagreements)
    for name in disagreements + caseNames.filter({ !differing.contains($0) }) {
      html += "<tr\(differing.contains(name) ? " class=\"differ\"" : "")><td class=\"name\">\(e(name))</td>"
      for column in columns {
        guard let cell = column.cells[name] else {
          html += "<td class=\"missing\">—</td>"
          continue
        }
        let label = cell.verdict + (cell.expectedFailure ? " (expected)" : "")
        let kind = CaseResult.Verdict(rawValue: cell.verdict)?.rawValue ?? "missing"
        if cell.details.isEmpty {
          html += "<td class=\"\(kind)\">\(e(label))</td>"
        } else {
          html += "<td class=\"\(kind)\"><details><summary>\(e(label))</summary><pre>\(e(cell.details))</pre></details></td>"
        }
      }
      html += "</tr>\n"
    }
    html += "</table>\n"
    return html
  }

  /// The table's style.
  static let css = """
    body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
    table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;vertical-align:top}
    td.name{font-family:ui-monospace,monospace}.pass{background:#dff3df}.fail{background:#f8d7d7}
    .error{background:#f3c6a8}.skipped{background:#eee;color:#777}.missing{color:#aaa}
    pre{white-space:pre-wrap;margin:4px 0;max-width:60em}tr.differ td.name{font-weight:bold}.interrupted{color:#a00}.ignored{color:#a60}
    """
}
