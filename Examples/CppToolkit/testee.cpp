// testee.cpp: the toy toolkit's platform (platform.hpp) as a conformance testee, on
// adapters/cpp/cmdtool_testee.hpp. This file is the whole protocol side: the engine's events go
// to the kit, the toolkit's timers run on the kit's clock, the user's actions drive widgets, and
// the state is the widget tree walked. docs/CONFORMANCE.md §6 walks through it.
//
//   clang++ -std=c++17 -Wall -Wextra -Werror -I adapters/cpp -o toy-testee Examples/CppToolkit/testee.cpp
//   cmdtool conformance --failure-list Examples/CppToolkit/failure-list.txt -- ./toy-testee
#include "cmdtool_testee.hpp"
#include "platform.hpp"
#include <csignal>

namespace kit = cmdtool_testee;
using kit::Answer;

class ToyTestee : public kit::Platform, public EngineEvents, public toy::TimeSource {
 public:
  explicit ToyTestee(kit::Testee & testee) : t_(testee) {}

  // The engine's side of the platform: its events go to cmdtool.
  void value(int32_t target, int32_t v) override { t_.send_value(target, v); }
  void text(int32_t target, const std::string & s) override { t_.send_text(target, s); }
  void modal_result(int32_t dialog, int32_t v) override { t_.send_modal_result(dialog, v); }
  void timer(int32_t owner, int32_t id) override { t_.send_timer(owner, id); }

  // The toolkit's time is the kit's virtual clock.
  uint64_t call_at(double ms, std::function<void()> callback) override { return t_.clock().schedule(ms, std::move(callback)); }
  void cancel(uint64_t handle) override { t_.clock().cancel(handle); }
  double now() const override { return t_.now(); }

  Answer begin(const cmdtool_wire::Header & header) override {
    if (!header.widgets_name.empty()) return Answer::unsupported("the toy toolkit has no custom widgets");
    return Answer::done();
  }
  void reset() override { platform_ = std::make_unique<ToyPlatform>(*this, *this); }

  Answer apply(const cmdtool_wire::Command & c) override {
    if (platform_->command(c)) return Answer::done();
    return Answer::unsupported(std::string("the toy toolkit has no widget for ") + c.type_name);
  }

  // The user's actions, on the widgets themselves: their signals send the events.
  Answer tap(int32_t id) override {
    toy::Widget * w = platform_->widget(id);
    if (auto * b = dynamic_cast<toy::Button *>(w)) b->click();
    else if (auto * t = dynamic_cast<toy::Toggle *>(w)) t->click();
    else if (w && !dynamic_cast<toy::Entry *>(w) && !dynamic_cast<toy::ComboBox *>(w) && !dynamic_cast<toy::Dialog *>(w)) t_.send_value(id, 1);
    else return Answer::error("tap: " + std::to_string(id) + " is no element that takes a tap");
    return Answer::done();
  }
  Answer type(int32_t id, const std::string & s) override {
    auto * e = dynamic_cast<toy::Entry *>(platform_->widget(id));
    if (!e) return Answer::error("type: " + std::to_string(id) + " is no text field");
    e->set_text(s);
    return Answer::done();
  }
  Answer select(int32_t id, int32_t index) override {
    auto * b = dynamic_cast<toy::ComboBox *>(platform_->widget(id));
    if (!b) return Answer::error("select: " + std::to_string(id) + " is no picker");
    b->select(index);
    return Answer::done();
  }
  Answer choose(int32_t id, int32_t option) override {
    auto * d = dynamic_cast<toy::Dialog *>(platform_->widget(id));
    if (!d || !d->open) return Answer::error("choose: " + std::to_string(id) + " is no open dialog");
    d->respond(option);
    return Answer::done();
  }
  Answer back() override { return Answer::unsupported("the toy toolkit has no back key"); }

  // The state: every widget, by the id the platform keeps on it.
  void state(kit::State & s) override {
    if (platform_->application()) s.application(platform_->application());
    if (platform_->active_view()) s.active_view(platform_->active_view());
    for (int32_t d : platform_->open_dialogs()) s.modal(d);
    for (const auto & entry : platform_->widgets()) {
      const toy::Widget * w = entry.second.get();
      kit::Element & e = s.element(entry.first, platform_->kind_of().at(entry.first)).hidden(!w->visible());
      if (w->parent()) e.parent(w->parent()->user_data);
      for (const toy::Widget * child : w->children()) e.child(child->user_data);
      if (auto * a = dynamic_cast<const App *>(w)) e.text(a->name);
      if (auto * l = dynamic_cast<const toy::Label *>(w)) e.text(l->text);
      if (auto * b = dynamic_cast<const toy::Button *>(w)) e.text(b->label);
      if (auto * t = dynamic_cast<const toy::Toggle *>(w)) e.text(t->label).value(t->active);
      if (auto * x = dynamic_cast<const toy::Entry *>(w)) e.text(x->text);
      if (auto * x = dynamic_cast<const toy::Box *>(w)) e.value(x->orientation);
      if (auto * d = dynamic_cast<const toy::Dialog *>(w)) {
        e.text(d->title);
        if (d->answered) e.modal_result(d->response);
      }
      if (auto * b = dynamic_cast<const toy::ComboBox *>(w)) {
        e.value(b->active);
        for (const auto & item : b->items) e.option(item.first, item.second);
      }
    }
  }

 private:
  kit::Testee & t_;
  std::unique_ptr<ToyPlatform> platform_ = std::make_unique<ToyPlatform>(*this, *this);
};

int main() {
  std::signal(SIGPIPE, SIG_IGN);
  kit::Hello hello;
  hello.creator = "toy-testee 1";
  hello.reports = {"tree", "text", "values", "visibility"};
  hello.events = {"user", "timer"};
  for (const char * k : {"navigationView", "openGLView", "textView", "listView", "gridView", "frameLayout", "eventLayout",
                         "scrollLayout", "flipperLayout", "tableLayout", "autoColumnLayout", "alertDialog", "imageView",
                         "actionSheet", "pager", "radioGroup", "separator", "slider", "actionBar", "searchBar", "navigationBar",
                         "navigationBarItem", "progressSpinner", "notification", "pageControl", "segmentedControl"})
    hello.lacks.push_back(k);
  hello.toplevel = {"dialog"};
  hello.history = "engine";
  kit::Testee testee(hello);
  ToyTestee platform(testee);
  return testee.run(platform);
}
