// cmdtool_testee.hpp: the platform's side of cmdtool's conformance protocol (docs/CONFORMANCE.md),
// in one header beside cmdtool_wire.hpp, whose reader and writer it shares.
//
// C++17, no dependencies: copy both headers into your platform's testee. It holds
//   - Hello:    what the testee declares (profile, reports, events, lacks=, toplevel=, history=, errortext=,
//               sessions=many), written as the hello marker;
//   - created_kind: the snapshot's kind name for every CREATE_* (older names included);
//   - Clock:    the virtual clock, a queue of callbacks by (instant, order scheduled) that your
//               toolkit's own timers and toast expiries run on instead of the wall clock;
//   - State:    the state builder: add elements, texts, values, styles, lists, images, timers,
//               toasts, dialogs, preferences and requests while walking your widget tree; it
//               writes a valid STATE_FORMAT.md snapshot (ordering, escaping, defaults left out);
//   - Platform: the handlers you write (apply a command; tap, type, select, choose, back; report
//               the state), each answering done, unsupported or error;
//   - Testee:   the loop: handshake and hello, cmdtool's header, batches and request markers in
//               order, the clock run to every record's time first, sync echoes, `unsupported` and
//               `error` at the right moment, events (only the kinds declared), many sessions in
//               one process (§1.9: `end` resets), exit statuses.
// The wire is JSON Lines (TRACE_FORMAT.md), which every cmdtool command accepts from a testee; the
// binary encoding is not implemented here. docs/CONFORMANCE.md §6 walks through a testee on it.
//
// Contract, as cmdtool_wire.hpp's: nothing throws on bad input or I/O failure (a reading error
// ends the run with exit status 2, a writing error with 1, each described on stderr); only
// std::bad_alloc can escape. Memory is bounded by wire::Limits (a line, a string, nesting) and the
// clock's step limit, plus what your platform keeps. No global state.
#ifndef CMDTOOL_TESTEE_HPP
#define CMDTOOL_TESTEE_HPP

