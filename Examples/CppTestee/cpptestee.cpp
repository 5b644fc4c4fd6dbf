// cpptestee: Examples/CTestee's platform (the protocol's rules as a platform keeps them, every part
// of the state, every kind of event) rewritten on adapters/cpp/cmdtool_testee.hpp. The kit does
// the wire, the requests, the clock and the snapshot's form; what is left is the platform.
//
//   clang++ -std=c++17 -Wall -Wextra -Werror -O1 -I adapters/cpp -o cpptestee Examples/CppTestee/cpptestee.cpp
//   cmdtool conformance -- ./cpptestee
//
// `--bug NAME` plants a bug the tests look for: `ignore-reorder` (REORDER_CHILD does nothing).
#include "cmdtool_testee.hpp"
#include <csignal>
#include <deque>
#include <optional>

namespace kit = cmdtool_testee;
namespace wire = cmdtool_wire;
using kit::Answer;

namespace {

bool any_of(const std::string & k, std::initializer_list<const char *> kinds) {
  for (const char * kind : kinds)
    if (k == kind) return true;
  return false;
}
bool is_view(const std::string & k) { return any_of(k, {"frameView", "openGLView"}); }
bool is_modal(const std::string & k) { return any_of(k, {"dialog", "alertDialog", "actionSheet"}); }
bool is_text_input(const std::string & k) { return any_of(k, {"textField", "textView", "searchBar"}); }
bool is_list(const std::string & k) { return any_of(k, {"listView", "gridView"}); }
bool is_paged(const std::string & k) { return any_of(k, {"pager", "flipperLayout"}); }
bool is_selectable(const std::string & k) { return any_of(k, {"picker", "pager", "flipperLayout", "radioGroup", "segmentedControl", "pageControl"}); }
bool takes_event_value(const std::string & k) { return k == "switch" || k == "checkbox" || is_selectable(k); }

struct Source { std::string url; int32_t width, height; };

struct Element {
  int32_t id = 0;
  std::string kind;
  std::optional<int32_t> parent;
  std::vector<int32_t> children;
  std::string text, text2;
  int32_t value = 0, count = 0;
  bool visible = true, released = false, stopped = false, dirty_image = false;
  std::optional<std::string> error, file, requested;  // requested: the outstanding image REQUEST's URL
  uint32_t flags = 0, requested_width = 0;
  std::map<std::string, std::string> styles[6];
  std::vector<std::pair<int32_t, std::string>> options;
  std::vector<std::string> links, sheets;
  std::vector<std::pair<std::string, int32_t>> columns;
  std::map<int32_t, int32_t> row_counts;
  std::map<std::tuple<int32_t, int32_t, int32_t>, std::string> cells;
  std::vector<Source> sources;  // by width, then height, equal sizes in arrival order
  std::optional<int32_t> modal_result;
};

struct Timer { int32_t id, owner; double interval, next_fire; int64_t fired; kit::Clock::Handle tick; };
struct Toast { int64_t number; std::string text; int32_t from; double shown_at, expires_at; };
struct Request { double time; std::string kind; int32_t from; std::string text; };

// Everything a session changes; a new session starts from World().
struct World {
  std::map<int32_t, Element> elements;
  std::optional<int32_t> app, active, drawer;
  std::vector<int32_t> history, modals;
  std::map<int32_t, Timer> timers;
  std::vector<Toast> toasts;
  int64_t toast_count = 0;
  std::map<std::string, std::string> committed, pending_updates;
  std::set<std::string> pending_deletions;
  bool network_activity = false, quit = false, images_dirty = false;
  std::deque<Request> requests;  // the last 1000 (STATE_FORMAT.md §4.4)
  int32_t viewport_width = 0;
};

void erase_all(std::vector<int32_t> & ids, int32_t id) { ids.erase(std::remove(ids.begin(), ids.end(), id), ids.end()); }
bool contains(const std::vector<int32_t> & ids, int32_t id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); }

class Platform : public kit::Platform {
 public:
  Platform(kit::Testee & testee, bool ignore_reorder) : t_(testee), ignore_reorder_(ignore_reorder) {}

  Answer begin(const wire::Header & h) override {
    if (!h.widgets_name.empty()) return Answer::unsupported("cpptestee has no custom widgets: it loads no widget schema");
    w_.viewport_width = h.viewport.width;
    for (const auto & p : h.preferences) w_.committed[p.first] = p.second;
    return Answer::done();
  }
  void reset() override { w_ = World(); }

