# 30-gpu.sh: the GPU memory model (sourced by tb/run_tests.sh; uses check/expect_fail).
echo "== GPU memory model"
G=build/bin/gpusim
check gpu_units build/bin/test_gpu
check gpu_units_asan build/asan/test_gpu
check gpu_asan_run build/asan/gpusim --workload 2dconv --scale 0.05 --mrpb on --set icnt.jitter=2 --quiet
# every workload completes, without and with MRPB (small inputs; the full matrix is tb/gpu/compare.sh)
check gpu_all_workloads bash -c "for w in \$($G --list); do for m in off on; do $G --workload \$w --scale 0.1 --tsteps 2 --mrpb \$m --quiet --json $L/wl-\$w-\$m.json || { echo \"\$w mrpb \$m failed\"; exit 1; }; done; done"
# same seed, same bytes; another seed moves the (jittered) interconnect, so other bytes
check gpu_determinism bash -c "for i in 1 2; do $G --workload bicg --scale 0.1 --mrpb on --set icnt.jitter=4 --seed 7 --quiet --json $L/det\$i.json || exit 1; done; cmp $L/det1.json $L/det2.json && $G --workload bicg --scale 0.1 --mrpb on --set icnt.jitter=4 --seed 8 --quiet --json $L/det3.json && ! cmp -s $L/det1.json $L/det3.json"
# clock gating of an idle MRPB is exact: identical counters with it off
check gpu_gate_exact bash -c "$G --workload syrk --scale 0.25 --mrpb on --quiet --json $L/g1.json && $G --workload syrk --scale 0.25 --mrpb on --set gate=off --quiet --json $L/g0.json && diff <(sed -n '/counters/,\$p' $L/g1.json) <(sed -n '/counters/,\$p' $L/g0.json)"
# MRPB's RTL inside workload traffic: every SM in lockstep, 0 mismatches, and the GPU
# counters identical to the C-bound run (the RTL drove the GPU in those SMs)
check gpu_lockstep_all_sms bash -c "tb/gpusim --workload atax --scale 0.25 --mrpb on --bind mrpb=lockstep --quiet --json $L/ls.json | tee $L/ls.txt && grep -q ', 0 mismatches' $L/ls.txt && $G --workload atax --scale 0.25 --mrpb on --quiet --json $L/lc.json && diff <(sed -n '/counters/,\$p' $L/ls.json) <(sed -n '/counters/,\$p' $L/lc.json)"
check gpu_lockstep_rtl_mode bash -c "tb/gpusim --workload syrk --scale 0.25 --mrpb on --bind mrpb=rtl --bind mrpb@5=lockstep --quiet | grep -q ', 0 mismatches'"
sed -n 's/^lockstep: \([0-9]*\) RTL cycles.*/    atax, all 14 SMs in lockstep: \1 RTL cycles compared, 0 mismatches/p' "$L/ls.txt"
# a planted RTL bug inside workload traffic stops the run with the report and a waveform
# (the latency_plus1 mutant of tb/plant_bugs.sh's table, applied to a fresh copy)
md=build/mutant-gpu/latency_plus1
gpu_mut=$(grep -E '^  "latency_plus1\|' tb/plant_bugs.sh | sed 's/^ *"//; s/"$//' | cut -d'|' -f4-)
rm -rf "$md" build/gpusim-mut && mkdir -p "$md" && cp rtl/mrpb/*.v "$md/" && sed -i "$gpu_mut" "$md/mrpb.v"
check gpu_planted_bug_applied bash -c "! cmp -s rtl/mrpb/mrpb.v $md/mrpb.v"
expect_fail gpu_planted_bug 1 "instance: mrpb@1" tb/gpusim --workload atax --scale 0.25 --mrpb on --bind mrpb@1=lockstep --rtl-dir "$md" --out build/gpusim-mut --quiet
check gpu_planted_bug_artifacts bash -c "grep -q 'reproduce: tb/gpusim .*--rtl-dir' $L/gpu_planted_bug.log && test -s build/gpusim-mut/mismatch-mrpb@1.fst && python3 tb/lint/check_gtkw.py build/gpusim-mut/mismatch-mrpb@1.gtkw"
# the watchdog: an L2 slower than the watchdog's patience is reported as stuck, with the state
expect_fail gpu_watchdog 3 "deadlock: no progress" $G --workload atax --scale 0.1 --set l2.lat=900 --set watchdog=500 --quiet
# bad input: one line naming the problem, exit 2
expect_fail gpu_bad_workload 2 "unknown workload" $G --workload nbody
expect_fail gpu_bad_key 2 "unknown parameter 'l1.colour'" $G --workload atax --set l1.colour=red
expect_fail gpu_bad_range 2 "l1.assoc=0 out of range" $G --workload atax --set l1.assoc=0
expect_fail gpu_bad_geometry 2 "l1.size=10000 is not a multiple" $G --workload atax --set l1.size=10000
expect_fail gpu_bad_bind 2 "mode must be c, rtl or lockstep" $G --workload atax --mrpb on --bind mrpb@2=fast
expect_fail gpu_bad_bind_sm 2 "SM number must be 0..13" $G --workload atax --mrpb on --bind mrpb@14=c
expect_fail gpu_bad_mrpb 2 "cannot hold core.warps=48" $G --workload atax --mrpb on --set mrpb.NumQ=8
expect_fail gpu_bad_mrpb_param 2 "Latency=40 out of range" $G --workload atax --mrpb on --set mrpb.Latency=40
expect_fail gpu_bad_scale 2 "--scale" $G --workload atax --scale -1
expect_fail gpu_bad_preset 2 "unknown preset" $G --workload atax --config base-xl
