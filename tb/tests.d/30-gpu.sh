# 30-gpu.sh: the GPU memory model (sourced by tb/run_tests.sh; uses check/expect_fail).
echo "== GPU memory model"
G=build/bin/gpusim
check gpu_units build/bin/test_gpu
check gpu_units_asan build/asan/test_gpu
check gpu_asan_run build/asan/gpusim --workload 2dconv --scale 0.05 --mrpb on --set icnt.jitter=2 --quiet
# every workload completes, without and with MRPB (small inputs; the full matrix is tb/gpu/compare.sh)
check gpu_all_workloads bash -c "for w in \$($G --list); do for m in off on; do $G --workload \$w --scale 0.1 --tsteps 2 --mrpb \$m --quiet --json $L/wl-\$w-\$m.json || { echo \"\$w mrpb \$m failed\"; exit 1; }; done; done"
# the load-latency breakdown is whole in every one of those runs (stages add up to each
# line request's latency, classes equal the L1's counters, fixed latencies exact), and
# with interconnect jitter; a corrupted document is caught
check gpu_breakdown_whole bash -c "$G --workload atax --scale 0.1 --mrpb on --set icnt.jitter=3 --quiet --json $L/bdj.json && python3 tb/gpu/check_breakdown.py $L/wl-*.json $L/bdj.json"
check gpu_breakdown_check_fails bash -c "python3 -c \"import json; d = json.load(open('$L/wl-syrk-on.json')); d['breakdown']['sms'][0]['miss']['cycles'][12] += 1; json.dump(d, open('$L/bd-bad.json', 'w'))\" && ! python3 tb/gpu/check_breakdown.py $L/bd-bad.json > $L/bd-bad.txt && grep -q 'stages add up to' $L/bd-bad.txt"
# a stage gone below zero (wrapped to near 2^64 in the model's sums, the total wrapped alike) is caught
check gpu_breakdown_check_wrapped bash -c "python3 -c \"import json; d = json.load(open('$L/wl-syrk-on.json')); b = d['breakdown']; b['sms'][0]['miss']['cycles'][7] += 2**64; b['kernels'][0]['miss']['cycles'][7] += 2**64; b['line_request_cycles'] += 2**64; json.dump(d, open('$L/bd-wrap.json', 'w'))\" && ! python3 tb/gpu/check_breakdown.py $L/bd-wrap.json > $L/bd-wrap.txt && grep -q 'miss stage retry_idle has 1844674' $L/bd-wrap.txt && ! grep -q 'stages add up to' $L/bd-wrap.txt"
check gpu_breakdown_table bash -c "$G --workload 3mm --scale 0.1 --mrpb on --breakdown > $L/bd.txt && grep -q '^kernel mm3_kernel1: cycles per line request' $L/bd.txt && grep -q '^all kernels' $L/bd.txt && grep -q '^  latency ' $L/bd.txt && grep -q '^per SM' $L/bd.txt"
# the breakdown is whole also with every block kind at the L1 or REQ hook (from cmodel/blocks.def, --set KIND=on),
# in the configurations that send past the L1 reads it refused (LASC, selective caching:
# bypassed the cycle of a refusal, that refusal is no retry cycle), MRPB bypassing on every
# stall, two blocks on one path, with jitter, and the other hooks (APRES's prefetches, CLAMS)
check gpu_breakdown_blocks bash -c "rm -f $L/bdk-*.json; ks=\$(sed -n 's/^BLOCK(\([a-z0-9_]*\), *\(L1\|REQ\)).*/\1/p' cmodel/blocks.def); test \$(echo \$ks | wc -w) -ge 5 || exit 1; for k in \$ks; do for w in atax 2dconv; do $G --workload \$w --scale 0.1 --set \$k=on --quiet --json $L/bdk-\$k-\$w.json || { echo \"\$k \$w failed\"; exit 1; }; done; done; i=0; for o in '--config choo --l1 lasc' '--config choo --l1 lasc --set icnt.jitter=3' '--selcache on --locality-degree on' '--config dl1d --l1 decoupled' '--memsched grr --probes 4' '--memsched rr --probes 2 --l1 lasc' '--mrpb on --set mrpb.Bypass=all' '--mrpb on --selcache on' '--sched apres' '--config clams --dram-sched clams-dyn'; do i=\$((i + 1)); $G --workload atax --scale 0.1 \$o --quiet --json $L/bdk-o\$i.json || { echo \"\$o failed\"; exit 1; }; done; python3 tb/gpu/check_breakdown.py $L/bdk-*.json"
# atax, bicg and mvt bypass reads the L1 refused, under LASC and under selective caching
check gpu_breakdown_bypass bash -c "rm -f $L/bdb-*.json; for w in atax bicg mvt; do $G --workload \$w --scale 0.1 --config choo --l1 lasc --quiet --json $L/bdb-lasc-\$w.json && $G --workload \$w --scale 0.1 --selcache on --quiet --json $L/bdb-selcache-\$w.json || exit 1; done; python3 tb/gpu/check_breakdown.py $L/bdb-*.json"
# same seed, same bytes; another seed moves the (jittered) interconnect, so other bytes
check gpu_determinism bash -c "for i in 1 2; do $G --workload bicg --scale 0.1 --mrpb on --set icnt.jitter=4 --seed 7 --quiet --json $L/det\$i.json || exit 1; done; cmp $L/det1.json $L/det2.json && $G --workload bicg --scale 0.1 --mrpb on --set icnt.jitter=4 --seed 8 --quiet --json $L/det3.json && ! cmp -s $L/det1.json $L/det3.json"
# clock gating of an idle MRPB is exact: identical counters with it off
check gpu_gate_exact bash -c "$G --workload syrk --scale 0.25 --mrpb on --quiet --json $L/g1.json && $G --workload syrk --scale 0.25 --mrpb on --set gate=off --quiet --json $L/g0.json && diff <(sed -n '/counters/,\$p' $L/g1.json) <(sed -n '/counters/,\$p' $L/g0.json)"
# MRPB's RTL inside workload traffic: every SM in lockstep, 0 mismatches, and the GPU
# counters identical to the C-bound run (the RTL drove the GPU in those SMs)
check gpu_lockstep_all_sms bash -c "tb/gpusim --workload atax --scale 0.25 --mrpb on --bind mrpb=lockstep --quiet --json $L/ls.json | tee $L/ls.txt && grep -q ', 0 mismatches' $L/ls.txt && $G --workload atax --scale 0.25 --mrpb on --quiet --json $L/lc.json && diff <(sed -n '/counters/,\$p' $L/ls.json) <(sed -n '/counters/,\$p' $L/lc.json)"
check gpu_lockstep_rtl_mode bash -c "tb/gpusim --workload syrk --scale 0.25 --mrpb on --bind mrpb=rtl --bind mrpb@5=lockstep --quiet | grep -q ', 0 mismatches'"
# a waveform of one instance inside traffic (--trace KIND@INDEX=file.fst), with its save file
check gpu_trace bash -c "rm -f $L/sm2.fst $L/sm2.gtkw && tb/gpusim --workload atax --scale 0.1 --mrpb on --bind mrpb@2=lockstep --trace mrpb@2=$L/sm2.fst --quiet && test -s $L/sm2.fst && python3 tb/lint/check_gtkw.py $L/sm2.gtkw"
# which RTL builds a run needs (tb/gpusim builds and links them): one line per kind bound
# rtl or lockstep (KIND, preset, settings), nothing when every instance is c
check gpu_rtl_needs bash -c "test -z \"\$($G --mrpb on --print-rtl-needs)\" && test \"\$($G --mrpb on --set mrpb.Depth=16 --bind mrpb@3=lockstep --bind mrpb@4=rtl --print-rtl-needs)\" = \"\$(printf 'mrpb\tfinal\tDepth=16')\""
sed -n 's/^lockstep: \([0-9]*\) RTL cycles.*/    atax, all 14 SMs in lockstep: \1 RTL cycles compared, 0 mismatches/p' "$L/ls.txt"
# a planted RTL bug inside workload traffic stops the run with the report and a waveform
# (the full_early mutant of MRPB's manifest: a queue reports full one entry early, tb/blocks/mrpb/manifest.sh, applied to a
# fresh copy by tb/blocks.sh)
md=build/mutant-gpu/full_early
rm -rf "$md" build/gpusim-mut && mkdir -p build/mutant-gpu
check gpu_planted_bug_applied bash -c ". tb/blocks.sh && manifest mrpb && planted_find full_early && planted_make \"\$P_ENTRY\" $md && ! cmp -s rtl/mrpb/mrpb.v $md/mrpb.v"
expect_fail gpu_planted_bug 1 "instance: mrpb@1" tb/gpusim --workload atax --scale 0.25 --mrpb on --bind mrpb@1=lockstep --rtl-dir "$md" --out build/gpusim-mut --quiet
check gpu_planted_bug_artifacts bash -c "grep -q 'reproduce: tb/gpusim .*--rtl-dir' $L/gpu_planted_bug.log && test -s build/gpusim-mut/mismatch-mrpb@1.fst && python3 tb/lint/check_gtkw.py build/gpusim-mut/mismatch-mrpb@1.gtkw"
bad_line gpu_rtl_dir_unbound "no instance is bound rtl or lockstep" tb/gpusim --workload atax --mrpb on --rtl-dir "$md"
# no reachable deadlock: random valid configurations (every parameter of --help-config,
# block kinds on and off, smallest resources favoured) each run to the end on a short
# workload; none may deadlock, crash or go longer without progress than the quiet bound
# the watchdog is derived from (a deadlock made by hand is caught: test_gpu "watchdog")
check gpu_config_sweep python3 tb/gpu/config_sweep.py $G --runs 40 --seed 1 --out $L/sweep
sed -n 's/^sweep: /    sweep: /p' "$L/gpu_config_sweep.log"
# every pair of block kinds on together (a pair the model refuses is listed with its reason)
check gpu_config_sweep_pairs python3 tb/gpu/config_sweep.py $G --pairs --seed 1 --out $L/sweep-pairs
sed -n 's/^sweep: /    pairs: /p' "$L/gpu_config_sweep_pairs.log"
# block options apply left to right with --set (the last one wins), whatever their kind:
# --KIND on|off, a kind's own option (--memsched grr, --sched apres, --l1 X) and --set KIND=
opt_order() { # opt_order NAME 'KEY VALUE' ARGS...: after ARGS, config KEY is VALUE
  local name=$1 want=$2; shift 2
  check "gpu_opt_order_$name" bash -c "$G --workload atax --scale 0.05 --quiet --json $L/opt-$name.json $* && grep -q '\"${want% *}\": \"${want#* }\"' $L/opt-$name.json"
}
opt_order memsched_off 'memsched off' --memsched grr --memsched off
opt_order mrpb_on 'mrpb on' --set mrpb=off --mrpb on
opt_order sap_off 'sap off' --sched apres --sap off
opt_order laws_kept 'laws on' --sched apres --sap off
opt_order l1_last 'dl1d off' --config choo --dl1d on --l1 lasc
# a contradiction is refused, never dropped: the explicit block beside another L1 design
bad_line gpu_opt_l1_conflict "does not combine with rft" $G --workload atax --config dl1d --l1 decoupled --rft on
bad_line gpu_opt_l1_conflict2 "does not combine with rft" $G --workload atax --config choo --l1 lasc --dl1d on
bad_line gpu_opt_config_twice "--config given twice" $G --workload atax --config choo --config dl1d
# a watchdog shorter than one request's worst trip would call a healthy run stuck: refused
bad_line gpu_watchdog_too_short "watchdog=500 is shorter than the quiet bound" $G --workload atax --scale 0.1 --set l2.lat=900 --set watchdog=500
# the JSON records the seed and the resolved configuration (watchdog in effect, bound)
check gpu_json_seed bash -c "grep -q '\"seed\": 7,' $L/det1.json && grep -q '\"watchdog_cycles\": ' $L/det1.json && grep -q '\"quiet_bound\": ' $L/det1.json && grep -q '\"mrpb.config\": \"NumQ=' $L/det1.json"
# strict numbers, and bad input found before anything runs (also under the sanitizers)
for g in $G build/asan/gpusim; do
  t=gpu_strict; [ $g != $G ] && t=gpu_asan_strict
  bad_line ${t}_dram_queue "dram.queue=1 out of range 2..1024" $g --workload atax --scale 0.25 --set dram.queue=1
  bad_line ${t}_window "--window '5abc': not a number" $g --workload atax --window 5abc
  bad_line ${t}_seed "--seed ' -1': not a number" $g --workload atax --seed ' -1'
  bad_line ${t}_octal "sms: '0o10' is not a number" $g --workload atax --set sms=0o10
  bad_line ${t}_off_block "Depth=0 out of range" $g --workload atax --set mrpb.Depth=0
  bad_line ${t}_scale_nan "--scale 'nan'" $g --workload atax --scale nan
  bad_line ${t}_json_first "--json /nonexistent/x.json: cannot write" $g --workload atax --json /nonexistent/x.json