  Answer apply(const wire::Command & c) override {
    const std::string type = c.type_name ? c.type_name : "";
    const char * kind = kit::created_kind(type);
    if (kind && type != "CREATE_APPLICATION") { create(c, kind); return Answer::done(); }
    Element * e = find(c.internalId);
    if (type == "CREATE_APPLICATION") {
      if (w_.app || c.childInternalId == 0 || find(c.childInternalId)) return Answer::done();  // duplicate-application, missing-id, duplicate-create
      Element & a = add(c.childInternalId, "application");
      a.text = c.textValue; a.text2 = c.textValue2; a.flags = c.flags;
      w_.app = a.id;
    } else if (type == "CREATE_LINK") {
      if (e && e->kind == "text") e->links.push_back(c.textValue);
    } else if (type == "CREATE_TOAST") {
      Toast toast{++w_.toast_count, c.textValue, c.internalId, t_.now(), t_.now() + (c.value == 1 ? 3500 : 2000)};
      w_.toasts.push_back(toast);
      t_.clock().schedule(toast.expires_at, [this, n = toast.number] {
        w_.toasts.erase(std::remove_if(w_.toasts.begin(), w_.toasts.end(), [n](const Toast & x) { return x.number == n; }), w_.toasts.end());
      });
    } else if (type == "CREATE_TIMER") {
      if (c.childInternalId == 0 || w_.timers.count(c.childInternalId) || c.value <= 0) return Answer::done();  // missing-timer-id, duplicate-timer, invalid-timer-interval
      Timer & timer = w_.timers[c.childInternalId];
      timer = Timer{c.childInternalId, c.internalId, double(c.value), t_.now() + c.value, 0, 0};
      schedule(timer);
    } else if (type == "DELETE_ELEMENT") {
      remove(c.internalId);
    } else if (type == "REMOVE_CHILD") {
      Element * child = find(c.childInternalId);
      if (!e || !child || child->parent != c.internalId) return Answer::done();  // unknown-target, remove-non-child
      erase_all(e->children, child->id);
      child->parent.reset();
      if (is_modal(child->kind)) erase_all(w_.modals, child->id);
      w_.images_dirty = true;
    } else if (type == "REORDER_CHILD") {
      Element * child = find(c.childInternalId);
      if (ignore_reorder_ || !e || !child || child->parent != c.internalId) return Answer::done();  // reorder-non-child
      erase_all(e->children, child->id);
      size_t at = std::min<size_t>(e->children.size(), size_t(std::max(0, c.value)));
      e->children.insert(e->children.begin() + std::ptrdiff_t(at), child->id);
      w_.images_dirty = true;  // a pager's page may have changed
    } else if (type == "HISTORY_GO_BACK") {
      if (w_.history.empty()) return Answer::done();
      w_.active = w_.history.back();
      w_.history.pop_back();
      w_.images_dirty = true;
    } else if (e) {
      apply_to(*e, type, c);
    } else {
      apply_global(type, c);
    }
    return Answer::done();
  }

  Answer tap(int32_t id) override {
    Element * e = find(id);
    if (!e) return Answer::error("tap: there is no element " + std::to_string(id));
    int32_t value = e->kind == "switch" || e->kind == "checkbox" ? (e->value == 0 ? 1 : 0) : 1;
    t_.send_value(id, value);
    value_event(*e, value, "");
    return Answer::done();
  }
  Answer type(int32_t id, const std::string & text) override {
    Element * e = find(id);
    if (!e) return Answer::error("type: there is no element " + std::to_string(id));
    if (!is_text_input(e->kind)) return Answer::error("type: element " + std::to_string(id) + " is a " + e->kind + ", not a text field, text view or search bar");
    t_.send_text(id, text);
    value_event(*e, 0, text);
    return Answer::done();
  }
  Answer select(int32_t id, int32_t value) override {
    Element * e = find(id);
    if (!e) return Answer::error("select: there is no element " + std::to_string(id));
    if (!is_selectable(e->kind)) return Answer::error("select: element " + std::to_string(id) + " is a " + e->kind + ", which has nothing to select");
    t_.send_value(id, value);
    value_event(*e, value, "");
    return Answer::done();
  }
  Answer choose(int32_t id, int32_t option) override {
    Element * e = find(id);
    if (!e) return Answer::error("choose: there is no element " + std::to_string(id));
    if (!is_modal(e->kind) || !contains(w_.modals, id)) return Answer::error("choose: element " + std::to_string(id) + " is not an open dialog or action sheet");
    t_.send_modal_result(id, option);
    close_modal(*e, option);
    return Answer::done();
  }
  Answer back() override {
    t_.send_back(w_.app.value_or(0));
    return Answer::done();
  }