#include "cmdtool_wire.hpp"
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cmdtool_testee {

namespace wire = cmdtool_wire;

// ---------------------------------------------------------------------------------------------
// Hello: what the testee declares (CONFORMANCE.md §1.2).

struct Hello {
  std::string creator = "testee";  // the header's creator: "gtk-platform 0.3"
  std::string profile = "other";   // ios, android, gtk or other
  std::vector<std::string> reports = {"tree"};  // tree,text,values,visibility,errors,flags,...
  std::vector<std::string> events = {"user"};   // user,timer,image,visibility
  std::vector<std::string> lacks;     // element kinds without a widget: navigationView,pager
  std::vector<std::string> toplevel;  // kinds kept at the top level: dialog,actionBar
  std::string history = "platform";   // or engine
  std::string errortext = "kept";     // or none: only whether there is an error (GTK)
  bool many_sessions = false;         // sessions=many: cases one after another (§1.9)

  /// The hello marker's detail: "protocol=1 profile=gtk reports=tree,text events=user ...".
  std::string detail() const {
    auto list = [](const std::vector<std::string> & items) {
      std::string out;
      for (const std::string & item : items) out += (out.empty() ? "" : ",") + item;
      return out;
    };
    std::string d = "protocol=1 profile=" + profile + " reports=" + list(reports) + " events=" + list(events);
    if (!lacks.empty()) d += " lacks=" + list(lacks);
    if (!toplevel.empty()) d += " toplevel=" + list(toplevel);
    if (history != "platform") d += " history=" + history;
    if (errortext != "kept") d += " errortext=" + errortext;
    if (many_sessions) d += " sessions=many";
    return d;
  }
  /// Whether events of `kind` (user, timer, image, visibility) are declared.
  bool sends(std::string_view kind) const { return std::find(events.begin(), events.end(), kind) != events.end(); }
};

// ---------------------------------------------------------------------------------------------
// Clock: the virtual clock (CONFORMANCE.md §1.3, §1.8 "the toolkit's own timers").

/// Callbacks by instant; the testee runs it to every record's time before applying the record,
/// so each callback runs at its own instant (now() is its instant while it runs), earliest first,
/// those due at the same instant in the order they were scheduled. A callback may schedule more
/// (a repeating timer schedules its next tick).
class Clock {
 public:
  using Handle = uint64_t;

  /// Milliseconds since the session started: the time of the record being handled, or of the
  /// callback running.
  double now() const { return now_; }

  /// Runs `callback` at `due` ms (at once on the next advance when `due` is not later than now).
  Handle schedule(double due, std::function<void()> callback) {
    Handle h = ++sequence_;
    queue_.emplace(Key{due, h}, std::move(callback));
    due_.emplace(h, due);
    return h;
  }
  /// Runs `callback` `delay` ms from now.
  Handle after(double delay, std::function<void()> callback) { return schedule(now_ + delay, std::move(callback)); }
  /// Cancels a callback not yet run: false when it has run or was cancelled.
  bool cancel(Handle h) {
    auto it = due_.find(h);
    if (it == due_.end()) return false;
    queue_.erase(Key{it->second, h});
    due_.erase(it);
    return true;
  }
  /// Whether `h` is still to run.
  bool pending(Handle h) const { return due_.count(h) != 0; }
  /// How many callbacks are still to run.
  size_t size() const { return queue_.size(); }

  /// Runs every callback due at or before `to`, then sets now() to `to` (never backwards). False
  /// when more than `max_steps` callbacks fell due (a timer of interval 0 would loop forever).
  bool advance_to(double to, uint64_t max_steps = 10000000) {
    for (uint64_t steps = 0; !queue_.empty() && queue_.begin()->first.due <= to; steps++) {
      if (steps >= max_steps) return false;
      auto it = queue_.begin();
      Key key = it->first;
      std::function<void()> callback = std::move(it->second);
      queue_.erase(it);
      due_.erase(key.order);
      if (key.due > now_) now_ = key.due;
      callback();
    }
    if (to > now_) now_ = to;
    return true;
  }
  /// Forgets every callback and sets the time back to 0 (a new session).
  void reset() { queue_.clear(); due_.clear(); now_ = 0; }

 private:
  struct Key {
    double due;
    Handle order;
    bool operator<(const Key & o) const { return due < o.due || (due == o.due && order < o.order); }
  };
  std::map<Key, std::function<void()>> queue_;
  std::map<Handle, double> due_;
  double now_ = 0;
  Handle sequence_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Kinds: the snapshot's kind name a CREATE_* makes (PROTOCOL.md §3, older names included).

/// The element kind `type_name` creates ("CREATE_FORMVIEW" → "frameView"), or nullptr for a
/// command that creates no element: the names `Hello::lacks` and `State::element` take.
inline const char * created_kind(std::string_view type_name) {
  static const std::pair<std::string_view, const char *> table[] = {
    {"CREATE_APPLICATION", "application"}, {"CREATE_FRAMEVIEW", "frameView"}, {"CREATE_FORMVIEW", "frameView"},
    {"CREATE_BASICVIEW", "frameView"}, {"CREATE_NAVIGATIONVIEW", "navigationView"}, {"CREATE_OPENGL_VIEW", "openGLView"},
    {"CREATE_NATIVE_OPENGL_VIEW", "openGLView"}, {"CREATE_TEXTFIELD", "textField"}, {"CREATE_TEXTVIEW", "textView"},
    {"CREATE_LISTVIEW", "listView"}, {"CREATE_SIMPLELISTVIEW", "listView"}, {"CREATE_GRIDVIEW", "gridView"},
    {"CREATE_BUTTON", "button"}, {"CREATE_SWITCH", "switch"}, {"CREATE_PICKER", "picker"},
    {"CREATE_LINEAR_LAYOUT", "linearLayout"}, {"CREATE_PROXY_LAYOUT", "linearLayout"}, {"CREATE_FRAME_LAYOUT", "frameLayout"},
    {"CREATE_RELATIVE_LAYOUT", "frameLayout"}, {"CREATE_PANEL", "frameLayout"}, {"CREATE_EVENT_LAYOUT", "eventLayout"},
    {"CREATE_SCROLL_LAYOUT", "scrollLayout"}, {"CREATE_SCROLLVIEW", "scrollLayout"}, {"CREATE_FLIPPER_LAYOUT", "flipperLayout"},
    {"CREATE_TABLE_LAYOUT", "tableLayout"}, {"CREATE_AUTO_COLUMN_LAYOUT", "autoColumnLayout"}, {"CREATE_TEXT", "text"},
    {"CREATE_TEXTLABEL", "text"}, {"CREATE_HEADING_TEXT", "text"}, {"CREATE_DIALOG", "dialog"},
    {"CREATE_ALERT_DIALOG", "alertDialog"}, {"CREATE_IMAGEVIEW", "imageView"}, {"CREATE_IMAGE_ELEMENT", "imageView"},
    {"CREATE_ACTION_SHEET", "actionSheet"}, {"CREATE_PAGER", "pager"}, {"CREATE_CHECKBOX", "checkbox"},
    {"CREATE_RADIO_GROUP", "radioGroup"}, {"CREATE_SEPARATOR", "separator"}, {"CREATE_SLIDER", "slider"},
    {"CREATE_ACTIONBAR", "actionBar"}, {"CREATE_SEARCHBAR", "searchBar"}, {"CREATE_NAVIGATIONBAR", "navigationBar"},
    {"CREATE_NAVIGATIONBAR_ITEM", "navigationBarItem"}, {"CREATE_PROGRESS_SPINNER", "progressSpinner"},
    {"CREATE_PROGRESSBAR", "progressSpinner"}, {"CREATE_NOTIFICATION", "notification"}, {"CREATE_PAGE_CONTROL", "pageControl"},
    {"CREATE_SEGMENTED_CONTROL", "segmentedControl"},
  };
  for (const auto & [name, kind] : table) if (name == type_name) return kind;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// State: the snapshot builder (STATE_FORMAT.md).

/// Style selectors, in the snapshot's order (SET_STYLE's value).
enum Selector { NORMAL = 0, ACTIVE, HOVER, SELECTED, DISABLED, LINK };

/// One element of the snapshot. Set what your widget shows; what you leave is at its default
/// and is left out. Setters return the element, so calls chain.
class Element {
 public:
  Element & parent(int32_t id) { parent_ = id; has_parent_ = true; return *this; }
  Element & child(int32_t id) { children_.push_back(id); return *this; }
  Element & children(std::vector<int32_t> ids) { children_ = std::move(ids); return *this; }
  Element & text(std::string s) { text_ = std::move(s); return *this; }
  Element & secondary_text(std::string s) { text2_ = std::move(s); return *this; }
  Element & value(int32_t v) { value_ = v; return *this; }
  Element & count(int32_t v) { count_ = v; return *this; }
  Element & hidden(bool h = true) { hidden_ = h; return *this; }
  /// SET_ERROR's message; an error without text is error("").
  Element & error(std::string message) { error_ = std::move(message); has_error_ = true; return *this; }
  Element & flags(uint32_t f) { flags_ = f; return *this; }
  /// A style: `selector` 0–5 (NORMAL … LINK; others are ignored), key and value verbatim.
  Element & style(int selector, std::string key, std::string value) {
    if (selector >= 0 && selector < 6) styles_[selector][std::move(key)] = std::move(value);
    return *this;
  }
  Element & option(int32_t id, std::string label) { options_.emplace_back(id, std::move(label)); return *this; }
  Element & link(std::string text) { links_.push_back(std::move(text)); return *this; }
  // A list's or grid's content (§3.2): columns and sheets in order, row counts and cells sorted.
  Element & column(std::string name, int32_t type = 0) { columns_.emplace_back(std::move(name), type); return *this; }
  Element & sheet(std::string name) { sheets_.push_back(std::move(name)); return *this; }
  Element & row_count(int32_t sheet, int32_t rows) { row_counts_[sheet] = rows; return *this; }
  Element & cell(int32_t sheet, int32_t row, int32_t column, std::string text) { cells_[std::make_tuple(sheet, row, column)] = std::move(text); return *this; }
  // An image's content (§3.3): sources in the order added (sorted by size when written).
  Element & image_source(std::string url, int32_t width, int32_t height) { sources_.push_back({std::move(url), width, height}); return *this; }
  Element & image_file(std::string name) { file_ = std::move(name); has_file_ = true; return *this; }
  /// The outstanding ImageRequestEvent REQUEST: its URL ("" for none) and requestedWidth.
  Element & image_requested(std::string url, uint32_t width = 0) { requested_ = std::move(url); requested_width_ = width; has_request_ = true; return *this; }
  Element & image_released(bool r = true) { released_ = r; return *this; }
  Element & stopped(bool s = true) { stopped_ = s; return *this; }
  /// The answer that closed this dialog or action sheet.
  Element & modal_result(int32_t v) { modal_result_ = v; has_modal_result_ = true; return *this; }

  const std::string & kind() const { return kind_; }
  bool has_parent() const { return has_parent_; }

 private:
  friend class State;
  struct Source { std::string url; int32_t width, height; };
  std::string kind_;
  bool has_parent_ = false, hidden_ = false, has_error_ = false, has_file_ = false, has_request_ = false;
  bool released_ = false, stopped_ = false, has_modal_result_ = false;
  int32_t parent_ = 0, value_ = 0, count_ = 0, modal_result_ = 0;
  uint32_t flags_ = 0, requested_width_ = 0;
  std::vector<int32_t> children_;
  std::string text_, text2_, error_, file_, requested_;
  std::map<std::string, std::string> styles_[6];  // std::string orders by unsigned bytes: UTF-8 order
  std::vector<std::pair<int32_t, std::string>> options_;
  std::vector<std::pair<std::string, int32_t>> columns_;
  std::vector<std::string> links_, sheets_;
  std::map<int32_t, int32_t> row_counts_;
  std::map<std::tuple<int32_t, int32_t, int32_t>, std::string> cells_;
  std::vector<Source> sources_;
};

/// The whole snapshot. Walk your widget tree and add what it shows; write() orders and escapes
/// it as STATE_FORMAT.md says and leaves out what is at its default: elements by id, `detached`
/// (the elements with no parent but the application) computed, style and preference keys by
/// their UTF-8 bytes, timers by id, cells by address, row counts by sheet, image sources by
/// size; every other list in the order you add it.
class State {
 public:
  /// The element `id` of `kind` (the snapshot's kind names: "button", "textField"), added on the
  /// first call; later calls return the same element.
  Element & element(int32_t id, std::string kind) {
    Element & e = elements_[id];
    if (e.kind_.empty()) e.kind_ = std::move(kind);
    return e;
  }
  State & application(int32_t id) { application_ = id; has_application_ = true; return *this; }
  State & active_view(int32_t id) { active_ = id; has_active_ = true; return *this; }
  /// A view to go back to, most recent last.
  State & history(int32_t view) { history_.push_back(view); return *this; }
  /// The drawer, and whether it is open.
  State & navigation(int32_t view, bool shown) { drawer_ = view; drawer_shown_ = shown; has_drawer_ = true; return *this; }
  /// An open dialog, alert dialog or action sheet, topmost last.
  State & modal(int32_t id) { modals_.push_back(id); return *this; }
  State & toast(int64_t number, std::string text, int32_t from, double shown_at, double expires_at) {
    toasts_.push_back({number, std::move(text), from, shown_at, expires_at});
    return *this;
  }
  State & timer(int32_t id, int32_t owner, double interval, double next_fire, int64_t fired) {
    timers_.push_back({id, owner, interval, next_fire, fired});
    return *this;
  }
  State & committed_preference(std::string key, std::string value) { committed_[std::move(key)] = std::move(value); has_preferences_ = true; return *this; }
  State & pending_update(std::string key, std::string value) { updates_[std::move(key)] = std::move(value); has_preferences_ = true; return *this; }
  State & pending_deletion(std::string key) { deletions_.insert(std::move(key)); has_preferences_ = true; return *this; }
  State & network_activity(bool on = true) { network_activity_ = on; return *this; }
  State & quit(bool q = true) { quit_ = q; return *this; }
  /// A fire-and-forget request: launch-browser, share-link, ... (its record is not counted).
  State & request(double time, std::string kind, int32_t from, std::string text = {}) {
    requests_.push_back({time, std::move(kind), from, std::move(text)});
    return *this;
  }

  /// The snapshot at `time` ms, in STATE_FORMAT.md's layout.
  std::string write(double time) const {
    std::string b = "{\n  \"version\": 1,\n  \"time\": " + num(time) + ",\n";
    auto member = [&b](const char * key, const std::string & value) { b += "  \""; b += key; b += "\": "; b += value; b += ",\n"; };
    if (has_application_) member("application", std::to_string(application_));
    if (has_active_) member("activeView", std::to_string(active_));
    if (!history_.empty()) member("history", ids(history_));
    if (has_drawer_) member("navigation", "{\"view\":" + std::to_string(drawer_) + ",\"shown\":" + (drawer_shown_ ? "true}" : "false}"));
    if (!modals_.empty()) member("modals", ids(modals_));
    if (!toasts_.empty()) {
      std::string v = "[";
      for (const Toast & t : toasts_)
        v += (v.size() > 1 ? ",{\"number\":" : "{\"number\":") + std::to_string(t.number) + ",\"text\":" + str(t.text) + ",\"from\":" +
             std::to_string(t.from) + ",\"shownAt\":" + num(t.shown_at) + ",\"expiresAt\":" + num(t.expires_at) + "}";
      member("toasts", v + "]");
    }
    if (!timers_.empty()) {
      std::vector<Timer> sorted = timers_;
      stable_sort(sorted, [](const Timer & a, const Timer & b) { return a.id < b.id; });
      std::string v = "[";
      for (const Timer & t : sorted)
        v += (v.size() > 1 ? ",{\"id\":" : "{\"id\":") + std::to_string(t.id) + ",\"owner\":" + std::to_string(t.owner) + ",\"interval\":" +
             num(t.interval) + ",\"nextFire\":" + num(t.next_fire) + ",\"fired\":" + std::to_string(t.fired) + "}";
      member("timers", v + "]");
    }
    if (has_preferences_) {
      std::string v = "{\"committed\":" + pairs(committed_);
      if (!updates_.empty()) v += ",\"pendingUpdates\":" + pairs(updates_);
      if (!deletions_.empty()) v += ",\"pendingDeletions\":" + strings(std::vector<std::string>(deletions_.begin(), deletions_.end()));
      member("preferences", v + "}");
    }
    if (network_activity_) member("networkActivity", "true");
    if (quit_) member("quit", "true");
    if (!requests_.empty()) {
      std::string v = "[";
      for (const Request & r : requests_) {
        v += (v.size() > 1 ? ",{\"time\":" : "{\"time\":") + num(r.time) + ",\"kind\":" + str(r.kind) + ",\"from\":" + std::to_string(r.from);
        if (!r.text.empty()) v += ",\"text\":" + str(r.text);
        v += "}";
      }
      member("requests", v + "]");
    }
    std::vector<int32_t> detached;
    for (const auto & entry : elements_)
      if (!entry.second.has_parent_ && !(has_application_ && entry.first == application_) && entry.second.kind_ != "application")
        detached.push_back(entry.first);
    if (!detached.empty()) member("detached", ids(detached));
    if (elements_.empty()) return b + "  \"elements\": {}\n}\n";
    b += "  \"elements\": {\n";
    size_t i = 0;
    for (const auto & entry : elements_) {
      b += "    \"" + std::to_string(entry.first) + "\": ";
      write_element(b, entry.second);
      b += ++i < elements_.size() ? ",\n" : "\n";
    }
    return b + "  }\n}\n";
  }

 private:
  struct Toast { int64_t number; std::string text; int32_t from; double shown_at, expires_at; };
  struct Timer { int32_t id, owner; double interval, next_fire; int64_t fired; };
  struct Request { double time; std::string kind; int32_t from; std::string text; };
  std::map<int32_t, Element> elements_;
  bool has_application_ = false, has_active_ = false, has_drawer_ = false, drawer_shown_ = false;
  bool has_preferences_ = false, network_activity_ = false, quit_ = false;
  int32_t application_ = 0, active_ = 0, drawer_ = 0;
  std::vector<int32_t> history_, modals_;
  std::vector<Toast> toasts_;
  std::vector<Timer> timers_;
  std::map<std::string, std::string> committed_, updates_;
  std::set<std::string> deletions_;
  std::vector<Request> requests_;

  static std::string num(double v) { return wire::Writer::format_number(v); }
  // Insertion sort: stable, and free of std::stable_sort's deprecated temporary buffer (a
  // warning with -Werror on some standard libraries); the lists are short.
  template <class T, class Less> static void stable_sort(std::vector<T> & v, Less less) {
    for (size_t i = 1; i < v.size(); i++)
      for (size_t j = i; j > 0 && less(v[j], v[j - 1]); j--) std::swap(v[j], v[j - 1]);
  }
  static std::string str(const std::string & s) { std::string out; wire::append_json_string(out, s); return out; }
  static std::string ids(const std::vector<int32_t> & v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); i++) out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
  }
  static std::string strings(const std::vector<std::string> & v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); i++) out += (i ? "," : "") + str(v[i]);
    return out + "]";
  }
  static std::string pairs(const std::map<std::string, std::string> & m) {
    std::string out = "{";
    for (const auto & p : m) out += (out.size() > 1 ? "," : "") + str(p.first) + ":" + str(p.second);
    return out + "}";
  }

  static void write_element(std::string & b, const Element & e) {
    static constexpr const char * selectors[6] = {"NORMAL", "ACTIVE", "HOVER", "SELECTED", "DISABLED", "LINK"};
    b += "{\"kind\":" + str(e.kind_);
    if (e.has_parent_) b += ",\"parent\":" + std::to_string(e.parent_);
    if (!e.children_.empty()) b += ",\"children\":" + ids(e.children_);
    if (!e.text_.empty()) b += ",\"text\":" + str(e.text_);
    if (!e.text2_.empty()) b += ",\"secondaryText\":" + str(e.text2_);
    if (e.value_) b += ",\"value\":" + std::to_string(e.value_);
    if (e.count_) b += ",\"count\":" + std::to_string(e.count_);
    if (e.hidden_) b += ",\"hidden\":true";
    if (e.has_error_) b += ",\"error\":" + str(e.error_);
    if (e.flags_) b += ",\"flags\":" + std::to_string(e.flags_);
    std::string styles;
    for (int s = 0; s < 6; s++)
      if (!e.styles_[s].empty()) styles += (styles.empty() ? "\"" : ",\"") + std::string(selectors[s]) + "\":" + pairs(e.styles_[s]);
    if (!styles.empty()) b += ",\"styles\":{" + styles + "}";
    if (!e.options_.empty()) {
      b += ",\"options\":[";
      for (size_t i = 0; i < e.options_.size(); i++)
        b += (i ? ",{\"id\":" : "{\"id\":") + std::to_string(e.options_[i].first) + ",\"label\":" + str(e.options_[i].second) + "}";
      b += "]";
    }
    if (!e.links_.empty()) b += ",\"links\":" + strings(e.links_);
    std::vector<std::string> list;
    if (!e.columns_.empty()) {
      std::string v = "\"columns\":[";
      for (size_t i = 0; i < e.columns_.size(); i++) {
        v += (i ? ",{\"name\":" : "{\"name\":") + str(e.columns_[i].first);
        if (e.columns_[i].second) v += ",\"type\":" + std::to_string(e.columns_[i].second);
        v += "}";
      }
      list.push_back(v + "]");
    }
    if (!e.sheets_.empty()) list.push_back("\"sheets\":" + strings(e.sheets_));
    if (!e.row_counts_.empty()) {
      std::string v = "\"rowCounts\":{";
      for (const auto & rc : e.row_counts_) v += (v.size() > 13 ? ",\"" : "\"") + std::to_string(rc.first) + "\":" + std::to_string(rc.second);
      list.push_back(v + "}");
    }
    if (!e.cells_.empty()) {
      std::string v = "\"cells\":[";
      for (const auto & c : e.cells_)
        v += (v.size() > 9 ? ",[" : "[") + std::to_string(std::get<0>(c.first)) + "," + std::to_string(std::get<1>(c.first)) + "," +
             std::to_string(std::get<2>(c.first)) + "," + str(c.second) + "]";
      list.push_back(v + "]");
    }
    if (!list.empty()) b += ",\"list\":{" + join(list) + "}";
    std::vector<std::string> image;
    if (!e.sources_.empty()) {
      std::vector<Element::Source> sorted = e.sources_;
      stable_sort(sorted, [](const Element::Source & x, const Element::Source & y) {
        return x.width < y.width || (x.width == y.width && x.height < y.height);
      });
      std::string v = "\"sources\":[";
      for (size_t i = 0; i < sorted.size(); i++)
        v += (i ? ",{\"url\":" : "{\"url\":") + str(sorted[i].url) + ",\"width\":" + std::to_string(sorted[i].width) + ",\"height\":" + std::to_string(sorted[i].height) + "}";
      image.push_back(v + "]");
    }
    if (e.has_file_) image.push_back("\"file\":" + str(e.file_));
    if (e.has_request_) {
      image.push_back("\"requested\":" + str(e.requested_));
      if (e.requested_width_) image.push_back("\"requestedWidth\":" + std::to_string(e.requested_width_));
    }
    if (e.released_) image.push_back("\"released\":true");
    if (!image.empty()) b += ",\"image\":{" + join(image) + "}";
    if (e.stopped_) b += ",\"stopped\":true";
    if (e.has_modal_result_) b += ",\"modalResult\":" + std::to_string(e.modal_result_);
    b += "}";
  }
  static std::string join(const std::vector<std::string> & parts) {
    std::string out;
    for (const std::string & p : parts) out += (out.empty() ? "" : ",") + p;
    return out;
  }
};

