import CommandCodec
import ReplayCore

/// `cmdtool view`: the trace viewer page — the records as a list that scrolls through every
/// record (engine → platform and platform → engine told apart), scrubbers over records and
/// virtual time, a search over records and elements, and at the selected record the wireframe
/// (what changed since the state before outlined), the element tree, the diff and what the
/// platform did on its own. A legend and the keys are on the page: ← → (or j k) a record, PgUp
/// PgDn fifty, Home End, / search, Enter or n the next match; the address keeps `#record=N` (or
/// takes `#t=MS`), and editing it navigates.
///
/// Two kinds of page share the markup and ``TraceViewerScript``: ``html(title:header:records:maxFrames:showsHidden:widgets:)``
/// is one self-contained file with every record and the kept states in it;
/// ``servedHTML(title:header:count:duration:)`` is the page `cmdtool view --serve` serves, which
/// asks its server for records and states as it shows them (``TraceViewerSource``).
public enum TraceViewerPage {
  /// The most states a page keeps by default: a longer trace keeps evenly sampled ones.
  public static let defaultMaxFrames = 500

  /// The page for a trace's header and records.
  ///
  /// - Parameters:
  ///   - maxFrames: the most states kept; a trace of n records keeps every ⌈n / maxFrames⌉-th
  ///     (and the last), the list still shows every record.
  ///   - showsHidden: draw hidden elements too, dimmed.
  /// - Complexity: O(n) records replayed, plus drawing at most `maxFrames` states.
  /// - Throws: a ``ClockOverrun`` when the trace asks the clock to run without end.
  public static func html(title: String, header: TraceHeader, records: [TraceRecord], maxFrames: Int = defaultMaxFrames, showsHidden: Bool = false, widgets: WidgetSchema? = nil) throws(ClockOverrun) -> String {
    let data = try TraceViewerData(header: header, widgets: widgets, count: records.count, records: records, maxFrames: maxFrames, showsHidden: showsHidden)
    let duration = data.records.last.map(\.time) ?? 0
    let sampling = data.spacing > 1 ? " · states every \(data.spacing) records" : ""
    return page(title: title, header: header, count: data.records.count, duration: duration, extra: sampling, data: data.json(), connects: false)
  }

  /// The page `cmdtool view --serve` serves: the same page, with no record in it; its script asks
  /// the server that served it for rows, states, times and searches (`/rows`, `/frame`,
  /// `/locate`, `/search`, each with the page's `?token=`).
  ///
  /// - Parameters:
  ///   - count: the trace's records.
  ///   - duration: the time of its last record, in milliseconds.
  public static func servedHTML(title: String, header: TraceHeader, count: Int, duration: Double) -> String {
    var json = JSONText()
    json.object { o in
      o.member("served") { value in
        value.object { s in
          s.member("count") { $0.int(count) }
          s.member("duration") { $0.number(duration) }
        }
      }
    }
    return page(title: title, header: header, count: count, duration: duration, extra: " · served", data: HTMLPage.embeddable(json: json.bytes), connects: true)
  }

  private static func page(title: String, header: TraceHeader, count: Int, duration: Double, extra: String, data: String, connects: Bool) -> String {
    let e = XMLText.escaped
    let body = """
      <header><b>\(e(title))</b> · \(count) records · \(e(Format.time(milliseconds: duration)))\(header.creator.map { " · " + e(Excerpt.plain($0)) } ?? "")\(extra)</header>
      <div id="controls"><span id="where"></span><label>record <input id="scrub" type="range" min="0" value="0"></label><label>time <input id="clock" type="range" min="0" value="0"></label><label>find <input id="search" type="search" placeholder="records and elements (/)" autocomplete="off"></label><span id="found"></span></div>
      <main><div id="records" tabindex="0"><ol id="window"></ol><div id="spacer"></div></div><section id="screen"></section><section id="side"><div id="note"></div><h3>the record</h3><pre id="record"></pre><h3>the platform on its own</h3><pre id="own"></pre><h3>found here</h3><pre id="here"></pre><h3>changed since the state before</h3><pre id="diff"></pre><h3>elements</h3><pre id="tree"></pre></section></main>
      \(legend)
      <script type="application/json" id="data">\(data)</script>
      """
    return HTMLPage(title: title, css: css, body: body, script: TraceViewerScript.source, connectsToOrigin: connects).html
  }

