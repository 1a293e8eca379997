# tb/checks/gpu_blocks.sh: each block with a GPU hook inside the GPU model, as its manifest
# asks (GPU_RUNS, GPU_LOCKSTEP): every workload completes with the block on (C model), and
# short workloads with every instance in lockstep compare 0 mismatches and end with the
# same counters as the C-only run; and make run (tb/bin/demo.sh).
gpu_runs() { # gpu_runs BLOCK I: GPU_RUNS entry I on every workload at --scale 0.1
  local b=$1 i=$2 a w
  manifest "$b" || return 1
  a=${GPU_RUNS[$((i - 1))]}
  for w in $(build/bin/gpusim --list); do
    # shellcheck disable=SC2086
    build/bin/gpusim --workload "$w" --scale 0.1 $a --quiet --json "$L/$b-wl$i-$w.json" || { echo "$w: $a failed"; return 1; }
  done
  echo "$b: gpusim $a: every workload finished"
}
gpu_lockstep() { # gpu_lockstep BLOCK I: GPU_LOCKSTEP entry I with every instance in lockstep
  local b=$1 i=$2 a n=$L/$1-gpu-lockstep-$2
  manifest "$b" || return 1
  a=${GPU_LOCKSTEP[$((i - 1))]}
  # shellcheck disable=SC2086
  tb/bin/gpusim $a --bind "$b=lockstep" --quiet --json "$n.json" | tee "$n.txt" && grep -q ', 0 mismatches' "$n.txt" &&
    build/bin/gpusim $a --quiet --json "$n-c.json" &&
    diff <(sed -n '/counters/,$p' "$n.json") <(sed -n '/counters/,$p' "$n-c.json") &&
    sed -n "s/^lockstep: \([0-9]*\) RTL cycles.*/gpu lockstep: $b: gpusim $a: \1 RTL cycles compared in lockstep, 0 mismatches/p" "$n.txt"
}
demo_entries() { # every block has a DEMO entry
  local b
  for b in $(blocks); do manifest "$b" && [ -n "${DEMO:-}" ] || { echo "$b: no DEMO in its manifest"; return 1; }; done
}
demo_one() { # the demo of the first block prints its line and the claims tally
  local b; b=$(test_blocks | head -n1)
  ONLY_BLOCKS=$b tb/bin/demo.sh >"$L/demo.txt" && cat "$L/demo.txt" && grep -q "^$b .*x [0-9,]* RTL cycles, 0 mismatches" "$L/demo.txt" &&
    grep -q 'hardware claims against our synthesis ([0-9]* rows)' "$L/demo.txt"
}
declare_gpu_blocks() {
  local b i
  for b in $(test_blocks); do
    manifest "$b"
    CK_TAGS=$b,gpu
    for i in $(seq 1 ${#GPU_RUNS[@]}); do ckf "${b}_gpu_all_workloads_$i" -- gpu_runs "$b" "$i"; done
    for i in $(seq 1 ${#GPU_LOCKSTEP[@]}); do
      ckf "${b}_gpu_lockstep_$i" -t rtl,lockstep -n "${b}_build_rtl" -s '^gpu lockstep: ' -- gpu_lockstep "$b" "$i"
    done
  done
  CK_TAGS=run
  ckf run_demo_entries -- demo_entries
  ckf run_demo_one -t rtl -n build_rtl_shared -- demo_one
}
