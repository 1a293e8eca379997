#!/usr/bin/env bash
# 30-gpu.sh: simulated GPU cycles per second, Base-S atax at seed-000 inputs x 0.5,
# MRPB on: every SM's MRPB as the C model, then every SM's MRPB in lockstep.
# Targets (issue [gpu-model]): >= 1M cycles/s with C blocks, >= 200K with all lockstep.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
make -s tools >/dev/null
args=(--config base-s --workload atax --scale 0.5 --mrpb on)
rate() { sed -n 's/^simulation .* s, \([0-9]*\) cycles\/s/\1/p'; }
best() { for _ in 1 2 3; do "$@" | rate; done | sort -n | tail -n1; }
c=$(best build/bin/gpusim "${args[@]}")
tb/bin/gpusim "${args[@]}" --bind mrpb=lockstep --set max_cycles=1 --quiet >/dev/null  # build first
l=$(best tb/bin/gpusim "${args[@]}" --bind mrpb=lockstep)
l0=$(best tb/bin/gpusim "${args[@]}" --bind mrpb=lockstep --probe-every 0)
b=$(best build/bin/gpusim --config base-s --workload atax --scale 0.5 --mrpb off)
echo "GPU model (Base-S, atax, 14 SMs), simulated cycles per second, best of 3:"
printf '  MRPB off                    %10d cycles/s\n' "$b"
printf '  MRPB as C on every SM       %10d cycles/s  (target >= 1,000,000)\n' "$c"
printf '  MRPB lockstep on every SM   %10d cycles/s  (target >=   200,000; state probes every cycle)\n' "$l"
printf '  ... state probes off        %10d cycles/s  (--probe-every 0: outputs only)\n' "$l0"
# the applications (warp programs, docs/workloads.md): one irregular (BFS), one with
# shared memory and barriers (HotSpot), one with atomics-free streaming (PathFinder)
echo "applications (Base-S), simulated cycles per second, best of 3:"
for a in "bfs 0.02" "hotspot 0.5" "pathfinder 0.05"; do
  set -- $a
  printf '  %-12s scale %-5s %10d cycles/s\n' "$1" "$2" "$(best build/bin/gpusim --config base-s --workload "$1" --scale "$2" 2>/dev/null)"
done
