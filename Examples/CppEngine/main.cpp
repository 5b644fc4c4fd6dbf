// A small C++ engine on cmdtool_wire.hpp (through the glue of wire_platform.hpp): a login form
// with a text field and a button, a modal dialog the user answers, a timer, a preference.
//   cpp-engine [--variant changed]
// The changed variant labels the button "Sign in" instead of "Log in".
#include "wire_platform.hpp"
#include <cstring>
#include <string>

// The codes of the engine's Command::Type enum since 2018-11-28 (numbering engine-2018-11-28).
enum Type {
  CREATE_APPLICATION = 0, CREATE_FRAMEVIEW = 1, CREATE_TEXTFIELD = 4, CREATE_BUTTON = 8,
  CREATE_LINEAR_LAYOUT = 11, CREATE_TEXT = 18, CREATE_DIALOG = 20, CREATE_TOAST = 34,
  REMOVE_CHILD = 39, SET_INT_VALUE = 45, SET_TEXT_VALUE = 46, SET_VISIBILITY = 49, SET_STYLE = 51,
  UPDATE_PREFERENCE = 55, COMMIT_PREFERENCES = 57, CREATE_TIMER = 65,
};

static Command cmd(int type, int id, int child = 0, int value = 0, std::string text = "", std::string text2 = "") {
  Command c;
  c.type = type; c.internalId = id; c.childInternalId = child; c.value = value;
  c.textValue = std::move(text); c.textValue2 = std::move(text2);
  return c;
}

class LoginApp {
 public:
  LoginApp(WirePlatform & platform, bool changed) : p_(platform), changed_(changed) {}

  void start() {
    name_ = p_.platformHeader().preference("lastUser");
    p_.sendCommands({cmd(CREATE_APPLICATION, 0, app_, 0, "CppEngine")});
    std::vector<Command> form = {
      cmd(CREATE_FRAMEVIEW, app_, view_),
      cmd(CREATE_LINEAR_LAYOUT, view_, layout_, 1),
      cmd(CREATE_TEXT, layout_, title_, 0, "Log in to CppEngine"),
      cmd(CREATE_TEXTFIELD, layout_, field_, 0, name_),
      cmd(SET_STYLE, field_, 0, 0, "hint", "User name"),
      cmd(CREATE_BUTTON, layout_, button_, 0, changed_ ? "Sign in" : "Log in"),
      cmd(CREATE_TEXT, layout_, status_, 0, "Ticks: 0"),
    };
    p_.sendCommands(form);
    p_.sendCommands({cmd(SET_VISIBILITY, view_, 0, 1)});
    p_.sendCommands({cmd(CREATE_TIMER, view_, timer_, 1000)});
  }

  void dispatch(int target, const Event & ev) {
    using C = cmdtool_wire::EventClass;
    if (ev.cls == C::TimerEvent && (ev.id == timer_ || target == app_)) {
      ticks_++;
      p_.sendCommands({cmd(SET_TEXT_VALUE, status_, 0, 0, "Ticks: " + std::to_string(ticks_))});
    } else if (ev.cls == C::ValueEvent && target == field_) {
      name_ = ev.text;
    } else if (ev.cls == C::ValueEvent && target == button_ && dialog_ == 0) {
      logIn();
    } else if (ev.cls == C::ValueEvent && target == dialog_) {
      p_.endModal(ev.value);  // Dialog::onValueEvent → endModal(value)
    }
  }

 private:
  WirePlatform & p_;
  bool changed_;
  const int app_ = 1, view_ = 2, layout_ = 3, title_ = 4, field_ = 5, button_ = 6, status_ = 7, timer_ = 8;
  int next_id_ = 9, dialog_ = 0, ticks_ = 0;
  std::string name_;

  // showModal(dialog): the dialog goes out, then startModal() blocks until its result.
  void logIn() {
    dialog_ = next_id_++;
    int ok = next_id_++, cancel = next_id_++;
    p_.sendCommands({
      cmd(CREATE_DIALOG, view_, dialog_, 0, "Log in as " + name_ + "?"),
      cmd(CREATE_BUTTON, dialog_, ok, 0, "OK"),
      cmd(CREATE_BUTTON, dialog_, cancel, 0, "Cancel"),
    });
    int result = p_.startModal();
    p_.sendCommands({cmd(REMOVE_CHILD, view_, dialog_)});
    dialog_ = 0;
    if (p_.inputEnded()) return;
    if (result == 1) {
      p_.sendCommands({cmd(CREATE_TOAST, button_, 0, 0, "Welcome, " + name_ + "!")});
      p_.sendCommands({cmd(UPDATE_PREFERENCE, app_, 0, 0, "lastUser", name_), cmd(COMMIT_PREFERENCES, app_)});
      p_.sendCommands({cmd(SET_TEXT_VALUE, title_, 0, 0, "Logged in as " + name_)});
    } else {
      p_.sendCommands({cmd(SET_TEXT_VALUE, title_, 0, 0, "Log in to CppEngine (cancelled)")});
    }
  }
};

int main(int argc, char ** argv) {
  bool changed = false;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--variant") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "changed") == 0) { changed = true; i++; }
    else if (std::strcmp(argv[i], "--variant") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "plain") == 0) { i++; }
    else { std::fprintf(stderr, "usage: cpp-engine [--variant plain|changed]\n"); return 2; }
  }
  WirePlatform platform("engine-2018-11-28");
  if (!platform.start("cpp-engine 1.0")) return 2;
  LoginApp app(platform, changed);
  platform.setDispatcher([&app](int target, const Event & ev) { app.dispatch(target, ev); });
  app.start();
  // The engine's event loop: blocking polls until the input ends.
  for (;;) {
    auto events = platform.pollEvents(true);
    if (events.empty()) break;
    for (auto & event : events) app.dispatch(event.first, *event.second);
  }
  return 0;
}
