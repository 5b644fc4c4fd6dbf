/// The trace viewer page's script: plain JavaScript, no library, no network. It reads the data
/// element, shows a window of the records list around the selected record, the frame at or
/// before it (wireframe with the changed elements outlined, element tree, diff), and follows the
/// scrubbers, the keyboard and `#record=N` / `#t=MS` in the address.
enum TraceViewerScript {
  static let source = #"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var n = data.texts.length;
  var $ = function (id) { return document.getElementById(id); };
  var scrub = $("scrub"), clock = $("clock"), list = $("records"), screen = $("screen"),
      tree = $("tree"), diff = $("diff"), own = $("own"), where = $("where"), note = $("note");
  var current = -1;
  function fmt(ms) { return (ms / 1000).toFixed(3) + "s"; }
  function frameAt(r) {
    var lo = 0, hi = data.frames.length - 1, best = -1;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (data.frames[mid].r <= r) { best = mid; lo = mid + 1; } else { hi = mid - 1; } }
    return best;
  }
  function recordAt(ms) {
    var lo = 0, hi = n - 1, best = 0;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (data.times[mid] <= ms) { best = mid; lo = mid + 1; } else { hi = mid - 1; } }
    return best;
  }
  function renderList() {
    var start = Math.max(0, current - 20), end = Math.min(n, start + 50);
    list.textContent = "";
    for (var i = start; i < end; i++) {
      var li = document.createElement("li");
      li.className = "dir-" + data.directions[i] + (i === current ? " current" : "");
      li.setAttribute("data-index", String(i));
      li.textContent = data.texts[i];
      var mine = data.emissions[String(i)];
      if (mine) { var small = document.createElement("div"); small.className = "own"; small.textContent = mine.join("\n"); li.appendChild(small); }
      list.appendChild(li);
    }
  }
  function select(r) {
    if (n === 0) return;
    r = Math.max(0, Math.min(n - 1, r));
    if (r === current) return;
    current = r;
    scrub.value = String(r);
    clock.value = String(data.times[r]);
    where.textContent = "record #" + r + " of " + n + " · " + fmt(data.times[r]);
    var f = frameAt(r);
    screen.textContent = ""; tree.textContent = ""; diff.textContent = ""; note.textContent = "";
    if (f >= 0) {
      var frame = data.frames[f];
      screen.innerHTML = data.svgs[frame.s];
      tree.textContent = data.trees[frame.t];
      diff.textContent = frame.d || "(no change)";
      if (frame.r !== r) note.textContent = "state after record #" + frame.r + " (states are kept every " + data.spacing + " records)";
    }
    var mine = data.emissions[String(r)];
    own.textContent = mine ? mine.join("\n") : "";
    renderList();
    history.replaceState(null, "", "#record=" + r);
  }
  scrub.max = String(Math.max(0, n - 1));
  clock.max = String(n ? data.times[n - 1] : 0);
  scrub.addEventListener("input", function () { select(parseInt(scrub.value, 10)); });
  clock.addEventListener("input", function () { select(recordAt(parseFloat(clock.value))); });
  list.addEventListener("click", function (event) {
    var li = event.target.closest("li");
    if (li) select(parseInt(li.getAttribute("data-index"), 10));
  });
  document.addEventListener("keydown", function (event) {
    var step = { ArrowRight: 1, ArrowDown: 1, j: 1, ArrowLeft: -1, ArrowUp: -1, k: -1, PageDown: 50, PageUp: -50 }[event.key];
    if (step) { select(current + step); event.preventDefault(); }
    else if (event.key === "Home") { select(0); event.preventDefault(); }
    else if (event.key === "End") { select(n - 1); event.preventDefault(); }
  });
  var hash = /record=(\d+)/.exec(location.hash), time = /t=(\d+(?:\.\d+)?)/.exec(location.hash);
  select(hash ? parseInt(hash[1], 10) : time ? recordAt(parseFloat(time[1])) : n - 1);
})();
"""#
}