done
# a bad command line leaves an existing --json file as it was (the path is checked, not truncated)
check gpu_json_kept bash -c "echo keep > $L/keep.json && ! $G --workload nbody --json $L/keep.json 2>/dev/null && grep -qx keep $L/keep.json"
bad_line gpu_out_dir "--out: cannot create directory /proc/nope" $G --workload atax --scale 0.05 --mrpb on --bind mrpb@1=rtl --out /proc/nope/x
# the Python and shell front ends follow the same number rules (tb/num.py mirrors num.h)
bad_line sweep_bad_runs "--runs '-5': not a number" python3 tb/gpu/config_sweep.py $G --runs -5
bad_line synth_bad_jobs "--jobs '0': out of range" python3 synth_estimates/synth.py --jobs 0
bad_line synth_bad_env "JOBS '4x': not a number" env JOBS=4x python3 synth_estimates/synth.py --smoke
bad_line compare_bad_jobs "--jobs 'abc': not a number" tb/gpu/compare.sh --jobs abc
check gpu_decimal_only bash -c "$G --workload atax --scale 0.05 --set sms=010 --quiet --json $L/dec.json && grep -q '\"sms\": 10,' $L/dec.json"
# bad input: one line naming the problem, exit 2
bad_line gpu_bad_workload "unknown workload" $G --workload nbody
bad_line gpu_bad_key "unknown parameter 'l1.colour'" $G --workload atax --set l1.colour=red
bad_line gpu_bad_range "l1.assoc=0 out of range" $G --workload atax --set l1.assoc=0
bad_line gpu_bad_geometry "l1.size=10000 is not a multiple" $G --workload atax --set l1.size=10000
bad_line gpu_bad_probe_every "--probe-every .5x.: must be a number" $G --workload atax --probe-every 5x
bad_line gpu_bad_bind "mode must be c, rtl or lockstep" $G --workload atax --mrpb on --bind mrpb@2=fast
bad_line gpu_bad_bind_sm "SM number must be 0..13" $G --workload atax --mrpb on --bind mrpb@14=c
bad_line gpu_bad_bind_kind "'colour' is not a block kind with a GPU hook" $G --workload atax --bind colour@1=c
bad_line gpu_bad_bind_off "mrpb is off (add --mrpb on)" $G --workload atax --bind mrpb@1=rtl
bad_line gpu_bad_set_param "mrpb: unknown parameter 'Colour'" $G --workload atax --mrpb on --set mrpb.Colour=3
bad_line gpu_bad_set_value "mrpb: Sig=diagonal is not a valid value" $G --workload atax --mrpb on --set mrpb.Sig=diagonal
bad_line gpu_bad_kind_flag "--mrpb 'maybe': must be on or off" $G --workload atax --mrpb maybe
bad_line gpu_bad_mrpb "cannot hold core.warps=48" $G --workload atax --mrpb on --set mrpb.NumQ=8
bad_line gpu_bad_mrpb_param "Latency=40 out of range" $G --workload atax --mrpb on --set mrpb.Latency=40
bad_line gpu_bad_scale "--scale" $G --workload atax --scale -1
bad_line gpu_bad_preset "unknown preset" $G --workload atax --config base-xl
