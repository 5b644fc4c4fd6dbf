// toolkit.hpp: a toy widget toolkit, shaped like GTK: widgets are objects in a tree, with signals
// as callbacks, and the toolkit runs its own timers. It knows nothing of cmdtool or of the
// engine's ids; Examples/CppToolkit/platform.hpp is the platform layer that drives it.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace toy {

class Widget {
 public:
  virtual ~Widget() = default;
  Widget * parent() const { return parent_; }
  const std::vector<Widget *> & children() const { return children_; }
  /// Adds `child` at `index` (the end when out of range); it leaves its old parent.
  void insert(Widget * child, size_t index = SIZE_MAX) {
    if (child->parent_) child->parent_->remove(child);
    children_.insert(children_.begin() + std::ptrdiff_t(std::min(index, children_.size())), child);
    child->parent_ = this;
  }
  void remove(Widget * child) {
    children_.erase(std::remove(children_.begin(), children_.end(), child), children_.end());
    child->parent_ = nullptr;
  }
  void show() { visible_ = true; }
  void hide() { visible_ = false; }
  bool visible() const { return visible_; }
  /// The application's own data on the widget (g_object_set_data): the platform keeps the
  /// engine's id here.
  int32_t user_data = 0;

 private:
  Widget * parent_ = nullptr;
  std::vector<Widget *> children_;
  bool visible_ = true;
};

struct Window : Widget { std::string title; };
struct Box : Widget { int orientation = 0; };  // 0 horizontal, 1 vertical
struct Label : Widget { std::string text; };

struct Button : Widget {
  std::string label;
  std::function<void()> on_clicked;
  void click() { if (on_clicked) on_clicked(); }
};

/// A switch or a check button: `active` flips on a click, then on_toggled runs.
struct Toggle : Widget {
  std::string label;
  bool active = false;
  std::function<void(bool)> on_toggled;
  void click() { active = !active; if (on_toggled) on_toggled(active); }
};

/// A one-line text entry: set_text() replaces the text and emits on_changed once.
struct Entry : Widget {
  std::string text;
  std::function<void(const std::string &)> on_changed;
  void set_text(const std::string & t) { text = t; if (on_changed) on_changed(text); }
};

struct ComboBox : Widget {
  std::vector<std::pair<int32_t, std::string>> items;  // an id and a text each
  int active = 0;
  std::function<void(int)> on_changed;
  void select(int index) { active = index; if (on_changed) on_changed(index); }
};

/// A dialog: a window of its own; respond() closes it and runs on_response.
struct Dialog : Widget {
  std::string title;
  bool open = true, answered = false;
  int response = 0;
  std::function<void(int)> on_response;
  void respond(int r) { open = false; answered = true; response = r; if (on_response) on_response(r); }
};

/// Where the toolkit's time comes from: its own main loop, or (under test) a virtual clock.
struct TimeSource {
  virtual ~TimeSource() = default;
  virtual uint64_t call_at(double ms, std::function<void()> callback) = 0;
  virtual void cancel(uint64_t handle) = 0;
  virtual double now() const = 0;
};

/// The toolkit's timers (g_timeout_add): `callback` runs every `interval` ms while it returns true.
class Timers {
 public:
  explicit Timers(TimeSource & time) : time_(time) {}
  uint64_t timeout_add(double interval, std::function<bool()> callback) {
    uint64_t id = ++last_;
    arm(id, interval, std::move(callback));
    return id;
  }
  void source_remove(uint64_t id) {
    auto it = pending_.find(id);
    if (it == pending_.end()) return;
    time_.cancel(it->second);
    pending_.erase(it);
  }
  void clear() { for (auto & p : pending_) time_.cancel(p.second); pending_.clear(); }

 private:
  TimeSource & time_;
  std::map<uint64_t, uint64_t> pending_;  // timer id → the time source's handle
  uint64_t last_ = 0;
  void arm(uint64_t id, double interval, std::function<bool()> callback) {
    pending_[id] = time_.call_at(time_.now() + interval, [this, id, interval, callback] {
      pending_.erase(id);
      if (callback()) arm(id, interval, callback);
    });
  }
};

}  // namespace toy
