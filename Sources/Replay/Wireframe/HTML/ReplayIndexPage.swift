import ReplayCore

/// The first page of `cmdtool replay --engine … --html-report DIR`: `DIR/index.html`, every
/// recording with its verdict and, for each that failed, a link to its visual diff page
/// (``VisualDiffPage``) beside it, so that a CI job's report folder opens on one page.
///
/// Static, no script; every text is escaped by ``XMLText`` and the head is ``HTMLPage``'s.
///
/// ```swift
/// let index = ReplayIndexPage(title: "cmdtool replay", summary: ["2 recordings: 1 passed, 1 failed"], entries: [
///   .init(name: "login.jsonl", verdict: .passed, message: ""),
///   .init(name: "list.jsonl", verdict: .failed, message: "the runs differ …", page: "list.html"),
/// ])
/// try AtomicFile.write(Array(index.html.utf8), to: "reports/index.html")
/// ```
public struct ReplayIndexPage: Sendable {
  /// How a recording fared.
  public enum Verdict: String, Sendable {
    case passed = "PASS"
    case failed = "FAIL"
    case error = "ERROR"
    /// Recorded (anew), not compared.
    case recorded = "REC"
  }

  /// One recording's row.
  public struct Entry: Sendable {
    public var name: String
    public var verdict: Verdict
    /// What happened (empty when it passed).
    public var message: String
    /// Its page's file name, relative to the index (a failure's visual diff), if it has one.
    public var page: String?

    public init(name: String, verdict: Verdict, message: String, page: String? = nil) {
      self.name = name
      self.verdict = verdict
      self.message = message
      self.page = page
    }
  }

  /// The file name of the index in the report folder; no recording's page takes it.
  public static let fileName = "index.html"

  public var title: String
  /// Paragraphs under the heading: the counts, the engine (text).
  public var summary: [String]
  public var entries: [Entry]

  public init(title: String, summary: [String], entries: [Entry]) {
    self.title = title
    self.summary = summary
    self.entries = entries
  }

  /// The whole document: failures first, in the order they ran, then the rest.
  public var html: String {
    let e = XMLText.escaped
    var body = "<h1>\(e(title))</h1>\n"
    for paragraph in summary { body += "<p class=\"summary\">\(e(paragraph))</p>\n" }
    body += "<table>\n<thead><tr><th>verdict</th><th>recording</th><th>what happened</th></tr></thead>\n<tbody>\n"
    let ordered = entries.filter { $0.verdict == .failed || $0.verdict == .error } + entries.filter { $0.verdict == .passed || $0.verdict == .recorded }
    for entry in ordered {
      let name = entry.page.map { "<a href=\"\(e(Self.href($0)))\">\(e(entry.name))</a>" } ?? e(entry.name)
      body += "<tr class=\"\(entry.verdict.rawValue.lowercased())\"><td class=\"verdict\">\(entry.verdict.rawValue)</td><td>\(name)</td><td>\(e(entry.message))</td></tr>\n"
    }
    body += "</tbody></table>\n"
    return HTMLPage(title: title, css: Self.css, body: body).html
  }

  /// A file name as a relative URL: every byte but letters, digits and `-._~` percent-encoded,
  /// so that a name with a space, `#` or `?` links to the file and not elsewhere.
  static func href(_ name: String) -> String {
    var out = ""
    for byte in name.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80 && (c.isLetter || c.isNumber || "-._~".contains(c)) {
        out.append(c)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }

  static let css = """
    body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
    h1{font-size:1.4em}p.summary{margin:.3em 0}
    table{border-collapse:collapse;margin-top:1em}th,td{text-align:left;padding:4px 10px;border-bottom:1px solid #e5e5e5;vertical-align:top}
    td.verdict{font-weight:600}tr.fail td.verdict,tr.error td.verdict{color:#c92a2a}tr.pass td.verdict{color:#2b8a3e}tr.rec td.verdict{color:#1864ab}
    """
}