// ---------------------------------------------------------------------------------------------
// Platform: the handlers you write.

/// A handler's answer: done, or why the request cannot be carried out (unsupported: the case is
/// skipped) or is wrong (error: no such element, not a text input; the case is an error).
struct Answer {
  enum class Kind { done, unsupported, error } kind = Kind::done;
  std::string why;
  static Answer done() { return {}; }
  static Answer unsupported(std::string why) { return {Kind::unsupported, std::move(why)}; }
  static Answer error(std::string why) { return {Kind::error, std::move(why)}; }
};

/// Your platform under test. The testee calls these in the order cmdtool's records come, each
/// after running the clock to the record's time; events go out through Testee's send_* calls.
class Platform {
 public:
  virtual ~Platform() = default;
  /// A case begins: cmdtool's header (viewport, stored preferences; widgets_name when the case
  /// needs a widget schema: answer unsupported unless you have loaded that one).
  virtual Answer begin(const wire::Header & header) = 0;
  /// One command of a batch, as the platform's sendCommands would apply it (PROTOCOL.md §3).
  /// unsupported (a CREATE of a kind you have no widget for) stops the case at once.
  virtual Answer apply(const wire::Command & command) = 0;
  /// The user's actions (CONFORMANCE.md §1.3, §1.4): send the event the widget sends.
  virtual Answer tap(int32_t id) = 0;
  virtual Answer type(int32_t id, const std::string & text) = 0;
  virtual Answer select(int32_t id, int32_t value) = 0;
  virtual Answer choose(int32_t id, int32_t option) = 0;
  virtual Answer back() = 0;
  /// The gesture that makes custom widget `id` send its schema's event `name` (CONFORMANCE.md
  /// §1.3 `event`, WIDGETS.md §2.6), each typed payload (payload name, value's text form: "0.2",
  /// "true", "#ff8800") as given. By default unsupported: the case is skipped, never passed.
  virtual Answer event(int32_t id, const std::string & name, const std::vector<std::pair<std::string, std::string>> & payloads) {
    (void)id; (void)name; (void)payloads;
    return Answer::unsupported("this platform performs no named custom widget events");
  }
  /// Your UI state, for a `state` request: add what your widgets show.
  virtual void state(State & out) = 0;
  /// After every record (a batch, a request): work a toolkit does once things settle (layout,
  /// image requests). Nothing by default.
  virtual void settle() {}
  /// sessions=many: the case ended; forget every element, timer, toast, dialog, request and
  /// preference, as if just started (the clock is reset for you).
  virtual void reset() {}
};

