#!/usr/bin/env bash
# CommandCodec must stay embeddable: it imports no module (not Foundation, not libc), its target
# has no dependencies, and a program using only CommandCodec links (no undefined libm symbols
# such as `trunc`) against the Swift runtime alone (no Foundation), and works. ConformanceTestee,
# the platform's side of a conformance run, embeds the same way (it links into an iOS app): it
# imports CommandCodec and the C library only, and depends on CommandCodec alone.
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
if grep -rnE '^\s*(@_exported\s+|@preconcurrency\s+)?import\s' Sources/ConformanceTestee | grep -vE 'import (CommandCodec|Glibc|Musl|Darwin)\s*$'; then
  echo "error: Sources/ConformanceTestee may import CommandCodec and the C library only (see above)" >&2
  exit 1
fi
if ! grep -qE '^\s*\.target\(name: "ConformanceTestee", dependencies: \["CommandCodec"\]\),?\s*$' Package.swift; then
  echo "error: Package.swift must declare ConformanceTestee with CommandCodec as its only dependency" >&2
  exit 1
fi
swift build --package-path Scripts/LinkageCheck --scratch-path .build-linkage -c release >/dev/null
binary=.build-linkage/release/linkage-check
"$binary"
if command -v ldd >/dev/null; then
  linked="$(ldd "$binary")"
  if grep -qiE 'Foundation' <<<"$linked"; then
    echo "error: a program using only CommandCodec and ConformanceTestee links more than the Swift runtime:" >&2
    echo "$linked" >&2
    exit 1
  fi
fi
echo "CommandCodec imports nothing, depends on nothing; with ConformanceTestee it links against the Swift runtime only."
