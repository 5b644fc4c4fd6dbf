// platform.hpp: the platform layer of Examples/CppToolkit: the engine's commands drive the toy
// toolkit's widgets, and the widgets' signals become the engine's events. This is the part every
// platform has anyway (Sometrik's PlatformGtk.cpp is one); it knows nothing of cmdtool. The
// engine's Command is cmdtool_wire::Command here, for brevity.
#pragma once
#include "cmdtool_wire.hpp"
#include "toolkit.hpp"
#include <memory>
#include <set>

/// What the platform sends the engine.
struct EngineEvents {
  virtual ~EngineEvents() = default;
  virtual void value(int32_t target, int32_t value) = 0;
  virtual void text(int32_t target, const std::string & text) = 0;
  virtual void modal_result(int32_t dialog, int32_t value) = 0;
  virtual void timer(int32_t owner, int32_t timer) = 0;
};

struct App : toy::Widget { std::string name; };

class ToyPlatform {
 public:
  ToyPlatform(EngineEvents & engine, toy::TimeSource & time) : engine_(engine), timers_(time) {}

  /// The element kinds this toolkit has a widget for; a CREATE of another is refused.
  static const std::set<std::string> & kinds() {
    static const std::set<std::string> k = {"application", "frameView", "linearLayout", "text", "button", "switch", "checkbox", "textField", "picker", "dialog"};
    return k;
  }

  /// sendCommand: false for a creation of a kind without a widget.
  bool command(const cmdtool_wire::Command & c) {
    const std::string type = c.type_name ? c.type_name : "";
    int32_t id = c.internalId, child = c.childInternalId;
    toy::Widget * w = widget(id);
    if (type.rfind("CREATE_", 0) == 0 && type != "CREATE_TIMER" && type != "CREATE_TOAST" && type != "CREATE_LINK") return create(type, c);
    if (type == "CREATE_TIMER") {
      if (child == 0 || c.value <= 0 || timer_ids_.count(child)) return true;
      timer_ids_[child] = {id, timers_.timeout_add(c.value, [this, id, child] { engine_.timer(id, child); return true; })};
    } else if (type == "DELETE_ELEMENT") {
      if (w) destroy(w);
    } else if (type == "REMOVE_CHILD" || type == "REORDER_CHILD") {
      toy::Widget * ch = widget(child);
      if (type == "REMOVE_CHILD" && w && dynamic_cast<toy::Dialog *>(ch)) dialog_closed(child);  // a window of its own: it closes
      if (!w || !ch || ch->parent() != w) return true;
      if (type == "REMOVE_CHILD") { w->remove(ch); dialogs_.erase(std::remove(dialogs_.begin(), dialogs_.end(), child), dialogs_.end()); }
      else w->insert(ch, size_t(std::max(0, c.value)));
    } else if (type == "SET_INT_VALUE" && w) {
      if (dynamic_cast<App *>(w) && dynamic_cast<toy::Window *>(widget(child))) show_view(child);
      else if (dynamic_cast<toy::Window *>(w) && c.value >= 1 && c.value <= 3) show_view(id);
      else if (auto * t = dynamic_cast<toy::Toggle *>(w)) t->active = c.value != 0;
      else if (auto * b = dynamic_cast<toy::ComboBox *>(w)) b->active = c.value;
      else if (auto * x = dynamic_cast<toy::Box *>(w)) x->orientation = c.value;
    } else if (type == "SET_TEXT_VALUE" && w) {
      set_text(w, c.textValue);
    } else if (type == "CLEAR" && w) {
      if (auto * b = dynamic_cast<toy::ComboBox *>(w)) b->items.clear();
      else set_text(w, "");
    } else if (type == "SET_VISIBILITY" && w) {
      if (c.value) w->show(); else w->hide();
    } else if (type == "ADD_OPTION" && w) {
      if (auto * b = dynamic_cast<toy::ComboBox *>(w)) b->items.emplace_back(c.value, c.textValue);
    }
    return true;  // the rest: nothing this toolkit shows
  }

  toy::Widget * widget(int32_t id) const {
    auto it = widgets_.find(id);
    return it == widgets_.end() ? nullptr : it->second.get();
  }
  const std::map<int32_t, std::unique_ptr<toy::Widget>> & widgets() const { return widgets_; }
  const std::map<int32_t, std::string> & kind_of() const { return kinds_; }
  int32_t application() const { return app_; }
  int32_t active_view() const { return active_; }
  const std::vector<int32_t> & open_dialogs() const { return dialogs_; }
  void dialog_closed(int32_t id) { dialogs_.erase(std::remove(dialogs_.begin(), dialogs_.end(), id), dialogs_.end()); }

