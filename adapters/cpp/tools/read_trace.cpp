// read_trace FILE: reads a trace with cmdtool_wire::Reader (in chunks of 7 bytes, to exercise the
// incremental reader) and prints each record in canonical JSON Lines (TRACE_FORMAT.md §8), or
// "error CODE LINE COLUMN RECORDS MESSAGE". read_trace --names prints every numbering's table.
#include "../cmdtool_wire.hpp"
#include <algorithm>
#include <cinttypes>

using namespace cmdtool_wire;

static std::string number(double v) {
  char buf[64];
  if (v == 0) return std::signbit(v) ? "-0" : "0";
  if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0) { std::snprintf(buf, sizeof buf, "%.0f", v); return buf; }
  int p = 1;
  for (; p < 17; p++) { std::snprintf(buf, sizeof buf, "%.*e", p - 1, v); if (std::strtod(buf, nullptr) == v) break; }
  double a = std::fabs(v);
  if (a >= 1e-4 && a <= 9007199254740992.0) {
    for (int d = 0; d < 30; d++) {
      std::snprintf(buf, sizeof buf, "%.*f", d, v);
      if (std::strtod(buf, nullptr) == v) break;
    }
    std::string s = buf;
    if (s.find('.') == std::string::npos) s += ".0";
    return s;
  }
  std::snprintf(buf, sizeof buf, "%.*e", p - 1, v);  // 1.5e-07 → keep mantissa, fix exponent
  std::string s = buf;
  size_t e = s.find('e');
  std::string mant = s.substr(0, e), exp = s.substr(e + 1);
  char sign = exp[0]; std::string digits = exp.substr(1);
  while (digits.size() > 2 && digits[0] == '0') digits.erase(0, 1);
  return mant + "e" + sign + digits;
}

static std::string base64(const std::string & in) {
  static const char * a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < in.size(); i += 3) {
    uint32_t n = uint32_t(uint8_t(in[i])) << 16;
    if (i + 1 < in.size()) n |= uint32_t(uint8_t(in[i + 1])) << 8;
    if (i + 2 < in.size()) n |= uint8_t(in[i + 2]);
    out += a[n >> 18]; out += a[(n >> 12) & 63];
    out += i + 1 < in.size() ? a[(n >> 6) & 63] : '=';
    out += i + 2 < in.size() ? a[n & 63] : '=';
  }
  return out;
}

static std::string str(const std::string & s) { std::string o; append_json_string(o, s); return o; }

static void command(std::string & o, const Command & c) {
  o += "\"type\":" + str(c.type_name);
  auto i = [&](const char * k, long long v) { if (v) o += std::string(",\"") + k + "\":" + std::to_string(v); };
  auto s = [&](const char * k, const std::string & v) { if (!v.empty()) o += std::string(",\"") + k + "\":" + str(v); };
  i("internalId", c.internalId); i("childInternalId", c.childInternalId); i("value", c.value);
  s("key", c.key); s("textValue", c.textValue); s("textValue2", c.textValue2);
  i("row", c.row); i("column", c.column); i("sheet", c.sheet); i("width", c.width); i("height", c.height);
  i("flags", static_cast<long long>(c.flags));
}

static std::string event(const Event & e) {
  std::string o = "\"event\":" + str(event_class_name(e.cls)) + ",\"target\":" + std::to_string(e.target);
  for (const auto & f : detail::event_fields(e.cls)) {
    Event copy = e;
    void * m = detail::event_member(copy, f.key);
    std::string v;
    using F = detail::FieldType;
    switch (f.type) {
    case F::I32: if (*static_cast<int32_t *>(m)) v = std::to_string(*static_cast<int32_t *>(m)); break;
    case F::U32: if (*static_cast<uint32_t *>(m)) v = std::to_string(*static_cast<uint32_t *>(m)); break;
    case F::U16: if (*static_cast<uint16_t *>(m)) v = std::to_string(*static_cast<uint16_t *>(m)); break;
    case F::I64: if (*static_cast<int64_t *>(m)) v = std::to_string(*static_cast<int64_t *>(m)); break;
    case F::Dbl: { double d = *static_cast<double *>(m); if (d != 0 || std::signbit(d)) v = number(d); break; }
    case F::Bool: if (*static_cast<bool *>(m)) v = "true"; break;
    case F::Str: if (!static_cast<std::string *>(m)->empty()) v = str(*static_cast<std::string *>(m)); break;
    case F::Bytes: if (!static_cast<std::string *>(m)->empty()) v = "\"" + base64(*static_cast<std::string *>(m)) + "\""; break;
    }
    if (!v.empty()) o += std::string(",\"") + f.key + "\":" + v;
  }
  return o;
}