  // Images are evaluated at the end of every record, in id order (PROTOCOL.md §5.2).
  void settle() override {
    for (auto & entry : w_.elements) {
      Element & e = entry.second;
      if (e.kind != "imageView" || !(w_.images_dirty || e.dirty_image)) continue;
      e.dirty_image = false;
      evaluate_image(e);
    }
    w_.images_dirty = false;
  }

  void state(kit::State & s) override {
    if (w_.app) s.application(*w_.app);
    if (w_.active) s.active_view(*w_.active);
    for (int32_t v : w_.history) s.history(v);
    if (w_.drawer) s.navigation(*w_.drawer, find(*w_.drawer)->visible);
    for (int32_t m : w_.modals) s.modal(m);
    for (const Toast & x : w_.toasts) s.toast(x.number, x.text, x.from, x.shown_at, x.expires_at);
    for (const auto & x : w_.timers) s.timer(x.second.id, x.second.owner, x.second.interval, x.second.next_fire, x.second.fired);
    for (const auto & p : w_.committed) s.committed_preference(p.first, p.second);
    for (const auto & p : w_.pending_updates) s.pending_update(p.first, p.second);
    for (const auto & k : w_.pending_deletions) s.pending_deletion(k);
    s.network_activity(w_.network_activity).quit(w_.quit);
    for (const Request & r : w_.requests) s.request(r.time, r.kind, r.from, r.text);
    for (const auto & entry : w_.elements) {
      const Element & e = entry.second;
      kit::Element & out = s.element(e.id, e.kind).children(e.children).text(e.text).secondary_text(e.text2).value(e.value).count(e.count);
      if (e.parent) out.parent(*e.parent);
      out.hidden(!e.visible).flags(e.flags).stopped(e.stopped).image_released(e.released);
      if (e.error) out.error(*e.error);
      for (int sel = 0; sel < 6; sel++)
        for (const auto & st : e.styles[sel]) out.style(sel, st.first, st.second);
      for (const auto & o : e.options) out.option(o.first, o.second);
      for (const auto & l : e.links) out.link(l);
      if (is_list(e.kind)) {
        for (const auto & col : e.columns) out.column(col.first, col.second);
        for (const auto & sh : e.sheets) out.sheet(sh);
        for (const auto & rc : e.row_counts) out.row_count(rc.first, rc.second);
        for (const auto & cell : e.cells) out.cell(std::get<0>(cell.first), std::get<1>(cell.first), std::get<2>(cell.first), cell.second);
      }
      for (const Source & src : e.sources) out.image_source(src.url, src.width, src.height);
      if (e.file) out.image_file(*e.file);
      if (e.requested) out.image_requested(*e.requested, e.requested_width);
      if (e.modal_result) out.modal_result(*e.modal_result);
    }
  }

 private:
  kit::Testee & t_;
  bool ignore_reorder_;
  World w_;

  Element * find(int32_t id) {
    auto it = w_.elements.find(id);
    return it == w_.elements.end() ? nullptr : &it->second;
  }
  Element & add(int32_t id, const std::string & kind) {
    Element & e = w_.elements[id];
    e.id = id;
    e.kind = kind;
    e.visible = kind != "navigationView";  // a drawer starts closed
    return e;
  }

  void create(const wire::Command & c, const std::string & kind) {
    if (c.childInternalId == 0 || find(c.childInternalId) || c.childInternalId == c.internalId) return;  // missing-id, duplicate-create, cycle
    int32_t parent_id = (is_view(kind) || kind == "navigationView") && w_.app ? *w_.app : c.internalId;
    Element & e = add(c.childInternalId, kind);
    e.flags = c.flags;
    if (kind == "imageView") {
      const std::string & t1 = c.textValue;
      if (t1.rfind("http://", 0) == 0 || t1.rfind("https://", 0) == 0) add_source(e, t1, c.width, c.height);
      else if (!t1.empty()) e.file = t1;
      e.text2 = c.textValue2;
      e.dirty_image = true;
    } else {
      e.text = c.textValue;
      e.text2 = c.textValue2;
      (kind == "tableLayout" || kind == "pageControl" ? e.count : e.value) = c.value;
    }
    if (Element * parent = find(parent_id)) {  // else unknown-parent: created detached
      e.parent = parent_id;
      parent->children.push_back(e.id);
    }
    if (kind == "navigationView" && !w_.drawer) w_.drawer = e.id;
    if (is_modal(kind)) w_.modals.push_back(e.id);
    if (is_view(kind) && !w_.active) { w_.active = e.id; w_.images_dirty = true; }
  }

