#!/usr/bin/env bash
# Runs every command documented in README.md's ```sh blocks that starts with `cmdtool` or
# `swift run cmdtool` (after environment assignments such as `CMDTOOL_SECRET_PASSWORD=x`), with
# the debug build, from a scratch copy of the repository's traces.
# A trailing comment `# exit N` states an expected non-zero status. Keeps the README honest.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product cmdtool >/dev/null
swift build --product example-engine >/dev/null
swift build --product reference-testee >/dev/null
# The C++ testees the README's commands name, built as the README says (clang++ of the toolchain).
cxx="$(dirname "$(readlink -f "$(command -v swift)")")/clang++"
[[ -x "$cxx" ]] || cxx=clang++
"$cxx" -std=c++17 -O1 -I adapters/cpp -o .build/cpptestee Examples/CppTestee/cpptestee.cpp
"$cxx" -std=c++17 -O1 -I adapters/cpp -o .build/toy-testee Examples/CppToolkit/testee.cpp
bin="$(swift build --show-bin-path)/cmdtool"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Failed runs keep their new recordings in a temporary folder, on purpose: keep those in $work.
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
cp -r traces "$work/traces"
# Commands name the example engine as .build/debug/example-engine, as from the repository root.
ln -s "$(pwd)/.build" "$work/.build"
failures=0
count=0
while IFS= read -r line; do
  expected=0
  if [[ "$line" =~ \#\ exit\ ([0-9]+)[[:space:]]*$ ]]; then expected="${BASH_REMATCH[1]}"; fi
  command="$(sed -E 's/[[:space:]]+# exit [0-9]+[[:space:]]*$//' <<<"$line")"
  # Environment assignments stay in front; the command after them becomes the built binary.
  assignments=""
  while [[ "$command" =~ ^([A-Z_][A-Z0-9_]*=[^[:space:]]*)[[:space:]]+(.*)$ ]]; do
    assignments+="${BASH_REMATCH[1]} "
    command="${BASH_REMATCH[2]}"
  done
  command="${command/#swift run cmdtool/$bin}"
  command="${command/#cmdtool/$bin}"
  command="$assignments$command"
  count=$((count + 1))
  set +e
  (cd "$work" && eval "$command") >"$work/out" 2>&1
  status=$?
  set -e
  if [[ $status -ne $expected ]]; then
    echo "FAIL (exit $status, expected $expected): $line"
    sed 's/^/    /' "$work/out" | head -20
    failures=$((failures + 1))
  else
    echo "ok: $line"
  fi
done < <(awk '/^```sh/{inblock=1; next} /^```/{inblock=0} inblock && /^([A-Z_][A-Z0-9_]*=[^ ]* )*(swift run )?cmdtool /' README.md)
echo "$count README commands run, $failures failed"
[[ $failures -eq 0 && $count -gt 0 ]]