  /// What the arrows, marks and outlines mean, and the keys (which the script handles).
  static let legend = """
    <footer><div id="legend"><b>legend</b> <span class="key-out">→ engine to platform</span> <span class="key-in">← platform to engine</span> <span class="key-mark">· a marker</span> <span class="own">◆N the platform did N things on its own after the record</span> <span class="more">+N more commands in the batch</span> <span class="key-changed">amber outline: changed since the state before</span> <span class="key-found">pink outline: matches the search</span></div>
    <div id="keys"><b>keys</b> <kbd>←</kbd> <kbd>→</kbd> or <kbd>k</kbd> <kbd>j</kbd> a record · <kbd>PgUp</kbd> <kbd>PgDn</kbd> fifty · <kbd>Home</kbd> <kbd>End</kbd> the first and the last · <kbd>/</kbd> find · <kbd>Enter</kbd> or <kbd>n</kbd> the next match, <kbd>Shift</kbd>+<kbd>Enter</kbd> or <kbd>N</kbd> the one before · <kbd>Esc</kbd> leave the box · the address keeps <code>#record=N</code> (edit it to go there; <code>#t=6500</code> goes to a time)</div></footer>
    """

  static let css = """
    body{font:13px system-ui,sans-serif;margin:0;color:#222;display:flex;flex-direction:column;height:100vh}
    header{padding:6px 12px;background:#f3f4f6;border-bottom:1px solid #ddd}
    #controls{display:flex;gap:12px;align-items:center;padding:6px 12px;border-bottom:1px solid #ddd}
    #controls label{flex:1;display:flex;gap:6px}#controls input{flex:1}#found{color:#555;font-size:12px}
    main{display:flex;flex:1;min-height:0}
    #records{width:34%;overflow-x:hidden;overflow-y:auto;font:12px ui-monospace,monospace;border-right:1px solid #ddd;outline:none}
    #window{position:sticky;top:0;list-style:none;margin:0;padding:0;overflow:hidden}
    #window li{height:18px;line-height:18px;padding:0 8px;white-space:pre;overflow:hidden;text-overflow:ellipsis;cursor:pointer;border-left:3px solid transparent}
    #window li.dir-out{border-left-color:#4c6ef5}#window li.dir-in{border-left-color:#37b24d}#window li.dir-mark,#window li.loading{color:#888}
    #window li.hit{background:#fde2ec}#window li.current{background:#fff3bf}.own{color:#862e9c}.more{color:#888}
    #screen{padding:12px;overflow:auto;flex:0 0 auto}#side{flex:1;overflow:auto;padding:8px;font:12px ui-monospace,monospace}
    #side pre{white-space:pre-wrap;margin:0 0 8px}#side h3{font:600 11px system-ui;color:#666;margin:8px 0 2px}#note{color:#a61e4d}
    #screen rect.found-outline{fill:none;stroke:#d6336c;stroke-width:2.5}
    footer{padding:4px 12px;border-top:1px solid #ddd;background:#f8f9fa;font-size:12px;color:#444}footer span{margin-right:10px}
    kbd{font:11px ui-monospace,monospace;border:1px solid #bbb;border-radius:3px;padding:0 3px;background:#fff}
    .key-out{border-left:3px solid #4c6ef5;padding-left:3px}.key-in{border-left:3px solid #37b24d;padding-left:3px}.key-mark{color:#888}
    .key-changed{border:2px solid #f29900;padding:0 3px}.key-found{border:2px solid #d6336c;padding:0 3px}
    """
}
