#!/usr/bin/env bash
# Builds the libFuzzer targets of the trace decoders and runs them (docs/FUZZING.md).
#
#   FuzzTesting/do_build.sh                           # build (release, fuzzer + address sanitizers)
#   FuzzTesting/do_build.sh --run-regressions         # and replay FailCases/ and the seeds once
#   FuzzTesting/do_build.sh --run 60                  # and fuzz each target for 60 seconds
#   FuzzTesting/do_build.sh --runs 10000000 --jobs 2  # and fuzz each target for 10M runs
#   FuzzTesting/do_build.sh --run 300 --max-len 1048576 --timeout 2 -- -len_control=0   # slow inputs
#   FuzzTesting/do_build.sh --minimize FuzzJSONDecode Findings/FuzzJSONDecode-crash-…
#
# Exit status: 0 when everything built and ran clean; 1 when a target crashed, hung, leaked or
# ran out of memory on an input (the input is in Findings/, named by libFuzzer); 2 when the build
# failed; 64 for bad usage.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
export PATH="/opt/swift/usr/bin:$PATH"
# The Swift runtime's backtracer can hang after a crash and hold the fuzzer's pipe open.
export SWIFT_BACKTRACE=enable=no

TARGETS=(FuzzBinaryDecode FuzzJSONDecode)
config=release
regressions=no
seconds=""
runs=""
jobs=1
max_len=4096
timeout=10
rss_limit=2048
build=yes
minimize_target=""
minimize_input=""
selected=()
extra=()

usage() {
  cat <<USAGE
usage: $(basename "$0") [OPTIONS]

Builds the fuzz targets (${TARGETS[*]}) with -sanitize=fuzzer,address, then optionally runs them.

  --debug | --release     build configuration (default: release)
  --skip-build            use the binaries already built
  --run-regressions       run every file in FailCases/ and every seed through every target, once
  --run SECONDS           fuzz each target for SECONDS (corpus kept in Corpus/TARGET)
  --runs N                fuzz each target for N inputs instead
  --jobs N                run N fuzzing processes per target (libFuzzer -jobs and -workers)
  --max-len BYTES         the longest input the fuzzer makes (default: $max_len)
  --timeout SECONDS       an input that runs longer is a finding (default: $timeout)
  --rss-limit MB          memory per process before it is a finding (default: $rss_limit)
  --target NAME           only this target (repeatable)
  --minimize TARGET FILE  shrink a crashing input (-minimize_crash=1) to FailCases/
  -- FLAGS...             pass the rest to libFuzzer (e.g. -- -len_control=0 -seed=7)
  -h, --help              this message

Findings (crash-*, timeout-*, leak-*, oom-*) are written to Findings/; move the minimized ones to
FailCases/ once fixed, so that every later run (and swift test) replays them.
USAGE
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --debug) config=debug ;;
    --release) config=release ;;
    --skip-build) build=no ;;
    --run-regressions | --run-regression) regressions=yes ;;
    --run) seconds="${2:?--run needs SECONDS}"; shift ;;
    --runs) runs="${2:?--runs needs N}"; shift ;;
    --jobs) jobs="${2:?--jobs needs N}"; shift ;;
    --max-len) max_len="${2:?--max-len needs BYTES}"; shift ;;
    --timeout) timeout="${2:?--timeout needs SECONDS}"; shift ;;
    --rss-limit) rss_limit="${2:?--rss-limit needs MB}"; shift ;;
    --target) selected+=("${2:?--target needs NAME}"); shift ;;
    --minimize) minimize_target="${2:?--minimize needs TARGET FILE}"; minimize_input="${3:?--minimize needs TARGET FILE}"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h | --help) usage; exit 0 ;;
    *) echo "error: unknown argument $1" >&2; usage >&2; exit 64 ;;
  esac
  shift
