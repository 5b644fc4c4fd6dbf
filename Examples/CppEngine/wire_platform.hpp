// The glue between an engine shaped like the protocol document's PlatformThread (sendCommands,
// sendEvent/pollEvents, startModal/endModal) and cmdtool's wire protocol: docs/CPP_ADAPTER.md
// walks through it. Everything protocol-specific is in cmdtool_wire.hpp.
#pragma once
#include "../../adapters/cpp/cmdtool_wire.hpp"
#include <cstdio>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace wire = cmdtool_wire;

// Your engine's Command (include/Command.h) would go here; the example uses the header's own.
using Command = wire::Command;
using Event = wire::Event;

class WirePlatform {
 public:
  /// `numbering`: which enum your Command::Type codes follow (docs/CPP_ADAPTER.md §2).
  explicit WirePlatform(const char * numbering)
    : session_(wire::file_source(stdin), wire::file_sink(stdout), wire::find_numbering(numbering)) {}

  /// Writes the engine's header and reads cmdtool's (viewport, stored preferences).
  bool start(const char * creator) { return session_.handshake(creator); }
  const wire::Header & platformHeader() const { return session_.header(); }

  // PlatformThread::sendCommands: one call, one record.
  void sendCommands(const std::vector<Command> & commands) {
    if (!session_.send(commands)) fail();
  }

  // PlatformThread::sendEvent: an event the engine posts to itself.
  void sendEvent(int internalId, const Event & ev) { session_.post(internalId, ev); }

  // PlatformThread::pollEvents: the next events for the engine (at most one per call here).
  std::vector<std::pair<int, std::shared_ptr<Event>>> pollEvents(bool blocking = false) {
    std::vector<std::pair<int, std::shared_ptr<Event>>> events;
    wire::Input in;
    if (session_.poll(in, blocking)) events.emplace_back(in.target, std::make_shared<Event>(in.event));
    else if (session_.error()) fail();
    return events;
  }

  // PlatformThread::startModal: a nested loop handling input until endModal().
  int startModal() {
    int value = session_.start_modal([this](const wire::Input & in) { dispatch_(in.target, in.event); });
    if (session_.error()) fail();
    return value;
  }
  // PlatformThread::endModal: called by the dialog's onValueEvent with the result.
  void endModal(int value) { session_.end_modal(value); }

  /// Where pollEvents' events go inside startModal (the engine's own dispatcher).
  void setDispatcher(std::function<void(int, const Event &)> dispatch) { dispatch_ = std::move(dispatch); }
  bool inputEnded() const { return session_.input_ended(); }

 private:
  wire::Session session_;
  std::function<void(int, const Event &)> dispatch_ = [](int, const Event &) {};

  void fail() {
    std::fprintf(stderr, "wire: %s\n", session_.error().describe().c_str());
    std::exit(2);
  }
};