// ---------------------------------------------------------------------------------------------
// Testee: the loop.

class Testee {
 public:
  explicit Testee(Hello hello, wire::Limits limits = wire::Limits())
    : hello_(std::move(hello)), reader_(limits), writer_(nullptr, "cmdtool-1") {}

  const Hello & hello() const { return hello_; }
  Clock & clock() { return clock_; }
  double now() const { return clock_.now(); }
  /// cmdtool's header for the case under way (viewport, preferences).
  const wire::Header & header() const { return header_; }
  /// The case's name: CMDTOOL_CASE, or the `case` marker's in many-sessions mode (for logs).
  const std::string & case_name() const { return case_name_; }

  // Events, stamped with the clock's time; a kind the hello does not declare is not sent.
  /// A ValueEvent with a value (a tap, a switch toggled, a selection).
  void send_value(int32_t target, int32_t value) {
    wire::Event e = make(wire::EventClass::ValueEvent, target);
    e.value = value;
    mark(e, "value");
    send_event(e, "user");
  }
  /// A ValueEvent with the whole text (typing; one event, the empty text too).
  void send_text(int32_t target, const std::string & text) {
    wire::Event e = make(wire::EventClass::ValueEvent, target);
    e.text = text;
    mark(e, "text");
    send_event(e, "user");
  }
  /// The modal result answering dialog `dialog` (choose).
  void send_modal_result(int32_t dialog, int32_t value) {
    if (hello_.sends("user")) put(writer_.modal_result(now(), dialog, value));
  }
  /// The back key: SysEvent BACK (type 3) to the application (0 when none).
  void send_back(int32_t application) {
    wire::Event e = make(wire::EventClass::SysEvent, application);
    e.type = 3;
    send_event(e, "user");
  }
  /// A timer's tick (PROTOCOL.md §5.1).
  void send_timer(int32_t owner, int32_t timer) {
    wire::Event e = make(wire::EventClass::TimerEvent, owner);
    e.id = timer;
    send_event(e, "timer");
  }
  /// The drawer opened or closed (PROTOCOL.md §5.3).
  void send_visibility(int32_t drawer, bool visible) {
    wire::Event e = make(wire::EventClass::VisibilityEvent, drawer);
    e.visible = visible;
    mark(e, "visible");
    send_event(e, "visibility");
  }
  /// ImageRequestEvent REQUEST (PROTOCOL.md §5.2).
  void send_image_request(int32_t image, const std::string & url, uint32_t width, uint32_t height) {
    wire::Event e = make(wire::EventClass::ImageRequestEvent, image);
    e.mode = 1; e.imageUrl = url; e.sourceInternalId = image;
    e.requestedWidth = width; e.requestedHeight = height; e.requestedLevels = 1;
    send_event(e, "image");
  }
  /// ImageRequestEvent CANCEL of the outstanding request for `url`.
  void send_image_cancel(int32_t image, const std::string & url) {
    wire::Event e = make(wire::EventClass::ImageRequestEvent, image);
    e.mode = 2; e.imageUrl = url; e.sourceInternalId = image;
    send_event(e, "image");
  }
  /// Any other event, as the platform's code builds it, for the declared kind `kind`.
  void send_event(const wire::Event & e, std::string_view kind) {
    if (hello_.sends(kind)) put(writer_.event(now(), e));
  }

