# tb/checks/apps.sh: the applications (cmodel/gpu/apps/, gk_app.h; docs/workloads.md):
# each one's warp instruction streams equal its independent Python model's
# (tb/streams/APP.py) and the comparison fails when one index is off by one; each runs to
# the end in the GPU model (and under the sanitizers) with its residency in the JSON;
# the fill warning; the same seed gives the same bytes; the PolyBench kernels' counters
# unchanged by the front end (tb/gpu/polybench_counters.txt).
G=${GPUSIM:-build/bin/gpusim}
apps() { sed -n 's/^GKA_APP(\([a-z0-9_]*\),.*/\1/p' cmodel/gpu/apps/apps.def; }
# an attribute of the app's Python model (CHECK_SCALE, RUN_SCALE), or a default
model_attr() { python3 -c "import sys; sys.path.insert(0, 'tb/streams'); import $1 as m; print(getattr(m, '$2', getattr(m, 'CHECK_SCALE', 0.01)))"; }

# the C generator with every index of one memory instruction off by one (kstream
# --fault-pc: its first global load or store) gives a stream the model refuses
fault_caught() {
  local app=$1 s pc
  s=$(model_attr "$app" CHECK_SCALE)
  pc=$(build/bin/kstream --workload "$app" --scale "$s" | awk '$1 == "LD" || $1 == "ST" { print "0x" $2; exit }')
  [ -n "$pc" ] || { echo "$app: no global load or store at scale $s"; return 1; }
  python3 tb/streams/check.py "$app" --fault-pc "$pc" >"$L/apps-fault-$app.txt"
  local rc=$?
  cat "$L/apps-fault-$app.txt"
  [ $rc -eq 1 ] && grep -q "differ at line" "$L/apps-fault-$app.txt" || { echo "$app: pc $pc off by one was not caught (exit $rc)"; return 1; }
  echo "$app: pc $pc off by one caught"
}

# the app runs to the end on base-s at its run scale; the JSON has its residency, and
# its thread blocks per launch are what the launch configuration gives
app_run() {
  local app=$1 bin=${2:-$G} s j
  s=$(model_attr "$app" RUN_SCALE)
  # the sanitized run's JSON apart: the two may run at once, and apps_breakdown_whole
  # reads apps-*.json
  j="$L/apps-$app.json"
  [ "$bin" = "$G" ] || j="$L/asan-apps-$app.json"
  "$bin" --workload "$app" --scale "$s" --quiet --json "$j" || return 1
  python3 - "$j" "$app" "$s" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r, c = d["residency"], d["counters"]
assert c["warp_instructions"] > 0 and c["launches_completed"] == d["workload"]["launches"], "not every launch ran"
assert 0 < r["sms_used"] <= r["sms"] and len(r["per_sm_mean_warps"]) == r["sms"]
assert all(len(row) == r["sms"] for row in r["warps"]) and len(r["warps"]) == len(r["blocks"])
print("%s scale %s: %d launches, %d cycles, %d warp instructions, %d of %d SMs used, mean %.1f warps/SM%s" % (
    sys.argv[2], sys.argv[3], c["launches_completed"], c["cycles"], c["warp_instructions"], r["sms_used"], r["sms"],
    r["mean_warps_per_sm"], "" if r["filled"] else " (not filled)"))
PY
}

# the fill check: a kernel that leaves the GPU empty warns on one stderr line, and the
# JSON says so; one that fills it does not warn
fill_warns() {
  $G --workload atax --scale 0.05 --quiet --json "$L/fill-atax.json" 2>"$L/fill-atax.err" || return 1
  cat "$L/fill-atax.err"
  [ "$(wc -l <"$L/fill-atax.err")" -eq 1 ] && grep -q "^gpusim: warning: atax does not fill the GPU: 2 of 14 SMs held a thread block (under half)" "$L/fill-atax.err" &&
    grep -q '"filled": false' "$L/fill-atax.json" || return 1
  $G --workload 2dconv --scale 0.1 --quiet --json "$L/fill-gemm.json" 2>"$L/fill-gemm.err" || return 1
  [ ! -s "$L/fill-gemm.err" ] && grep -q '"filled": true' "$L/fill-gemm.json" && echo "2dconv 0.1 fills the GPU, no warning"
}

