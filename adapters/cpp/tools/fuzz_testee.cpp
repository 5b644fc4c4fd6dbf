// libFuzzer target for cmdtool_testee.hpp: any bytes as what cmdtool sends a testee (fed in
// chunks of 1 to 16 bytes the input picks), played against a small platform that keeps elements
// and timers on the kit's clock, answers every request (some unsupported or error, so the skipping
// of §1.9 runs too), writes a snapshot on `state`; a sink that fails after a number of writes the
// input picks. Built and run by Scripts/fuzz-cpp-reader.sh.
#include "../cmdtool_testee.hpp"
#include <algorithm>
#include <map>

namespace kit = cmdtool_testee;
namespace wire = cmdtool_wire;

namespace {

class FuzzPlatform : public kit::Platform {
 public:
  explicit FuzzPlatform(kit::Testee & t) : t_(t) {}
  kit::Answer begin(const wire::Header & h) override {
    if (!h.widgets_name.empty()) return kit::Answer::unsupported("no widgets");
    return kit::Answer::done();
  }
  kit::Answer apply(const wire::Command & c) override {
    std::string name = c.type_name ? c.type_name : "";
    if (name == "CREATE_PAGER") return kit::Answer::unsupported("no pager");
    if (name == "CREATE_TIMER" && c.value > 0) {
      tick(c.internalId, c.childInternalId, c.value);
      return kit::Answer::done();
    }
    if (name.rfind("CREATE_", 0) == 0) kinds_[c.childInternalId] = name;
    if (name == "DELETE_ELEMENT") kinds_.erase(c.internalId);
    texts_[c.internalId] = c.textValue;
    return kit::Answer::done();
  }
  kit::Answer tap(int32_t id) override { return known(id) ? (t_.send_value(id, 1), kit::Answer::done()) : kit::Answer::error("no such element"); }
  kit::Answer type(int32_t id, const std::string & text) override { texts_[id] = text; t_.send_text(id, text); return kit::Answer::done(); }
  kit::Answer select(int32_t id, int32_t value) override { t_.send_value(id, value); return kit::Answer::done(); }
  kit::Answer choose(int32_t id, int32_t option) override { t_.send_modal_result(id, option); return kit::Answer::done(); }
  kit::Answer back() override { t_.send_back(0); t_.send_visibility(1, true); t_.send_image_request(2, "u", 3, 4); t_.send_image_cancel(2, "u"); return kit::Answer::done(); }
  void state(kit::State & s) override {
    s.application(1).active_view(2).history(3).navigation(4, true).modal(5).toast(1, "x", 1, 0.5, 2000);
    s.timer(2, 1, 100, 100, 0).timer(1, 1, 1e300, 0.1, 2).committed_preference("b", "\x01").pending_update("a", "\"").pending_deletion("c");
    s.request(t_.now(), "quit", 0).network_activity().quit();
    for (const auto & k : kinds_) {
      kit::Element & e = s.element(k.first, k.second.substr(7)).text(texts_[k.first]).style(k.first % 7, texts_[k.first], "v");
      if (k.first % 2) e.parent(1).child(k.first).value(k.first).error("").cell(1, 2, 3, "c").row_count(k.first, 1).image_source("u", k.first, 1).image_requested("", 1);
    }
  }
  void reset() override { kinds_.clear(); texts_.clear(); }

 private:
  kit::Testee & t_;
  std::map<int32_t, std::string> kinds_, texts_;
  int timers_ = 0;
  bool known(int32_t id) const { return kinds_.count(id) != 0; }
  // A repeating timer on the kit's clock, at most 64 ticks in all.
  void tick(int32_t owner, int32_t id, double interval) {
    t_.clock().after(interval, [this, owner, id, interval] {
      t_.send_timer(owner, id);
      if (timers_ < 64) { timers_++; tick(owner, id, interval); }
    });
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
  wire::Limits limits;
  limits.max_line_length = 4096;
  limits.max_string_length = 1024;
  size_t offset = 0, writes = 0, budget = size ? 8 + data[0] % 128 : 0;
  wire::Source source = [&](char * out, size_t capacity, bool) -> long {
    if (offset >= size) return 0;
    size_t n = std::min<size_t>({capacity, size - offset, size_t(1) + data[offset] % 16});
    std::memcpy(out, data + offset, n);
    offset += n;
    return static_cast<long>(n);
  };
  wire::Sink sink = [&](const char *, size_t) { return ++writes <= budget; };
  kit::Hello hello;
  hello.events = {"user", "timer", "image", "visibility"};
  hello.many_sessions = size % 2 == 0;
  kit::Testee testee(hello, limits);
  FuzzPlatform platform(testee);
  int status = testee.run(platform, source, sink, false);
  if (status != 0 && status != 1 && status != 2) __builtin_trap();
  return 0;
}
