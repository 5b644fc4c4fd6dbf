import CommandCodec
import ReplayCore

/// The page's time travel and Save: a bar under the header with a scrubber over the session's
/// records so far, and a view of the past beside the live screen.
///
/// Moving the scrubber back (a drag, ← →, Home, the ◀ ▶ buttons) shows the state after that
/// record, with what it changed outlined, the record and the diff, loaded from the server as
/// `cmdtool view --serve` loads them (`/frame`, `/rows`: ``StudioHistory``). While the page shows
/// the past it says so in a banner, the live screen is hidden, and acting is off (the tools are
/// disabled, the panels hidden): what a click meant on an old screen is not what it would do on
/// the live one. The session goes on meanwhile (a running clock, the engine's own records), the
/// scrubber's range grows with it, and Live (or the scrubber at its end) returns.
extension StudioPage {
  /// The bar: the scrubber, where the page is, Live, and Save with what the last save did.
  /// - Parameter saveRefusal: why the session cannot save before its end (the button is then
  ///   disabled, and says why).
  static func historyBar(saveRefusal: String?, wallClock: Bool) -> String {
    let e = XMLText.escaped
    let save = saveRefusal.map { "<button id=\"hsave\" type=\"button\" disabled title=\"\(e($0))\">Save</button>" } ?? "<button id=\"hsave\" type=\"button\" title=\"write the recording so far and its script, and go on\">Save</button>"
    return """
      <div id="history" data-clock="\(wallClock ? "wall" : "virtual")"><button id="hprev" type="button" aria-label="one record back">◀</button><input id="hscrub" type="range" min="0" max="0" value="0" aria-label="the session's records so far"><button id="hnext" type="button" aria-label="one record on">▶</button>
      <span id="hwhere">live</span><button id="hlive" type="button" disabled>Live</button>\(save)<span id="hsaved">\(e(saveRefusal ?? ""))</span></div>
      """
  }

  static let historyCSS = """
    #history{display:flex;gap:6px;align-items:center;padding:4px 12px;border-bottom:1px solid #ddd}#hscrub{flex:1}
    #hwhere{min-width:12em;color:#555}#hsaved{color:#555;font-size:12px}
    #past{padding:0}#past .banner{background:#fff3bf;border:1px solid #f0c36d;padding:6px;margin-bottom:6px;font-weight:600}
    #past pre{white-space:pre-wrap;word-break:break-all;font:12px ui-monospace,monospace;margin:6px 0;max-width:420px}
    body.past #screen,body.past #modal,body.past #panel{display:none}body.past #tools{opacity:.45}
    body.past #history{background:#fff3bf}body.wall .group:has(#step){display:none}
    """

  /// The bar's behaviour, a script of its own beside the page's (its own event stream, for the
  /// records so far and the last save). Texts from the recording are set with `textContent`; the
  /// past's wireframe is the server's escaped SVG, as the viewer's.
  static let historyScript = """
    (function(){
    var token=new URLSearchParams(location.search).get('token')||'';
    var q='token='+encodeURIComponent(token);
    function $(id){return document.getElementById(id);}
    var bar=$('history'),scrub=$('hscrub'),where=$('hwhere'),live=$('hlive'),save=$('hsave'),saved=$('hsaved'),screen=$('screen');
    if(bar.dataset.clock==='wall')document.body.classList.add('wall');
    var past=document.createElement('section');past.id='past';past.hidden=true;
    function part(tag,cls){var e=document.createElement(tag);e.className=cls;past.appendChild(e);return e;}
    var banner=part('div','banner'),picture=part('div','picture'),record=part('pre','record'),diff=part('pre','diff');
    screen.parentNode.insertBefore(past,screen);
    var count=0,viewing=-1,wanted=-1,busy=false;
    function controls(off){document.querySelectorAll('#tools button,#tools input').forEach(function(b){b.disabled=off;});}
    var ended=false,status=$('status');
    function goLive(){viewing=-1;wanted=-1;document.body.classList.remove('past');past.hidden=true;live.disabled=true;controls(ended);if(!ended)status.textContent='live';
    scrub.value=Math.max(0,count-1);where.textContent='live · '+count+' records';}
    function says(){banner.textContent='Viewing the past: record '+viewing+' of '+count+' (live is record '+(count-1)+'). Acting is off here; Live returns to the session.';}
    function load(){if(busy||wanted<0||wanted===viewing)return;var r=wanted;busy=true;
    Promise.all([fetch('/frame?record='+r+'&'+q).then(function(x){return x.json();}),fetch('/rows?from='+r+'&count=1&'+q).then(function(x){return x.json();})])
    .then(function(a){busy=false;if(wanted<0)return;var row=a[1].rows[0]||{t:0,x:''};viewing=r;picture.innerHTML=a[0].svg;
    where.textContent='record '+r+' · '+(row.t/1000).toFixed(3)+'s';record.textContent=row.x;diff.textContent=a[0].diff;says();load();})
    .catch(function(){busy=false;where.textContent='the studio does not answer';});}
    function goTo(r){if(count<1)return;r=Math.max(0,Math.min(count-1,r));scrub.value=r;
    if(r>=count-1){goLive();return;}
    if(viewing<0){viewing=-2;document.body.classList.add('past');past.hidden=false;live.disabled=false;controls(true);status.textContent='past';banner.textContent='Viewing the past: loading record '+r+'…';}
    wanted=r;load();}
    scrub.addEventListener('input',function(){goTo(Number(scrub.value));});
    $('hprev').addEventListener('click',function(){goTo((viewing>=0?viewing:count-1)-1);});
    $('hnext').addEventListener('click',function(){goTo((viewing>=0?viewing:count-1)+1);});
    live.addEventListener('click',goLive);
    save.addEventListener('click',function(){saved.textContent='saving…';
    fetch('/save?'+q,{method:'POST'}).then(function(x){return x.text().then(function(t){if(!x.ok)saved.textContent=t;});})
    .catch(function(){saved.textContent='the studio does not answer';});});
    var events=new EventSource('/events?'+q);
    events.onmessage=function(m){var f=JSON.parse(m.data);
    // The end: no more saves, no stale "the session goes on", and no more listening; the
    // recording's past stays on the page as it was.
    if(f.ended!=null){ended=true;events.close();saved.textContent='';save.disabled=true;controls(true);if(viewing===-1)goLive();return;}
    count=f.records;scrub.max=Math.max(0,count-1);
    if(f.saved)saved.textContent=f.saved;
    if(viewing===-1){scrub.value=Math.max(0,count-1);where.textContent='live · '+count+' records';}else if(viewing>=0)says();
    if(viewing!==-1)controls(true);};
    })();
    """
}
