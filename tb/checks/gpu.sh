# tb/checks/gpu.sh: the GPU memory model (build/bin/gpusim, tb/bin/gpusim with RTL bound):
# every workload completes, the load-latency breakdown is whole (and its checker can
# fail), determinism, clock gating, the reference block's RTL in lockstep inside workload
# traffic and its planted bug caught there, the configuration sweeps, option order, and
# bad input. The reference block (lib.sh, REF_BLOCK) is the one bound where one is needed.
G=build/bin/gpusim
counters_equal() { diff <(sed -n '/counters/,$p' "$1") <(sed -n '/counters/,$p' "$2"); }

all_workloads() { # every workload, without and with the reference block
  local w m
  for w in $($G --list); do
    for m in off on; do
      $G --workload "$w" --scale 0.1 --tsteps 2 --$REF_BLOCK $m --quiet --json "$L/wl-$w-$m.json" || { echo "$w $REF_BLOCK $m failed"; return 1; }
    done
  done
  echo "$($G --list | wc -l) workloads, $REF_BLOCK off and on: all finished"
}
# the load-latency breakdown is whole in every one of those runs (stages add up to each
# line request's latency, classes equal the L1's counters, fixed latencies exact), and
# with interconnect jitter
breakdown_whole() {
  $G --workload atax --scale 0.1 --$REF_BLOCK on --set icnt.jitter=3 --quiet --json "$L/bdj.json" &&
    python3 tb/gpu/check_breakdown.py "$L"/wl-*.json "$L/bdj.json"
}
breakdown_check_fails() { # a corrupted document is caught
  python3 -c "import json; d = json.load(open('$L/wl-syrk-on.json')); d['breakdown']['sms'][0]['miss']['cycles'][12] += 1; json.dump(d, open('$L/bd-bad.json', 'w'))" &&
    ! python3 tb/gpu/check_breakdown.py "$L/bd-bad.json" >"$L/bd-bad.txt" && grep 'stages add up to' "$L/bd-bad.txt"
}
breakdown_check_wrapped() { # a stage gone below zero (wrapped near 2^64 in the sums, the total alike) is caught
  python3 -c "import json; d = json.load(open('$L/wl-syrk-on.json')); b = d['breakdown']; b['sms'][0]['miss']['cycles'][7] += 2**64; b['kernels'][0]['miss']['cycles'][7] += 2**64; b['line_request_cycles'] += 2**64; json.dump(d, open('$L/bd-wrap.json', 'w'))" &&
    ! python3 tb/gpu/check_breakdown.py "$L/bd-wrap.json" >"$L/bd-wrap.txt" &&
    grep 'miss stage retry_idle has 1844674' "$L/bd-wrap.txt" && ! grep -q 'stages add up to' "$L/bd-wrap.txt"
}
breakdown_table() {
  $G --workload 3mm --scale 0.1 --$REF_BLOCK on --breakdown >"$L/bd.txt" && grep -q '^kernel mm3_kernel1: cycles per line request' "$L/bd.txt" &&
    grep -q '^all kernels' "$L/bd.txt" && grep -q '^  latency ' "$L/bd.txt" && grep -q '^per SM' "$L/bd.txt"
}
# the breakdown is whole also with every block kind at the L1 or REQ hook (cmodel/blocks.def,
# --set KIND=on), in the configurations that send past the L1 reads it refused (LASC,
# selective caching: bypassed the cycle of a refusal, that refusal is no retry cycle), MRPB
# bypassing on every stall, two blocks on one path, with jitter, and the other hooks
breakdown_blocks() {
  local ks k w o i=0
  rm -f "$L"/bdk-*.json
  ks=$(sed -n 's/^BLOCK(\([a-z0-9_]*\), *\(L1\|REQ\)).*/\1/p' cmodel/blocks.def)
  [ "$(echo $ks | wc -w)" -ge 5 ] || { echo "fewer than 5 kinds at L1/REQ: $ks"; return 1; }
  for k in $ks; do
    for w in atax 2dconv; do
      $G --workload $w --scale 0.1 --set $k=on --quiet --json "$L/bdk-$k-$w.json" || { echo "$k $w failed"; return 1; }
    done
  done
  for o in '--config choo --l1 lasc' '--config choo --l1 lasc --set icnt.jitter=3' '--selcache on --locality-degree on' \
           '--config dl1d --l1 decoupled' '--memsched grr --probes 4' '--memsched rr --probes 2 --l1 lasc' \
           '--mrpb on --set mrpb.Bypass=all' '--mrpb on --selcache on' '--sched apres' '--config clams --dram-sched clams-dyn'; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    $G --workload atax --scale 0.1 $o --quiet --json "$L/bdk-o$i.json" || { echo "$o failed"; return 1; }
  done
  python3 tb/gpu/check_breakdown.py "$L"/bdk-*.json
}
breakdown_bypass() { # atax, bicg and mvt bypass reads the L1 refused, under LASC and under selective caching
  local w
  rm -f "$L"/bdb-*.json
  for w in atax bicg mvt; do
    $G --workload $w --scale 0.1 --config choo --l1 lasc --quiet --json "$L/bdb-lasc-$w.json" &&
      $G --workload $w --scale 0.1 --selcache on --quiet --json "$L/bdb-selcache-$w.json" || return 1
  done
  python3 tb/gpu/check_breakdown.py "$L"/bdb-*.json
}
determinism() { # same seed, same bytes; another seed moves the (jittered) interconnect, so other bytes
  local i
  for i in 1 2; do $G --workload bicg --scale 0.1 --$REF_BLOCK on --set icnt.jitter=4 --seed 7 --quiet --json "$L/det$i.json" || return 1; done
  cmp "$L/det1.json" "$L/det2.json" &&
    $G --workload bicg --scale 0.1 --$REF_BLOCK on --set icnt.jitter=4 --seed 8 --quiet --json "$L/det3.json" && ! cmp -s "$L/det1.json" "$L/det3.json"
}
json_seed() { # the JSON records the seed and the resolved configuration (watchdog in effect, bound)
  grep -q '"seed": 7,' "$L/det1.json" && grep -q '"watchdog_cycles": ' "$L/det1.json" &&
    grep -q '"quiet_bound": ' "$L/det1.json" && grep -q "\"$REF_BLOCK.config\": \"" "$L/det1.json"
}
gate_exact() { # clock gating of an idle block is exact: identical counters with it off
  $G --workload syrk --scale 0.25 --$REF_BLOCK on --quiet --json "$L/g1.json" &&
    $G --workload syrk --scale 0.25 --$REF_BLOCK on --set gate=off --quiet --json "$L/g0.json" && counters_equal "$L/g1.json" "$L/g0.json"
}
skip_polybench() { # every PolyBench kernel, no block bound, and two with MRPB on
  local w
  for w in $($G --list); do skip_same "pb-$w" --workload "$w" --scale 0.05 --tsteps 2 || return 1; done
  skip_same pb-atax-mrpb --workload atax --scale 0.1 --mrpb on &&
    skip_same pb-mvt-mrpb-gto --workload mvt --scale 0.1 --mrpb on --set core.sched=gto
}
# with other blocks bound (gated REQ and L1 blocks skip; a SCHED (LAWS, APRES) or DRAM block
# keeps every cycle), GTO, jitter, odd series and residency boundaries, dram.accept,
# max_cycles
skip_blocks() {
  skip_same bl-memsched --workload bicg --scale 0.1 --memsched grr &&
    skip_same bl-apres --workload 2dconv --scale 0.1 --config apres --sched apres &&
    skip_same bl-dl1d --workload syrk --scale 0.1 --config dl1d --l1 decoupled &&
    skip_same bl-lasc --workload gesummv --scale 0.1 --config choo --l1 lasc &&
    skip_same bl-laws --workload atax --scale 0.05 --sched laws &&
    skip_same bl-clams --workload mvt --scale 0.05 --config clams --dram-sched clams-dyn &&
    skip_same bl-jitter --workload atax --scale 0.1 --set core.sched=gto --set icnt.jitter=5 --set series=777 &&
    skip_same bl-accept --workload gesummv --scale 0.1 --set dram.accept=1 --set dram.lat=0 --set l2.rop=0 &&
    skip_same bl-maxcycles --workload mvt --scale 0.2 --set max_cycles=123457
}
skip_fault_caught() { # a wrong skip (--skip-fault: one idle-issue cycle too many a jump) is caught
  ! skip_same fault --workload atax --scale 0.05 --skip-fault >"$L/sk-fault.txt" && cat "$L/sk-fault.txt" &&
    grep -q 'the JSON differs' "$L/sk-fault.txt"
}
skip_stats() { # --stats tells how many cycles were skipped; the output is the same without it
  $G --workload mvt --scale 0.1 --quiet --stats --json "$L/sk-st1.json" 2>"$L/sk-st.err" &&
    $G --workload mvt --scale 0.1 --quiet --json "$L/sk-st0.json" 2>/dev/null && cmp "$L/sk-st1.json" "$L/sk-st0.json" &&
    grep -E 'stats: [0-9]+ cycles, [1-9][0-9]* skipped' "$L/sk-st.err"
}
# the reference block's RTL inside workload traffic: every SM in lockstep, 0 mismatches, and
# the GPU counters identical to the C-bound run (the RTL drove the GPU in those SMs)
lockstep_all_sms() {
  tb/bin/gpusim --workload atax --scale 0.25 --$REF_BLOCK on --bind $REF_BLOCK=lockstep --quiet --json "$L/ls.json" | tee "$L/ls.txt" &&
    grep -q ', 0 mismatches' "$L/ls.txt" && $G --workload atax --scale 0.25 --$REF_BLOCK on --quiet --json "$L/lc.json" &&
    counters_equal "$L/ls.json" "$L/lc.json"
}
lockstep_rtl_mode() {
  tb/bin/gpusim --workload syrk --scale 0.25 --$REF_BLOCK on --bind $REF_BLOCK=rtl --bind $REF_BLOCK@5=lockstep --quiet | grep ', 0 mismatches'
}
trace_one() { # a waveform of one instance inside traffic (--trace KIND@INDEX=file.fst), with its save file
  rm -f "$L/sm2.fst" "$L/sm2.gtkw" && tb/bin/gpusim --workload atax --scale 0.1 --$REF_BLOCK on --bind $REF_BLOCK@2=lockstep \
    --trace $REF_BLOCK@2="$L/sm2.fst" --quiet && test -s "$L/sm2.fst" && python3 tb/lint/check_gtkw.py "$L/sm2.gtkw"
}
rtl_needs() { # which RTL builds a run needs: one line per kind bound rtl or lockstep, nothing when all are c
  manifest $REF_BLOCK || return 1
  test -z "$($G --$REF_BLOCK on --print-rtl-needs)" &&
    test "$($G --$REF_BLOCK on --set $REF_BLOCK.$REF_GPU_SET --bind $REF_BLOCK@3=lockstep --bind $REF_BLOCK@4=rtl --print-rtl-needs | cut -f1,3)" = "$(printf '%s\t%s' $REF_BLOCK "$REF_GPU_SET")"
}
# a planted RTL bug inside workload traffic stops the run with the report and a waveform
# (the reference block's REF_GPU_PLANTED entry of its manifest, applied to a fresh copy)
planted_applied() {
  local md=build/mutant-gpu/$REF_BLOCK
  manifest $REF_BLOCK && planted_find "$REF_GPU_PLANTED" && rm -rf "$md" build/gpusim-mut && mkdir -p build/mutant-gpu &&
    planted_make "$P_ENTRY" "$md" && ! cmp -s "rtl/$REF_BLOCK/$P_FILE" "$md/$P_FILE"
}
planted_run() {
  manifest $REF_BLOCK || return 1
  exec tb/bin/gpusim --workload atax --scale 0.25 --$REF_BLOCK on --bind $REF_BLOCK@1=lockstep \
    --rtl-dir build/mutant-gpu/$REF_BLOCK --out build/gpusim-mut --quiet
}
planted_artifacts() {
  grep -q 'reproduce: tb/bin/gpusim .*--rtl-dir' "$L/gpu_planted_bug.log" && test -s "build/gpusim-mut/mismatch-$REF_BLOCK@1.fst" &&
    python3 tb/lint/check_gtkw.py "build/gpusim-mut/mismatch-$REF_BLOCK@1.gtkw"
}
opt_order() { # opt_order NAME 'KEY VALUE' ARGS...: after ARGS, config KEY is VALUE
  local name=$1 want=$2
  shift 2
  $G --workload atax --scale 0.05 --quiet --json "$L/opt-$name.json" "$@" && grep "\"${want% *}\": \"${want#* }\"" "$L/opt-$name.json"
}
json_kept() { # a bad command line leaves an existing --json file as it was
  echo keep >"$L/keep.json" && ! $G --workload nbody --json "$L/keep.json" 2>/dev/null && grep -qx keep "$L/keep.json"
}
decimal_only() {
  $G --workload atax --scale 0.05 --set sms=010 --quiet --json "$L/dec.json" && grep '"sms": 10,' "$L/dec.json"
}

