#!/usr/bin/env bash
# CommandCodec must stay embeddable: it imports no module (not Foundation, not libc), its target
# has no dependencies, and a program using only CommandCodec links (no undefined libm symbols
# such as `trunc`) against the Swift runtime alone (no Foundation), and works.
set -euo pipefail
cd "$(dirname "$0")/.."
if grep -rnE '^\s*(@_exported\s+|@preconcurrency\s+)?import\s' Sources/CommandCodec; then
  echo "error: Sources/CommandCodec must not import any module (see above)" >&2
  exit 1
fi
# The target declaration must be exactly `.target(name: "CommandCodec")`, without dependencies.
if ! grep -qE '^\s*\.target\(name: "CommandCodec"\),?\s*$' Package.swift; then
  echo "error: Package.swift must declare CommandCodec as .target(name: \"CommandCodec\") with no dependencies" >&2
  exit 1
fi
swift build --package-path Scripts/LinkageCheck --scratch-path .build-linkage -c release >/dev/null
binary=.build-linkage/release/linkage-check
"$binary"
if command -v ldd >/dev/null; then
  linked="$(ldd "$binary")"
  if grep -qiE 'Foundation' <<<"$linked"; then
    echo "error: a program using only CommandCodec links more than the Swift runtime:" >&2
    echo "$linked" >&2
    exit 1
  fi
fi
echo "CommandCodec imports nothing, depends on nothing, and links against the Swift runtime only."
