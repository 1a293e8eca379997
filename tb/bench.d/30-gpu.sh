#!/usr/bin/env bash
# 30-gpu.sh (run by tb/bin/bench.sh): simulated GPU cycles per second, best of 3, for each
# root of BENCH_ROOTS (this tree, and the --base one when asked):
#   Base-S atax at seed-000 inputs x 0.5: MRPB off; every SM's MRPB as the C model; every
#   SM's MRPB in lockstep, state probes every cycle and off (targets, issue [speed]:
#   >= 1 M cycles/s with C blocks, >= 200 K with all lockstep);
#   three applications: one irregular (BFS), one with shared memory and barriers
#   (HotSpot), one streaming (PathFinder);
#   trace-driven runs (this tree only): atax and the three applications exported to
#   Accel-Sim traces (gpusim --export-trace), read back plain and gzip-compressed,
#   against the built-in run of the same kernel (issue [traces]).
# Printed, never asserted; with BENCH_COMPARE set each figure is also a row of it.
# Usage: tb/bench.d/30-gpu.sh   (run by make bench; no arguments)
set -eu
. "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
read -r -a roots <<<"${BENCH_ROOTS:-now=$top}"
note() { [ -z "${BENCH_COMPARE:-}" ] || printf '%s\t%s\t%s\t%s\t%s\n' gpu "$@" >>"$BENCH_COMPARE"; }
rate() { sed -n 's/^simulation .* s, \([0-9]*\) cycles\/s/\1/p'; }
best() { for _ in 1 2 3; do "$@" 2>/dev/null | rate; done | sort -n | tail -n1; }
atax=(--config base-s --workload atax --scale 0.5)
apps=("bfs 0.02" "hotspot 0.5" "pathfinder 0.05")
for r in "${roots[@]}"; do  # builds first, never timed
  root=${r#*=}
  make -s -C "$root" tools >/dev/null
  "$root/tb/bin/gpusim" "${atax[@]}" --mrpb on --bind mrpb=lockstep --set max_cycles=1 --quiet >/dev/null
done
echo "GPU model (Base-S, 14 SMs), simulated cycles per second, best of 3:"
line() { printf '  %-6s %-40s %10s cycles/s%s\n' "$1" "$2" "$3" "${4:-}"; }
fig() { # fig ITEM FIGURE LABEL TARGET -- command...: one figure for every root, back to back
  local item=$1 f=$2 label=$3 target=$4 r root v
  shift 5
  for r in "${roots[@]}"; do
    root=${r#*=}
    v=$(best "${@/#ROOT/$root}")
    line "${r%%=*}" "$label" "$v" "$target"
    note "$item" "$f" "${r%%=*}" "$v"
  done
}
fig atax-0.5 mrpb-off "atax x0.5, MRPB off" "" -- ROOT/build/bin/gpusim "${atax[@]}" --mrpb off
fig atax-0.5 mrpb-c "atax x0.5, MRPB as C on every SM" "  (target >= 1,000,000)" -- ROOT/build/bin/gpusim "${atax[@]}" --mrpb on
fig atax-0.5 mrpb-lockstep "atax x0.5, MRPB lockstep on every SM" "  (target >= 200,000; probes every cycle)" -- \
  ROOT/tb/bin/gpusim "${atax[@]}" --mrpb on --bind mrpb=lockstep
fig atax-0.5 mrpb-lockstep-np "  ... state probes off" "  (--probe-every 0)" -- \
  ROOT/tb/bin/gpusim "${atax[@]}" --mrpb on --bind mrpb=lockstep --probe-every 0
for a in "${apps[@]}"; do
  set -- $a
  fig "$1-$2" mrpb-off "$1 x$2, no blocks" "" -- ROOT/build/bin/gpusim --config base-s --workload "$1" --scale "$2"
done
# trace-driven against built-in on the same kernels (this tree only, the last root: a
# --base tree may not read traces)
roots=("${roots[${#roots[@]}-1]}")
root=${roots[0]#*=}
tdir=$(mktemp -d "${TMPDIR:-/tmp}/bench-traces.XXXXXX")
trap 'rm -rf "$tdir"' EXIT
echo "Trace-driven runs (Accel-Sim trace format, docs/traces.md), simulated cycles per second, best of 3:"
for a in "atax 0.5" "${apps[@]}"; do
  set -- $a
  "$root/build/bin/gpusim" --workload "$1" --scale "$2" --export-trace "$tdir/$1" --quiet
  mb=$(du -sm "$tdir/$1" | cut -f1)
  cp -r "$tdir/$1" "$tdir/$1-gz" && gzip -n "$tdir/$1-gz"/*.traceg
  mbz=$(du -sm "$tdir/$1-gz" | cut -f1)
  fig "$1-$2" builtin "$1 x$2 built-in" "" -- ROOT/build/bin/gpusim --config base-s --workload "$1" --scale "$2"
  fig "$1-$2" trace "  ... from its trace ($mb MB)" "" -- ROOT/build/bin/gpusim --config base-s --trace-dir "$tdir/$1"
  fig "$1-$2" trace-gz "  ... from its gzip trace ($mbz MB)" "" -- ROOT/build/bin/gpusim --config base-s --trace-dir "$tdir/$1-gz"
done
