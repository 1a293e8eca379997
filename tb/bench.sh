#!/usr/bin/env bash
# bench.sh: cycles per second of each block in c, rtl, lockstep and lockstep + FST,
# on its final configuration (MRPB: 48 queues, depth 8, fixed order, flush on,
# latency 5, bypass on associativity stalls). Stimulus is recorded first, so only the
# models are timed. Figures vary with the machine; they are printed, never asserted.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s tools
out=build/bench; mkdir -p "$out"
run() { tb/run mrpb --preset final --seed 1 --bench "$@" | tee -a "$out/mrpb.txt"; }
: >"$out/mrpb.txt"
echo "MRPB (preset final) -- best of 3 runs each"
best() { # best MODE CYCLES [extra]: highest cycles/s of three runs
  local m=$1 n=$2; shift 2
  for _ in 1 2 3; do tb/run mrpb --preset final --seed 1 --bench --mode "$m" --cycles "$n" "$@"; done |
    sort -t= -k2 -n | tail -n1
}
c=$(best c 30000000);          echo "$c"
r=$(best rtl 5000000);         echo "$r"
l=$(best lockstep 5000000);    echo "$l"
f=$(best lockstep 1000000 --fst "$out/bench.fst"); echo "$f"
rate() { sed 's/.*= \([0-9]*\) cycles\/s/\1/' <<<"$1"; }
awk -v c="$(rate "$c")" -v r="$(rate "$r")" -v l="$(rate "$l")" -v f="$(rate "$f")" 'BEGIN {
  printf "summary: c %.1f M/s, rtl %.2f M/s, lockstep %.2f M/s, lockstep+fst %.2f M/s\n", c/1e6, r/1e6, l/1e6, f/1e6
  printf "summary: lockstep/rtl = %.2f (target >= 0.9), c/rtl = %.1fx (target >= 10x)\n", l/r, c/r }' | tee -a "$out/mrpb.txt"
rm -f "$out/bench.fst" "$out/bench.gtkw"
# the other areas add their figures as fragments tb/bench.d/NN-name.sh
for frag in tb/bench.d/*.sh; do
  [ -e "$frag" ] || continue
  echo
  bash "$frag"
done
