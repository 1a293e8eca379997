#!/usr/bin/env bash
# bench.sh: cycles per second of each block of the block list in c, rtl, lockstep and
# lockstep + FST, on its manifest's BENCH_CONFIG with its BENCH_CYCLES_* cycle counts
# (tb/blocks/<b>/manifest.sh). Stimulus is recorded first, so only the models are timed.
# Figures vary with the machine; they are printed (and kept in build/bench/<b>.txt),
# never asserted. The fragments tb/bench.d/*.sh add the other areas' figures.
# Usage: tb/bin/bench.sh   (make bench; no arguments)
set -eu
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
. tb/lib/blocks.sh
make -s tools
out=build/bench; mkdir -p "$out"
rate() { sed 's/.*= \([0-9]*\) cycles\/s/\1/' <<<"$1"; }
for b in $(blocks); do
  manifest "$b"
  cfg_args "$BENCH_CONFIG"
  : >"$out/$b.txt"
  echo "${b^^} (${BENCH_CONFIG:-defaults}) -- best of 3 runs each" | tee -a "$out/$b.txt"
  best() { # best MODE CYCLES [extra]: highest cycles/s of three runs
    local m=$1 n=$2; shift 2
    for _ in 1 2 3; do tb/bin/run "$b" "${CFG[@]}" --seed 1 --bench --mode "$m" --cycles "$n" "$@"; done |
      sort -t= -k2 -n | tail -n1
  }
  c=$(best c "$BENCH_CYCLES_C");                  echo "$c" | tee -a "$out/$b.txt"
  r=$(best rtl "$BENCH_CYCLES_RTL");              echo "$r" | tee -a "$out/$b.txt"
  l=$(best lockstep "$BENCH_CYCLES_LOCKSTEP");    echo "$l" | tee -a "$out/$b.txt"
  f=$(best lockstep "$BENCH_CYCLES_FST" --fst "$out/bench.fst"); echo "$f" | tee -a "$out/$b.txt"
  awk -v c="$(rate "$c")" -v r="$(rate "$r")" -v l="$(rate "$l")" -v f="$(rate "$f")" 'BEGIN {
    printf "summary: c %.1f M/s, rtl %.2f M/s, lockstep %.2f M/s, lockstep+fst %.2f M/s\n", c/1e6, r/1e6, l/1e6, f/1e6
    printf "summary: lockstep/rtl = %.2f (target >= 0.9), c/rtl = %.1fx (target >= 10x)\n", l/r, c/r }' | tee -a "$out/$b.txt"
  rm -f "$out/bench.fst" "$out/bench.gtkw"
  echo
done
# the other areas add their figures as fragments tb/bench.d/NN-name.sh
for frag in tb/bench.d/*.sh; do
  [ -e "$frag" ] || continue
  echo
  bash "$frag"
done
