import CommandCodec
import ReplayCore
import ReplayWireframe

/// The studio's page: the live wireframe, redrawn from the server's events (`/events`); the
/// actions a user can take on it (a click taps; a text field, a picker, a scroll layout or an
/// open dialog gets a panel; the wheel scrolls the scroll layout under the pointer; back, the
/// clock, markers, the end) sent back to `/act`; and the session's script as it grows. Every
/// request carries the page's own `?token=`.
///
/// The page is ``HTMLPage``'s: its one script allowed by hash, nothing loaded from anywhere, and
/// connections only to the server that served it. Texts from the engine reach the DOM as text
/// (the wireframe escapes its own; the script sets `textContent`), never as markup.
public enum StudioPage {
  /// The page showing `frame` until the first event arrives.
  /// - Parameter secretNames: the secrets the page may offer for a password field (names only).
  /// - Parameter saveRefusal: why the session cannot save before its end, nil when it can.
  public static func html(title: String, frame: StudioFrame?, secretNames: [String] = [], saveRefusal: String? = nil, wallClock: Bool = false) -> String {
    let e = XMLText.escaped
    let secrets = JSONValue.array(secretNames.map { .string($0) }).canonicalText
    let body = """
      <header><b>\(e(title))</b> · cmdtool studio · <span id="status">live</span> · <span id="time">\(e(Format.time(milliseconds: frame?.time ?? 0)))</span></header>
      \(historyBar(saveRefusal: saveRefusal, wallClock: wallClock))
      <main><section id="screen" data-frame="\(frame?.number ?? 0)">\(frame?.svg ?? "")</section>
      <aside data-secrets="\(e(secrets))">
      <div id="tools"><button id="back" type="button">Back</button>
      <span class="group">Clock <input id="stepms" type="number" value="1000" min="1" aria-label="step in ms"> ms <button id="step" type="button">Step</button><button id="timer" type="button">Next timer</button><button id="run" type="button">Run</button></span>
      <span class="group"><input id="markertext" placeholder="marker label" aria-label="marker label"><button id="marker" type="button">Add marker</button></span>
      <button id="end" type="button">Save and end</button></div>
      <div id="modal"></div><div id="panel"></div><p id="note">\(e(frame?.note ?? ""))</p>
      <h2>Script</h2><pre id="script"></pre></aside></main>
      """
    return HTMLPage(title: title + " · cmdtool studio", css: css + compactCSS + "\n" + historyCSS, body: body, script: script + "\n" + historyScript, connectsToOrigin: true).html
  }

  static let css = """
    body{font:13px system-ui,sans-serif;margin:0;color:#222}
    header{padding:6px 12px;background:#f3f4f6;border-bottom:1px solid #ddd}
    main{display:flex;gap:16px;padding:12px;align-items:flex-start}aside{flex:1;min-width:320px}
    #note{color:#a61e4d}#tools{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
    .group{border-left:1px solid #ddd;padding-left:6px}#stepms{width:64px}
    #modal,#panel{margin-top:10px;padding:6px;background:#f8f9fb;border:1px solid #e3e6ea}#modal:empty,#panel:empty{display:none}
    #panel input{min-width:200px}h2{font-size:13px;margin:14px 0 4px}
    #script{background:#1e1e1e;color:#e6e6e6;padding:8px;white-space:pre-wrap;word-break:break-all;min-height:2em}
    #screen g.element{cursor:pointer}#screen g.element>rect{pointer-events:all}
    """
}
