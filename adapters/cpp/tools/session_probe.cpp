// session_probe [--numbering NAME] [--no-echo] [--non-blocking]: an engine on cmdtool_wire::Session
// that says what it gets, for the tests of the session's promises (CppSessionTests.swift).
// It creates a text field 3 and a button 4. A ValueEvent to button 4 with value N opens the dialog
// N in a start_modal() of its own; an answer to an open dialog (a modal result, or a ValueEvent to
// it) ends the innermost loop, as a dialog's onValueEvent calls endModal. A ValueEvent to 6 makes
// it send a command code its numbering does not have. Every input becomes a marker "input" (time,
// clock, target, class, value, whether it has a text, the text last); every start_modal() a marker
// "dialog N returned" with the value. Errors: the message on stderr, exit status 2.
#include "../cmdtool_wire.hpp"
#include <chrono>
#include <cstring>
#include <thread>

namespace wire = cmdtool_wire;

static wire::Command command(const char * type, int32_t id, int32_t child, const char * text = "") {
  wire::Command c;
  c.type_name = type;
  c.internalId = id;
  c.childInternalId = child;
  c.textValue = text;
  return c;
}

static std::string number(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

int main(int argc, char ** argv) {
  const char * numbering = "engine-2018-11-28";
  wire::Options options;
  bool blocking = true;
  for (int i = 1; i < argc; i++) {
    if (std::strcmp(argv[i], "--numbering") == 0 && i + 1 < argc) numbering = argv[++i];
    else if (std::strcmp(argv[i], "--no-echo") == 0) options.echo_sync = false;
    else if (std::strcmp(argv[i], "--non-blocking") == 0) blocking = false;
    else { std::fprintf(stderr, "usage: session_probe [--numbering NAME] [--no-echo] [--non-blocking]\n"); return 64; }
  }
  wire::Session session(wire::fd_source(0), wire::file_sink(stdout), numbering, options);
  session.handshake("session-probe");
  session.send({command("CREATE_APPLICATION", 0, 1), command("CREATE_FRAMEVIEW", 1, 2), command("CREATE_TEXTFIELD", 2, 3),
                command("CREATE_BUTTON", 2, 4, "Open")});

  std::vector<int32_t> open;  // the dialogs whose loops run, innermost last
  std::function<bool()> step = [&]() {
    wire::Input in;
    // A non-blocking engine polls in a loop of its own (a game loop): it must still see input.
    while (!session.poll(in, blocking)) {
      if (blocking || session.input_ended() || session.error()) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    const wire::Event & e = in.event;
    session.marker("input", "t=" + number(in.t) + " now=" + number(session.now()) + " target=" + std::to_string(in.target) +
                   " " + wire::event_class_name(e.cls) + " value=" + std::to_string(e.value) + (in.modal_result ? " modal" : "") +
                   " has_text=" + (e.has("text") ? "1" : "0") + " text=" + e.text);
    bool is_open = false;
    for (int32_t id : open) is_open = is_open || id == in.target;
    if (e.cls != wire::EventClass::ValueEvent) return true;
    if (in.modal_result || is_open) {
      session.end_modal(e.value);
    } else if (in.target == 4) {
      int32_t dialog = e.value;
      session.send({command("CREATE_DIALOG", 2, dialog, "Dialog")});
      open.push_back(dialog);
      int value = session.start_modal(step);
      open.pop_back();
      session.marker("dialog " + std::to_string(dialog) + " returned", std::to_string(value));
      session.send({command("REMOVE_CHILD", 2, dialog)});
    } else if (in.target == 6) {
      wire::Command unknown;
      unknown.type = 400;
      session.send({unknown});
    }
    return true;
  };
  while (step()) {}
  if (session.error()) {
    std::fprintf(stderr, "session_probe: %s\n", session.error().describe().c_str());
    return 2;
  }
  return 0;
}