  void apply_to(Element & e, const std::string & type, const wire::Command & c) {
    if (type == "CLEAR") {
      if (e.kind == "imageView") {
        cancel_request(e);
        e.sources.clear();
        e.file.reset();
        e.dirty_image = true;
      } else if (is_list(e.kind)) {
        e.sheets.clear(); e.row_counts.clear(); e.cells.clear();
      } else if (any_of(e.kind, {"picker", "actionSheet", "segmentedControl", "radioGroup"})) {
        e.options.clear();
      } else {
        e.text.clear();
      }
    } else if (type == "RELEASE") {
      if (e.kind == "imageView") { cancel_request(e); e.released = true; }
    } else if (type == "SET_INT_VALUE") {
      if (e.kind == "application") {
        Element * view = find(c.childInternalId);
        if (view && is_view(view->kind)) switch_view(view->id, c.value == 3);  // else unknown-target, not-a-view
      } else if (is_view(e.kind) && c.value >= 1 && c.value <= 3) {
        switch_view(e.id, c.value == 3);
      } else {
        e.value = c.value;
        if (is_paged(e.kind)) w_.images_dirty = true;
      }
    } else if (type == "SET_TEXT_VALUE") {
      if (e.kind == "imageView") {
        e.file = c.textValue.empty() ? std::nullopt : std::optional<std::string>(c.textValue);
        e.dirty_image = true;
        return;
      }
      e.text = c.textValue;
      if (e.kind == "actionBar") e.text2 = c.textValue2;
    } else if (type == "SET_TEXT_DATA") {
      if (is_list(e.kind)) e.cells[std::make_tuple(int32_t(c.sheet), c.row, c.column)] = c.textValue;
    } else if (type == "SET_VISIBILITY") {
      set_visible(e, c.value != 0);
    } else if (type == "SET_STYLE") {
      if (c.value < 0 || c.value > 5 || c.textValue.empty()) return;  // invalid-selector, empty-style-key
      e.styles[c.value][c.textValue] = c.textValue2;
      if (e.kind == "imageView" && c.textValue == "width") e.dirty_image = true;
    } else if (type == "SET_ERROR") {
      e.error = c.value != 0 ? std::optional<std::string>(c.textValue) : std::nullopt;
    } else if (type == "ADD_IMAGE_URL") {
      if (e.kind != "imageView") return;
      add_source(e, c.textValue, c.width, c.height);
      e.released = false;
      e.dirty_image = true;
    } else if (type == "ADD_OPTION") {
      e.options.emplace_back(c.value, c.textValue);
    } else if (type == "ADD_SHEET") {
      if (is_list(e.kind)) e.sheets.push_back(c.textValue);
    } else if (type == "ADD_COLUMN") {
      if (is_list(e.kind)) e.columns.emplace_back(c.textValue, c.value);
      else if (e.kind == "actionBar") e.options.emplace_back(c.value, c.textValue);
    } else if (type == "RESHAPE_TABLE") {
      if (e.kind == "pageControl") e.count = c.value;
      if (!is_list(e.kind)) return;
      int32_t keep = std::max(0, c.value);
      if (e.sheets.size() > size_t(keep)) e.sheets.resize(size_t(keep));
      e.row_counts.erase(e.row_counts.lower_bound(keep), e.row_counts.end());
      e.cells.erase(e.cells.lower_bound(std::make_tuple(keep, INT32_MIN, INT32_MIN)), e.cells.end());
    } else if (type == "RESHAPE_SHEET") {
      if (!is_list(e.kind)) return;
      int32_t rows = std::max(0, c.value), sheet = c.sheet;
      e.row_counts[sheet] = rows;
      e.cells.erase(e.cells.lower_bound(std::make_tuple(sheet, rows, INT32_MIN)), e.cells.lower_bound(std::make_tuple(sheet + 1, INT32_MIN, INT32_MIN)));
    } else if (type == "STOP") {
      e.stopped = true;
    } else {
      apply_global(type, c);
    }
  }

