/// The trace viewer page's script: plain JavaScript, no library. One script for both pages, so
/// that both have one hash and behave alike: the file `cmdtool view` writes (every record and the
/// kept states in its data element, nothing fetched) and the page `cmdtool view --serve` serves
/// (its data element names only the count; records, states and searches are asked of the server
/// that served it, with the page's own `?token=`).
///
/// The records list is virtual: a window of rows as tall as the list, over a spacer as tall as
/// every record, so a million records scroll as easily as fifty, and the selection scrolls into
/// view. The address keeps `#record=N`; editing it (or `#t=MS`) navigates. A search box finds
/// records (by their text) and elements (by kind, id and text on the screen, and in the tree).
/// Texts go into the page with `textContent` only; the wireframes are cmdtool's escaped SVG.
enum TraceViewerScript {
  static let source = #"""
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var data = JSON.parse($("data").textContent);
  var served = data.served || null;
  var token = new URLSearchParams(location.search).get("token") || "";
  var n = served ? served.count : data.texts.length;
  var scrub = $("scrub"), clock = $("clock"), list = $("records"), win = $("window"), spacer = $("spacer"),
      screen = $("screen"), tree = $("tree"), diff = $("diff"), own = $("own"), where = $("where"),
      note = $("note"), text = $("record"), search = $("search"), found = $("found"), here = $("here");
  var ROW = 18, BLOCK = 100, current = -1, first = 0, visible = 1, query = "", hits = null;
  var cache = {}, cachedBlocks = 0, pending = {};
  function fmt(ms) { return (ms / 1000).toFixed(3) + "s"; }
  function ask(path, done, failed) {
    fetch(path + "&token=" + encodeURIComponent(token))
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(done, function (e) { note.textContent = "the server did not answer: " + e.message; if (failed) failed(); });
  }
  // A record: {t: time, d: out|in|mark, x: its text, o: the platform's own lines after it}.
  function row(i) {
    if (!served) return { t: data.times[i], d: data.directions[i], x: data.texts[i], o: data.emissions[String(i)] };
    if (cache[i]) return cache[i];
    var b = i - i % BLOCK;
    if (!pending[b]) {
      pending[b] = true;
      ask("/rows?from=" + b + "&count=" + BLOCK, function (a) {
        // Rows seen long ago are dropped: the page's memory stays bounded in a long trace.
        if (++cachedBlocks > 200) { cache = {}; cachedBlocks = 1; }
        a.rows.forEach(function (r, k) { cache[b + k] = r; });
        delete pending[b];
        renderList();
        if (current >= b && current < b + BLOCK) showRecord();
      }, function () { delete pending[b]; });
    }
    return null;
  }
  function matches(x) { return !!query && x.toLowerCase().indexOf(query) >= 0; }

  // The list: #window (sticky, as tall as the list) shows the rows from `first` on; #spacer
  // makes the scroll range, scaled down past 8 million pixels.
  function layoutList() {
    visible = Math.max(1, Math.floor(list.clientHeight / ROW));
    win.style.height = visible * ROW + "px";
    spacer.style.height = Math.max(0, Math.min(n * ROW, 8e6) - visible * ROW) + "px";
  }
  function rowsBelow() { return Math.max(0, n - visible); }
  function firstShown() {
    var range = list.scrollHeight - list.clientHeight;
    return range > 0 ? Math.min(rowsBelow(), Math.round(list.scrollTop / range * rowsBelow())) : 0;
  }
  function follow(r) {
    layoutList();
    if (r >= first && r < first + visible) return;
    first = Math.max(0, Math.min(rowsBelow(), r - Math.floor(visible / 3)));
    var range = list.scrollHeight - list.clientHeight;
    list.scrollTop = rowsBelow() > 0 ? first / rowsBelow() * range : 0;
  }
  function renderList() {
    // The list's height can change after the page laid it out (a scroll bar, a resize).
    if (Math.max(1, Math.floor(list.clientHeight / ROW)) !== visible) { layoutList(); first = Math.min(first, rowsBelow()); }
    win.textContent = "";
    for (var i = first; i < Math.min(n, first + visible); i++) {
      var r = row(i), li = document.createElement("li");
      li.setAttribute("data-index", String(i));
      if (!r) {
        li.className = "loading" + (i === current ? " current" : "");
        li.textContent = "#" + i + " …";
      } else {
        var lines = r.x.split("\n");
        li.className = "dir-" + r.d + (i === current ? " current" : "") + (matches(r.x) ? " hit" : "");
        li.textContent = lines[0];
        li.title = r.x.length > 2000 ? r.x.slice(0, 2000) + "…" : r.x;
        if (lines.length > 1) { var more = document.createElement("span"); more.className = "more"; more.textContent = " +" + (lines.length - 1); li.appendChild(more); }
        if (r.o) { var mine = document.createElement("span"); mine.className = "own"; mine.textContent = " ◆" + r.o.length; li.appendChild(mine); }
      }
      win.appendChild(li);
    }
  }
  function showRecord() {
    var r = row(current);
    where.textContent = "record #" + current + " of " + n + (r ? " · " + fmt(r.t) : "");
    text.textContent = r ? r.x : "…";
    own.textContent = r && r.o ? r.o.join("\n") : "";
    if (r) clock.value = String(r.t);
  }

