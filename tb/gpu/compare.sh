#!/usr/bin/env bash
# compare.sh: workloads on the GPU model without and with MRPB, side by side.
#   tb/gpu/compare.sh [--scale X] [--configs base-s,base-l] [--lockstep SM|none] [--jobs N]
#                     [--out DIR] [workload ...]          (default: atax bicg syrk 2dconv)
# MRPB runs bind SM `--lockstep` (default 0) in lockstep, so the RTL checks itself inside
# real traffic. Prints a table (IPC, L1 hit rate, speedup), per-class geometric means,
# and how many RTL cycles were compared with how many mismatches. JSON of every run in
# DIR (default build/compare). Exit 1 if any run fails or mismatches.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
scale=0.25 configs=base-s ls_sm=0 jobs=2 out=build/compare
wls=()
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --configs) configs=$2; shift 2 ;;
    --lockstep) ls_sm=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) wls+=("$1"); shift ;;
  esac
done
[ ${#wls[@]} -gt 0 ] || wls=(atax bicg syrk 2dconv)
make -s tools >/dev/null || exit 2
mkdir -p "$out"
bind=(); [ "$ls_sm" != none ] && bind=(--bind "mrpb@$ls_sm=lockstep")
# build the RTL-linked simulator once before the parallel runs
if [ "$ls_sm" != none ]; then
  tb/gpusim --workload "${wls[0]}" --mrpb on "${bind[@]}" --set max_cycles=1 --quiet >/dev/null || exit 2
fi
jobsfile=$out/jobs.txt
: >"$jobsfile"
for c in ${configs//,/ }; do
  for w in "${wls[@]}"; do
    echo "$c $w off" >>"$jobsfile"
    echo "$c $w on" >>"$jobsfile"
  done
done
run_one() { # config workload mrpb
  local c=$1 w=$2 m=$3 extra=()
  [ "$m" = on ] && extra=("${bind[@]}")
  tb/gpusim --config "$c" --workload "$w" --scale "$scale" --mrpb "$m" "${extra[@]}" \
    --json "$out/$c-$w-$m.json" --out "$out" --quiet >"$out/$c-$w-$m.log" 2>&1
  echo $? >"$out/$c-$w-$m.rc"
}
export -f run_one
export scale out
export bind_str="${bind[*]}"
# shellcheck disable=SC2016
xargs -P "$jobs" -L 1 bash -c 'bind=($bind_str); run_one "$0" "$1" "$2"' <"$jobsfile"
python3 - "$out" "$scale" $configs "${wls[@]}" <<'PY'
import json, math, os, re, sys
out, scale, configs = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
wls = sys.argv[4:]
bad = 0
checked = mism = 0
print(f"GPU model, scale {scale} x seed-000 inputs: baseline vs MRPB (final design)")
print(f"{'config':7} {'workload':8} {'class':5} {'IPC base':>9} {'IPC MRPB':>9} {'speedup':>8} {'L1 hit base':>11} {'L1 hit MRPB':>11} {'cycles base':>12} {'cycles MRPB':>12}")
sp = {}
for c in configs:
    for w in wls:
        r = {}
        for m in ("off", "on"):
            rc = open(f"{out}/{c}-{w}-{m}.rc").read().strip()
            log = open(f"{out}/{c}-{w}-{m}.log").read()
            for mm in re.finditer(r"lockstep: (\d+) RTL cycles checked over \d+ instances? \([^)]*\), (\d+) mismatch", log):
                checked += int(mm.group(1)); mism += int(mm.group(2))
            if rc != "0":
                print(f"{c:7} {w:8} FAILED ({m}, exit {rc}): see {out}/{c}-{w}-{m}.log"); bad = 1; r = None; break
            r[m] = json.load(open(f"{out}/{c}-{w}-{m}.json"))
        if not r:
            continue
        b, o = r["off"]["counters"], r["on"]["counters"]
        s = o["ipc_warp"] / b["ipc_warp"] if b["ipc_warp"] else 0
        cls = r["off"]["workload"]["class"]
        sp.setdefault((c, cls), []).append(s); sp.setdefault((c, "all"), []).append(s)
        print(f"{c:7} {w:8} {cls:5} {b['ipc_warp']:9.3f} {o['ipc_warp']:9.3f} {s:7.2f}x {100*b['l1_hit_rate']:10.1f}% {100*o['l1_hit_rate']:10.1f}% {b['cycles']:12d} {o['cycles']:12d}")
for (c, cls), v in sorted(sp.items()):
    g = math.exp(sum(math.log(x) for x in v) / len(v)) if all(x > 0 for x in v) else 0
    print(f"geomean speedup {c} {cls}: {g:.2f}x over {len(v)} workloads")
print(f"lockstep: {checked} RTL cycles checked against the C model inside workload traffic, {mism} mismatches")
sys.exit(1 if bad or mism else 0)
PY