  // Commands that need no element: preferences and the request log.
  void apply_global(const std::string & type, const wire::Command & c) {
    static const std::map<std::string, std::pair<const char *, bool>> logged = {  // kind, and whether t1 is its text
      {"LAUNCH_BROWSER", {"launch-browser", true}}, {"SHARE_LINK", {"share-link", true}},
      {"SELECT_FROM_GALLERY", {"select-from-gallery", false}}, {"LIST_PRODUCTS", {"list-products", true}},
      {"BUY_PRODUCT", {"buy-product", true}}, {"LIST_PURCHASES", {"list-purchases", false}},
      {"CONSUME_PURCHASE", {"consume-purchase", true}}};
    if (type == "UPDATE_PREFERENCE") {
      w_.pending_deletions.erase(c.textValue);
      w_.pending_updates[c.textValue] = c.textValue2;
    } else if (type == "DELETE_PREFERENCE") {
      w_.pending_updates.erase(c.textValue);
      w_.pending_deletions.insert(c.textValue);
    } else if (type == "COMMIT_PREFERENCES") {
      for (const auto & k : w_.pending_deletions) w_.committed.erase(k);
      for (const auto & p : w_.pending_updates) w_.committed[p.first] = p.second;
      w_.pending_deletions.clear();
      w_.pending_updates.clear();
    } else if (type == "QUIT_APP") {
      w_.quit = true;
      log("quit", c.internalId, "");
    } else if (type == "SHOW_NETWORK_ACTIVITY") {
      w_.network_activity = c.value != 0;
      log("network-activity", c.internalId, c.value ? "on" : "off");
    } else if (logged.count(type)) {
      const auto & l = logged.at(type);
      log(l.first, c.internalId, l.second ? c.textValue : "");
    }
    // FLUSH_VIEW, SET_INT_DATA, SET_SHAPE, commands to unknown elements: no effect.
  }

  void log(const char * kind, int32_t from, const std::string & text) {
    if (w_.requests.size() == 1000) w_.requests.pop_front();
    w_.requests.push_back({t_.now(), kind, from, text});
  }

  void schedule(Timer & timer) {
    int32_t id = timer.id;
    timer.tick = t_.clock().schedule(timer.next_fire, [this, id] {
      Timer & x = w_.timers.at(id);
      x.fired++;
      x.next_fire = t_.now() + x.interval;
      t_.send_timer(x.owner, x.id);
      schedule(x);
    });
  }

  // DELETE_ELEMENT (PROTOCOL.md §3 38): the element, then depth first from the last child.
  void remove(int32_t id) {
    Element * e = find(id);
    if (!e) return;
    if (e->parent)
      if (Element * p = find(*e->parent)) erase_all(p->children, id);
    std::vector<int32_t> stack = {id};
    while (!stack.empty()) {
      int32_t cur = stack.back();
      stack.pop_back();
      Element * x = find(cur);
      if (!x) continue;
      stack.insert(stack.end(), x->children.begin(), x->children.end());
      if (x->kind == "imageView") cancel_request(*x);
      for (auto it = w_.timers.begin(); it != w_.timers.end();) {  // its timers stop
        if (it->second.owner != cur) { ++it; continue; }
        t_.clock().cancel(it->second.tick);
        it = w_.timers.erase(it);
      }
      erase_all(w_.modals, cur);
      erase_all(w_.history, cur);
      for (std::optional<int32_t> * ref : {&w_.active, &w_.drawer, &w_.app})
        if (*ref == cur) ref->reset();
      w_.elements.erase(cur);
    }
    w_.images_dirty = true;
  }

  void switch_view(int32_t view, bool back) {
    if (w_.active == view) return;
    if (back) {
      if (!w_.history.empty() && w_.history.back() == view) w_.history.pop_back();
    } else if (w_.active) {
      w_.history.push_back(*w_.active);
    }
    w_.active = view;
    w_.images_dirty = true;
  }

  void set_visible(Element & e, bool visible) {
    if (e.visible == visible) return;
    e.visible = visible;
    w_.images_dirty = true;
    if (w_.drawer == e.id) t_.send_visibility(e.id, visible);
  }

  void close_modal(Element & e, int32_t result) {
    erase_all(w_.modals, e.id);
    e.modal_result = result;
    w_.images_dirty = true;
  }

  // The effect of a ValueEvent on the platform's own state (PROTOCOL.md §4.1).
  void value_event(Element & e, int32_t value, const std::string & text) {
    if (is_text_input(e.kind)) e.text = text;
    else if (w_.drawer == e.id) e.visible = value != 0;
    else if (is_modal(e.kind) && contains(w_.modals, e.id)) close_modal(e, value);
    else if (takes_event_value(e.kind)) {
      e.value = value;
      if (is_paged(e.kind)) w_.images_dirty = true;
    }
    if (w_.drawer == e.id) w_.images_dirty = true;
  }

