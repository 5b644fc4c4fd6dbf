// A small C++ engine on cmdtool_wire.hpp, through the PlatformThread glue of wire_platform.hpp: a
// login form with a text field and a button, a modal dialog the user answers (with a nested
// "Terms" dialog inside it), a timer, a preference.
//   cpp-engine [--variant plain|changed] [--no-sync-echo]
// The changed variant labels the button "Sign in" instead of "Log in". --no-sync-echo reads sync
// markers without echoing them, as an engine that cannot echo (record it with --clock wall).
//   clang++ -std=c++17 -I adapters/cpp -o cpp-engine Examples/CppEngine/main.cpp
#include "wire_platform.hpp"
#include <cstring>
#include <initializer_list>
#include <string>

static Command cmd(Command::Type type, int id, int child = 0, std::string text = "", std::string text2 = "") {
  return Command(type, id, child).setTextValue(std::move(text)).setTextValue2(std::move(text2));
}

class LoginApp {
 public:
  LoginApp(WirePlatformThread & thread, bool changed) : thread_(thread), changed_(changed) {}

  void start() {
    name_ = thread_.platformHeader().preference("lastUser");
    thread_.sendCommands({cmd(Command::CREATE_APPLICATION, 0, app_, "CppEngine")});
    thread_.sendCommands({
      cmd(Command::CREATE_FRAMEVIEW, app_, view_),
      cmd(Command::CREATE_LINEAR_LAYOUT, view_, layout_).setValue(1),
      cmd(Command::CREATE_TEXT, layout_, title_, "Log in to CppEngine"),
      cmd(Command::CREATE_TEXTFIELD, layout_, field_, name_),
      cmd(Command::SET_STYLE, field_, 0, "hint", "User name"),
      cmd(Command::CREATE_BUTTON, layout_, button_, changed_ ? "Sign in" : "Log in"),
      cmd(Command::CREATE_TEXT, layout_, status_, "Ticks: 0"),
    });
    thread_.sendCommands({cmd(Command::SET_VISIBILITY, view_).setValue(1)});
    thread_.sendCommands({cmd(Command::CREATE_TIMER, view_, timer_).setValue(1000)});
  }

  // Every element's event handler in one place (a real engine dispatches to the element objects).
  void onEvent(int target, Event & ev) {
    if (auto * timer = dynamic_cast<TimerEvent *>(&ev)) {
      if (timer->getTimerId() != timer_ && target != app_) return;
      ticks_++;
      thread_.sendCommands({cmd(Command::SET_TEXT_VALUE, status_, 0, "Ticks: " + std::to_string(ticks_))});
    } else if (auto * value = dynamic_cast<ValueEvent *>(&ev)) {
      if (target == field_ && value->isTextValue()) name_ = value->getTextValue();
      else if (target == button_ && dialog_ == 0) logIn();
      else if (target == terms_ && termsDialog_ == 0) askTerms();
      else if (target == dialog_ || target == termsDialog_) thread_.endModal(value->getValue());  // Dialog::onValueEvent
    }
  }

 private:
  WirePlatformThread & thread_;
  bool changed_;
  const int app_ = 1, view_ = 2, layout_ = 3, title_ = 4, field_ = 5, button_ = 6, status_ = 7, timer_ = 8;
  int next_id_ = 9, dialog_ = 0, terms_ = 0, termsDialog_ = 0, ticks_ = 0;
  std::string name_;

  // showModal(dialog): the dialog and its buttons go out, then startModal() blocks until its answer.
  int showDialog(int dialog, const std::string & title, std::initializer_list<const char *> buttons) {
    std::vector<Command> commands = {cmd(Command::CREATE_DIALOG, view_, dialog, title)};
    for (const char * button : buttons) commands.push_back(cmd(Command::CREATE_BUTTON, dialog, next_id_++, button));
    thread_.sendCommands(commands);
    int result = thread_.startModal();
    thread_.sendCommands({cmd(Command::REMOVE_CHILD, view_, dialog)});
    return result;
  }

  void logIn() {
    dialog_ = next_id_++;
    terms_ = next_id_ + 2;  // the dialog's third button
    int result = showDialog(dialog_, "Log in as " + name_ + "?", {"OK", "Cancel", "Terms"});
    dialog_ = terms_ = 0;
    if (result == 1) {
      thread_.sendCommands({cmd(Command::CREATE_TOAST, button_, 0, "Welcome, " + name_ + "!")});
      thread_.sendCommands({cmd(Command::UPDATE_PREFERENCE, app_, 0, "lastUser", name_), cmd(Command::COMMIT_PREFERENCES, app_)});
      thread_.sendCommands({cmd(Command::SET_TEXT_VALUE, title_, 0, "Logged in as " + name_)});
    } else {
      thread_.sendCommands({cmd(Command::SET_TEXT_VALUE, title_, 0, "Log in to CppEngine (cancelled)")});
    }
  }

  // The Terms button inside the login dialog opens a dialog of its own: a startModal() inside
  // the login dialog's.
  void askTerms() {
    termsDialog_ = next_id_++;
    int result = showDialog(termsDialog_, "Accept the terms?", {"Accept", "Decline"});
    termsDialog_ = 0;
    thread_.sendCommands({cmd(Command::SET_TEXT_VALUE, title_, 0, result == 1 ? "Terms accepted" : "Terms declined")});
  }
};

static LoginApp * app = nullptr;

// The engine's dispatcher (engine.hpp): every element is the app here.
void postEventToElement(int internal_id, Event & ev) { app->onEvent(internal_id, ev); }

int main(int argc, char ** argv) {
  bool changed = false;
  cmdtool_wire::Options options;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--variant") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "changed") == 0) { changed = true; i++; }
    else if (std::strcmp(argv[i], "--variant") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "plain") == 0) { i++; }
    else if (std::strcmp(argv[i], "--no-sync-echo") == 0) { options.echo_sync = false; }
    else { std::fprintf(stderr, "usage: cpp-engine [--variant plain|changed] [--no-sync-echo]\n"); return 64; }
  }
  // `cmdtool record --listen`: the socket becomes the standard input and output.
  std::string error;
  int connection = cmdtool_wire::connect_to_cmdtool(&error);
  if (connection == -2) { std::fprintf(stderr, "cpp-engine: %s\n", error.c_str()); return 69; }
  if (connection >= 0) { dup2(connection, 0); dup2(connection, 1); close(connection); }
  WirePlatformThread thread("engine-2018-11-28", "cpp-engine 1.0", options);
  LoginApp login(thread, changed);
  app = &login;
  login.start();
  thread.startEventLoop();
  return thread.exitStatus();
}
