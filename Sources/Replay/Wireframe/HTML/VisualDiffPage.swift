import ReplayCore

/// A static page comparing two runs by their pictures: per moment (a divergence, the end, a
/// failing step) the two wireframes side by side, the elements the difference names outlined on
/// both, and the difference as text below (docs/WIREFRAME.md, "Visual diffs").
///
/// The page has no script. Every text on it (titles, captions, labels, the diff, the texts in the
/// wireframes) comes from traces or reports and is escaped by ``XMLText``; its head is
/// ``HTMLPage``'s, whose Content-Security-Policy lets nothing load. The same moments give the
/// same bytes.
///
/// ```swift
/// let report = try DiffReport(try DiffInput.open("a.jsonl"), try DiffInput.open("b.jsonl"), names: ("a.jsonl", "b.jsonl"))
/// let page = VisualDiffPage(title: "a.jsonl ↔ b.jsonl", captions: .init(a: "A: a.jsonl", b: "B: b.jsonl"), moments: VisualDiffMoment.moments(of: report))
/// try AtomicFile.write(Array(page.html.utf8), to: "diff.html")
/// ```
public struct VisualDiffPage: Sendable {
  /// What the two sides are called above their pictures.
  public struct Captions: Hashable, Sendable {
    public var a: String
    public var b: String

    public init(a: String, b: String) {
      self.a = a
      self.b = b
    }
  }

  /// The page's title and heading (text).
  public var title: String
  public var captions: Captions
  /// Paragraphs under the heading: what was compared, the verdict (text).
  public var summary: [String]
  /// The moments drawn, in order.
  public var moments: [VisualDiffMoment]
  /// A text report shown whole at the end, preformatted (the `cmdtool diff` output), if any.
  public var report: String?
  /// How the states are laid out (hidden elements drawn or not).
  public var layout: WireframeOptions

  public init(title: String, captions: Captions, summary: [String] = [], moments: [VisualDiffMoment], report: String? = nil, layout: WireframeOptions = WireframeOptions()) {
    self.title = title
    self.captions = captions
    self.summary = summary
    self.moments = moments
    self.report = report
    self.layout = layout
  }

  /// The whole document.
  ///
  /// - Complexity: O(n) in the elements of the states drawn, and the changes.
  public var html: String {
    HTMLPage(title: title, css: Self.css, body: body).html
  }

  /// The body's markup: the heading, the summary, a section per moment, the report.
  public var body: String {
    let e = XMLText.escaped
    var html = "<h1>\(e(title))</h1>\n"
    for paragraph in summary { html += "<p class=\"summary\">\(e(paragraph))</p>\n" }
    for (index, moment) in moments.enumerated() {
      html += Self.section(moment, captions: captions, id: "m\(index + 1)", headingLevel: 2, layout: layout)
    }
    if let report, !report.isEmpty {
      html += "<section class=\"report\"><h2>The report</h2>\n<pre>\(e(Self.trimmed(report)))</pre></section>\n"
    }
    return html
  }

  /// One moment as a `<section>`: its label as a heading, the two wireframes side by side (ids
  /// kept apart by `id-a` and `id-b` prefixes), the changed elements that are not on screen, and
  /// the difference as text. Pages that show moments among other things (the conformance report)
  /// place such sections themselves, with ``css`` in their style.
  ///
  /// - Parameter id: the section's id, reduced to letters, digits, `-` and `_`; unique in the page.
  public static func section(_ moment: VisualDiffMoment, captions: Captions, id: String, headingLevel: Int = 2, layout: WireframeOptions = WireframeOptions()) -> String {
    let e = XMLText.escaped
    let id = SVGOptions.sanitized(id)
    let level = min(max(headingLevel, 1), 6)
    let highlighted = moment.highlighted
    var html = "<section class=\"moment\" id=\"\(id)\">\n<h\(level)>\(e(moment.label))</h\(level)>\n<div class=\"sides\">\n"
    var offscreen: [[String]] = []
    let sides = [("a", captions.a, moment.stateA, moment.viewportA), ("b", captions.b, moment.stateB, moment.viewportB)]
    for (side, caption, state, viewport) in sides {
      let wireframe = WireframeLayout.layout(state, viewport: viewport, options: layout)
      let options = SVGOptions(highlighted: highlighted, idPrefix: "\(id)-\(side)", includesXMLDeclaration: false, title: "\(caption), \(moment.label)")
      html += "<figure class=\"side \(side)\"><figcaption>\(e(caption)) <span class=\"time\">\(e(Format.time(milliseconds: state.time)))</span></figcaption>\n"
      html += WireframeSVG.render(wireframe, options: options)
      html += "</figure>\n"
      let drawn = Set(wireframe.boxes.compactMap(\.elementId))
      offscreen.append(VisualDiffMoment.offscreen(highlighted, in: state, drawn: drawn))
    }
    html += "</div>\n"
    if offscreen[0] == offscreen[1], !offscreen[0].isEmpty {
      html += "<p class=\"offscreen\">Changed, on neither screen: \(e(listed(offscreen[0])))</p>\n"
    } else {
      for (caption, missing) in zip([captions.a, captions.b], offscreen) where !missing.isEmpty {
        html += "<p class=\"offscreen\">Changed, not on the screen of \(e(caption)): \(e(listed(missing)))</p>\n"
      }
    }
    let text = moment.diff.isEmpty ? "no difference" : trimmed(moment.diff.renderText())
    html += "<pre class=\"diff\">\(e(text))</pre>\n</section>\n"
    return html
  }

