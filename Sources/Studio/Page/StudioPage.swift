import ReplayCore
import ReplayWireframe

/// The studio's page: the live wireframe, redrawn from the server's events (`/events`), and a
/// click on an element sent back as a tap (`/act`). Both carry the page's own `?token=`.
///
/// The page is ``HTMLPage``'s: its one script allowed by hash, nothing loaded from anywhere, and
/// connections only to the server that served it.
public enum StudioPage {
  /// The page showing `frame` until the first event arrives.
  public static func html(title: String, frame: StudioFrame?) -> String {
    let e = XMLText.escaped
    let body = """
      <header><b>\(e(title))</b> · cmdtool studio · <span id="status">live</span></header>
      <main><section id="screen" data-frame="\(frame?.number ?? 0)">\(frame?.svg ?? "")</section><p id="note">\(e(frame?.note ?? ""))</p></main>
      """
    return HTMLPage(title: title + " · cmdtool studio", css: css, body: body, script: script, connectsToOrigin: true).html
  }

  static let css = """
    body{font:13px system-ui,sans-serif;margin:0;color:#222}
    header{padding:6px 12px;background:#f3f4f6;border-bottom:1px solid #ddd}
    main{padding:12px}#note{color:#a61e4d}
    #screen g.element.button,#screen g.element.switch,#screen g.element.checkbox,#screen g.element.eventLayout{cursor:pointer}
    """

  /// Redraws on each event; a click on an element posts its id as a tap (the server decides
  /// whether a user could tap it).
  static let script = """
    (function(){
    var token=new URLSearchParams(location.search).get('token')||'';
    var q='?token='+encodeURIComponent(token);
    var screen=document.getElementById('screen'),note=document.getElementById('note'),status=document.getElementById('status');
    var events=new EventSource('/events'+q);
    events.onmessage=function(m){var f=JSON.parse(m.data);if(f.frame<Number(screen.dataset.frame))return;
    screen.innerHTML=f.svg;screen.dataset.frame=f.frame;note.textContent=f.note;status.textContent='live';};
    events.onerror=function(){status.textContent='disconnected';};
    screen.addEventListener('click',function(ev){var g=ev.target.closest('[data-id]');if(!g)return;
    fetch('/act'+q,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({tap:Number(g.dataset.id)})});});
    })();
    """
}