  /// Plays cmdtool's records from `source` against `platform`, writing to `sink`, until the input
  /// ends (returns 0), a case stops at `unsupported` in one-session mode (0), the input cannot
  /// be read (2) or the output written (1); the reason is on stderr when `log`.
  int run(Platform & platform, wire::Source source, wire::Sink sink, bool log = true) {
    platform_ = &platform;
    source_ = std::move(source);
    writer_ = wire::Writer(std::move(sink), "cmdtool-1");
    log_ = log;
    if (const char * name = std::getenv("CMDTOOL_CASE")) case_name_ = name;
    if (!start_session()) return finish();
    while (step()) {}
    return finish();
  }

  /// Plays cmdtool's records over stdio, or the socket CMDTOOL_WIRE names (WIRE.md §1).
  int run(Platform & platform) {
#if defined(__unix__) || defined(__APPLE__)
    std::string why;
    int fd = wire::connect_to_cmdtool(&why);
    if (fd == -2) { std::fprintf(stderr, "%s\n", why.c_str()); return 2; }
    if (fd >= 0) return run(platform, wire::fd_source(fd), wire::fd_sink(fd));
    return run(platform, wire::fd_source(0), wire::file_sink(stdout));
#else
    return run(platform, wire::file_source(stdin), wire::file_sink(stdout));
#endif
  }