int main(int argc, char ** argv) {
  if (argc == 2 && std::string(argv[1]) == "--names") {
    for (const Numbering & n : generated::numberings) {
      std::printf("%s %d", n.name, n.id);
      for (int i = 0; i < n.count; i++) std::printf(" %s", n.names[i]);
      std::printf("\n");
    }
    return 0;
  }
  if (argc != 2) { std::fprintf(stderr, "usage: read_trace FILE | --names\n"); return 2; }
  std::FILE * f = std::fopen(argv[1], "rb");
  if (!f) { std::perror(argv[1]); return 2; }
  std::string input;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) input.append(buf, n);
  std::fclose(f);
  Reader reader;
  Record r;
  std::string out;
  auto drain = [&] {
    while (reader.next(r)) {
      switch (r.kind) {
      case Record::Kind::Header: {
        const Header & h = r.header;
        out += "{\"trace\":1";
        if (!h.numbering.empty()) out += ",\"numbering\":" + str(h.numbering);
        if (!h.created.empty()) out += ",\"created\":" + str(h.created);
        if (!h.creator.empty()) out += ",\"creator\":" + str(h.creator);
        out += "}\n";  // viewport and preferences: see the second line
        auto prefs = h.preferences;
        std::sort(prefs.begin(), prefs.end());
        out += "#viewport " + std::to_string(h.viewport.width) + " " + std::to_string(h.viewport.height) + " " + number(h.viewport.scale);
        for (auto & p : prefs) out += " " + str(p.first) + "=" + str(p.second);
        out += "\n";
        break;
      }
      case Record::Kind::Event: out += "{\"t\":" + number(r.t) + "," + event(r.event) + "}\n"; break;
      case Record::Kind::ModalResult:
        out += "{\"t\":" + number(r.t) + ",\"modal\":" + std::to_string(r.modal);
        if (r.modal_value) out += ",\"value\":" + std::to_string(r.modal_value);
        out += "}\n";
        break;
      case Record::Kind::Marker:
        out += "{\"t\":" + number(r.t) + ",\"marker\":" + str(r.label);
        if (!r.detail.empty()) out += ",\"detail\":" + str(r.detail);
        out += "}\n";
        break;
      case Record::Kind::Batch:
        out += "{\"t\":" + number(r.t) + ",";
        if (r.batch.size() == 1) command(out, r.batch[0]);
        else {
          out += "\"batch\":[";
          for (size_t i = 0; i < r.batch.size(); i++) { out += i ? ",{" : "{"; command(out, r.batch[i]); out += "}"; }
          out += "]";
        }
        out += "}\n";
        break;
      }
    }
  };
  for (size_t i = 0; i < input.size(); i += 7) { reader.feed(input.data() + i, std::min<size_t>(7, input.size() - i)); drain(); }
  reader.finish();
  drain();
  std::fwrite(out.data(), 1, out.size(), stdout);
  if (reader.failed()) {
    const Error & e = reader.error();
    std::printf("error %s %" PRIu64 " %" PRIu64 " %" PRIu64 " %s\n", e.code.c_str(), e.line, e.column, reader.record_count(), e.describe().c_str());
    return 1;
  }
  return 0;
}
