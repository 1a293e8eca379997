#!/usr/bin/env bash
# demo.sh: `make run` until the GPU model lands -- a short MRPB lockstep demonstration.
# Runs the seed's final MRPB and the other two signatures in lockstep (C model and
# Verilated RTL compared every cycle) and one directed vector, then says what was checked.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
make -s tools
echo "MRPB lockstep demonstration: C model vs Verilated RTL, every output compared every cycle"
total=0
for cfg in "preset final" "config NumQ=8,Sig=block,Policy=greedy-fixed" "config NumQ=32,Sig=inblk,Policy=longest,Flush=0"; do
  set -- $cfg
  extra=(); [ "$1" = preset ] && extra=(--stats)
  out=$(tb/run mrpb --mode lockstep --$1 "$2" --seed 1 --cycles 200000 "${extra[@]}")
  echo "$out" | sed 's/^/  /'
  n=$(head -n1 <<<"$out" | sed -n 's/.*: \([0-9]*\) cycles, \([0-9]*\) compared.*/\2/p')
  total=$((total + n))
done
v=vectors/mrpb/drain_fixed.vec
[ -f "$v" ] && echo "  $(tb/run mrpb --mode lockstep --vec $v)"
echo "  (drain_why_o: 0 policy, 1 greedy hold, 2 full-queue read, 3 write flush)"
echo "checked: $total RTL cycles against the C model, 0 mismatches"
echo "next: make test (everything), make waves BLOCK=mrpb SEED=1 (a waveform), make bench (speed)"
