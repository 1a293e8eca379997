#!/usr/bin/env bash
# compare.sh: workloads on the GPU model without and with MRPB, side by side.
# Usage: experiments/bin/compare.sh [--scale X] [--configs base-s,base-l] [--lockstep SM|none]
#                                   [--jobs N] [--out DIR] [workload[@SCALE] ...]
#                                   (default: atax bicg syrk 2dconv)
# workload@SCALE runs that workload at SCALE instead of --scale.
# MRPB runs bind SM `--lockstep` (default 0) in lockstep, so the RTL checks itself inside
# real traffic. Prints a table (IPC, speedup, L1 hit and pending-hit rates), per-class
# geometric means, where a line request's time goes (the load-latency breakdown's stage
# groups, mean cycles per request, baseline and MRPB), and how many RTL cycles were
# compared with how many mismatches. JSON of every run in
# DIR (default build/compare). Exit 1 if any run fails or mismatches.
set -uo pipefail
. "$(dirname "$0")/../../tb/lib/help.sh" "$@" || exit 2
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
scale=0.25 configs=base-s ls_sm=0 jobs=2 out=build/compare
wls=()
die() { echo "compare.sh: $*" >&2; exit 2; }
need() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) need "$@"; scale=$2; shift 2 ;;
    --configs) need "$@"; configs=$2; shift 2 ;;
    --lockstep) need "$@"; ls_sm=$2; shift 2 ;;
    --jobs) need "$@"; jobs=$2; shift 2 ;;
    --out) need "$@"; out=$2; shift 2 ;;
    -*) die "unknown option $1" ;;
    *) wls+=("$1"); shift ;;
  esac
done
# numbers by the project's rules (cmodel/include/num.h); gpusim checks --scale and the SM
[[ "$jobs" =~ ^[0-9]+$ ]] && [ "$((10#$jobs))" -ge 1 ] && [ "$((10#$jobs))" -le 64 ] ||
  die "--jobs '$jobs': not a number 1..64"