# the per-SM timeline (docs/results-format.md "timeline") is whole (tb/gpu/check_timeline.py:
# reasons add up to window cycles x schedulers on every SM and window, issued equals the warp
# instructions, and those the counters) and the same with --no-skip, in a PolyBench kernel
# and an application with barriers and shared memory
timeline_whole() {
  local a
  for a in "atax --scale 0.1" "reduction --scale 0.01" "2dconv --scale 0.05 --config apres --sched apres"; do
    local n=${a%% *}
    $G --workload $a --quiet --json "$L/tl-$n.json" 2>/dev/null && $G --workload $a --quiet --no-skip --json "$L/tl-$n-ns.json" 2>/dev/null || return 1
    python3 -c "import json, sys; a, b = (json.load(open(f))['timeline'] for f in sys.argv[1:]); sys.exit(a != b)" "$L/tl-$n.json" "$L/tl-$n-ns.json" ||
      { echo "$n: the timeline differs with --no-skip"; return 1; }
  done
  python3 tb/gpu/check_timeline.py "$L"/tl-*.json
}
# the plot of a gpusim JSON and of a run file of the experiment layer (the timeline in a
# wrapper): both files each; a file without a timeline is refused on one stderr line, exit 2
timeline_plot() {
  $G --workload 2dconv --scale 0.05 --quiet --json "$L/tlp.json" 2>/dev/null || return 1
  python3 -c "import json, sys; d = json.load(open(sys.argv[1])); json.dump({'format': 1, 'run': {}, 'workload': d['workload'], 'counters': d['counters'], 'timeline': d['timeline']}, open(sys.argv[2], 'w'))" "$L/tlp.json" "$L/tlp-run.json" &&
    rm -f "$L"/tlp-*.png "$L"/tlp-*.svg &&
    python3 experiments/bin/timeline.py "$L/tlp.json" "$L/tlp-a" && python3 experiments/bin/timeline.py "$L/tlp-run.json" "$L/tlp-b" &&
    test -s "$L/tlp-a.png" && test -s "$L/tlp-a.svg" && test -s "$L/tlp-b.png" && test -s "$L/tlp-b.svg" &&
    cmp "$L/tlp-a.svg" "$L/tlp-b.svg" || return 1
  echo '{"counters": {}}' >"$L/tlp-bad.json"
  python3 experiments/bin/timeline.py "$L/tlp-bad.json" "$L/tlp-c" 2>"$L/tlp-bad.err"
  [ $? -eq 2 ] && [ "$(wc -l <"$L/tlp-bad.err")" -eq 1 ] && [ ! -e "$L/tlp-c.png" ] && cat "$L/tlp-bad.err" && echo "timeline plots: gpusim JSON and run file, bad file refused"
}
# core.sap_move: with prefetch each target moves when its prefetch is sent (LAWS's moves
# equal SAP's prefetched targets; with accept, its accepted groups); targets = prefetched +
# dropped + still queued either way
sap_move() {
  local m
  for m in accept prefetch none; do
    $G --workload 2dconv --scale 0.1 --config apres --sched apres --set core.sap_move=$m --quiet --json "$L/sapm-$m.json" 2>/dev/null || return 1
  done
  python3 - "$L/sapm-accept.json" "$L/sapm-prefetch.json" "$L/sapm-none.json" <<'PY'
import json, sys
a, p, z = (json.load(open(f)) for f in sys.argv[1:])
assert z["counters"]["laws_target_moves"] == 0 < z["counters"]["sap_targets_prefetched"], z["counters"]["laws_target_moves"]
for d in (a, p):
    c = d["counters"]
    assert c["sap_targets"] == c["sap_targets_prefetched"] + c["sap_targets_dropped"] + c["sap_targets_queued"], c
assert a["config"]["core.sap_move"] == "accept" and p["config"]["core.sap_move"] == "prefetch"
ca, cp, n = a["counters"], p["counters"], 0
assert ca["laws_target_moves"] - n == ca["sap_groups_accepted"], (ca["laws_target_moves"], ca["sap_groups_accepted"])
assert cp["laws_target_moves"] - n == cp["sap_targets_prefetched"] > 0, (cp["laws_target_moves"], cp["sap_targets_prefetched"])
assert ca["cycles"] != cp["cycles"] or ca["laws_picks_not_policy"] != cp["laws_picks_not_policy"]
print("sap_move: accept %d moves for %d groups; prefetch %d moves for %d prefetched targets (%d dropped, %d queued); cycles %d -> %d"
      % (ca["laws_target_moves"] - n, ca["sap_groups_accepted"], cp["laws_target_moves"] - n, cp["sap_targets_prefetched"],
         cp["sap_targets_dropped"], cp["sap_targets_queued"], ca["cycles"], cp["cycles"]))
PY
}
# core.dl1d_follow: decoupled: only SM 1's reads (the baseline leader) count as baseline;
# baseline: every follower's reads do as well; duel: what the comparator says (some)
# an L1 block's added access cycles (l1_extra_lat; the decoupled L1D's pipelined form adds
# one): every hit returns a cycle later, so with every read a hit (the L1 warmed and the
# kernel re-reading it) the run is slower, and event skipping stays exact (--no-skip: the
# same JSON)
l1_extra_lat() {
  local a=(--workload particlefilter --scale 0.05 --config dl1d --dl1d on --quiet) c0 c1
  $G "${a[@]}" --json "$L/xlat0.json" && $G "${a[@]}" --set dl1d.Pipe=1 --json "$L/xlat1.json" &&
    $G "${a[@]}" --set dl1d.Pipe=1 --no-skip --json "$L/xlat1-ns.json" || return 1
  cmp -s "$L/xlat1.json" "$L/xlat1-ns.json" || { echo "dl1d.Pipe=1: the JSON differs with --no-skip"; return 1; }
  c0=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['counters']['cycles'])" "$L/xlat0.json")
  c1=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['counters']['cycles'])" "$L/xlat1.json")
  echo "l1_extra_lat: particlefilter x0.05, dl1d Pipe=0 $c0 cycles, Pipe=1 $c1 cycles; --no-skip the same JSON"
  [ "$c1" -gt "$c0" ]
}
dl1d_follow() {
  local f
  for f in duel decoupled baseline; do
    $G --workload syrk --scale 0.1 --config dl1d --l1 decoupled --set core.dl1d_follow=$f --quiet --json "$L/dl1df-$f.json" 2>/dev/null || return 1
  done
  python3 - "$L"/dl1df-{duel,decoupled,baseline}.json <<'PY'
import json, sys
d, dec, base = (json.load(open(f))["counters"] for f in sys.argv[1:])
for c in (d, dec, base):
    p = c["per_sm"]
    assert p["dl1d_reads_as_baseline"][0] == 0 and p["dl1d_reads_as_baseline"][1] == p["dl1d_reads"][1]
p = dec["per_sm"]
assert dec["dl1d_reads_as_baseline"] == p["dl1d_reads"][1] and not any(p["dl1d_reads_as_baseline"][2:])
p = base["per_sm"]
assert p["dl1d_reads_as_baseline"][2:] == p["dl1d_reads"][2:] and sum(p["dl1d_reads"][2:]) > 0
assert 0 < sum(d["per_sm"]["dl1d_reads_as_baseline"][2:]) < sum(d["per_sm"]["dl1d_reads"][2:])
print("dl1d_follow: followers' reads as baseline: duel %d, decoupled 0, baseline %d of %d"
      % (sum(d["per_sm"]["dl1d_reads_as_baseline"][2:]), sum(p["dl1d_reads_as_baseline"][2:]), sum(p["dl1d_reads"][2:])))
PY
}

