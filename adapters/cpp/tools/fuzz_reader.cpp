// libFuzzer target for cmdtool_wire: any bytes through the Reader (fed in two pieces, with small
// limits), then through a Session as an engine with nested dialogs sees them (chunks of 1 to 16
// bytes, some polls non-blocking, a sink that fails after a number of writes the input picks).
// Built and run by Scripts/fuzz-cpp-reader.sh.
#include "../cmdtool_wire.hpp"
#include <algorithm>

namespace wire = cmdtool_wire;

static void session(const uint8_t * data, size_t size, const wire::Limits & limits) {
  size_t offset = 0, writes = 0, budget = size ? data[0] % 64 : 0;
  wire::Source source = [&](char * out, size_t capacity, bool wait) -> long {
    if (offset >= size) return 0;
    if (!wait && data[offset] % 5 == 0) return wire::no_input_yet;
    size_t n = std::min<size_t>({capacity, size - offset, size_t(1) + data[offset] % 16});
    std::memcpy(out, data + offset, n);
    offset += n;
    return static_cast<long>(n);
  };
  wire::Sink sink = [&](const char *, size_t) { return ++writes <= budget; };
  wire::Options options;
  options.limits = limits;
  options.echo_sync = size % 2 == 0;
  wire::Session s(source, sink, "cmdtool-1", options);
  s.handshake("fuzz");
  int depth = 0;
  std::function<bool()> step = [&]() {
    wire::Input in;
    if (!s.poll(in, offset % 3 != 0) && !s.poll(in, true)) return false;
    if (in.modal_result) { s.end_modal(in.event.value); return true; }
    if (in.event.cls != wire::EventClass::ValueEvent || depth >= 4) return true;
    // A ValueEvent opens a dialog (its id the event's value) in a nested loop.
    wire::Command c;
    c.type_name = in.event.has("text") ? "CREATE_TEXTFIELD" : "CREATE_DIALOG";
    c.internalId = in.target;
    c.childInternalId = in.event.value;
    s.send({c});
    depth++;
    int value = s.start_modal(step);
    depth--;
    s.marker("returned", std::to_string(value));
    c.type_name = "REMOVE_CHILD";
    s.send({c});
    return true;
  };
  while (step()) {}
  (void)s.now();
  (void)s.error().describe();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
  wire::Limits limits;
  limits.max_line_length = 4096;
  limits.max_string_length = 1024;
  wire::Reader reader(limits);
  wire::Record record;
  size_t half = size / 2;
  reader.feed(reinterpret_cast<const char *>(data), half);
  while (reader.next(record)) {}
  reader.feed(reinterpret_cast<const char *>(data) + half, size - half);
  reader.finish();
  while (reader.next(record)) {}
  std::string out;
  wire::append_json_string(out, std::string_view(reinterpret_cast<const char *>(data), size));
  session(data, size, limits);
  return 0;
}