  // Images (PROTOCOL.md §5.2).
  static void add_source(Element & e, const std::string & url, int32_t width, int32_t height) {
    auto at = std::find_if(e.sources.begin(), e.sources.end(), [&](const Source & s) { return s.width > width || (s.width == width && s.height > height); });
    e.sources.insert(at, Source{url, width, height});
  }
  // A NORMAL style read as an Int32, as a platform's numeric width or height (sign, digits).
  static std::optional<int64_t> style_int(const Element & e, const char * key) {
    auto it = e.styles[0].find(key);
    if (it == e.styles[0].end()) return std::nullopt;
    const std::string & v = it->second;
    size_t k = !v.empty() && (v[0] == '-' || v[0] == '+') ? 1 : 0;
    bool negative = k && v[0] == '-';
    if (k == v.size()) return std::nullopt;
    int64_t x = 0;
    for (; k < v.size(); k++) {
      if (v[k] < '0' || v[k] > '9') return std::nullopt;
      x = x * 10 + (v[k] - '0');
      if (x > int64_t(INT32_MAX) + negative) return std::nullopt;
    }
    return negative ? -x : x;
  }
  // Whether the element is displayed (PROTOCOL.md §2.5).
  bool displayed(const Element & e) {
    const Element * cur = &e;
    for (size_t guard = 0; guard <= w_.elements.size(); guard++) {
      if (!cur->visible) return false;
      if (is_view(cur->kind)) return w_.active == cur->id;
      if (w_.drawer == cur->id) return true;  // visible = open
      if (is_modal(cur->kind) && contains(w_.modals, cur->id)) return true;
      const Element * p = cur->parent ? find(*cur->parent) : nullptr;
      if (!p) return false;
      if (is_paged(p->kind) && (p->value < 0 || size_t(p->value) >= p->children.size() || p->children[size_t(p->value)] != cur->id)) return false;
      cur = p;
    }
    return false;
  }
  void cancel_request(Element & e) {
    if (!e.requested) return;
    t_.send_image_cancel(e.id, *e.requested);
    e.requested.reset();
    e.requested_width = 0;
  }
  void evaluate_image(Element & e) {
    if (e.released || !displayed(e)) return;
    if (e.file && e.sources.empty()) { cancel_request(e); return; }
    std::optional<int64_t> target = style_int(e, "width"), styled_height = style_int(e, "height");
    if (!target && w_.viewport_width > 0) target = w_.viewport_width;
    const Source * pick = nullptr;
    if (target)
      for (const Source & s : e.sources)
        if (double(s.width) >= 0.75 * double(*target)) { pick = &s; break; }
    if (!pick && !e.sources.empty()) pick = &e.sources.back();
    int64_t width = target ? *target : pick ? pick->width : 0;
    int64_t height = styled_height ? *styled_height : !target && pick ? pick->height : 0;
    // The event's fields are unsigned: a negative numeric style asks for 0.
    uint32_t rw = width < 0 ? 0 : uint32_t(width), rh = height < 0 ? 0 : uint32_t(height);
    std::string url = pick ? pick->url : "";
    if (e.requested == url && e.requested_width == rw) return;
    cancel_request(e);
    t_.send_image_request(e.id, url, rw, rh);
    e.requested = url;
    e.requested_width = rw;
  }
};

}  // namespace

int main(int argc, char ** argv) {
  bool ignore_reorder = argc == 3 && std::string(argv[1]) == "--bug" && std::string(argv[2]) == "ignore-reorder";
  bool many = argc == 2 && std::string(argv[1]) == "--sessions-many";
  if (argc > 1 && !ignore_reorder && !many) {
    std::fprintf(stderr, "usage: cpptestee [--bug ignore-reorder | --sessions-many]   (a testee for `cmdtool conformance -- cpptestee`)\n");
    return 64;
  }
  std::signal(SIGPIPE, SIG_IGN);  // a closed output is a write error, not a signal
  kit::Hello hello;
  hello.creator = "cpptestee 1";
  hello.reports = {"tree", "text", "values", "visibility", "errors", "flags", "styles", "options", "lists", "images", "toasts", "timers", "preferences", "requests"};
  hello.events = {"user", "timer", "image", "visibility"};
  hello.many_sessions = many;
  kit::Testee testee(hello);
  Platform platform(testee, ignore_reorder);
  return testee.run(platform);
}
