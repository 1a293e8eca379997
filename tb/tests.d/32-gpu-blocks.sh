# 32-gpu-blocks.sh (sourced by tb/run_tests.sh): each block with a GPU hook inside the
# GPU model, as its manifest asks (GPU_RUNS, GPU_LOCKSTEP): every workload completes with
# the block on (C model), and short workloads with every instance in lockstep compare
# 0 mismatches and end with the same counters as the C-only run.
echo "== blocks in the GPU model (manifests' GPU_RUNS, GPU_LOCKSTEP)"
for b in $TEST_BLOCKS; do
  manifest "$b"
  i=0
  for a in "${GPU_RUNS[@]}"; do
    i=$((i + 1))
    check "${b}_gpu_all_workloads_$i" bash -c "for w in \$(build/bin/gpusim --list); do build/bin/gpusim --workload \$w --scale 0.1 $a --quiet --json $L/${b}-wl$i-\$w.json || { echo \"\$w: $a failed\"; exit 1; }; done"
  done
  i=0
  for a in "${GPU_LOCKSTEP[@]}"; do
    i=$((i + 1))
    n="${b}_gpu_lockstep_$i"
    check "$n" bash -c "tb/gpusim $a --bind $b=lockstep --quiet --json $L/$n.json | tee $L/$n.txt && grep -q ', 0 mismatches' $L/$n.txt && build/bin/gpusim $a --quiet --json $L/$n-c.json && diff <(sed -n '/counters/,\$p' $L/$n.json) <(sed -n '/counters/,\$p' $L/$n-c.json)"
    sed -n "s/^lockstep: \([0-9]*\) RTL cycles.*/    $b: gpusim $a: \1 RTL cycles compared in lockstep, 0 mismatches/p" "$L/$n.txt"
  done
done
# make run (tb/demo.sh): every block has a DEMO entry, and the demo of the first block
# prints its line (speedup, RTL cycles compared, 0 mismatches) and the claims tally
check run_demo_entries bash -c ". tb/blocks.sh && for b in \$(blocks); do manifest \$b && [ -n \"\${DEMO:-}\" ] || { echo \"\$b: no DEMO in its manifest\"; exit 1; }; done"
b=${TEST_BLOCKS%% *}
check run_demo_one bash -c "ONLY_BLOCKS=$b tb/demo.sh > $L/demo.txt && grep -q '^$b .*x [0-9,]* RTL cycles, 0 mismatches' $L/demo.txt && grep -q 'hardware claims against our synthesis ([0-9]* rows)' $L/demo.txt"