declare_gpu() {
  local g t lv
  ck gpu_units -t unit -- build/bin/test_gpu
  ck gpu_units_asan -t unit,asan -n build_sanitized -- build/asan/test_gpu
  ck gpu_asan_run -t asan -n build_sanitized -- build/asan/gpusim --workload 2dconv --scale 0.05 --$REF_BLOCK on --set icnt.jitter=2 --quiet
  ckf gpu_all_workloads -s 'workloads' -- all_workloads
  ckf gpu_breakdown_whole -n gpu_all_workloads -- breakdown_whole
  ckf gpu_breakdown_check_fails -n gpu_all_workloads -- breakdown_check_fails
  ckf gpu_breakdown_check_wrapped -n gpu_all_workloads -- breakdown_check_wrapped
  ckf gpu_breakdown_table -- breakdown_table
  ckf gpu_breakdown_blocks -- breakdown_blocks
  ckf gpu_breakdown_bypass -- breakdown_bypass
  ckf gpu_determinism -- determinism
  ckf gpu_json_seed -n gpu_determinism -- json_seed
  ckf gpu_gate_exact -- gate_exact
  ckf gpu_skip_polybench -- skip_polybench
  ckf gpu_skip_blocks -- skip_blocks
  ckf gpu_timeline_whole -s '^timeline: ' -- timeline_whole
  ckf gpu_timeline_plot -s 'timeline plots' -- timeline_plot
  ckf gpu_sap_move -s '^sap_move: ' -- sap_move
  ckf gpu_dl1d_follow -s '^dl1d_follow: ' -- dl1d_follow
  ckf gpu_l1_extra_lat -s '^l1_extra_lat: ' -- l1_extra_lat
  bad gpu_bad_sap_move "core.sap_move: 'later' is not one of accept prefetch" -- $G --workload atax --set core.sap_move=later
  bad gpu_bad_dl1d_follow "core.dl1d_follow=3 out of range 0..2" -- $G --workload atax --set core.dl1d_follow=3
  bad gpu_timeline_plot_missing "build/none.json: No such file or directory" -- python3 experiments/bin/timeline.py build/none.json build/none-plot
  ckf gpu_skip_fault_caught -- skip_fault_caught
  ckf gpu_skip_stats -s 'stats' -- skip_stats
  # event skipping over random valid configurations (tb/gpu/skip_twice.sh: each run again
  # with --no-skip, the JSON the same bytes)
  ck gpu_skip_sweep -s '^sweep: ' -- python3 tb/gpu/config_sweep.py tb/gpu/skip_twice.sh --runs 8 --seed 3 --jobs 1 --out "$L/sweep-skip"
  ckf gpu_lockstep_all_sms -t rtl,lockstep -n build_rtl_shared -s '^lockstep: ' -- lockstep_all_sms
  ckf gpu_lockstep_rtl_mode -t rtl,lockstep -n build_rtl_shared -- lockstep_rtl_mode
  ckf gpu_trace -t rtl,waves -n build_rtl_shared -- trace_one
  ckf gpu_rtl_needs -- rtl_needs
  ckf gpu_planted_bug_applied -t planted -- planted_applied
  ck gpu_planted_bug -t rtl,planted -n gpu_planted_bug_applied,build_rtl_shared -x "fail:1:instance: $REF_BLOCK@1" -- tb/checks/fn gpu planted_run
  ckf gpu_planted_bug_artifacts -t planted -n gpu_planted_bug -- planted_artifacts
  bad gpu_rtl_dir_unbound "no instance is bound rtl or lockstep" -n gpu_planted_bug_applied -- tb/bin/gpusim --workload atax --$REF_BLOCK on --rtl-dir build/mutant-gpu/$REF_BLOCK
  # no reachable deadlock: random valid configurations (every parameter of --help-config,
  # block kinds on and off, smallest resources favoured) each run to the end on a short
  # workload, and every pair of block kinds on together
  ck gpu_config_sweep -s '^sweep: ' -- python3 tb/gpu/config_sweep.py $G --runs 16 --seed 1 --out "$L/sweep"
  ck gpu_config_sweep_full -F -s '^sweep: ' -- python3 tb/gpu/config_sweep.py $G --runs 64 --seed 1 --out "$L/sweep-full"
  ck gpu_config_sweep_pairs -s '^sweep: ' -- python3 tb/gpu/config_sweep.py $G --pairs --seed 1 --out "$L/sweep-pairs"
  # block options apply left to right with --set (the last one wins), whatever their kind
  ckf gpu_opt_order_memsched_off -- opt_order memsched_off 'memsched off' --memsched grr --memsched off
  ckf gpu_opt_order_mrpb_on -- opt_order mrpb_on 'mrpb on' --set mrpb=off --mrpb on
  ckf gpu_opt_order_sap_off -- opt_order sap_off 'sap off' --sched apres --sap off
  ckf gpu_opt_order_laws_kept -- opt_order laws_kept 'laws on' --sched apres --sap off
  ckf gpu_opt_order_l1_last -- opt_order l1_last 'dl1d off' --config choo --dl1d on --l1 lasc
  CK_TAGS=gpu,bad-input
  # a contradiction is refused, never dropped: the explicit block beside another L1 design
  bad gpu_opt_l1_conflict "does not combine with rft" -- $G --workload atax --config dl1d --l1 decoupled --rft on
  bad gpu_opt_l1_conflict2 "does not combine with rft" -- $G --workload atax --config choo --l1 lasc --dl1d on
  bad gpu_opt_config_twice "--config given twice" -- $G --workload atax --config choo --config dl1d
  # a watchdog shorter than one request's worst trip would call a healthy run stuck: refused
  bad gpu_watchdog_too_short "watchdog=500 is shorter than the quiet bound" -- $G --workload atax --scale 0.1 --set l2.lat=900 --set watchdog=500
  # strict numbers, and bad input found before anything runs (also under the sanitizers)
  for g in $G build/asan/gpusim; do
    t=gpu_strict lv=(); [ $g != $G ] && t=gpu_asan_strict lv=(-n build_sanitized -t asan)
    bad ${t}_dram_queue "dram.queue=1 out of range 2..1024" "${lv[@]}" -- $g --workload atax --scale 0.25 --set dram.queue=1
    bad ${t}_window "--window '5abc': not a number" "${lv[@]}" -- $g --workload atax --window 5abc
    bad ${t}_seed "--seed ' -1': not a number" "${lv[@]}" -- $g --workload atax --seed ' -1'
    bad ${t}_octal "sms: '0o10' is not a number" "${lv[@]}" -- $g --workload atax --set sms=0o10
    bad ${t}_off_block "Depth=0 out of range" "${lv[@]}" -- $g --workload atax --set mrpb.Depth=0
    bad ${t}_scale_nan "--scale 'nan'" "${lv[@]}" -- $g --workload atax --scale nan
    bad ${t}_json_first "--json /nonexistent/x.json: cannot write" "${lv[@]}" -- $g --workload atax --json /nonexistent/x.json
  done
  ckf gpu_json_kept -- json_kept
  bad gpu_out_dir "--out: cannot create directory /proc/nope" -- $G --workload atax --scale 0.05 --$REF_BLOCK on --bind $REF_BLOCK@1=rtl --out /proc/nope/x
  # the Python and shell front ends follow the same number rules (tb/lib/num.py mirrors num.h)
  bad sweep_bad_runs "--runs '-5': not a number" -- python3 tb/gpu/config_sweep.py $G --runs -5
  bad synth_bad_jobs "--jobs '0': out of range" -- python3 synth_estimates/synth.py --jobs 0
  bad synth_bad_env "JOBS '4x': not a number" -- env JOBS=4x python3 synth_estimates/synth.py --smoke
  bad compare_bad_jobs "--jobs 'abc': not a number" -- experiments/bin/compare.sh --jobs abc
  ckf gpu_decimal_only -- decimal_only
  bad gpu_bad_skip "skip: 'maybe' is not one of off on" -- $G --workload atax --set skip=maybe
  bad gpu_bad_workload "unknown workload" -- $G --workload nbody
  bad gpu_bad_key "unknown parameter 'l1.colour'" -- $G --workload atax --set l1.colour=red
  bad gpu_bad_range "l1.assoc=0 out of range" -- $G --workload atax --set l1.assoc=0
  bad gpu_bad_geometry "l1.size=10000 is not a multiple" -- $G --workload atax --set l1.size=10000
  bad gpu_bad_probe_every "--probe-every .5x.: must be a number" -- $G --workload atax --probe-every 5x
  bad gpu_bad_bind "mode must be c, rtl or lockstep" -- $G --workload atax --$REF_BLOCK on --bind $REF_BLOCK@2=fast
  bad gpu_bad_bind_sm "SM number must be 0..13" -- $G --workload atax --$REF_BLOCK on --bind $REF_BLOCK@14=c
  bad gpu_bad_bind_kind "'colour' is not a block kind with a GPU hook" -- $G --workload atax --bind colour@1=c
  bad gpu_bad_bind_off "$REF_BLOCK is off \(add --$REF_BLOCK on\)" -- $G --workload atax --bind $REF_BLOCK@1=rtl
  bad gpu_bad_set_param "$REF_BLOCK: unknown parameter 'Colour'" -- $G --workload atax --$REF_BLOCK on --set $REF_BLOCK.Colour=3
  bad gpu_bad_set_value "mrpb: Sig=diagonal is not a valid value" -- $G --workload atax --mrpb on --set mrpb.Sig=diagonal
  bad gpu_bad_kind_flag "--$REF_BLOCK 'maybe': must be on or off" -- $G --workload atax --$REF_BLOCK maybe
  # MRPB's own settings through gpusim's parser (its messages name MRPB's parameters)
  bad gpu_bad_mrpb "cannot hold core.warps=48" -- $G --workload atax --mrpb on --set mrpb.NumQ=8
  bad gpu_bad_mrpb_param "Latency=40 out of range" -- $G --workload atax --mrpb on --set mrpb.Latency=40
  bad gpu_bad_scale "--scale" -- $G --workload atax --scale -1
  bad gpu_bad_preset "unknown preset" -- $G --workload atax --config base-xl
}