# same seed, same bytes; another seed, another input (and so other counters)
app_seed() {
  $G --workload bfs --scale 0.005 --quiet --json "$L/seed-a.json" 2>/dev/null &&
    $G --workload bfs --scale 0.005 --quiet --json "$L/seed-b.json" 2>/dev/null &&
    $G --workload bfs --scale 0.005 --seed 2 --quiet --json "$L/seed-c.json" 2>/dev/null || return 1
  cmp "$L/seed-a.json" "$L/seed-b.json" && ! cmp -s <(sed -n '/"counters"/,/}/p' "$L/seed-a.json") <(sed -n '/"counters"/,/}/p' "$L/seed-c.json") &&
    echo "bfs: seed 1 twice identical, seed 2 differs"
}

# the 12 PolyBench kernels' counters are what they were before warp programs existed
# (tb/gpu/polybench_counters.txt, written by `tb/checks/fn apps polybench_counters write`
# from the model of fac8bf8; regenerate only for a change meant to move them, and say so)
polybench_counters() {
  local w out=$L/polybench_counters.txt
  : >"$out"
  for w in $($G --list); do
    $G --workload "$w" --scale 0.05 --tsteps 2 --quiet --json "$L/pbc-$w.json" 2>/dev/null || { echo "$w failed"; return 1; }
    # the model's own counters (a block kind's, named KIND_..., come and go with the block list)
    python3 -c "import json, sys; c = json.load(open(sys.argv[1]))['counters']; k = tuple(x + '_' for x in sys.argv[3].split()); print(sys.argv[2], ' '.join('%s=%s' % kv for kv in sorted(c.items()) if not kv[0].startswith(k)))" \
      "$L/pbc-$w.json" "$w" "$(sed -n 's/^BLOCK(\([a-z0-9_]*\),.*/\1/p' cmodel/blocks.def)" >>"$out"
  done
  if [ "${1:-}" = write ]; then cp "$out" tb/gpu/polybench_counters.txt; return; fi
  diff tb/gpu/polybench_counters.txt "$out" && echo "$(wc -l <"$out") PolyBench kernels: counters as recorded"
}

# event skipping is exact in every application (lib.sh skip_same: the JSON and the human
# output with skipping on and off), each at its stream-check scale
skip_apps() {
  local a
  for a in $(apps); do skip_same "app-$a" --workload "$a" --scale "$(model_attr "$a" CHECK_SCALE)" || return 1; done
}

declare_apps() {
  local a runs=""
  for a in $(apps); do
    runs="$runs,apps_run_$a"
    ck "apps_stream_$a" -s '^streams ' -- python3 tb/streams/check.py "$a"
    ckf "apps_stream_fault_$a" -s 'caught' -- fault_caught "$a"
    ckf "apps_run_$a" -s 'scale' -- app_run "$a"
    ckf "apps_asan_$a" -t asan -n build_sanitized -- app_run "$a" build/asan/gpusim
  done
  # the load-latency breakdown is whole in every application's run (atomics in the bypass class)
  ck apps_breakdown_whole -n "${runs#,}" -s '^breakdown' -- bash -c 'python3 tb/gpu/check_breakdown.py "$L"/apps-*.json'
  ckf apps_fill_warning -- fill_warns
  ckf apps_seed -- app_seed
  ckf apps_skip_exact -- skip_apps
  ckf apps_polybench_counters -s 'PolyBench' -- polybench_counters
  CK_TAGS=apps,bad-input
  bad apps_kstream_unknown "unknown workload 'nbody'" -- build/bin/kstream --workload nbody
  bad apps_kstream_polybench "atax is a PolyBench kernel" -- build/bin/kstream --workload atax
  bad apps_kstream_scale "--scale '0': out of range" -- build/bin/kstream --workload bfs --scale 0
}
