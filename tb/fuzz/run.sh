#!/usr/bin/env bash
# run.sh: the libFuzzer targets (tb/fuzz/fuzz_*.c) under ASan + UBSan with leak detection.
# Usage: tb/fuzz/run.sh --seconds N | --runs N
#   --seconds N   each target N seconds on its corpus build/fuzz/corpus/<t>
#                 (kept between runs), totals added to build/fuzz/history
#   --runs N      each target N inputs from the seeds only, fuzzer seed 1
#                 (deterministic: what make test runs)
# Seeds: tb/fuzz/seeds/<t>/, and for fuzz_vec every vectors/<block>/*.vec (its first byte
# picks the block). A crash, sanitizer report or failed check stops with the target's log
# and the input saved as build/fuzz/crash-<t>-*; exit 1.
set -u
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${BUILD:-$top/build}
mode="" n=""
case "${1:-}" in
  --seconds|--runs) mode=$1; n=${2:-} ;;
esac
if [ -z "$mode" ] || ! [[ "$n" =~ ^[1-9][0-9]{0,8}$ ]]; then
  echo "usage: tb/fuzz/run.sh --seconds N | --runs N  (N a whole number 1..999999999)" >&2
  exit 2
fi
make -s -C "$top" fuzz-build >"$B/fuzz-build.log" 2>&1 || { echo "fuzz: build failed (see $B/fuzz-build.log)" >&2; tail -5 "$B/fuzz-build.log" >&2; exit 1; }
blocks=$(sed -n 's/^BLOCK.\([a-z0-9_]*\),.*/\1/p' "$top/cmodel/blocks.def")
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
total=0 bad=0
for bin in "$B"/fuzz/fuzz_*; do
  [ -x "$bin" ] || continue
  t=${bin##*/fuzz_}
  seeds=$(mktemp -d)
  [ -d "$top/tb/fuzz/seeds/$t" ] && cp "$top/tb/fuzz/seeds/$t"/* "$seeds"/ 2>/dev/null
  if [ "$t" = vec ]; then
    i=0
    for b in $blocks; do
      for v in "$top/vectors/$b"/*.vec; do
        [ -e "$v" ] && { printf "\\x$(printf %02x $i)"; cat "$v"; } >"$seeds/$b-$(basename "$v")"
      done
      i=$((i + 1))
    done
  fi
  maxlen=4096; [ "$t" = vec ] && maxlen=20000
  log="$B/fuzz/$t.log"
  if [ "$mode" = --runs ]; then
    corpus=$(mktemp -d)
    args=(-runs="$n" -seed=1)
  else
    corpus="$B/fuzz/corpus/$t"
    mkdir -p "$corpus"
    args=(-max_total_time="$n")
  fi
  "$bin" "${args[@]}" -max_len=$maxlen -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$B/fuzz/crash-$t-" "$corpus" "$seeds" >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  runs=${runs:-0}
  total=$((total + runs))
  if [ $rc -ne 0 ]; then
    bad=$((bad + 1))
    echo "fuzz_$t: FAILED after $runs inputs (exit $rc); log $log:"
    grep -E 'fuzz:|ERROR|SUMMARY|input:|runtime error' "$log" | head -8 | sed 's/^/    /'
    ls "$B/fuzz/crash-$t-"* 2>/dev/null | head -3 | sed 's/^/    input saved: /'
  else
    echo "fuzz_$t: $runs inputs, 0 crashes, 0 sanitizer reports, 0 failed checks"
  fi
  rm -rf "$seeds"
  [ "$mode" = --runs ] && rm -rf "$corpus"
done
echo "fuzz: $total inputs in all, $bad target(s) failed"
if [ "$mode" = --seconds ]; then
  echo "$(date -u +%FT%TZ) $total inputs, $bad failed" >>"$B/fuzz/history"
  awk '{s += $2} END {print "fuzz: " s " inputs over every make fuzz in build/fuzz/history"}' "$B/fuzz/history"
fi
[ $bad -eq 0 ]