 private:
  Hello hello_;
  wire::Reader reader_;
  wire::Writer writer_;
  wire::Source source_;
  wire::Header header_;
  Clock clock_;
  Platform * platform_ = nullptr;
  std::string case_name_;
  bool log_ = true, ended_ = false, stopped_ = false, skipping_ = false;
  int status_ = 0;
  char chunk_[4096];

  static wire::Event make(wire::EventClass cls, int32_t target) {
    wire::Event e;
    e.cls = cls;
    e.target = target;
    return e;
  }
  static void mark(wire::Event & e, std::string_view field) {
    int bit = wire::detail::event_field_bit(field);
    if (bit >= 0) e.carried |= uint64_t(1) << bit;
  }
  bool put(bool written) {
    if (written || status_) return written;
    status_ = 1;
    if (log_) std::fprintf(stderr, "testee: %s\n", writer_.error().describe().c_str());
    stopped_ = true;
    return false;
  }
  int finish() {
    if (reader_.failed() && !status_) {
      status_ = 2;
      if (log_) std::fprintf(stderr, "testee: %s\n", reader_.error().describe().c_str());
    }
    return status_;
  }

  // Reads more input; false at its end or on a read error.
  bool fill() {
    if (ended_) return false;
    errno = 0;
    long n = source_ ? source_(chunk_, sizeof chunk_, true) : 0;
    if (n < 0 && n != wire::no_input_yet) {
      status_ = 2;
      if (log_) std::fprintf(stderr, "testee: the input could not be read: %s\n", std::strerror(errno));
      return false;
    }
    if (n <= 0) { ended_ = true; reader_.finish(); return true; }
    reader_.feed(chunk_, static_cast<size_t>(n));
    return true;
  }
  bool read(wire::Record & r) {
    for (;;) {
      if (reader_.next(r)) return true;
      if (reader_.failed() || ended_ || status_ || !fill()) return false;
    }
  }

