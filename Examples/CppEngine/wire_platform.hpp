// A PlatformThread (the protocol document's shape) on cmdtool's wire: the worked example of
// docs/CPP_ADAPTER.md §1, which holds this file whole; a test compiles the doc's copy and checks
// that the two are the same. The protocol is in cmdtool_wire.hpp; "your engine" marks the rest.
#pragma once
#include "cmdtool_wire.hpp"
#include "engine.hpp"  // your engine: Command, the Event classes, PlatformThread, postEventToElement
#include <cstdio>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

namespace wire = cmdtool_wire;

// Your engine's Command → the wire's (`type` is your enum's code; unset fields stay 0 or "").
inline wire::Command toWire(const Command & c) {
  wire::Command w;
  w.type = c.getType();
  w.internalId = c.getInternalId();
  w.childInternalId = c.getChildInternalId();
  w.value = c.getValue();
  w.textValue = c.getTextValue();
  w.textValue2 = c.getTextValue2();
  w.flags = c.getFlags();
  return w;
}

// The wire's events → your engine's, stamped with cmdtool's clock (the classes your engine
// handles; nullptr drops the others).
inline std::shared_ptr<Event> fromWire(const wire::Input & in) {
  const wire::Event & e = in.event;
  switch (e.cls) {
  case wire::EventClass::ValueEvent:  // a text input's edit carries a text, even "" (WIRE.md §12)
    if (e.has("text")) return std::make_shared<ValueEvent>(in.t, e.text);
    return std::make_shared<ValueEvent>(in.t, e.value);
  case wire::EventClass::TimerEvent: return std::make_shared<TimerEvent>(in.t, e.id);
  case wire::EventClass::SysEvent: return std::make_shared<SysEvent>(in.t, e.type);
  default: return nullptr;
  }
}

class WirePlatformThread : public PlatformThread {
 public:
  // Writes the engine's header and reads cmdtool's. `numbering` names your Command::Type enum.
  WirePlatformThread(const char * numbering, const char * creator, wire::Options options = {})
    : session_(wire::fd_source(0), wire::file_sink(stdout), numbering, options) {
    session_.handshake(creator);
  }
  const wire::Header & platformHeader() const { return session_.header(); }  // viewport, preferences
  double getTime() const { return session_.now(); }                          // cmdtool's clock, ms

  // One call, one record. A failure stops the session: the loops end and exitStatus() says why.
  void sendCommands(const std::vector<Command> & commands) override {
    std::vector<wire::Command> batch;
    for (const Command & c : commands) batch.push_back(toWire(c));
    session_.send(batch);
  }

  // An event the engine posts to itself (on this thread): handled before anything read after it.
  void sendEvent(int internal_id, const Event & ev) override { posted_.emplace_back(internal_id, ev.dup()); }

  std::vector<std::pair<int, std::shared_ptr<Event>>> pollEvents(bool blocking = false) override {
    std::vector<std::pair<int, std::shared_ptr<Event>>> events(posted_.begin(), posted_.end());
    posted_.clear();
    // poll() echoes a sync marker once called again: only after the posted events are handled.
    wire::Input in;
    while (events.empty() && session_.poll(in, blocking))
      if (auto ev = fromWire(in)) events.emplace_back(in.target, ev);
    return events;
  }

  void startEventLoop() override { while (dispatchNext()) {} }
  // A nested loop until endModal(); the answer to an outer dialog waits for its own loop.
  int startModal() override { return session_.start_modal([this] { return dispatchNext(); }); }
  void endModal(int value) override { session_.end_modal(value); }

  // The engine's exit status: 0 when cmdtool closed the input, 2 after an error (on stderr).
  int exitStatus() const {
    if (!session_.error()) return 0;
    std::fprintf(stderr, "wire: %s\n", session_.error().describe().c_str());
    return 2;
  }

 private:
  wire::Session session_;
  std::deque<std::pair<int, std::shared_ptr<Event>>> posted_;

  // Hands the next events to your engine; false at the end of the input or after an error.
  bool dispatchNext() {
    auto events = pollEvents(true);
    for (auto & ev : events) postEventToElement(ev.first, *ev.second);
    return !events.empty();
  }
};
