#!/bin/sh
# Fuzzes the C++ adapters with libFuzzer for a bounded time: the engine's reader and session
# (adapters/cpp/cmdtool_wire.hpp; seeded with the JSON vectors and a session with nested dialogs)
# for half of it, the testee kit (adapters/cpp/cmdtool_testee.hpp: requests, unsupported and
# `end` of many sessions, snapshots; seeded with conformance sessions) for the other half.
# Usage: Scripts/fuzz-cpp-reader.sh [SECONDS] (default 60, in all).
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
for target in reader testee; do
  "$cxx" -std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $lld \
    -o "$work/fuzz-$target" "adapters/cpp/tools/fuzz_$target.cpp"
done
mkdir "$work/corpus" "$work/testee-corpus"
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
python3 - "$work/testee-corpus" <<'PY'
import os, sys
out = sys.argv[1]
case = ['{"trace":1,"creator":"cmdtool conformance","viewport":{"width":390,"height":844},"preferences":{"a":"1"}}',
        '{"t":0,"marker":"case","detail":"Required.X"}',
        '{"t":0,"batch":[{"type":"CREATE_APPLICATION","childInternalId":1},{"type":"CREATE_FRAMEVIEW","internalId":1,"childInternalId":2},'
        '{"type":"CREATE_SWITCH","internalId":2,"childInternalId":3,"textValue":"on"},{"type":"CREATE_TIMER","internalId":2,"childInternalId":7,"value":10}]}',
        '{"t":0,"marker":"sync","detail":"1"}', '{"t":5,"marker":"tap","detail":"3"}', '{"t":6,"marker":"type","detail":"3 hi there"}',
        '{"t":7,"marker":"select","detail":"3 -2"}', '{"t":8,"marker":"choose","detail":"3 1"}', '{"t":9,"marker":"back"}',
        '{"t":30,"marker":"advance"}', '{"t":30,"marker":"state"}', '{"t":30,"marker":"zoom"}', '{"t":31,"marker":"sync","detail":"2"}',
        '{"t":31,"marker":"end"}']
skipped = ['{"trace":1,"widgets":{"name":"chart","fingerprint":"fnv1a64:a76687cf54a2689e"}}',
           '{"t":0,"batch":[{"type":"CREATE_PIE_CHART","internalId":2,"childInternalId":9}]}', '{"t":0,"marker":"end"}']
pager = ['{"trace":1}', '{"t":0,"batch":[{"type":"CREATE_PAGER","internalId":2,"childInternalId":9},{"type":"CREATE_BUTTON"}]}',
         '{"t":1,"marker":"tap","detail":"four"}', '{"t":1,"marker":"end"}']
for i, lines in enumerate([case, skipped, pager, case + skipped + pager + case]):
    open(os.path.join(out, str(i)), "wb").write("\n".join(lines).encode() + b"\n")
PY
half=$(( (seconds + 1) / 2 ))
for target in reader testee; do
  corpus="$work/corpus"
  [ "$target" = testee ] && corpus="$work/testee-corpus"
  "$work/fuzz-$target" -max_total_time="$half" -max_len=4096 -timeout=10 -rss_limit_mb=2048 "$corpus" 2> "$work/log" || { cat "$work/log" >&2; exit 1; }
  echo "fuzz_$target: $(tail -1 "$work/log")"
done