 private:
  EngineEvents & engine_;
  toy::Timers timers_;
  std::map<int32_t, std::unique_ptr<toy::Widget>> widgets_;
  std::map<int32_t, std::string> kinds_;
  std::map<int32_t, std::pair<int32_t, uint64_t>> timer_ids_;  // timer → its owner and the toolkit's timer
  std::vector<int32_t> dialogs_;
  int32_t app_ = 0, active_ = 0;

  bool create(const std::string & type, const cmdtool_wire::Command & c) {
    int32_t id = c.childInternalId;
    std::unique_ptr<toy::Widget> w;
    std::string kind;
    if (type == "CREATE_APPLICATION") { auto a = std::make_unique<App>(); a->name = c.textValue; w = std::move(a); kind = "application"; }
    else if (type == "CREATE_FRAMEVIEW") { auto v = std::make_unique<toy::Window>(); v->title = c.textValue; w = std::move(v); kind = "frameView"; }
    else if (type == "CREATE_LINEAR_LAYOUT") { auto b = std::make_unique<toy::Box>(); b->orientation = c.value; w = std::move(b); kind = "linearLayout"; }
    else if (type == "CREATE_TEXT") { auto l = std::make_unique<toy::Label>(); l->text = c.textValue; w = std::move(l); kind = "text"; }
    else if (type == "CREATE_BUTTON") {
      auto b = std::make_unique<toy::Button>();
      b->label = c.textValue;
      b->on_clicked = [this, id] { engine_.value(id, 1); };
      w = std::move(b); kind = "button";
    } else if (type == "CREATE_SWITCH" || type == "CREATE_CHECKBOX") {
      auto t = std::make_unique<toy::Toggle>();
      t->label = c.textValue;
      t->active = c.value != 0;
      t->on_toggled = [this, id](bool on) { engine_.value(id, on ? 1 : 0); };
      w = std::move(t); kind = type == "CREATE_SWITCH" ? "switch" : "checkbox";
    } else if (type == "CREATE_TEXTFIELD") {
      auto e = std::make_unique<toy::Entry>();
      e->text = c.textValue;
      e->on_changed = [this, id](const std::string & text) { engine_.text(id, text); };
      w = std::move(e); kind = "textField";
    } else if (type == "CREATE_PICKER") {
      auto b = std::make_unique<toy::ComboBox>();
      b->on_changed = [this, id](int index) { engine_.value(id, index); };
      w = std::move(b); kind = "picker";
    } else if (type == "CREATE_DIALOG") {
      auto d = std::make_unique<toy::Dialog>();
      d->title = c.textValue;
      d->on_response = [this, id](int r) { engine_.modal_result(id, r); dialog_closed(id); };
      w = std::move(d); kind = "dialog";
    } else {
      return false;
    }
    if (id == 0 || widgets_.count(id) || id == c.internalId) return true;  // missing id, a second create, a cycle
    if (kind == "application" && app_) return true;
    w->user_data = id;
    toy::Widget * parent = kind == "frameView" ? widget(app_) : kind == "dialog" ? nullptr : widget(c.internalId);
    if (parent) parent->insert(w.get());
    if (kind == "application") app_ = id;
    if (kind == "frameView" && !active_) active_ = id;
    if (kind == "dialog") dialogs_.push_back(id);
    kinds_[id] = kind;
    widgets_[id] = std::move(w);
    return true;
  }

  void show_view(int32_t view) { active_ = view; }

  static void set_text(toy::Widget * w, const std::string & text) {
    if (auto * l = dynamic_cast<toy::Label *>(w)) l->text = text;
    else if (auto * b = dynamic_cast<toy::Button *>(w)) b->label = text;
    else if (auto * t = dynamic_cast<toy::Toggle *>(w)) t->label = text;
    else if (auto * e = dynamic_cast<toy::Entry *>(w)) e->text = text;  // no signal: the engine set it
    else if (auto * d = dynamic_cast<toy::Dialog *>(w)) d->title = text;
    else if (auto * a = dynamic_cast<App *>(w)) a->name = text;
    else if (auto * v = dynamic_cast<toy::Window *>(w)) v->title = text;
  }

  // DELETE_ELEMENT: the widget and everything under it, with the timers they own.
  void destroy(toy::Widget * w) {
    if (w->parent()) w->parent()->remove(w);
    std::vector<toy::Widget *> stack = {w};
    while (!stack.empty()) {
      toy::Widget * x = stack.back();
      stack.pop_back();
      stack.insert(stack.end(), x->children().begin(), x->children().end());
      int32_t id = x->user_data;
      for (auto it = timer_ids_.begin(); it != timer_ids_.end();)
        if (it->second.first == id) { timers_.source_remove(it->second.second); it = timer_ids_.erase(it); } else ++it;
      dialog_closed(id);
      if (active_ == id) active_ = 0;
      if (app_ == id) app_ = 0;
      kinds_.erase(id);
      widgets_.erase(id);
    }
  }
};
