#!/usr/bin/env bash
# CommandCodec must stay embeddable: no imports at all (not Foundation, not even libc), so an app
# or a platform layer can link it with nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
if grep -rnE '^\s*(@_exported\s+|@preconcurrency\s+)?import\s' Sources/CommandCodec; then
  echo "error: Sources/CommandCodec must not import any module (see above)" >&2
  exit 1
fi
if grep -nA3 'name: "CommandCodec"' Package.swift | grep -q 'dependencies'; then
  echo "error: the CommandCodec target must not have dependencies" >&2
  exit 1
fi
echo "CommandCodec imports nothing and depends on nothing."