[ "$ls_sm" = none ] || [[ "$ls_sm" =~ ^(0x[0-9a-fA-F]+|[0-9]+)$ ]] || die "--lockstep '$ls_sm': an SM number or none"
[ ${#wls[@]} -gt 0 ] || wls=(atax bicg syrk 2dconv)
make -s tools >/dev/null || exit 2
mkdir -p "$out"
bind=(); [ "$ls_sm" != none ] && bind=(--bind "mrpb@$ls_sm=lockstep")
# build the RTL-linked simulator once before the parallel runs
if [ "$ls_sm" != none ]; then
  tb/bin/gpusim --workload "${wls[0]%@*}" --mrpb on "${bind[@]}" --set max_cycles=1 --quiet >/dev/null || exit 2
fi
jobsfile=$out/jobs.txt
: >"$jobsfile"
runs=()
for spec in "${wls[@]}"; do
  w=${spec%@*} sc=$scale
  [ "$spec" != "$w" ] && sc=${spec#*@}
  runs+=("$w@$sc")
done
for c in ${configs//,/ }; do
  for r in "${runs[@]}"; do
    echo "$c ${r%@*} ${r#*@} off" >>"$jobsfile"
    echo "$c ${r%@*} ${r#*@} on" >>"$jobsfile"
  done
done
run_one() { # config workload scale mrpb
  local c=$1 w=$2 sc=$3 m=$4 extra=() f
  [ "$m" = on ] && extra=("${bind[@]}")
  f="$out/$c-$w@$sc-$m"
  tb/bin/gpusim --config "$c" --workload "$w" --scale "$sc" --mrpb "$m" "${extra[@]}" \
    --json "$f.json" --out "$out" --quiet >"$f.log" 2>&1
  echo $? >"$f.rc"
}
export -f run_one
export out
export bind_str="${bind[*]}"
# shellcheck disable=SC2016
xargs -P "$jobs" -L 1 bash -c 'bind=($bind_str); run_one "$0" "$1" "$2" "$3"' <"$jobsfile"
python3 - "$out" "$scale" $configs "${runs[@]}" <<'PY'
import json, os, re, sys
sys.path.insert(0, "experiments/lib")
import gexp
out, scale, configs = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
runs = sys.argv[4:]
bad = 0
checked = mism = 0
print(f"GPU model, scale x seed-000 inputs (Table 2 scaling factors): baseline vs MRPB (final design)")
print("L1 hit: hits on valid lines / reads; pend: hits on lines whose fill is in flight (MSHR merges) / reads")
print(f"{'config':7} {'workload':8} {'scale':>5} {'class':5} {'IPC base':>9} {'IPC MRPB':>9} {'speedup':>8} {'L1 hit':>7} {'(MRPB)':>7} {'pend':>6} {'(MRPB)':>7} {'cycles base':>12} {'cycles MRPB':>12}")
sp = {}
GROUPS = []  # the model's stage groups (name, first stage, last stage), from the first JSON
def groups(doc):
    b = doc["breakdown"]; st = b["stages"]
    if not GROUPS:
        GROUPS.extend(tuple(x) for x in b["groups"])
    cyc = [0] * len(st); n = 0
    for r in b["sms"]:
        for k in ("hit", "pending_hit", "miss", "bypass"):
            n += r[k]["requests"]; cyc = [a + x for a, x in zip(cyc, r[k]["cycles"])]
    g = [sum(cyc[st.index(lo):st.index(hi) + 1]) / n if n else 0 for _, lo, hi in GROUPS]
    return sum(g), g
summary = []
for c in configs:
    for run in runs:
        w, sc = run.split("@")
        r = {}
        for m in ("off", "on"):
            rc = open(f"{out}/{c}-{run}-{m}.rc").read().strip()
            log = open(f"{out}/{c}-{run}-{m}.log").read()
            for mm in re.finditer(r"lockstep: (\d+) RTL cycles checked over \d+ instances? \([^)]*\), (\d+) mismatch", log):
                checked += int(mm.group(1)); mism += int(mm.group(2))
            if rc != "0":
                print(f"{c:7} {w:8} FAILED ({m}, exit {rc}): see {out}/{c}-{run}-{m}.log"); bad = 1; r = None; break
            r[m] = json.load(open(f"{out}/{c}-{run}-{m}.json"))
        if not r:
            continue
        b, o = r["off"]["counters"], r["on"]["counters"]
        s = o["ipc_warp"] / b["ipc_warp"] if b["ipc_warp"] else 0
        cls = r["off"]["workload"]["class"]
        sp.setdefault((c, cls), []).append(s); sp.setdefault((c, "all"), []).append(s)
        print(f"{c:7} {w:8} {sc:>5} {cls:5} {b['ipc_warp']:9.3f} {o['ipc_warp']:9.3f} {s:7.2f}x {100*b['l1_hit_rate']:6.1f}% {100*o['l1_hit_rate']:6.1f}% {100*b['l1_pending_hit_rate']:5.1f}% {100*o['l1_pending_hit_rate']:6.1f}% {b['cycles']:12d} {o['cycles']:12d}")
        for m in ("off", "on"):
            lat, g = groups(r[m])
            summary.append((c, w, sc, "base" if m == "off" else "MRPB", lat, g, b, o))
for (c, cls), v in sorted(sp.items()):
    g = gexp.geomean(v) if all(x > 0 for x in v) else 0
    print(f"geomean speedup {c} {cls}: {g:.2f}x over {len(v)} workloads")
if summary:
    print("where a load's line request spends its cycles (mean per request; gpusim --breakdown for the stages):")
    print(f"{'config':7} {'workload':8} {'scale':>5} {'run':4} {'latency':>8} " + " ".join(f"{n:>7}" for n, _, _ in GROUPS))
    for c, w, sc, m, lat, g, _, _ in summary:
        print(f"{c:7} {w:8} {sc:>5} {m:4} {lat:8.1f} " + " ".join(f"{x:7.1f}" for x in g))
    print("what MRPB changed: latency per request by stage group (speed is throughput: a run can be faster with")
    print("slower requests when the L1 port stops refusing); L2 reads, bypasses and the L1 port's refusals from the counters:")
    for i in range(0, len(summary), 2):
        c, w, sc, _, lb, gb, b, o = summary[i]
        lm, gm = summary[i + 1][4], summary[i + 1][5]
        d = sorted(((gm[j] - gb[j], GROUPS[j][0]) for j in range(len(GROUPS))), reverse=True)
        more = ", ".join(f"{n} {x:+.0f}" for x, n in d[:4] if x >= 1) or "none"
        less = ", ".join(f"{n} {x:+.0f}" for x, n in list(reversed(d))[:4] if x <= -1) or "none"
        rd = lambda k: k["l2_hits"] + k["l2_misses"]
        sms = r["off"]["config"]["sms"]
        ref = lambda k: 100.0 * sum(k[f] for f in ("l1_fail_assoc", "l1_fail_mshr", "l1_fail_merge", "l1_fail_missq")) / max(k["cycles"] * sms, 1)
        print(f"  {c} {w}@{sc}: {lm - lb:+.0f} cycles per request (up: {more}; down: {less}); "
              f"L2 reads x{rd(o) / max(rd(b), 1):.2f}, bypasses {o['l1_bypasses']}, "
              f"L1 port refusing {ref(b):.0f}% -> {ref(o):.0f}% of cycles")
print(f"lockstep: {checked} RTL cycles checked against the C model inside workload traffic, {mism} mismatches")
sys.exit(1 if bad or mism else 0)
PY