done
if [[ ${#selected[@]} -gt 0 ]]; then
  for target in "${selected[@]}"; do
    [[ " ${TARGETS[*]} " == *" $target "* ]] || { echo "error: no target $target (known: ${TARGETS[*]})" >&2; exit 64; }
  done
  TARGETS=("${selected[@]}")
fi

cd "$here"
bin=".build/$config"

if [[ $build == yes ]]; then
  echo "== building the fuzz targets ($config, -sanitize=fuzzer,address)"
  # No -parse-as-library: SwiftPM links executables with main aliased to <Target>_main, so each
  # target keeps top-level code that hands over to libFuzzer (Sources/FuzzCommon/FuzzerDriver.swift).
  if ! swift build -c "$config" -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -v "ld.gold: warning: Cannot export local symbol"; then
    echo "error: building the fuzz targets failed (swift build -c $config -Xswiftc -sanitize=fuzzer,address in FuzzTesting/); see above" >&2
    exit 2
  fi
fi
for target in "${TARGETS[@]}"; do
  if [[ ! -x "$bin/$target" ]]; then
    echo "error: $bin/$target was not built; run without --skip-build" >&2
    exit 2
  fi
done

# The format each target reads, for its seeds and its dictionary.
format_of() { [[ $1 == FuzzBinaryDecode ]] && echo binary || echo json; }

python3 Scripts/extract-seeds.py Seeds >/dev/null || { echo "error: extracting the seeds from traces/vectors failed" >&2; exit 2; }
mkdir -p Findings

if [[ -n $minimize_target ]]; then
  name="$(basename "$minimize_input")"
  echo "== minimizing $minimize_input with $minimize_target"
  "$bin/$minimize_target" -minimize_crash=1 -runs=200000 -max_total_time=300 \
    -exact_artifact_path="FailCases/$minimize_target-$name" "$minimize_input" || true
  ls -l "FailCases/$minimize_target-$name" || exit 1
  exit 0
fi

status=0

if [[ $regressions == yes ]]; then
  cases=()
  for file in FailCases/*; do
    [[ -f $file && $file != FailCases/README.md ]] && cases+=("$file")
  done
  for target in "${TARGETS[@]}"; do
    echo "== regressions: $target (${#cases[@]} fail cases, the $(format_of "$target") seeds)"
    # Every target takes every fail case: any input must keep the contract, whatever the format.
    if [[ ${#cases[@]} -gt 0 ]] && ! "$bin/$target" -rss_limit_mb="$rss_limit" -timeout="$timeout" "${cases[@]}" > "Findings/$target-regressions.log" 2>&1; then
      tail -n 30 "Findings/$target-regressions.log" >&2
      echo "error: $target fails on a fail case (log: FuzzTesting/Findings/$target-regressions.log)" >&2
      status=1
    fi
    if ! "$bin/$target" -runs=0 -rss_limit_mb="$rss_limit" -timeout="$timeout" "Seeds/$(format_of "$target")" > "Findings/$target-seeds.log" 2>&1; then
      tail -n 30 "Findings/$target-seeds.log" >&2
      echo "error: $target fails on a seed (log: FuzzTesting/Findings/$target-seeds.log)" >&2
      status=1
    fi
  done
fi

if [[ -n $seconds || -n $runs ]]; then
  for target in "${TARGETS[@]}"; do
    format="$(format_of "$target")"
    corpus="Corpus/$target"
    mkdir -p "$corpus" "Logs/$target"
    args=(-max_len="$max_len" -timeout="$timeout" -rss_limit_mb="$rss_limit" -print_final_stats=1
      -artifact_prefix="$here/Findings/$target-")
    [[ $format == json ]] && args+=(-dict="$here/FuzzJSONDecode.dict")
    [[ -n $seconds ]] && args+=(-max_total_time="$seconds")
    [[ -n $runs ]] && args+=(-runs="$runs")
    args+=("${extra[@]}")
    echo "== fuzzing $target: ${seconds:+$seconds s}${runs:+$runs runs}, $jobs job(s), -max_len=$max_len, -timeout=$timeout"
    started=$(date +%s)
    if [[ $jobs -gt 1 ]]; then
      # Each job runs the whole budget; its log is Logs/TARGET/fuzz-N.log.
      (cd "Logs/$target" && "$here/$bin/$target" "${args[@]}" -jobs="$jobs" -workers="$jobs" "$here/$corpus" "$here/Seeds/$format") > "Logs/$target/main.log" 2>&1
      result=$?
      cat Logs/"$target"/fuzz-*.log > "Logs/$target/all.log" 2>/dev/null
      log="Logs/$target/all.log"
    else
      "$bin/$target" "${args[@]}" "$corpus" "Seeds/$format" > "Logs/$target/fuzz.log" 2>&1
      result=$?
      log="Logs/$target/fuzz.log"
    fi
    elapsed=$(( $(date +%s) - started ))
    grep -a -h "^stat::\|DONE\|Done [0-9]* runs" "$log" | tail -n 8
    echo "   $target: $elapsed s, corpus $(ls "$corpus" | wc -l) files"
    if [[ $result -eq 72 ]]; then
      # libFuzzer's exit status when interrupted (Ctrl-C, SIGTERM): its statistics are above.
      echo "error: $target was interrupted" >&2
      status=1
    elif [[ $result -ne 0 ]]; then
      grep -a -h -A 12 "==ERROR\|Fatal error\|ERROR: libFuzzer\|SUMMARY" "$log" | head -n 60 >&2
      echo "error: $target found an input that breaks the contract (exit $result); see FuzzTesting/$log and FuzzTesting/Findings/" >&2
      status=1
    fi
  done
fi

exit $status
