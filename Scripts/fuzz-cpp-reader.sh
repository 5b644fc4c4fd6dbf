#!/bin/sh
# Fuzzes the C++ adapter's reader and session (adapters/cpp/cmdtool_wire.hpp) with libFuzzer for a
# bounded time, seeded with the JSON vectors and a session with nested dialogs.
# Usage: Scripts/fuzz-cpp-reader.sh [SECONDS] (default 60).
# Fails naming the package to install when no clang++ with libFuzzer is found.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
cxx=""
if command -v swift >/dev/null 2>&1; then
  dir=$(dirname "$(readlink -f "$(command -v swift)")")
  [ -x "$dir/clang++" ] && cxx="$dir/clang++"
fi
[ -n "$cxx" ] || cxx=$(command -v clang++ || true)
if [ -z "$cxx" ]; then
  echo "fuzz-cpp-reader: no clang++ found: install the Swift toolchain (it ships clang++) or Debian's package clang" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lld=""
[ -x "$(dirname "$cxx")/ld.lld" ] && lld="-fuse-ld=lld"
"$cxx" -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $lld \
  -o "$work/fuzz" adapters/cpp/tools/fuzz_reader.cpp
mkdir "$work/corpus"
python3 - "$work/corpus" <<'PY'
import json, sys, os
out = sys.argv[1]
n = 0
for f in ["valid-events", "valid-edges", "valid-json-variants", "invalid-json"]:
    for line in open(f"traces/vectors/{f}.jsonl"):
        v = json.loads(line)
        data = bytes.fromhex(v["inputHex"]) if "inputHex" in v else (v.get("jsonlInput") or v["jsonl"]).encode()
        open(os.path.join(out, str(n)), "wb").write(data); n += 1
# A session with nested dialogs: the answer to the outer one arrives while the inner one is open.
nested = ['{"trace":1}', '{"t":1,"event":"ValueEvent","target":1,"value":10}',
          '{"t":2,"event":"ValueEvent","target":1,"value":11}', '{"t":3,"modal":10,"value":7}',
          '{"t":4,"marker":"sync","detail":"1"}', '{"t":5,"event":"ValueEvent","target":10,"value":2}',
          '{"t":6,"modal":11,"value":3}', '{"t":7,"event":"ValueEvent","target":1,"text":""}']
open(os.path.join(out, str(n)), "wb").write("\n".join(nested).encode() + b"\n")
PY
"$work/fuzz" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 "$work/corpus" 2> "$work/log" || { cat "$work/log" >&2; exit 1; }
tail -1 "$work/log"