  // The header and hello, then cmdtool's header: false when the run stops.
  bool start_session() {
    header_ = wire::Header();
    if (!put(writer_.header(hello_.creator)) || !put(writer_.marker_at(0, "testee", hello_.detail()))) return false;
    wire::Record r;
    if (!read(r)) return false;
    if (r.kind != wire::Record::Kind::Header) return handle(r);  // a stream without a header
    header_ = r.header;
    return answer(platform_->begin(header_), true);
  }

  // Writes a handler's answer; false when the run stops (unsupported in one-session mode stops
  // reading: cmdtool ends the case there, and the commands after it may not be readable).
  bool answer(const Answer & a, bool stops_case) {
    if (a.kind == Answer::Kind::done) return true;
    bool unsupported = a.kind == Answer::Kind::unsupported;
    if (!put(writer_.marker_at(now(), unsupported ? "unsupported" : "error", a.why))) return false;
    if (!unsupported) return true;
    if (hello_.many_sessions) { skipping_ = true; return true; }
    return !stops_case;
  }

  // One record: false when the run stops.
  bool step() {
    if (stopped_) return false;
    if (skipping_) return skip_to_end();
    wire::Record r;
    if (!read(r)) return false;
    return handle(r);
  }

  // §1.9: after unsupported, records up to `end` are read by their framing only and dropped.
  bool skip_to_end() {
    std::string line;
    for (;;) {
      while (!reader_.next_line(line))
        if (reader_.failed() || ended_ || status_ || !fill()) return false;
      wire::Reader probe;
      probe.feed(line.data(), line.size());
      probe.finish();
      wire::Record r;
      if (probe.next(r) && r.kind == wire::Record::Kind::Marker && r.label == "end") break;
    }
    skipping_ = false;
    return end_session();
  }