  // The state at a record: kept in the page (at or before it), or computed by the server.
  function frameAt(r) {
    var lo = 0, hi = data.frames.length - 1, best = -1;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (data.frames[mid].r <= r) { best = mid; lo = mid + 1; } else { hi = mid - 1; } }
    if (best < 0) return null;
    var f = data.frames[best];
    return { r: f.r, svg: data.svgs[f.s], tree: data.trees[f.t], diff: f.d,
      note: f.r !== r ? "state after record #" + f.r + " (states are kept every " + data.spacing + " records)" : "" };
  }
  var wanted = -1, loading = false;
  function loadFrame() {
    if (!served) { showFrame(frameAt(current)); return; }
    wanted = current;
    if (loading) return;
    loading = true;
    var r = wanted;
    // One request at a time, for the latest record wanted: holding a key never queues states.
    ask("/frame?record=" + r, function (f) {
      loading = false;
      if (f.r === current) showFrame(f);
      if (wanted !== r) loadFrame();
    }, function () { loading = false; });
  }
  function showFrame(f) {
    screen.textContent = ""; tree.textContent = ""; diff.textContent = ""; note.textContent = "";
    if (f) {
      screen.innerHTML = f.svg;
      tree.textContent = f.tree;
      diff.textContent = f.diff || "(no change)";
      note.textContent = f.note || "";
    }
    markFound();
  }

  function select(r) {
    if (n === 0) return;
    r = Math.max(0, Math.min(n - 1, r));
    if (r === current) return;
    current = r;
    scrub.value = String(r);
    follow(r);
    renderList();
    showRecord();
    loadFrame();
    describeFound();
    history.replaceState(null, "", "#record=" + r);
  }
  function recordAt(ms) {
    var lo = 0, hi = n - 1, best = 0;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (data.times[mid] <= ms) { best = mid; lo = mid + 1; } else { hi = mid - 1; } }
    return best;
  }
  var locating = false, nextTime = null;
  function locate(ms) {
    if (!served) { select(recordAt(ms)); return; }
    if (locating) { nextTime = ms; return; }
    locating = true;
    ask("/locate?t=" + ms, function (a) {
      locating = false;
      select(a.record);
      if (nextTime !== null) { var t = nextTime; nextTime = null; locate(t); }
    }, function () { locating = false; });
  }

  // The search: records whose text has the query, and elements on the screen whose kind, id or
  // text has it (outlined) and lines of the tree.
  function runSearch() {
    query = search.value.trim().toLowerCase();
    hits = null;
    if (query && !served) { hits = []; for (var i = 0; i < n; i++) if (matches(data.texts[i])) hits.push(i); }
    renderList();
    markFound();
    describeFound();
  }
  function describeFound() {
    if (!query) { found.textContent = ""; return; }
    var elements = screen.querySelectorAll("g.found").length;
    var records = hits ? (hits.length + " record" + (hits.length === 1 ? "" : "s") + (hits.indexOf(current) >= 0 ? " (this is " + (hits.indexOf(current) + 1) + ")" : "")) : "records: Enter finds the next";
    found.textContent = records + " · " + elements + " element" + (elements === 1 ? "" : "s") + " here";
  }
  function nextMatch(dir) {
    if (!query) { search.focus(); return; }
    if (hits) {
      if (!hits.length) return;
      var k = -1;
      for (var i = 0; i < hits.length; i++) { if (dir > 0 ? hits[i] > current : hits[i] < current) { k = i; if (dir > 0) break; } }
      select(hits[k >= 0 ? k : (dir > 0 ? 0 : hits.length - 1)]);
      return;
    }
    seek(current + dir, dir, query);
  }
  function seek(from, dir, q) {
    found.textContent = "searching from record #" + from + "…";
    ask("/search?q=" + encodeURIComponent(q) + "&from=" + from + "&dir=" + dir, function (a) {
      if (q !== query) return;
      if (a.match >= 0) select(a.match);
      if (a.match >= 0) describeFound();
      else if (a.next >= 0) seek(a.next, dir, q);
      else found.textContent = "no record " + (dir > 0 ? "after" : "before") + " #" + current + " has it";
    });
  }
  function markFound() {
    var groups = screen.querySelectorAll("g[data-id]");
    for (var i = 0; i < groups.length; i++) {
      var g = groups[i], title = g.querySelector(":scope > title"), old = g.querySelector(":scope > rect.found-outline");
      if (old) old.remove();
      var on = !!title && matches(title.textContent);
      g.classList.toggle("found", on);
      if (on) {
        var box = g.getBBox(), outline = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        outline.setAttribute("class", "found-outline");
        outline.setAttribute("x", String(box.x - 2)); outline.setAttribute("y", String(box.y - 2));
        outline.setAttribute("width", String(box.width + 4)); outline.setAttribute("height", String(box.height + 4));
        g.appendChild(outline);
      }
    }
    here.textContent = query ? tree.textContent.split("\n").filter(matches).slice(0, 50).join("\n") : "";
    describeFound();
  }

  scrub.max = String(Math.max(0, n - 1));
  clock.max = String(served ? served.duration : n ? data.times[n - 1] : 0);
  scrub.addEventListener("input", function () { select(parseInt(scrub.value, 10)); });
  clock.addEventListener("input", function () { locate(parseFloat(clock.value)); });
  list.addEventListener("scroll", function () { var f = firstShown(); if (f !== first) { first = f; renderList(); } });
  list.addEventListener("click", function (event) {
    var li = event.target.closest("li");
    if (li) select(parseInt(li.getAttribute("data-index"), 10));
  });
  search.addEventListener("input", runSearch);
  document.addEventListener("keydown", function (event) {
    if (event.target === search) {
      if (event.key === "Enter") { nextMatch(event.shiftKey ? -1 : 1); event.preventDefault(); }
      else if (event.key === "Escape") { search.blur(); event.preventDefault(); }
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var step = { ArrowRight: 1, ArrowDown: 1, j: 1, ArrowLeft: -1, ArrowUp: -1, k: -1, PageDown: 50, PageUp: -50 }[event.key];
    if (step) select(current + step);
    else if (event.key === "Home") select(0);
    else if (event.key === "End") select(n - 1);
    else if (event.key === "/") { search.focus(); search.select(); }
    else if (event.key === "n" || event.key === "N") nextMatch(event.key === "n" ? 1 : -1);
    else return;
    event.preventDefault();
  });
  function fromHash() {
    var record = /record=(\d+)/.exec(location.hash), time = /t=(\d+(?:\.\d+)?)/.exec(location.hash);
    if (record) select(parseInt(record[1], 10));
    else if (time) locate(parseFloat(time[1]));
    return !!(record || time);
  }
  window.addEventListener("hashchange", fromHash);
  // The list's height settles after the page's first layouts (the wireframe drawn beside it, a
  // window resized): the rows follow it, and the selection stays in view.
  function relayout() {
    layoutList();
    first = Math.min(first, rowsBelow());
    if (current >= 0) follow(current);
    renderList();
  }
  if (window.ResizeObserver) new ResizeObserver(relayout).observe(list);
  window.addEventListener("resize", relayout);
  layoutList();
  if (!fromHash()) select(n - 1);
})();
"""#
}