  /// `text` without its last line break (the `</pre>` ends the line).
  static func trimmed(_ text: String) -> String {
    text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// The first 20 names, then how many more.
  private static func listed(_ names: [String]) -> String {
    let shown = names.prefix(20).joined(separator: ", ")
    return names.count > 20 ? shown + " and \(names.count - 20) more" : shown
  }

  /// The page's style: the sides in a row that wraps on narrow screens, pictures scaled down to
  /// fit, the diff preformatted.
  public static let css = """
    body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
    h1{font-size:1.4em}p.summary{margin:.3em 0}
    section.moment{margin:1.5em 0;padding-top:.5em;border-top:1px solid #ddd}
    .sides{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
    figure.side{margin:0;max-width:100%}figcaption{font-weight:600;margin:0 0 6px}
    figcaption .time{font-weight:400;color:#777}
    svg.wireframe{display:block;max-width:100%;height:auto;box-shadow:0 1px 4px rgba(0,0,0,.2)}
    p.offscreen{color:#8a5a00}
    .moment pre,.report pre{white-space:pre-wrap;background:#f6f6f6;padding:8px;margin:8px 0;max-width:80em;font:12px ui-monospace,monospace}
    """
}

// MARK: - Of a diff report

extension VisualDiffPage {
  /// The page of a `cmdtool diff` report: of two traces, the first divergence and the end; of a
  /// snapshot on either side, the one comparison; a verdict on top and the text report at the end.
  ///
  /// - Parameters:
  ///   - title: the page's title; `cmdtool diff: A ↔ B` by default.
  ///   - captions: the sides' names; `A: NAME` and `B: NAME` by default.
  ///   - summary: paragraphs before the verdict (what was run, why it failed).
  ///   - endLabel: the last moment's name: `end`, or `at 7s` for a diff at a point.
  public init(report: DiffReport, title: String? = nil, captions: Captions? = nil, summary: [String] = [], endLabel: String = "end") {
    self.init(
      title: title ?? "cmdtool diff: \(report.nameA) ↔ \(report.nameB)",
      captions: captions ?? Captions(a: "A: \(report.nameA)", b: "B: \(report.nameB)"),
      summary: summary + [Self.verdict(of: report)],
      moments: VisualDiffMoment.moments(of: report, endLabel: endLabel),
      report: report.isEqual ? nil : report.renderText())
  }

  /// One sentence on what differs: where the states first differ, how much at the end, and
  /// whether the platforms' own events differ.
  public static func verdict(of report: DiffReport) -> String {
    guard !report.isEqual else { return "No difference." }
    var sentences: [String] = []
    if let divergence = report.divergence {
      sentences.append("The states first differ \(VisualDiffMoment.place(divergence)).")
    }
    sentences.append(report.final.isEmpty ? "At the end: no difference." : "At the end: \(count(report.final.changes.count)).")
    if let events = report.events, !events.isEmpty {
      let from = events.commonPrefix == 0 ? "from the first event" : "after the first \(events.commonPrefix) event\(events.commonPrefix == 1 ? "" : "s")"
      sentences.append("What the platforms sent on their own differs \(from) (the report below lists it).")
    }
    return sentences.joined(separator: " ")
  }

  private static func count(_ changes: Int) -> String {
    changes == 1 ? "1 difference" : "\(changes) differences"
  }
}