  bool end_session() {
    platform_->reset();
    clock_.reset();
    reader_.restart();
    return start_session();
  }

  static bool read_int(const std::string & s, size_t & p, int32_t & out) {
    size_t start = p;
    bool negative = p < s.size() && s[p] == '-';
    if (negative) p++;
    int64_t v = 0;
    size_t digits = p;
    while (p < s.size() && s[p] >= '0' && s[p] <= '9' && v <= 2147483648LL) v = v * 10 + (s[p++] - '0');
    if (p == digits || v > 2147483647LL + negative) { p = start; return false; }
    out = static_cast<int32_t>(negative ? -v : v);
    return true;
  }

  bool handle(wire::Record & r) {
    if (r.kind != wire::Record::Kind::Header && !clock_.advance_to(r.t)) {
      if (log_) std::fprintf(stderr, "testee: more than 10000000 clock callbacks fell due in one step\n");
      status_ = 2;
      return false;
    }
    if (stopped_) return false;  // a callback's event could not be written
    bool go = true;
    switch (r.kind) {
    case wire::Record::Kind::Batch:
      for (const wire::Command & c : r.batch) {
        Answer a = platform_->apply(c);
        if (a.kind == Answer::Kind::unsupported) return answer(a, true);
        if (!answer(a, false)) return false;
      }
      break;
    case wire::Record::Kind::Event:
    case wire::Record::Kind::ModalResult:
      go = answer(Answer::unsupported(hello_.creator + " takes no events or modal results: they go from the platform to the engine"), false);
      break;
    case wire::Record::Kind::Marker:
      go = request(r.label, r.detail);
      if (r.label == "end") return go;
      break;
    case wire::Record::Kind::Header:
      break;
    }
    if (go && !stopped_) platform_->settle();
    return go && !stopped_;
  }

  bool request(const std::string & label, const std::string & detail) {
    if (label == "sync") return put(writer_.marker_at(now(), "sync", detail));
    if (label == "advance") return true;  // the clock ran to the record's time already
    if (label == "case") { case_name_ = detail; return true; }
    if (label == "end") return end_session();
    if (label == "state") {
      State s;
      platform_->state(s);
      return put(writer_.marker_at(now(), "state", s.write(now())));
    }
    if (label == "back") return answer(platform_->back(), false);
    size_t p = 0;
    int32_t id = 0, arg = 0;
    bool has_id = read_int(detail, p, id);
    if (label == "tap") {
      if (!has_id || p != detail.size()) return answer(Answer::error("tap: the detail is not an element id"), false);
      return answer(platform_->tap(id), false);
    }
    if (label == "type") {
      if (!has_id || (p != detail.size() && detail[p] != ' ')) return answer(Answer::error("type: the detail is not ID TEXT"), false);
      return answer(platform_->type(id, p < detail.size() ? detail.substr(p + 1) : std::string()), false);
    }
    if (label == "select" || label == "choose") {
      bool ok = has_id && p < detail.size() && detail[p] == ' ' && read_int(detail, ++p, arg) && p == detail.size();
      if (!ok) return answer(Answer::error(label == "select" ? "select: the detail is not ID INDEX" : "choose: the detail is not ID OPTION"), false);
      return answer(label == "select" ? platform_->select(id, arg) : platform_->choose(id, arg), false);
    }
    if (label == "event") {
      // ID NAME {PAYLOADS}: the name holds no space; the object's values are JSON strings.
      size_t name_end = has_id && p < detail.size() && detail[p] == ' ' ? detail.find(' ', p + 1) : std::string::npos;
      if (name_end == std::string::npos || name_end == p + 1) return answer(Answer::error("event: the detail is not ID NAME {PAYLOADS}"), false);
      std::string name = detail.substr(p + 1, name_end - p - 1);
      std::string_view object(detail.data() + name_end + 1, detail.size() - name_end - 1);
      wire::Limits limits;
      wire::detail::Value v;
      wire::detail::Fail fail;
      if (object.empty() || object[0] != '{' || !wire::detail::LineParser(object, false, limits).parse(v, fail))
        return answer(Answer::error("event: the payloads are not a JSON object"), false);
      std::vector<std::pair<std::string, std::string>> payloads;
      for (size_t i = 0; i < v.keys.size(); i++) {
        if (v.items[i].kind != wire::detail::Value::String) return answer(Answer::error("event: a payload's value is not a JSON string"), false);
        payloads.emplace_back(v.keys[i], v.items[i].text);
      }
      return answer(platform_->event(id, name, payloads), false);
    }
    std::string shown = label.substr(0, 64);
    return answer(Answer::unsupported(hello_.creator + " does not know the request \"" + shown + "\""), false);
  }
};

}  // namespace cmdtool_testee

#endif  // CMDTOOL_TESTEE_HPP
