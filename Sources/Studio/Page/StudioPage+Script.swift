extension StudioPage {
  /// Redraws on each event; turns clicks, the wheel over a scroll layout, panels and buttons into
  /// actions posted to `/act`. The server decides whether a user could do them, and the page shows
  /// its answer when it says no. Every text from the engine is set with `textContent`. The last
  /// frame says how the session ended: the page shows it, turns acting off and closes its event
  /// stream.
  static let script = """
    (function(){
    var token=new URLSearchParams(location.search).get('token')||'';
    var q='?token='+encodeURIComponent(token);
    function $(id){return document.getElementById(id);}
    var screen=$('screen'),note=$('note'),status=$('status'),panel=$('panel'),modal=$('modal');
    var secrets=JSON.parse(document.querySelector('aside').dataset.secrets||'[]');
    var controls={elements:{}},running=false,panelFor=null;
    function act(body){
    return fetch('/act'+q,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify(body)})
    .then(function(r){if(!r.ok)return r.text().then(function(t){note.textContent=t;});note.textContent='';})
    .catch(function(){note.textContent='the studio does not answer';});}
    function el(tag,text,cls){var e=document.createElement(tag);if(text!=null)e.textContent=text;if(cls)e.className=cls;return e;}
    function button(text,cls,onclick){var b=el('button',text,cls);b.type='button';b.addEventListener('click',onclick);return b;}
    function clear(e){while(e.firstChild)e.removeChild(e.firstChild);}
    // The secret named like the field (PASSWORD for textField "Password"), the longest name that
    // its selector holds; else the first.
    function letters(t){return String(t).toUpperCase().replace(/[^A-Z0-9]/g,'');}
    function secretFor(selector){var f=letters(selector),best=null;
    secrets.forEach(function(s){var n=letters(s);if(n&&f.indexOf(n)>=0&&(!best||n.length>letters(best).length))best=s;});
    return best||secrets[0];}
    function showModal(){clear(modal);var m=controls.modal;if(!m)return;
    modal.appendChild(el('span','Answer '+m.selector+': '));
    m.answers.forEach(function(a){var b=button(a[1],'answer',function(){act({choose:m.id,option:a[0]});});b.dataset.option=a[0];modal.appendChild(b);});}
    function openPanel(id){var c=controls.elements[id];clear(panel);panelFor=null;if(!c)return false;
    if(c.action==='tap'){act({tap:id});return true;}
    panelFor=id;panel.appendChild(el('div',c.selector,'target'));
    if(c.action==='type'){
    var input=el('input',null,'text');input.type=c.password?'password':'text';input.value=c.text||'';
    input.setAttribute('aria-label','text for '+c.selector);
    // One event with the whole text, on Enter or when the field loses focus (change), as scripts type.
    input.addEventListener('change',function(){act({type:id,text:input.value});clear(panel);panelFor=null;});
    panel.appendChild(input);
    if(c.password){var box=el('div',null,'secrets');
    if(secrets.length){var pick=el('select',null,'secret');secrets.forEach(function(s){var o=el('option',s);o.value=s;pick.appendChild(o);});
    pick.value=secretFor(c.selector);
    box.appendChild(el('span','or a named secret: '));box.appendChild(pick);
    box.appendChild(button('Type secret','typesecret',function(){act({type:id,secret:pick.value});clear(panel);panelFor=null;}));}
    else box.appendChild(el('span','a password field: give cmdtool studio CMDTOOL_SECRET_NAME or --secrets FILE to type a named secret instead'));
    panel.appendChild(box);}
    input.focus();}
    else if(c.action==='select'){var s=el('select',null,'choice');s.appendChild(el('option','choose…'));
    c.options.forEach(function(o){var e=el('option',o[1]);e.value=o[0];s.appendChild(e);});
    s.addEventListener('change',function(){if(s.selectedIndex>0)act({select:id,value:Number(s.value)});});panel.appendChild(s);}
    else if(c.action==='scroll'){panel.appendChild(button('Scroll up','up',function(){act({scroll:id,delta:-120});}));
    panel.appendChild(button('Scroll down','down',function(){act({scroll:id,delta:120});}));}
    return true;}
    var events=new EventSource('/events'+q),ended=false;
    events.onmessage=function(m){var f=JSON.parse(m.data);if(f.frame<Number(screen.dataset.frame))return;
    // The last frame: how the session ended. Acting is off and the page stops listening (an
    // EventSource would otherwise ask a server that is gone again and again).
    if(f.ended!=null){ended=true;events.close();status.textContent='ended';note.textContent=f.ended;clear(panel);clear(modal);panelFor=null;
    document.querySelectorAll('#tools button,#tools input').forEach(function(b){b.disabled=true;});document.body.dataset.ended='closed';return;}
    screen.innerHTML=f.svg;screen.dataset.frame=f.frame;note.textContent=f.note;status.textContent=document.body.classList.contains('past')?'past':'live';
    $('time').textContent=(f.time/1000).toFixed(3)+'s';controls=f.controls;running=f.running;
    $('run').textContent=running?'Pause':'Run';$('script').textContent=f.script.join('\\n');showModal();
    if(panelFor!==null&&!controls.elements[panelFor]){clear(panel);panelFor=null;}};
    events.onerror=function(){if(!ended)status.textContent='disconnected';};
    screen.addEventListener('click',function(ev){if(ended)return;var g=ev.target.closest('[data-id]');if(!g)return;var id=Number(g.dataset.id);
    if(!openPanel(id))act({tap:id});});
    // The wheel scrolls the nearest scroll layout under the pointer (found as a click finds its
    // element, then up through the groups that hold it): its rows cover it, so a click taps a row.
    // One step per gesture, as the panel's buttons send it: a flick's burst of wheels within
    // 300 ms of a step is that step. Elsewhere the wheel is the browser's, and so it is in the
    // past (acting is off there) and after the end.
    var wheelQuiet=0;
    screen.addEventListener('wheel',function(ev){if(ended||document.body.classList.contains('past')||!ev.deltaY)return;
    var g=ev.target.closest('[data-id]');
    while(g&&!(controls.elements[g.dataset.id]&&controls.elements[g.dataset.id].action==='scroll'))g=g.parentElement&&g.parentElement.closest('[data-id]');
    if(!g)return;ev.preventDefault();var now=Date.now();if(now<wheelQuiet)return;wheelQuiet=now+300;
    act({scroll:Number(g.dataset.id),delta:ev.deltaY>0?120:-120});},{passive:false});
    $('back').addEventListener('click',function(){act({back:true});});
    $('step').addEventListener('click',function(){act({clock:'step',ms:Number($('stepms').value)||1000});});
    $('timer').addEventListener('click',function(){act({clock:'timer'});});
    $('run').addEventListener('click',function(){act({clock:running?'pause':'run'});});
    $('marker').addEventListener('click',function(){var t=$('markertext').value;if(t)act({marker:t});$('markertext').value='';});
    $('end').addEventListener('click',function(){act({end:true});});
    })();
    """
}
