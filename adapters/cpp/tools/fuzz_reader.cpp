// libFuzzer target for cmdtool_wire::Reader: any bytes, fed in two pieces, with small limits.
// Built and run by Scripts/fuzz-cpp-reader.sh.
#include "../cmdtool_wire.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
  cmdtool_wire::Limits limits;
  limits.max_line_length = 4096;
  limits.max_string_length = 1024;
  cmdtool_wire::Reader reader(limits);
  cmdtool_wire::Record record;
  size_t half = size / 2;
  reader.feed(reinterpret_cast<const char *>(data), half);
  while (reader.next(record)) {}
  reader.feed(reinterpret_cast<const char *>(data) + half, size - half);
  reader.finish();
  while (reader.next(record)) {}
  std::string out;
  cmdtool_wire::append_json_string(out, std::string_view(reinterpret_cast<const char *>(data), size));
  return 0;
}
