import CommandCodec
import ReplayCore

/// `cmdtool view`: one self-contained HTML file of a trace — the records as a list (engine →
/// platform and platform → engine told apart), scrubbers over records and virtual time, and at
/// the selected record the wireframe (what changed since the state before outlined), the element
/// tree, the diff and what the platform did on its own. Keyboard: ← → (or j k) a record, PgUp
/// PgDn fifty, Home End; the address keeps `#record=N` (or takes `#t=MS`).
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
    let e = XMLText.escaped
    let duration = data.records.last.map { Format.time(milliseconds: $0.time) } ?? "0s"
    let body = """
      <header><b>\(e(title))</b> · \(data.records.count) records · \(e(duration))\(data.header.creator.map { " · " + e(Excerpt.plain($0)) } ?? "")\(data.spacing > 1 ? " · states every \(data.spacing) records" : "")</header>
      <div id="controls"><span id="where"></span><label>record <input id="scrub" type="range" min="0" value="0"></label><label>time <input id="clock" type="range" min="0" value="0"></label></div>
      <main><ol id="records"></ol><section id="screen"></section><section id="side"><div id="note"></div><h3>the platform on its own</h3><pre id="own"></pre><h3>changed since the state before</h3><pre id="diff"></pre><h3>elements</h3><pre id="tree"></pre></section></main>
      <script type="application/json" id="data">\(data.json())</script>
      """
    return HTMLPage(title: title, css: css, body: body, script: TraceViewerScript.source).html
  }

  static let css = """
    body{font:13px system-ui,sans-serif;margin:0;color:#222;display:flex;flex-direction:column;height:100vh}
    header{padding:6px 12px;background:#f3f4f6;border-bottom:1px solid #ddd}
    #controls{display:flex;gap:12px;align-items:center;padding:6px 12px;border-bottom:1px solid #ddd}
    #controls label{flex:1;display:flex;gap:6px}#controls input{flex:1}
    main{display:flex;flex:1;min-height:0}
    #records{list-style:none;margin:0;padding:0;width:34%;overflow:auto;font:12px ui-monospace,monospace;border-right:1px solid #ddd}
    #records li{padding:2px 8px;white-space:pre-wrap;cursor:pointer;border-left:3px solid transparent}
    #records li.dir-out{border-left-color:#4c6ef5}#records li.dir-in{border-left-color:#37b24d}#records li.dir-mark{color:#888}
    #records li.current{background:#fff3bf}.own{color:#862e9c;font-size:11px}
    #screen{padding:12px;overflow:auto;flex:0 0 auto}#side{flex:1;overflow:auto;padding:8px;font:12px ui-monospace,monospace}
    #side pre{white-space:pre-wrap;margin:0 0 8px}#side h3{font:600 11px system-ui;color:#666;margin:8px 0 2px}#note{color:#a61e4d}
    """
}
